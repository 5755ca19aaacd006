"""What the table needs of its sounds (:class:`CuePlayer`), and a player with no audio.

:class:`~okey.audio.player.Sounds` is the real one. :class:`Silent` plays nothing and
opens nothing: a table made without sounds (tests, tools, a table built before the
front end adds its own) has one, and its keys still answer (on and off, the volume).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from okey.audio.cues import Cue
from okey.audio.places import Position
from okey.audio.volume import DEFAULT_VOLUME, VOLUME_STEPS


class CuePlayer(Protocol):
    """Plays the table's cues (see :class:`~okey.audio.player.Sounds`)."""

    def play(self, cue: Cue, position: Position = Position.OWN, *, delay: float = 0.0) -> None:
        """Play a cue from a place at the table; returns at once."""

    def play_all(self, cues: Sequence[tuple[Cue, Position]]) -> None:
        """Play cues one after another."""

    def stands_alone(self, cue: Cue) -> bool:
        """True when the cue may be played instead of its words (brief mode)."""

    @property
    def enabled(self) -> bool: ...

    def set_enabled(self, on: bool) -> None: ...

    @property
    def volume(self) -> int: ...

    def louder(self) -> int: ...

    def softer(self) -> int: ...

    def attach_bell(self, bell: Callable[[], None]) -> None:
        """The bell to ring when there is no audio device."""

    def close(self) -> None: ...


class Silent:
    """A :class:`CuePlayer` with no audio: nothing plays, nothing stands for words."""

    def __init__(self, *, enabled: bool = True, volume: int = DEFAULT_VOLUME) -> None:
        self._enabled = enabled
        self._volume = max(0, min(VOLUME_STEPS, volume))

    def play(self, cue: Cue, position: Position = Position.OWN, *, delay: float = 0.0) -> None:
        del cue, position, delay

    def play_all(self, cues: Sequence[tuple[Cue, Position]]) -> None:
        del cues

    def stands_alone(self, cue: Cue) -> bool:
        del cue
        return False

    @property
    def enabled(self) -> bool:
        return self._enabled

    def set_enabled(self, on: bool) -> None:
        self._enabled = on

    @property
    def volume(self) -> int:
        return self._volume

    def set_volume(self, level: int) -> int:
        self._volume = max(0, min(VOLUME_STEPS, level))
        return self._volume

    def louder(self) -> int:
        return self.set_volume(self._volume + 1)

    def softer(self) -> int:
        return self.set_volume(self._volume - 1)

    def attach_bell(self, bell: Callable[[], None]) -> None:
        del bell

    def close(self) -> None:
        pass
