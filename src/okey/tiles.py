"""Tiles, faces, the indicator and the okey.

A tile is stored as a small integer code: ``colour * 13 + (number - 1)`` for
the 104 numbered tiles (two physical copies share a code) and ``52`` for a
false joker. The code order is the "by colour" sort order: red, blue, black,
yellow, each ascending.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

NUMBERS = range(1, 14)
FACE_COUNT = 52
FALSE_JOKER_CODE = 52
COPIES = 2  # of every tile, false jokers included


class Colour(IntEnum):
    """The four tile colours, in sort order."""

    RED = 0
    BLUE = 1
    BLACK = 2
    YELLOW = 3

    @property
    def letter(self) -> str:
        return COLOUR_LETTERS[self]


COLOUR_LETTERS: dict[Colour, str] = {
    Colour.RED: "r",
    Colour.BLUE: "b",
    Colour.BLACK: "k",
    Colour.YELLOW: "y",
}


@dataclass(frozen=True, order=True, slots=True)
class Tile:
    """One tile as printed: a coloured number, or a false joker."""

    code: int

    def __post_init__(self) -> None:
        if not 0 <= self.code <= FALSE_JOKER_CODE:
            raise ValueError(f"no tile has code {self.code}")

    @classmethod
    def face(cls, colour: Colour, number: int) -> Tile:
        if number not in NUMBERS:
            raise ValueError(f"tile numbers run from 1 to 13, not {number}")
        return cls(int(colour) * 13 + number - 1)

    @property
    def is_false_joker(self) -> bool:
        return self.code == FALSE_JOKER_CODE

    @property
    def colour(self) -> Colour:
        """The printed colour; a false joker has none (ask for its stand-in face)."""
        if self.is_false_joker:
            raise ValueError("a false joker has no printed colour")
        return Colour(self.code // 13)

    @property
    def number(self) -> int:
        if self.is_false_joker:
            raise ValueError("a false joker has no printed number")
        return self.code % 13 + 1

    def __str__(self) -> str:
        """The tile in the notation (:mod:`okey.hand.notation`): ``r5``, ``fj``."""
        return NAMES[self.code]


FALSE_JOKER = Tile(FALSE_JOKER_CODE)
ALL_FACES: tuple[Tile, ...] = tuple(Tile(code) for code in range(FACE_COUNT))
# Every tile's name in the notation, by code (a tile is named once per batch line or
# more: a table beats formatting it each time).
NAMES: tuple[str, ...] = (
    *(f"{COLOUR_LETTERS[Colour(code // 13)]}{code % 13 + 1}" for code in range(FACE_COUNT)),
    "fj",
)

# Every face's colour and number, by code (the rack's sorts read them for every tile).
COLOUR_AND_NUMBER: tuple[tuple[Colour, int], ...] = tuple(
    (Colour(code // 13), code % 13 + 1) for code in range(FACE_COUNT)
)


def full_set() -> list[Tile]:
    """The 106 physical tiles: two of every face and two false jokers."""
    return [tile for tile in ALL_FACES for _ in range(2)] + [FALSE_JOKER, FALSE_JOKER]


def okey_for(indicator: Tile) -> Tile:
    """The okey's face: the indicator's colour, one number higher (13 wraps to 1)."""
    if indicator.is_false_joker:
        raise ValueError("a false joker cannot be the indicator")
    return Tile.face(indicator.colour, indicator.number % 13 + 1)


def indicator_for(okey: Tile) -> Tile:
    """The indicator that makes ``okey`` the okey."""
    return Tile.face(okey.colour, (okey.number - 2) % 13 + 1)


def stand_in(tile: Tile, okey: Tile) -> Tile:
    """The face a tile plays as: a false joker plays as the okey's face."""
    return okey if tile.is_false_joker else tile


def is_okey(tile: Tile, okey: Tile) -> bool:
    """True for the two wild tiles (never for a false joker)."""
    return tile == okey
