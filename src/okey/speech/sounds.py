"""Short sounds: cues that need no words."""

from __future__ import annotations

import sys
from collections.abc import Callable
from enum import StrEnum


class Sound(StrEnum):
    """A cue the game can play."""

    YOUR_TURN = "your-turn"
    WIN_POSSIBLE = "win-possible"


SoundPlayer = Callable[[Sound], None]
"""Plays a cue; a front end may supply its own (prompt_toolkit: ``app.output.bell``)."""


def terminal_bell(sound: Sound) -> None:
    """Ring the terminal bell, whatever the cue."""
    del sound
    sys.stdout.write("\a")
    sys.stdout.flush()
