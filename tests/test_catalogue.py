# ruff: noqa: RUF001  (Turkish text has a dotless i, which is no confusable here)
"""The message catalogue: every language has every message, with the same fields and
the same plural and variant structure; the .mo files are what the .po files compile
to; plurals, variants, English fallback, casing; and choosing the language."""

from __future__ import annotations

import io
import shutil
import string
import subprocess
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from okey.hand.notation import parse_tile
from okey.language import (
    LanguageChoice,
    Source,
    choose_language,
    language_of,
    system_language,
)
from okey.messages import (
    COUNT,
    DEFAULT_LANGUAGE,
    EXACT,
    LANGUAGES,
    LOCALES,
    Catalogue,
    Entry,
    UnknownLanguageError,
    Verbosity,
    load_catalogue,
    mo_path,
)

OTHERS = [code for code in LANGUAGES if code != DEFAULT_LANGUAGE]
VARIANTS = {verbosity.value for verbosity in Verbosity}


def po_path(code: str) -> Path:
    return mo_path(code).with_suffix(".po")


def read(code: str) -> Catalog:
    with po_path(code).open("rb") as handle:
        return read_po(handle, locale=code)


def placeholders(template: str) -> set[tuple[str, str, str | None]]:
    """The fields of a template with their format spec and conversion."""
    return {
        (name, spec or "", conversion)
        for _, name, spec, conversion in string.Formatter().parse(template)
        if name is not None
    }


def shape(catalogue: Catalogue) -> dict[tuple[str, str], tuple[bool, frozenset[object]]]:
    """Each message: plural or not, and its placeholders (a plural form may leave out
    {count} alone: "1 hint left.")."""
    out: dict[tuple[str, str], tuple[bool, frozenset[object]]] = {}
    for where, message in catalogue.entries.items():
        fields = set().union(*(placeholders(form) for form in message.forms))
        for form in message.forms:
            missing = {f for f in fields if f[0] != COUNT} - placeholders(form)
            assert not missing, (catalogue.language, where, form)
        out[where] = (message.plural, frozenset(fields))
    return out


# -- every language, every message ----------------------------------------------------


def test_the_languages_are_the_installed_catalogues() -> None:
    assert LANGUAGES == ("en", "tr")
    assert LANGUAGES[0] == DEFAULT_LANGUAGE


@pytest.mark.parametrize("code", OTHERS)
def test_every_language_has_every_message_with_the_same_placeholders(code: str) -> None:
    english = shape(load_catalogue(DEFAULT_LANGUAGE))
    other = shape(load_catalogue(code))
    assert sorted(set(english) - set(other)) == []  # none missing
    assert sorted(set(other) - set(english)) == []  # none that English lacks
    assert [where for where in english if english[where] != other[where]] == []


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_po_entry_is_translated_and_not_fuzzy(code: str) -> None:
    catalog = read(code)
    assert not catalog.fuzzy
    assert catalog.num_plurals == 2
    for message in list(catalog)[1:]:
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(strings), message.id
        assert not message.fuzzy, message.id


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_po_and_the_loaded_catalogue_agree(code: str) -> None:
    catalog = read(code)
    entries = {}
    for message in list(catalog)[1:]:
        key = message.id if isinstance(message.id, str) else message.id[0]
        string = message.string
        strings = tuple(string) if isinstance(string, tuple | list) else (str(string),)
        entries[message.context or "", key] = Entry(strings, message.pluralizable)
    assert entries == dict(load_catalogue(code).entries)


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_mo_is_exactly_what_the_po_compiles_to(code: str) -> None:
    out = io.BytesIO()
    write_mo(out, read(code), use_fuzzy=False)
    assert out.getvalue() == mo_path(code).read_bytes(), (
        f"{mo_path(code)} is stale: uv run pybabel compile -d {LOCALES} -D okey"
    )


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="GNU gettext is not installed")
@pytest.mark.parametrize("code", LANGUAGES)
def test_gnu_msgfmt_checks_the_po(code: str, tmp_path: Path) -> None:
    checked = subprocess.run(
        ["msgfmt", "--check", "-o", str(tmp_path / "okey.mo"), str(po_path(code))],
        capture_output=True,
        text=True,
        check=False,
    )
    assert checked.returncode == 0, checked.stderr


def test_variants_come_in_pairs_and_exact_texts_belong_to_plurals() -> None:
    messages = load_catalogue(DEFAULT_LANGUAGE).entries
    for context, key in messages:
        if context in VARIANTS:
            assert all((variant, key) in messages for variant in VARIANTS), key
            assert ("", key) not in messages, key
        elif context.startswith(EXACT):
            assert int(context[len(EXACT) :]) >= 0, key
            assert messages["", key].plural, key
        else:
            assert context == "", (context, key)


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_text_fills_in_and_none_is_its_key(code: str) -> None:
    for (_, key), message in load_catalogue(code).entries.items():
        for form in message.forms:
            assert form and form != key
            values = {name: 1.5 for name, _, _ in placeholders(form)}
            assert form.format(**values)


