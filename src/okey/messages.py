"""The message catalogue: every text a player hears or reads.

Each language's texts are a gettext catalogue, ``locales/<code>/LC_MESSAGES/okey.po``
beside this module, compiled to ``okey.mo``; the ``.mo`` is what runs, read by the
standard library's :mod:`gettext` (docs/translating.md: why gettext, how to translate,
check and compile). The catalogues are key-based: a message is found by its key
(msgid ``"table.hint.left"``), and its text is a ``str.format`` template with named
fields. The catalogue, not the caller, picks the form:

- a plural message picks its form by its field ``count`` and the language's plural
  rule; a context ``"=N"`` gives the text for exactly N ("That was your last hint.");
- a message that reads differently when brief or detailed has the contexts ``"brief"``
  and ``"detailed"`` (:class:`Verbosity`) and no plain text;
- a message missing in a language comes from English.

:func:`load_catalogue` gives a language's :class:`Catalogue`, immutable and made once.
There is no shared, switchable catalogue: the command line chooses the language and
hands its catalogue to everything that words something (the commands, the table, the
speaker, the narrators); a module that needs words takes a ``Catalogue``.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Callable, Mapping
from enum import StrEnum
from functools import cache
from io import BytesIO
from types import MappingProxyType
from typing import TYPE_CHECKING, NamedTuple

from okey import errors

if TYPE_CHECKING:
    from pathlib import Path

    from okey.tiles import Colour, Tile

# okey --help loads this module, so it imports neither pathlib nor dataclasses (nor
# okey.tiles, which uses them): together a third of that command's start (issue 29).

DOMAIN = "okey"
# Beside this module, not through importlib.resources: that import alone costs more
# than reading every catalogue (issue 15: okey --help and okey play start fast).
LOCALES = os.path.join(os.path.dirname(__file__), "locales")
DEFAULT_LANGUAGE = "en"
COUNT = "count"  # the field by which a plural message picks its form
EXACT = "="  # the context "=N": the text for exactly N

# Languages whose small i has a dotted capital (U+0130), and whose I a dotless small i.
_DOTTED_I = frozenset({"tr", "az"})

PluralRule = Callable[[int], int]


def _english_plural(n: int) -> int:
    return int(n != 1)


def _mo_file(code: str) -> str:
    return os.path.join(LOCALES, code, "LC_MESSAGES", f"{DOMAIN}.mo")


def mo_path(code: str) -> Path:
    """Where language ``code``'s compiled catalogue is."""
    from pathlib import Path

    return Path(_mo_file(code))


def _installed() -> tuple[str, ...]:
    """The language codes with a compiled catalogue, English first."""
    found = sorted(
        name
        for name in os.listdir(LOCALES)
        if name != DEFAULT_LANGUAGE and os.path.isfile(_mo_file(name))
    )
    return (DEFAULT_LANGUAGE, *found)


# The codes --language, okey settings language and $OKEY_LANGUAGE take; the first is
# the default.
LANGUAGES: tuple[str, ...] = _installed()


class Verbosity(StrEnum):
    """How much a message says; also the context of its variants."""

    BRIEF = "brief"
    DETAILED = "detailed"


class UnknownLanguageError(LookupError):
    """No catalogue for this language code."""

    def __init__(self, code: str, known: tuple[str, ...]) -> None:
        super().__init__(code)
        self.code = code
        self.known = known


class Entry(NamedTuple):
    """One entry of a catalogue: its text, or its plural forms in the language's order."""

    forms: tuple[str, ...]
    plural: bool = False

    def form(self, rule: PluralRule, count: object, key: str) -> str:
        if not self.plural:
            return self.forms[0]
        if not isinstance(count, int):
            raise TypeError(f"{key} is a plural message: give it a whole {COUNT}")
        return self.forms[min(rule(count), len(self.forms) - 1)]


# (context, key): the context is "" for a message's plain text.
Entries = Mapping[tuple[str, str], Entry]


class _MoFile(gettext.GNUTranslations):
    """The standard library's reader of compiled catalogues."""

    def entries(self) -> dict[str | tuple[str, int], str]:
        # gettext's lookup API cannot tell a plural message from a plain one, nor list
        # the messages; what it parsed is its _catalog (read as Django does).
        catalog: dict[str | tuple[str, int], str] = vars(self)["_catalog"]
        return catalog

    def plural_rule(self) -> PluralRule:
        for part in self.info().get("plural-forms", "").split(";"):
            name, _, expression = part.strip().partition("=")
            if name == "plural":
                return gettext.c2py(expression)
        return _english_plural


def _where(raw: str) -> tuple[str, str]:
    context, _, key = raw.rpartition("\x04")
    return context, key


def read_mo(data: bytes) -> tuple[Entries, PluralRule]:
    """The messages of a compiled catalogue and its plural rule. A plural message left
    untranslated is left out: Babel compiles its empty forms as the key."""
    mo = _MoFile(BytesIO(data))
    entries: dict[tuple[str, str], Entry] = {}
    plurals: dict[tuple[str, str], dict[int, str]] = {}
    for raw, text in mo.entries().items():
        if isinstance(raw, tuple):
            plurals.setdefault(_where(raw[0]), {})[raw[1]] = text
        elif raw:
            entries[_where(raw)] = Entry((text,))
    for where, forms in plurals.items():
        ordered = tuple(forms[index] for index in sorted(forms))
        if where[1] not in ordered and "" not in ordered:
            entries[where] = Entry(ordered, plural=True)
    return entries, mo.plural_rule()


