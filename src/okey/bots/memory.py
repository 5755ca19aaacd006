"""What one seat has seen this round, worked out from its view alone.

Seen: the seat's own hand, the face-up indicator, every tile lying on a
discard pile, and the tiles each other player took from a discard and has
not thrown back (the engine moves a taken tile off the pile into ``taken``;
a seat that throws a face it took is counted as no longer holding it, whether
the thrown copy still lies on its pile or the next player took it in turn).
Everything else is *unseen*: in the pile or in another hand.

Counts are kept in the solver's count space (see :mod:`okey.bots.evaluate`):
face index ``0..51``, where the okey's own face index stands for the false
jokers (which play as that face), and real okeys counted apart.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Final

from okey.engine.view import PlayerView
from okey.tiles import COPIES, FACE_COUNT, FALSE_JOKER_CODE, Tile

FACES: Final = FACE_COUNT


def face_index(tile: Tile, okey: Tile) -> int:
    """A tile's index in count space (a false joker plays as the okey's face)."""
    return okey.code if tile.code == FALSE_JOKER_CODE else tile.code


@dataclass(frozen=True, slots=True)
class Memory:
    """A seat's knowledge of where the tiles are."""

    seat: int
    okey: Tile
    unseen: tuple[int, ...]  # per face index: copies not seen (false jokers at the okey's index)
    unseen_okeys: int  # real okeys not seen (0..2)
    held: tuple[tuple[int, ...], ...]  # per seat: face indices known to be in that hand
    thrown: tuple[frozenset[int], ...]  # per seat: face indices that seat has discarded

    @classmethod
    def from_view(cls, view: PlayerView, *, remember: bool = True) -> Memory:
        """Build the memory. ``remember=False`` is a seat that keeps no track: of the
        discard piles it sees only the top tiles, and not who holds taken tiles."""
        okey = view.okey
        physical = Counter(tile.code for tile in view.hand)
        physical[view.indicator.code] += 1
        held: list[tuple[int, ...]] = []
        thrown: list[frozenset[int]] = []
        for seat in range(view.players):
            lying = view.discards[seat] if remember else view.discards[seat][-1:]
            physical.update(tile.code for tile in lying)
            threw = list(view.discards[seat])
            kept: Counter[int] = Counter()
            if remember:
                # What the next player took from this seat's pile was thrown by it too.
                threw += view.taken[(seat + 1) % view.players]
                if seat != view.seat:
                    took = Counter(t.code for t in view.taken[seat])
                    kept = took - Counter(t.code for t in threw)
                    physical.update(kept)
            held.append(tuple(sorted(face_index(Tile(code), okey) for code in kept.elements())))
            thrown.append(frozenset(face_index(tile, okey) for tile in threw))
        unseen = [max(0, COPIES - physical[code]) for code in range(FACES)]
        unseen_okeys = unseen[okey.code]
        unseen[okey.code] = max(0, COPIES - physical[FALSE_JOKER_CODE])
        return cls(view.seat, okey, tuple(unseen), unseen_okeys, tuple(held), tuple(thrown))
