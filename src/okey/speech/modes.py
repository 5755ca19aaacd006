"""The settings a player chooses for speech: mode, verbosity, sounds."""

from __future__ import annotations

from enum import StrEnum

from okey.messages import Verbosity

__all__ = ["SpeechMode", "Verbosity"]


class SpeechMode(StrEnum):
    """How the game talks (the values are the ``--speech`` choices).

    AUTO speaks through accessible-output2 and prints; SCREEN_READER only
    prints, for a screen reader that reads the terminal; OFF only prints.
    """

    AUTO = "auto"
    SCREEN_READER = "screen-reader"
    OFF = "off"
