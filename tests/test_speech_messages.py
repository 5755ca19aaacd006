"""The catalogue's verbosity variants and the speech layer's own texts."""

from __future__ import annotations

import string

import pytest
from speech_samples import EN as WITH_SAMPLES

from okey.messages import Catalogue, Entry, Verbosity, load_catalogue

EN = load_catalogue("en")


def fields_of(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def template(key: str, context: str = "") -> str:
    [form] = EN.entries[context, key].forms
    return form


def test_every_variant_has_both_forms_and_no_plain_text() -> None:
    contexts = {verbosity.value for verbosity in Verbosity}
    varying = {key for context, key in EN.entries if context in contexts}
    assert varying
    for key in varying:
        for verbosity in Verbosity:
            assert (verbosity.value, key) in EN.entries, key
        assert ("", key) not in EN.entries, key


def test_no_key_ends_like_a_variant() -> None:
    suffixes = tuple(f".{verbosity.value}" for verbosity in Verbosity)
    assert [key for _, key in EN.entries if key.endswith(suffixes)] == []


def test_variant_picks_brief_or_detailed() -> None:
    fields = {"seat": "Left", "where": "on your left", "name": "Ayşe", "tile": "red 5"}
    assert WITH_SAMPLES.variant("event.discard", Verbosity.BRIEF, **fields) == "Left: red 5"
    assert (
        WITH_SAMPLES.variant("event.discard", Verbosity.DETAILED, **fields)
        == "Ayşe, on your left, discarded red 5"
    )


def test_variant_falls_back_to_the_plain_key() -> None:
    for verbosity in Verbosity:
        assert EN.variant("hand.no_spares", verbosity) == "No spares."


def test_variant_accepts_fields_named_like_its_parameters() -> None:
    catalogue = Catalogue("en", {("", "x"): Entry(("{key} {verbosity}",))})
    assert catalogue.variant("x", Verbosity.BRIEF, key="k", verbosity="v") == "k v"


def test_unknown_key_raises() -> None:
    with pytest.raises(KeyError):
        EN.variant("no.such.key", Verbosity.BRIEF)


@pytest.mark.parametrize(
    "key",
    [
        "speech.no_route.brief",
        "speech.no_route.detailed",
        "speech.lost",
        "speech.now_brief",
        "speech.now_detailed",
        "speech.sounds_on",
        "speech.sounds_off",
        "speech.status.auto_no_route",
        "speech.status.screen_reader",
        "speech.status.off",
        "history.empty",
        "cli.transcript",
        "cli.verbosity",
        "cli.sounds",
    ],
)
def test_speech_texts_need_no_fields(key: str) -> None:
    base, _, variant = key.rpartition(".")
    found = template(base, variant) if variant in set(Verbosity) else template(key)
    assert found
    assert fields_of(found) == set()


def test_speech_templates_have_their_fields() -> None:
    assert fields_of(template("speech.status")) == {"mode", "verbosity", "sounds"}
    assert fields_of(template("speech.status.auto")) == {"route"}
    assert fields_of(template("history.oldest")) == {"text"}
    assert fields_of(template("history.newest")) == {"text"}


def test_no_route_brief_is_the_short_notice() -> None:
    assert template("speech.no_route", "brief") == "No speech found; printing only."
    assert EN.variant("speech.no_route", Verbosity.BRIEF) == "No speech found; printing only."


def test_the_platform_notices() -> None:
    assert fields_of(template("speech.no_answer", "detailed")) == {"seconds"}
    for key, variant in (
        ("speech.no_answer", "brief"),
        ("speech.reader_unnamed", "brief"),
        ("speech.reader_unnamed", "detailed"),
        ("speech.voiceover_refused", "brief"),
        ("speech.voiceover_refused", "detailed"),
    ):
        assert fields_of(template(key, variant)) == set()
    for variant in ("brief", "detailed"):
        refused = template("speech.voiceover_refused", variant)
        assert "Allow VoiceOver to be controlled with AppleScript" in refused
    platforms = EN.text("cli.speech.platforms")
    for reader in ("NVDA", "JAWS", "Narrator", "VoiceOver", "Orca"):
        assert reader in platforms
