"""Defence: how likely a thrown tile helps the player after us, from what they showed.

The next player may take our discard. What they took and kept shows what they
collect: a tile that would join one of those (the same face, a neighbour in
the same colour, the same number in another colour) is dangerous. What they
threw themselves they did not want then, so the same face is safer.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from okey.bots.memory import Memory

RUN_NEXT: Final = 1.0  # same colour, one apart
RUN_GAP: Final = 0.6  # same colour, two apart
SET_MATE: Final = 0.8  # same number, another colour
SAME_FACE: Final = 0.5  # a pair, or a second run or set
THROWN_FACTOR: Final = 0.3  # they threw this face themselves


def affinity(face: int, other: int) -> float:
    """How much ``face`` helps a hand that keeps ``other`` (both in count space)."""
    colour, n0 = divmod(face, 13)
    other_colour, other_n0 = divmod(other, 13)
    if colour == other_colour:
        gap = abs(n0 - other_n0)
        if 0 in (n0, other_n0):
            gap = min(gap, 13 - max(n0, other_n0))  # a 1 may also follow 13
        if gap == 0:
            return SAME_FACE
        if gap == 1:
            return RUN_NEXT
        if gap == 2:
            return RUN_GAP
        return 0.0
    return SET_MATE if n0 == other_n0 else 0.0


def collected(face: int, kept: Iterable[int]) -> float:
    """Summed affinity of ``face`` to tiles a player visibly keeps."""
    return sum(affinity(face, other) for other in kept)


def danger(face: int, memory: Memory, seat: int) -> float:
    """How much throwing ``face`` may help ``seat``, from what that seat showed."""
    score = collected(face, memory.held[seat])
    if face in memory.thrown[seat]:
        score *= THROWN_FACTOR
    return score
