"""Where at the table a cue comes from: a stereo position for each seat.

Play passes from seat ``s`` to ``s + 1``, so the player before the listener sits on
their left and the one after on their right, as in ``okey.table.state.seats``. The
listener's own cues and those from across are in the middle, the ones from across a
little softer (further away).
"""

from __future__ import annotations

import math
from enum import StrEnum
from typing import Final


class Position(StrEnum):
    """Where a cue is heard from, as the listener sits."""

    OWN = "own"
    LEFT = "left"
    RIGHT = "right"
    ACROSS = "across"


SIDE: Final = 0.8  # how far to the side a neighbour's cues sit (1 = one ear only)
ACROSS_GAIN: Final = 10.0 ** (-3.0 / 20.0)  # -3 dB: across the table is further away

_PANS: Final[dict[Position, tuple[float, float]]] = {
    Position.OWN: (0.0, 1.0),
    Position.LEFT: (-SIDE, 1.0),
    Position.RIGHT: (SIDE, 1.0),
    Position.ACROSS: (0.0, ACROSS_GAIN),
}


def position_of(seat: int, listener: int, players: int) -> Position:
    """Where ``seat``'s cues come from for the player at ``listener`` (seats 0..players-1).

    At a two-seat table the other player sits across."""
    offset = (seat - listener) % players
    if offset == 0:
        return Position.OWN
    if players == 2:
        return Position.ACROSS
    if offset == 1:
        return Position.RIGHT
    if offset == players - 1:
        return Position.LEFT
    return Position.ACROSS


def pan_gains(pan: float) -> tuple[float, float]:
    """Equal-power panning: the (left, right) gains for a pan from -1 (left) to 1 (right);
    their squares add up to 1, so a cue is as loud wherever it sits."""
    angle = (max(-1.0, min(1.0, pan)) + 1.0) * math.pi / 4.0
    return math.cos(angle), math.sin(angle)


def gains(position: Position) -> tuple[float, float]:
    """The (left, right) gains of a position."""
    pan, level = _PANS[position]
    left, right = pan_gains(pan)
    return left * level, right * level
