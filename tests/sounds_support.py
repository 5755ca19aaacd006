"""Stand-ins for the table's sounds, so that no test opens a real audio device by accident.

:class:`Recorded` keeps the cues the table asked for and where from (``audible``: as if a
device played them, so that brief mode may let a cue stand for its words).
:class:`DrainedDevice` is a device for the real :class:`okey.audio.Sounds` that plays
into a buffer the test reads, to hear what the mixer made of a cue.
"""

from __future__ import annotations

import sys
import time
from array import array
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from okey.audio import DEFAULT_VOLUME, STANDALONE, VOLUME_STEPS, Cue, Position, Sounds, load_pack
from okey.audio.device import DeviceOpener, Pull

PERIOD = 1323  # 30 ms at 44.1 kHz


@dataclass
class Recorded:
    """A :class:`okey.audio.CuePlayer` that keeps what it is asked to play. Off, or at
    volume 0, it keeps nothing, as the real one plays nothing."""

    audible: bool = False
    enabled: bool = True
    volume: int = DEFAULT_VOLUME
    played: list[tuple[Cue, Position]] = field(default_factory=list)
    bell: Callable[[], None] | None = None
    closed: bool = False

    @property
    def cues(self) -> list[Cue]:
        return [cue for cue, _ in self.played]

    def play(self, cue: Cue, position: Position = Position.OWN, *, delay: float = 0.0) -> None:
        if self.enabled and self.volume > 0:
            self.played.append((cue, position))

    def play_all(self, cues: Sequence[tuple[Cue, Position]]) -> None:
        for cue, position in cues:
            self.play(cue, position)

    def stands_alone(self, cue: Cue) -> bool:
        return self.audible and self.enabled and self.volume > 0 and cue in STANDALONE

    def set_enabled(self, on: bool) -> None:
        self.enabled = on

    def louder(self) -> int:
        self.volume = min(VOLUME_STEPS, self.volume + 1)
        return self.volume

    def softer(self) -> int:
        self.volume = max(0, self.volume - 1)
        return self.volume

    def attach_bell(self, bell: Callable[[], None]) -> None:
        self.bell = bell

    def close(self) -> None:
        self.closed = True


class DrainedDevice:
    """An audio device the test pulls from: what the mixer gives is kept as 16-bit stereo."""

    name = "drained"

    def __init__(self) -> None:
        self.pull: Pull | None = None

    def start(self, pull: Pull) -> None:
        self.pull = pull

    def stop(self) -> None:
        self.pull = None

    def close(self) -> None:
        self.pull = None

    def drain(self, frames: int = 44100) -> bytes:
        """Take ``frames`` frames from the mixer, 30 ms at a time as miniaudio does, as
        little-endian 16-bit stereo (what ``test_audio_support.rms`` reads); silence
        while the device is stopped or the mixer has nothing."""
        taken = array("h")
        while len(taken) < frames * 2:
            pull = self.pull
            chunk = pull(PERIOD) if pull is not None else b""
            part = array("h", chunk[: len(chunk) - len(chunk) % 4])
            part.extend([0] * (PERIOD * 2 - len(part)))
            taken.extend(part)
        if sys.byteorder == "big":
            taken.byteswap()
        return taken.tobytes()


PACK = load_pack(None)


def real_sounds(
    open_device: DeviceOpener,
    heard: list[str] | None = None,
    *,
    volume: int = DEFAULT_VOLUME,
    clock: Callable[[], float] = time.monotonic,
) -> Sounds:
    """The real :class:`~okey.audio.Sounds` with the game's own cues, on the device
    ``open_device`` opens; what the player is told (keys) and each bell ("bell") go into
    ``heard``. A still ``clock`` makes the worker's own delay count for nothing (a
    drained device is not pulled in real time)."""
    told = heard if heard is not None else []
    return Sounds(
        bell=lambda: told.append("bell"),
        on_notice=lambda key, /, **fields: told.append(key),
        pack=PACK,
        volume=volume,
        open_device=open_device,
        clock=clock,
    )
