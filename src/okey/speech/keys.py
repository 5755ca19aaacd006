"""The speech keys: commands a front end binds, and a default key map."""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum, auto
from types import MappingProxyType


class SpeechCommand(Enum):
    """What a speech key asks the Speaker to do (``Speaker.run``)."""

    OLDER = auto()
    NEWER = auto()
    OLDEST = auto()
    NEWEST = auto()
    TOGGLE_VERBOSITY = auto()
    TOGGLE_SOUNDS = auto()
    STATUS = auto()


DEFAULT_SPEECH_KEYS: Mapping[str, SpeechCommand] = MappingProxyType(
    {
        ",": SpeechCommand.OLDER,
        ".": SpeechCommand.NEWER,
        "<": SpeechCommand.OLDEST,
        ">": SpeechCommand.NEWEST,
        "v": SpeechCommand.TOGGLE_VERBOSITY,
    }
)
"""Keys (prompt_toolkit names) a table binds; TOGGLE_SOUNDS and STATUS are left to it."""
