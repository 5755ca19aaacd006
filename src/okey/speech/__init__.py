"""The speech layer: everything the game says, spoken, printed, kept and recalled.

A front end builds one Speaker with ``make_speaker`` (or, from argparse
options, ``speaker_from_args``) before it takes the screen, sends table
events with ``event`` and answers to keys with ``reply``, binds the history
keys through ``DEFAULT_SPEECH_KEYS`` and ``Speaker.run``, and closes the
speaker on exit. See docs/speech.md.

The names below are imported when first used, so that a command that only
needs ``okey.speech.modes`` (the settings) does not load the speech layer.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from okey.messages import Verbosity
    from okey.speech.factory import add_speech_options, make_speaker, speaker_from_args
    from okey.speech.history import Edge, History, HistoryRead
    from okey.speech.keys import DEFAULT_SPEECH_KEYS, SpeechCommand
    from okey.speech.modes import SpeechMode
    from okey.speech.outputs import (
        Ao2Output,
        FinishSignal,
        Probe,
        SpeechOutput,
        open_system_output,
        probe_system_output,
    )
    from okey.speech.sounds import Bell, terminal_bell
    from okey.speech.speaker import (
        QUIET_POLL,
        Printer,
        Speaker,
        estimate_seconds,
        print_line,
        print_line_if_possible,
    )
    from okey.speech.transcript import Transcript
    from okey.speech.utterance import Message, Text, Utterance

_HOMES = {
    "okey.messages": ("Verbosity",),
    "okey.speech.factory": ("add_speech_options", "make_speaker", "speaker_from_args"),
    "okey.speech.history": ("Edge", "History", "HistoryRead"),
    "okey.speech.keys": ("DEFAULT_SPEECH_KEYS", "SpeechCommand"),
    "okey.speech.modes": ("SpeechMode",),
    "okey.speech.outputs": (
        "Ao2Output",
        "Bell",
        "FinishSignal",
        "Probe",
        "SpeechOutput",
        "open_system_output",
        "probe_system_output",
    ),
    "okey.speech.sounds": ("Bell", "terminal_bell"),
    "okey.speech.speaker": (
        "QUIET_POLL",
        "Printer",
        "Speaker",
        "estimate_seconds",
        "print_line",
        "print_line_if_possible",
    ),
    "okey.speech.transcript": ("Transcript",),
    "okey.speech.utterance": ("Message", "Text", "Utterance"),
}
_HOME_OF = {name: module for module, names in _HOMES.items() for name in names}


def __getattr__(name: str) -> Any:
    home = _HOME_OF.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_HOME_OF])


__all__ = [
    "DEFAULT_SPEECH_KEYS",
    "QUIET_POLL",
    "Ao2Output",
    "Bell",
    "Edge",
    "FinishSignal",
    "History",
    "HistoryRead",
    "Message",
    "Printer",
    "Probe",
    "Speaker",
    "SpeechCommand",
    "SpeechMode",
    "SpeechOutput",
    "Text",
    "Transcript",
    "Utterance",
    "Verbosity",
    "add_speech_options",
    "estimate_seconds",
    "make_speaker",
    "open_system_output",
    "print_line",
    "print_line_if_possible",
    "probe_system_output",
    "speaker_from_args",
    "terminal_bell",
]
