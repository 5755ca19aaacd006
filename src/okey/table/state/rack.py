"""The player's rack: the hand in the chosen sort order and a focus moving over it."""

from __future__ import annotations

from collections.abc import Sequence

from okey.hand.melds import OpeningRules
from okey.table.state.sorting import Section, SortedHand, SortMode, sort_hand
from okey.tiles import Tile


class Rack:
    """The sorted hand and the focused position (re-sorted on every change)."""

    def __init__(
        self, mode: SortMode = SortMode.COLOUR, opening: OpeningRules | None = None
    ) -> None:
        self.mode = mode
        self.opening = opening  # a 101 table's options: smart grouping by its best opening
        self.okey: Tile | None = None
        self.sorted = SortedHand(mode, (), ())
        self._given: tuple[object, ...] = ()  # the hand, okey and mode last sorted
        self.focus = 0

    @property
    def tiles(self) -> tuple[Tile, ...]:
        return self.sorted.tiles

    @property
    def count(self) -> int:
        return len(self.sorted.tiles)

    @property
    def focused(self) -> Tile | None:
        return self.tiles[self.focus] if self.tiles else None

    def section(self) -> Section | None:
        return self.sorted.section_at(self.focus)

    def update(self, hand: Sequence[Tile], okey: Tile, *, follow: Tile | None = None) -> None:
        """Re-sort ``hand``; focus ``follow`` if given, else keep the position (clamped)."""
        given = (tuple(hand), okey, self.mode)
        if given != self._given:  # (a server's browser seat is told every move)
            self._given = given
            self.sorted = sort_hand(hand, okey, self.mode, self.opening)
        self.okey = okey
        if follow is not None and follow in self.tiles:
            self.focus = self.tiles.index(follow)
        self._clamp()

    def set_mode(self, mode: SortMode) -> None:
        """Change the sort mode, keeping the focused tile under the focus."""
        keep = self.focused
        self.mode = mode
        if self.okey is not None:
            self.update(self.tiles, self.okey, follow=keep)

    def position_of(self, tile: Tile) -> int:
        """The 1-based position of ``tile`` (0 when not held)."""
        return self.tiles.index(tile) + 1 if tile in self.tiles else 0

    def move(self, step: int) -> None:
        self.focus += step
        self._clamp()

    def home(self) -> None:
        self.focus = 0

    def end(self) -> None:
        self.focus = max(0, self.count - 1)

    def next_section(self, step: int) -> bool:
        """Jump to the start of the next (step 1) or previous (step -1) section; False
        when there is none that way (the focus stays)."""
        sections = self.sorted.sections
        if not sections:
            return False
        current = next((i for i, s in enumerate(sections) if s.start <= self.focus < s.end), 0)
        if step < 0 and self.focus > sections[current].start:
            target = current  # Up inside a group: its start first
        elif not 0 <= current + step < len(sections):
            return False
        else:
            target = current + step
        self.focus = sections[target].start
        return True

    def _clamp(self) -> None:
        self.focus = max(0, min(self.focus, self.count - 1)) if self.count else 0
