"""The sounds' volume: whole steps from 0 (silent) to :data:`VOLUME_STEPS`, 3 dB apart.

Kept apart from the player so that the settings can check a volume without loading
the audio."""

from __future__ import annotations

import math
from typing import Final

VOLUME_STEPS: Final = 10  # volume runs from 0 (silent) to this
DEFAULT_VOLUME: Final = 7
STEP_DB: Final = 3.0  # each step down is this much softer


def volume_gain(level: int) -> float:
    """The gain of a volume level: :data:`STEP_DB` softer a step, 0 silent."""
    if level <= 0:
        return 0.0
    return math.pow(10.0, -STEP_DB * (VOLUME_STEPS - min(level, VOLUME_STEPS)) / 20.0)
