"""A sorted hand as the table names it: the sort modes, the kinds of section, the
sections and the hand in order. Types only (:mod:`okey.table.state.sorting` sorts), so that
the table's words load without the solver.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from okey.tiles import Tile


class SortMode(StrEnum):
    """The four sort modes, in the order the sort key cycles through them."""

    COLOUR = "colour"
    ASCENDING = "ascending"
    DESCENDING = "descending"
    SMART = "smart"

    def next(self) -> SortMode:
        modes = list(SortMode)
        return modes[(modes.index(self) + 1) % len(modes)]


class SectionKind(StrEnum):
    """What a section of the sorted hand is."""

    COLOUR = "colour"
    NUMBER = "number"
    OKEYS = "okeys"
    RUN = "run"
    SET = "set"
    PAIR = "pair"
    SPARES = "spares"


@dataclass(frozen=True, slots=True)
class Section:
    """Consecutive positions of the sorted hand that belong together."""

    kind: SectionKind
    start: int
    length: int

    @property
    def end(self) -> int:
        return self.start + self.length


@dataclass(frozen=True, slots=True)
class SortedHand:
    """A hand in one sort order, with its sections."""

    mode: SortMode
    tiles: tuple[Tile, ...]
    sections: tuple[Section, ...]

    def section_at(self, position: int) -> Section | None:
        for section in self.sections:
            if section.start <= position < section.end:
                return section
        return None


def row_starts(hand: SortedHand, row: int, most: int) -> tuple[int, ...]:
    """Where each row of a long rack begins (rows of at most ``row`` tiles): a row ends
    where a section ends, so that no group is split across two rows (a section longer than
    a row is split), unless that takes more than ``most`` rows: then rows of ``row``."""
    count = len(hand.tiles)
    fixed = tuple(range(0, max(count, 1), row))
    ends = sorted({section.end for section in hand.sections} | {count})
    starts = [0]
    while count - starts[-1] > row:
        first = starts[-1]
        fitting = [end for end in ends if first < end <= first + row]
        starts.append(fitting[-1] if fitting else first + row)
    return tuple(starts) if len(starts) <= most else fixed