# -- plurals, variants, fallback ------------------------------------------------------

EN = load_catalogue("en")


@pytest.mark.parametrize(
    ("key", "count", "fields", "said"),
    [
        ("table.hint.left", 0, {}, "That was your last hint."),
        ("table.hint.left", 1, {}, "1 hint left."),
        ("table.hint.left", 2, {}, "2 hints left."),
        ("table.pile", 0, {}, "The pile is empty."),
        ("table.pile", 1, {}, "Pile: 1 tile."),
        ("table.pile", 40, {}, "Pile: 40 tiles."),
        ("table.okeys", 1, {}, "You hold one okey."),
        ("table.okeys", 2, {}, "You hold both okeys."),
        ("table.copies.held", 0, {}, "you hold 0"),
        ("table.copies.held", 1, {}, "you hold 1"),
        ("table.copies.held", 2, {}, "you hold both"),
        ("rules.fixed", 1, {}, "The match is a single round; the highest score wins."),
        ("rules.fixed", 5, {}, "The match lasts 5 rounds; the highest score wins."),
        ("table.review.summary", 0, {"agreed": 0}, "You made no decisions this round."),
        (
            "table.review.summary",
            1,
            {"agreed": 0},
            "You and the master agreed on 0 of 1 decision.",
        ),
        (
            "table.review.summary",
            4,
            {"agreed": 3},
            "You and the master agreed on 3 of 4 decisions.",
        ),
    ],
)
def test_the_catalogue_picks_the_plural_form(
    key: str, count: int, fields: dict[str, object], said: str
) -> None:
    assert EN.text(key, count=count, **fields) == said


def test_a_plural_message_needs_its_count() -> None:
    with pytest.raises(TypeError, match=r"table\.pile"):
        EN.text("table.pile")


def test_a_variant_is_chosen_by_verbosity() -> None:
    fields = {"rules": "classic", "level": "easy", "company": "you play against Ayşe"}
    brief = "Okey, classic table, easy bots. H for help."
    assert EN.variant("table.welcome", Verbosity.BRIEF, **fields) == brief
    assert EN.variant("table.welcome", Verbosity.DETAILED, **fields).endswith("for the menu.")
    assert EN.variant("table.kept", Verbosity.BRIEF) == "Kept."  # no variants: the text
    assert EN.has("table.welcome") and EN.has("table.pile")
    assert not EN.has("table.welcome.brief")  # no key is a variant's: no old keys are left
    assert not EN.has("no.such.key")
    with pytest.raises(KeyError):
        EN.text("table.welcome")  # a variant message has no plain text


def test_a_message_missing_in_a_language_is_said_in_english() -> None:
    turkish = Catalogue("tr", {("", "table.kept"): Entry(("Tamam.",))}, fallback=EN)
    assert turkish.text("table.kept") == "Tamam."
    assert turkish.text("table.staying") == "Staying."
    assert turkish.text("table.hint.left", count=3) == "3 hints left."
    assert turkish.variant("table.ask.quit", Verbosity.BRIEF) == "Leave? Y or N."
    with pytest.raises(KeyError):
        turkish.text("no.such.key")


def test_a_compiled_catalogue_with_gaps_falls_back_to_english() -> None:
    catalog = read("tr")
    catalog.delete("table.staying")
    catalog.delete("table.ask.quit", context="brief")
    catalog["table.pile"].string = ("", "")  # a plural left untranslated
    out = io.BytesIO()
    write_mo(out, catalog)
    turkish = Catalogue.from_mo("tr", out.getvalue(), fallback=EN)
    assert turkish.text("table.kept") == "Tutuldu."
    assert turkish.text("table.staying") == "Staying."
    assert turkish.variant("table.ask.quit", Verbosity.BRIEF) == "Leave? Y or N."
    assert turkish.variant("table.ask.quit", Verbosity.DETAILED).startswith("Masadan")
    assert turkish.text("table.pile", count=9) == "Pile: 9 tiles."
    assert turkish.text("table.pile", count=0) == "Deste bitti."  # its =0 is translated


def test_the_plural_rule_is_the_language_s() -> None:
    catalog = Catalog(locale="fr")
    catalog.mime_headers = [("Plural-Forms", "nplurals=2; plural=(n > 1);")]
    catalog.add(("tiles", "tiles"), ("{count} tuile", "{count} tuiles"))
    out = io.BytesIO()
    write_mo(out, catalog)
    french = Catalogue.from_mo("fr", out.getvalue(), fallback=EN)
    assert [french.text("tiles", count=n) for n in (0, 1, 2)] == [
        "0 tuile",
        "1 tuile",
        "2 tuiles",
    ]


# -- loading ---------------------------------------------------------------------------


