"""Sound: short cues made by the game, heard from the seat that caused them.

The front end builds one :class:`Sounds` and the table calls ``play(cue, position)``
(or ``play_all``) with the cue and :func:`position_of` the seat that moved, through
the :class:`CuePlayer` interface (:class:`Silent` where there is no audio at all); see
docs/sound.md.

The names below are imported when first used, so that what needs only a cue's name or
the volume's range (the table's words, the settings) does not load the audio.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from okey.audio.cues import BELL_CUES, STANDALONE, Cue
    from okey.audio.device import Device, DeviceError, MiniaudioDevice
    from okey.audio.pack import ENV_VAR, Pack, Problem, load_pack, pack_folder
    from okey.audio.places import Position, gains, position_of
    from okey.audio.player import Notice, Sounds, State
    from okey.audio.table import CuePlayer, Silent
    from okey.audio.volume import DEFAULT_VOLUME, VOLUME_STEPS, volume_gain

_HOMES = {
    "okey.audio.cues": ("BELL_CUES", "STANDALONE", "Cue"),
    "okey.audio.device": ("Device", "DeviceError", "MiniaudioDevice"),
    "okey.audio.pack": ("ENV_VAR", "Pack", "Problem", "load_pack", "pack_folder"),
    "okey.audio.places": ("Position", "gains", "position_of"),
    "okey.audio.player": ("Notice", "Sounds", "State"),
    "okey.audio.table": ("CuePlayer", "Silent"),
    "okey.audio.volume": ("DEFAULT_VOLUME", "VOLUME_STEPS", "volume_gain"),
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
    "BELL_CUES",
    "DEFAULT_VOLUME",
    "ENV_VAR",
    "STANDALONE",
    "VOLUME_STEPS",
    "Cue",
    "CuePlayer",
    "Device",
    "DeviceError",
    "MiniaudioDevice",
    "Notice",
    "Pack",
    "Position",
    "Problem",
    "Silent",
    "Sounds",
    "State",
    "gains",
    "load_pack",
    "pack_folder",
    "position_of",
    "volume_gain",
]
