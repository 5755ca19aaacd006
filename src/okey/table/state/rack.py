"""The player's rack: the hand in the chosen sort order and a focus moving over it.

The rack sorts a hand once: told the same hand again (a game that keeps its rack its own
way, then the change step), it keeps its order; told a tile left it (the player's
discard), it takes that tile out, where the sort mode orders tiles by a key (by colour,
by number): what is left is still in order, and its sections are the same less one tile.
Smart grouping, which weighs the whole hand, sorts again.
"""

from __future__ import annotations

from collections.abc import Sequence

from okey.hand.melds import OpeningRules
from okey.table.state.sorting import Section, SortedHand, SortMode, sort_hand
from okey.tiles import Tile


class Rack:
    """The sorted hand and the focused position (kept in order on every change)."""

    def __init__(
        self, mode: SortMode = SortMode.COLOUR, opening: OpeningRules | None = None
    ) -> None:
        self.mode = mode
        self.opening = opening  # a 101 table's options: smart grouping by its best opening
        self.okey: Tile | None = None
        self.sorted = SortedHand(mode, (), ())
        self.held: tuple[Tile, ...] = ()  # the hand sorted, in the seat's order
        self.focus = 0

    @property
    def tiles(self) -> tuple[Tile, ...]:
        return self.sorted.tiles

    @property
    def count(self) -> int:
        return len(self.sorted.tiles)

    @property
    def focused(self) -> Tile | None:
        tiles = self.sorted.tiles
        return tiles[self.focus] if tiles else None

    def section(self) -> Section | None:
        return self.sorted.section_at(self.focus)

    def update(
        self,
        hand: Sequence[Tile],
        okey: Tile,
        *,
        follow: Tile | None = None,
        gone: Tile | None = None,
    ) -> None:
        """Put ``hand`` in order; focus ``follow`` if given, else keep the position
        (clamped). ``gone``: a tile that left the hand since the last update (the
        player's discard)."""
        held = tuple(hand)
        kept = self._kept(held, okey, gone)
        self.sorted = kept if kept is not None else sort_hand(held, okey, self.mode, self.opening)
        self.held = held
        self.okey = okey
        if follow is not None and follow in self.tiles:
            self.focus = self.tiles.index(follow)
        self._clamp()

    def _kept(self, hand: tuple[Tile, ...], okey: Tile, gone: Tile | None) -> SortedHand | None:
        """The sorted hand without sorting: the one kept, when ``hand`` is the hand it
        was sorted from, or that hand less ``gone`` in a mode ordered by a key; else None."""
        kept = self.sorted
        if kept.mode is not self.mode or okey != self.okey:
            return None
        held = self.held
        if hand == held:
            return kept
        if gone is None or self.mode is SortMode.SMART or len(hand) != len(held) - 1:
            return None
        try:
            at = held.index(gone)
        except ValueError:
            return None
        if held[:at] + held[at + 1 :] != hand:
            return None
        return _without(kept, kept.tiles.index(gone))

    def set_mode(self, mode: SortMode) -> None:
        """Change the sort mode, keeping the focused tile under the focus."""
        keep = self.focused
        self.mode = mode
        if self.okey is not None:
            self.update(self.held, self.okey, follow=keep)

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


def _without(hand: SortedHand, position: int) -> SortedHand:
    """``hand`` less the tile at ``position``, its section one tile shorter (gone when it
    held only that tile) and the sections after it one place earlier."""
    sections: list[Section] = []
    for section in hand.sections:
        kind, start, length = section.kind, section.start, section.length
        if start + length <= position:
            sections.append(section)
        elif start > position:
            sections.append(Section(kind, start - 1, length))
        elif length > 1:
            sections.append(Section(kind, start, length - 1))
    tiles = hand.tiles
    return SortedHand(hand.mode, tiles[:position] + tiles[position + 1 :], tuple(sections))
