"""The text notation for tiles: ``r5``, ``k13``, ``fj``.

Colour letters: r red, b blue, k black, y yellow; numbers 1..13; ``fj`` is a
false joker. Case does not matter; tiles are separated by spaces or commas.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from okey.hand.tiles import COLOUR_LETTERS, FALSE_JOKER, Colour, Tile

_LETTER_COLOURS = {letter: colour for colour, letter in COLOUR_LETTERS.items()}
_TOKEN = re.compile(r"([rbky])(\d{1,2})")
_SEPARATORS = re.compile(r"[\s,]+")


class TileNotationError(ValueError):
    """A token that is not a tile in the notation."""

    def __init__(self, token: str, reason: str) -> None:
        self.token = token
        self.reason = reason
        super().__init__(f"{token!r} is not a tile: {reason}")


def parse_tile(token: str) -> Tile:
    """Parse one tile such as ``r5`` or ``FJ``."""
    text = token.strip().lower()
    if text == "fj":
        return FALSE_JOKER
    match = _TOKEN.fullmatch(text)
    if match is None:
        if text and text[0] not in _LETTER_COLOURS:
            reason = "it must start with a colour letter r, b, k or y, or be fj"
        else:
            reason = "write a colour letter and a number from 1 to 13, like r5, or fj"
        raise TileNotationError(token, reason)
    number = int(match.group(2))
    if not 1 <= number <= 13:
        raise TileNotationError(token, "tile numbers run from 1 to 13")
    return Tile.face(_LETTER_COLOURS[match.group(1)], number)


def parse_tiles(text: str | Iterable[str]) -> list[Tile]:
    """Parse tiles separated by spaces or commas (or an iterable of such strings)."""
    chunks = [text] if isinstance(text, str) else list(text)
    tokens = [tok for chunk in chunks for tok in _SEPARATORS.split(chunk) if tok]
    return [parse_tile(tok) for tok in tokens]


def format_tile(tile: Tile) -> str:
    """The notation for one tile: ``r5`` or ``fj``."""
    return str(tile)


def format_tiles(tiles: Iterable[Tile]) -> str:
    return " ".join(format_tile(tile) for tile in tiles)


def colour_from_letter(letter: str) -> Colour:
    try:
        return _LETTER_COLOURS[letter.lower()]
    except KeyError:
        raise TileNotationError(letter, "colour letters are r, b, k and y") from None
