"""The text notation for tiles: ``r5``, ``k13``, ``fj``.

Colour letters: r red, b blue, k black, y yellow; numbers 1..13 in ASCII digits; ``fj``
is a false joker. Case does not matter; tiles are separated by spaces or commas.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from enum import StrEnum
from typing import ClassVar

from okey.errors import OkeyError, Phrase
from okey.tiles import COLOUR_LETTERS, FALSE_JOKER, NAMES, Colour, Tile

_LETTER_COLOURS = {letter: colour for colour, letter in COLOUR_LETTERS.items()}
_TOKEN = re.compile(r"([rbky])([0-9]{1,2})")  # ASCII digits only (\d takes any script's)
_SEPARATORS = re.compile(r"[\s,]+")


class NotationProblem(StrEnum):
    """Why a token is not a tile (words: ``notation.problem.<value>``)."""

    COLOUR_FIRST = "colour_first"  # it does not start with a colour letter
    FORM = "form"  # a colour letter, but not followed by a number
    NUMBER = "number"  # a number outside 1..13
    LETTER = "letter"  # not a colour letter


class TileNotationError(OkeyError):
    """A token that is not a tile in the notation, and why."""

    prefix: ClassVar[str] = "notation.problem."

    def __init__(self, token: str, problem: NotationProblem) -> None:
        super().__init__(problem)
        self.token = token
        self.problem = problem

    @property
    def phrase(self) -> Phrase:
        reason = Phrase(self.prefix + self.key)
        return Phrase("notation.error", token=self.token, reason=reason)


_BY_NAME: dict[str, Tile] = {name: Tile(code) for code, name in enumerate(NAMES)}


def parse_tile(token: str) -> Tile:
    """Parse one tile such as ``r5`` or ``FJ``."""
    tile = _BY_NAME.get(token)
    if tile is not None:
        return tile
    text = token.strip()
    if not text.isascii():  # "K5" with a Kelvin sign lowers to k5: the notation is ASCII
        first = text[:1].lower()
        problem = NotationProblem.FORM if first in _LETTER_COLOURS else NotationProblem.COLOUR_FIRST
        raise TileNotationError(token, problem)
    text = text.lower()
    if text == "fj":
        return FALSE_JOKER
    match = _TOKEN.fullmatch(text)
    if match is None:
        if text and text[0] not in _LETTER_COLOURS:
            raise TileNotationError(token, NotationProblem.COLOUR_FIRST)
        raise TileNotationError(token, NotationProblem.FORM)
    number = int(match.group(2))
    if not 1 <= number <= 13:
        raise TileNotationError(token, NotationProblem.NUMBER)
    return Tile.face(_LETTER_COLOURS[match.group(1)], number)


def parse_tiles(text: str | Iterable[str]) -> list[Tile]:
    """Parse tiles separated by spaces or commas (or an iterable of such strings)."""
    chunks = [text] if isinstance(text, str) else list(text)
    tokens = [tok for chunk in chunks for tok in _SEPARATORS.split(chunk) if tok]
    return [parse_tile(tok) for tok in tokens]


def format_tile(tile: Tile) -> str:
    """The notation for one tile: ``r5`` or ``fj``."""
    return NAMES[tile.code]


def format_tiles(tiles: Iterable[Tile]) -> str:
    return " ".join(format_tile(tile) for tile in tiles)


def colour_from_letter(letter: str) -> Colour:
    try:
        return _LETTER_COLOURS[letter.lower()]
    except KeyError:
        raise TileNotationError(letter, NotationProblem.LETTER) from None
