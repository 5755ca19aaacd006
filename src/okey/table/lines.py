"""The table's words as data: what it says, as catalogue keys and their fields.

A :class:`Line` is one catalogue message, ``Line("table.you_discard", tile=red_5)``.
Its fields are data, not sentences: numbers and proper names as they are, tiles,
seats (:class:`Name`, :class:`Where`, :class:`Label`, :class:`Names`), names of rule
sets and levels (:class:`~okey.rules_words.Named`), the rack
(a :class:`~okey.table.state.sorting.SortedHand`), scores, and other lines.
:class:`~okey.table.output.words.Words` puts a line in words (the player's language and
verbosity, the okey of the round) only when it is said, so tests assert on keys and
values, and a client could say what a server sends.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from okey.audio.cues import Cue
from okey.audio.places import Position
from okey.rules_words import Named
from okey.table.sorted_hand import SortedHand
from okey.tiles import Tile


@dataclass(frozen=True, slots=True, init=False, eq=True)
class Line:
    """One catalogue message: its key and its fields."""

    key: str
    fields: Mapping[str, Field]

    def __init__(self, key: str, /, **fields: Field) -> None:
        object.__setattr__(self, "key", key)
        object.__setattr__(self, "fields", MappingProxyType(fields))

    def __repr__(self) -> str:
        named = "".join(f", {name}={value!r}" for name, value in self.fields.items())
        return f"Line({self.key!r}{named})"

    def __hash__(self) -> int:
        return hash((self.key, tuple(self.fields)))


@dataclass(frozen=True, slots=True)
class Joined:
    """Several texts said as one message ("a b", or with another separator)."""

    parts: tuple[Field, ...]
    sep: str = " "


@dataclass(frozen=True, slots=True)
class AndList:
    """Texts listed the way a sentence lists them: "a", "a and b", "a, b and c"."""

    parts: tuple[Field, ...]


@dataclass(frozen=True, slots=True)
class Capital:
    """A text with its first letter capitalised (at the start of a sentence)."""

    text: Field


@dataclass(frozen=True, slots=True)
class Face:
    """A tile by its face alone ("red 5"), not by its role (okey, false joker)."""

    tile: Tile


@dataclass(frozen=True, slots=True)
class Tiles:
    """Tiles in order, each named with its role."""

    tiles: tuple[Tile, ...]


@dataclass(frozen=True, slots=True)
class Name:
    """A seat in a sentence: its name, "you" for the player."""

    seat: int


@dataclass(frozen=True, slots=True)
class Where:
    """Where a seat sits: "on your left", "your partner, across"."""

    seat: int


@dataclass(frozen=True, slots=True)
class Label:
    """A seat's short label: "Left", "Across", "Partner"."""

    seat: int


@dataclass(frozen=True, slots=True)
class Names:
    """Seats named in play order from the player: "you, Mehmet and Zeynep"."""

    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Scores:
    """The scores as the player hears them (per seat, per team, or a duel's); ``ranked``:
    best first, which at Okey 101 (``lowest_first``) is the lowest."""

    scores: tuple[int, ...]
    ranked: bool
    lowest_first: bool = False


@dataclass(frozen=True, slots=True)
class Problem:
    """Something that went wrong, worded when said: okey's own errors in the player's
    language (:func:`okey.errors.render`), others (the system's) by their message."""

    error: BaseException


Field = (
    int
    | str
    | Named
    | Tile
    | Face
    | Tiles
    | Name
    | Where
    | Label
    | Names
    | Scores
    | SortedHand
    | Capital
    | AndList
    | Joined
    | Line
    | Problem
)
"""What a line's field may hold."""

Speech = Line | Joined
"""One message the table says."""


@dataclass(frozen=True, slots=True)
class Said:
    """A line to say (None: only a cue), and the cue that goes with it, from where."""

    speech: Speech | None
    cue: Cue | None = None
    where: Position = Position.OWN


def seat_fields(seat: int) -> dict[str, Field]:
    """A seat's name, where it sits and its label: the fields of another player's move."""
    return {"name": Name(seat), "where": Where(seat), "label": Label(seat)}


def sentence(text: Field) -> Line:
    """A phrase said as a sentence of its own: capitalised, with its full stop."""
    return Line("table.sentence", text=Capital(text))
