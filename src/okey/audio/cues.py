"""The cues the table can play, and what each one may do on its own."""

from __future__ import annotations

from enum import StrEnum
from typing import Final


class Cue(StrEnum):
    """A short sound; its value is the name of its file in a sound pack (without ``.wav``)."""

    YOUR_TURN = "your-turn"
    DRAW = "draw"  # a tile drawn from the pile
    TAKE = "take"  # a discard taken
    DISCARD = "discard"
    OKEY_DRAWN = "okey-drawn"
    WIN_POSSIBLE = "win-possible"
    WIN_YOURS = "win-yours"
    WIN_OTHER = "win-other"
    INDICATOR_SHOWN = "indicator-shown"
    ROUND_OVER = "round-over"
    MATCH_OVER = "match-over"
    TIMER_WARNING = "timer-warning"
    CHAT = "chat"


STANDALONE: Final[frozenset[Cue]] = frozenset({Cue.DRAW, Cue.YOUR_TURN})
"""Cues that say all their words say: in brief mode the table may play one instead of
speaking (a pile draw: the position tells who, and nobody else learns the tile). Never in
detailed mode; and only while sounds are heard (:meth:`okey.audio.Sounds.stands_alone`)."""

BELL_CUES: Final[frozenset[Cue]] = frozenset({Cue.YOUR_TURN, Cue.WIN_POSSIBLE, Cue.TIMER_WARNING})
"""With no audio device the terminal bell rings for these only: a bell for every tile
moved would be noise, and these three ask the player to act."""
