"""The settings a player chooses for speech: mode, verbosity, sounds."""

from __future__ import annotations

from enum import StrEnum

from okey.messages import Verbosity

__all__ = ["SpeechMode", "Verbosity"]


class SpeechMode(StrEnum):
    """How the game talks (the values are the ``--speech`` choices).

    AUTO speaks through accessible-output2 and prints, unless a screen reader that
    reads the terminal is running (then it is SCREEN_READER); VOICE speaks whatever
    runs; SCREEN_READER only prints, for a screen reader that reads the terminal;
    OFF only prints.
    """

    AUTO = "auto"
    VOICE = "voice"
    SCREEN_READER = "screen-reader"
    OFF = "off"