# By colour (a Colour is its index): red, blue, black, yellow.
_COLOUR_KEYS = ("colour.red", "colour.blue", "colour.black", "colour.yellow")
# The texts a catalogue keeps once worded (its fields whole numbers and strings alone):
# a table words the same few lines again and again (a server's browser seats on every
# move). Past this many, it forgets them all and begins again.
MEMO_MOST = 20_000


class Catalogue:
    """One language's messages, immutable, with English behind them for what is missing."""

    __slots__ = ("_entries", "_fallback", "_language", "_memo", "_plural", "_tiles")

    def __init__(
        self,
        language: str,
        entries: Entries,
        plural: PluralRule = _english_plural,
        fallback: Catalogue | None = None,
    ) -> None:
        self._language = language
        self._entries: Entries = MappingProxyType(dict(entries))
        self._plural = plural
        self._fallback = fallback
        self._memo: dict[tuple[object, ...], str] = {}
        self._tiles: dict[tuple[Tile, Tile | None], str] = {}

    @classmethod
    def from_mo(cls, language: str, data: bytes, fallback: Catalogue | None = None) -> Catalogue:
        entries, plural = read_mo(data)
        return cls(language, entries, plural, fallback)

    @property
    def language(self) -> str:
        return self._language

    @property
    def entries(self) -> Entries:
        """This language's own messages, by (context, key); the fallback's are not here."""
        return self._entries

    @property
    def fallback(self) -> Catalogue | None:
        return self._fallback

    # -- looking texts up ----------------------------------------------------------

    def text(self, key: str, /, **fields: object) -> str:
        """The message ``key`` with its fields filled in; a plural one by ``count``."""
        return self._format(key, None, fields)

    def variant(self, key: str, verbosity: Verbosity, /, **fields: object) -> str:
        """The brief or detailed text of ``key``, else its plain text."""
        return self._format(key, verbosity, fields)

    def has(self, key: str) -> bool:
        contexts = ("", *(verbosity.value for verbosity in Verbosity))
        return any(self._find(key, context) is not None for context in contexts)

    def _format(self, key: str, verbosity: Verbosity | None, fields: dict[str, object]) -> str:
        for value in fields.values():
            kind = type(value)
            if kind is not str and kind is not int:  # (True is 1, and says "True")
                return self._word(key, verbosity, fields)
        memo = (key, verbosity, *fields.items())
        text = self._memo.get(memo)
        if text is None:
            text = self._word(key, verbosity, fields)
            if len(self._memo) >= MEMO_MOST:
                self._memo.clear()
            self._memo[memo] = text
        return text

    def _word(self, key: str, verbosity: Verbosity | None, fields: dict[str, object]) -> str:
        count = fields.get(COUNT)
        contexts: list[str] = []
        if isinstance(count, int):
            contexts.append(f"{EXACT}{count}")
        if verbosity is not None:
            contexts.append(verbosity.value)
        contexts.append("")
        for context in contexts:
            found = self._find(key, context)
            if found is not None:
                message, rule = found
                return message.form(rule, count, key).format(**fields)
        raise KeyError(key)

    def _find(self, key: str, context: str) -> tuple[Entry, PluralRule] | None:
        """The message and the plural rule of the catalogue that has it: this one's,
        else the fallback's."""
        catalogue: Catalogue | None = self
        while catalogue is not None:
            message = catalogue._entries.get((context, key))
            if message is not None:
                return message, catalogue._plural
            catalogue = catalogue._fallback
        return None

    # -- casing --------------------------------------------------------------------

    def upper(self, text: str) -> str:
        """``text`` in capitals, as the language writes them: "istanbul" is "İSTANBUL" in
        Turkish (str.upper gives "ISTANBUL")."""
        if self.language in _DOTTED_I:
            text = text.replace("i", "İ")
        return text.upper()

    def capitalise(self, text: str) -> str:
        """``text`` with its first letter a capital ("istanbul" → "İstanbul" in
        Turkish, "Istanbul" in English); the rest as it is."""
        return self.upper(text[:1]) + text[1:]

    # -- tiles ---------------------------------------------------------------------

    def colour(self, colour: Colour) -> str:
        return self.text(_COLOUR_KEYS[colour])

    def tile(self, tile: Tile, okey: Tile | None = None) -> str:
        """A tile's spoken name with its role: "red 5", "red 6 okey", "red 6 false"."""
        named = self._tiles.get((tile, okey))
        if named is None:
            named = self._tiles[(tile, okey)] = self._tile(tile, okey)
        return named

    def _tile(self, tile: Tile, okey: Tile | None) -> str:
        if tile.is_false_joker:
            if okey is None:
                return self.text("tile.false_joker_bare")
            return self.text(
                "tile.false_joker", colour=self.colour(okey.colour), number=okey.number
            )
        from okey.tiles import is_okey  # loaded already: a tile was made

        key = "tile.okey" if okey is not None and is_okey(tile, okey) else "tile.plain"
        return self.text(key, colour=self.colour(tile.colour), number=tile.number)

    def tiles(self, tiles: list[Tile], okey: Tile | None = None) -> str:
        if not tiles:
            return self.text("list.empty")
        return ", ".join(self.tile(tile, okey) for tile in tiles)


@cache
def load_catalogue(code: str) -> Catalogue:
    """The catalogue of language ``code`` (one of LANGUAGES), English behind it; made once."""
    if code not in LANGUAGES:
        raise UnknownLanguageError(code, LANGUAGES)
    fallback = None if code == DEFAULT_LANGUAGE else load_catalogue(DEFAULT_LANGUAGE)
    with open(_mo_file(code), "rb") as file:
        return Catalogue.from_mo(code, file.read(), fallback)


errors.word_in_english_with(lambda: load_catalogue(DEFAULT_LANGUAGE))
