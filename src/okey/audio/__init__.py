"""Sound: short cues made by the game, heard from the seat that caused them.

The table builds one :class:`Sounds` and calls ``play(cue, position)`` with the cue
and :func:`position_of` the seat that moved; see docs/sound.md.
"""

from okey.audio.cues import BELL_CUES, STANDALONE, Cue
from okey.audio.device import Device, DeviceError, MiniaudioDevice
from okey.audio.pack import ENV_VAR, Pack, Problem, load_pack, pack_folder
from okey.audio.places import Position, gains, position_of
from okey.audio.player import DEFAULT_VOLUME, VOLUME_STEPS, Notice, Sounds, State, volume_gain

__all__ = [
    "BELL_CUES",
    "DEFAULT_VOLUME",
    "ENV_VAR",
    "STANDALONE",
    "VOLUME_STEPS",
    "Cue",
    "Device",
    "DeviceError",
    "MiniaudioDevice",
    "Notice",
    "Pack",
    "Position",
    "Problem",
    "Sounds",
    "State",
    "gains",
    "load_pack",
    "pack_folder",
    "position_of",
    "volume_gain",
]