def test_a_catalogue_is_loaded_once_and_cannot_change() -> None:
    assert load_catalogue("tr") is load_catalogue("tr")
    assert load_catalogue("tr").fallback is EN
    assert EN.fallback is None
    with pytest.raises(TypeError):
        EN.entries["", "x"] = Entry(("x",))  # type: ignore[index]
    with pytest.raises(AttributeError):
        EN.language = "tr"  # type: ignore[misc]


def test_an_unknown_language_is_refused_with_the_known_ones() -> None:
    with pytest.raises(UnknownLanguageError) as refused:
        load_catalogue("xx")
    assert (refused.value.code, refused.value.known) == ("xx", ("en", "tr"))


def test_tiles_are_named_in_the_catalogue_s_language() -> None:
    tile = parse_tile("y6")
    assert EN.tile(tile) == "yellow 6"
    assert load_catalogue("tr").tile(tile, okey=tile) == "sarı 6 okey"
    assert load_catalogue("tr").tiles([]) == "yok"


# -- casing ----------------------------------------------------------------------------


def test_capitals_follow_the_language() -> None:
    turkish = load_catalogue("tr")
    assert turkish.capitalise("istanbul") == "İstanbul"
    assert EN.capitalise("istanbul") == "Istanbul"
    assert turkish.capitalise("ırmak") == "Irmak"
    assert turkish.upper("şişli") == "ŞİŞLİ"
    assert EN.upper("şişli") == "ŞIŞLI"
    assert turkish.capitalise("") == ""
    assert turkish.capitalise("4 oyuncu") == "4 oyuncu"


# -- choosing the language -------------------------------------------------------------


def none() -> str | None:
    return None


def test_the_option_then_the_setting_then_the_environment_then_the_locale() -> None:
    env = {"OKEY_LANGUAGE": "tr", "LANG": "en_US.UTF-8"}
    assert choose_language("en", "tr", env) == LanguageChoice("en", Source.OPTION)
    assert choose_language(None, "tr", {"OKEY_LANGUAGE": "en"}) == LanguageChoice(
        "tr", Source.SETTING
    )
    assert choose_language(None, None, env) == LanguageChoice("tr", Source.ENVIRONMENT)
    system = choose_language(None, None, {"LANG": "tr_TR.UTF-8"}, locale_of_process=none)
    assert system == LanguageChoice("tr", Source.SYSTEM)
    default = choose_language(None, None, {}, locale_of_process=none)
    assert default == LanguageChoice("en", Source.DEFAULT)


def test_a_bad_value_is_passed_over_and_an_unknown_option_refused() -> None:
    env = {"OKEY_LANGUAGE": "klingon", "LC_ALL": "tr_TR.UTF-8"}
    assert choose_language(None, "xx", env) == LanguageChoice("tr", Source.SYSTEM, "klingon")
    bad = choose_language(None, None, {"OKEY_LANGUAGE": "xx"}, locale_of_process=none)
    assert bad == LanguageChoice("en", Source.DEFAULT, "xx")
    with pytest.raises(UnknownLanguageError):
        choose_language("xx", None, {})


@pytest.mark.parametrize(
    ("environ", "process", "language"),
    [
        ({"LANG": "tr_TR.UTF-8"}, None, "tr"),
        ({"LC_ALL": "en_GB.UTF-8", "LANG": "tr_TR.UTF-8"}, None, "en"),
        ({"LC_MESSAGES": "tr_TR", "LANG": "en_US.UTF-8"}, None, "tr"),
        ({"LANG": "de_DE.UTF-8"}, "tr_TR", None),  # the first set decides
        ({"LC_ALL": "C.UTF-8", "LANGUAGE": "tr"}, None, None),  # C: GNU's LANGUAGE is off
        ({"LANG": "en_US.UTF-8", "LANGUAGE": "de:tr:en"}, None, "tr"),
        ({"LANG": "tr_TR.UTF-8", "LANGUAGE": "de"}, None, "tr"),
        ({"LANG": "tr_TR.UTF-8@euro"}, None, "tr"),
        ({}, "tr_TR", "tr"),  # no variables: the process's locale
        ({}, "Turkish_Türkiye", "tr"),  # Windows names the user's language in English
        ({}, "Turkish_Turkey", "tr"),
        ({}, "English_United States", "en"),
        ({}, "tr-TR", "tr"),
        ({}, "German_Germany", None),
        ({}, None, None),
    ],
)
def test_the_system_language_comes_from_the_locale(
    environ: dict[str, str], process: str | None, language: str | None
) -> None:
    assert system_language(environ, LANGUAGES, lambda: process) == language


def test_locale_names() -> None:
    assert language_of("tr") == "tr"
    assert language_of("TR_tr") == "tr"
    assert language_of("") is None
    assert language_of("POSIX") is None
    assert language_of("xx_YY") is None
