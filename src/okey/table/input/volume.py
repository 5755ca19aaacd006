"""The volume keys (F3 softer, F4 louder): a sample cue at the new level, then the level
in words."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Final

from okey.audio import VOLUME_STEPS, Cue
from okey.table.keys import Command
from okey.table.lines import Line

if TYPE_CHECKING:
    from okey.table.core import Handler, TableCore

SAMPLE: Final = Cue.DISCARD  # what a volume key plays, to hear the new level


def volume_line(level: int, *, sounds_on: bool, at_top: bool) -> Line:
    """What a volume key answers: the level, whether it is the loudest or silent, and
    that B turns sounds on when they are off."""
    if not sounds_on:
        return Line("table.volume.sounds_off", level=level, most=VOLUME_STEPS)
    if level == 0:
        return Line("table.volume.silent")
    if at_top:
        return Line("table.volume.loudest", level=level)
    return Line("table.volume", level=level, most=VOLUME_STEPS)


def _volume(table: TableCore, command: Command) -> None:
    sounds = table.voice.sounds
    before = sounds.volume
    level = sounds.louder() if command is Command.LOUDER else sounds.softer()
    at_top = command is Command.LOUDER and level == before
    if level and sounds.enabled:
        sounds.play(SAMPLE)  # heard at the new level, before the words
    table.voice.reply(volume_line(level, sounds_on=sounds.enabled, at_top=at_top))


HANDLERS: Final[Mapping[Command, Handler]] = MappingProxyType(
    {Command.SOFTER: _volume, Command.LOUDER: _volume}
)
"""The volume keys' handlers (F3 softer, F4 louder)."""
