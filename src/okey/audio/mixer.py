"""The mixer: cues placed in stereo, added together, handed to the device as it asks.

:meth:`Mixer.pull` runs on the audio library's own thread, one period (30 ms) at a
time: it pans and scales just that much of each sounding cue, in integer arithmetic,
so a cue costs nothing before it plays and about a third of a millisecond a period
while it does (about 1 % of a core; two overlapping cues about three times that).
With nothing to play it returns at once.
"""

from __future__ import annotations

import threading
import time
from array import array
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final

CHANNELS: Final = 2
FRAME_BYTES: Final = 2 * CHANNELS  # 16-bit stereo
MAX_VOICES: Final = 8  # more cues at once than this: the oldest stops
UNITY: Final = 1 << 15  # a gain of 1 in the mixer's fixed point


@dataclass
class _Voice:
    """A mono cue sounding with (left, right) gains in fixed point."""

    clip: array[int]
    left: int
    right: int
    offset: int = 0  # the next frame to play; below 0 while the cue waits to begin

    def take(self, frames: int) -> array[int]:
        """The next ``frames`` frames of the cue (fewer at its end), silence before it
        begins."""
        start = self.offset
        self.offset += frames
        if start >= 0:
            return self.clip[start : self.offset]
        lead = array("h", bytes(2 * min(frames, -start)))
        return lead + self.clip[: max(0, self.offset)]


def _fixed(gain: float) -> int:
    return round(max(0.0, min(1.0, gain)) * UNITY)


@dataclass
class Mixer:
    """Cues waiting and sounding; thread-safe between :meth:`add` and :meth:`pull`."""

    clock: Callable[[], float] = time.monotonic
    _waiting: deque[tuple[_Voice, float]] = field(default_factory=deque)
    _playing: list[_Voice] = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock)
    frames_out: int = 0  # frames of sound handed to the device so far
    cues_started: int = 0
    last_pull: float = 0.0  # when the device last asked (clock time); 0 before it ever did
    last_sound: float = 0.0  # when it was last given sound

    def add(self, clip: array[int], left: float, right: float, delay: int = 0) -> None:
        """Sound a mono cue (16-bit samples) with these channel gains (0..1) from the next
        pull on, after ``delay`` frames of silence (cues played one after another)."""
        voice = _Voice(clip, _fixed(left), _fixed(right), -max(0, delay))
        with self._lock:
            self._waiting.append((voice, self.clock()))

    @property
    def busy(self) -> bool:
        """True while a cue waits or sounds."""
        with self._lock:
            return bool(self._waiting or self._playing)

    @property
    def oldest_wait(self) -> float | None:
        """When the oldest cue the device has not started yet was added, if any."""
        with self._lock:
            return self._waiting[0][1] if self._waiting else None

    def clear(self) -> None:
        with self._lock:
            self._waiting.clear()
            self._playing.clear()

    def pull(self, frames: int) -> bytes:
        """The next ``frames`` frames as 16-bit stereo bytes in the machine's byte order
        (fewer, even none, when the cues end sooner: the library plays silence after)."""
        now = self.last_pull = self.clock()
        with self._lock:
            while self._waiting:
                self._playing.append(self._waiting.popleft()[0])
                self.cues_started += 1
            del self._playing[:-MAX_VOICES]
            if not self._playing:
                return b""
            parts = []
            for sounding in self._playing:
                parts.append((sounding.take(frames), sounding))
            self._playing = [v for v in self._playing if v.offset < len(v.clip)]
        out = _one(*parts[0]) if len(parts) == 1 else _many(parts)
        self.frames_out += len(out) // FRAME_BYTES
        self.last_sound = now
        return out


def _one(chunk: array[int], sounding: _Voice) -> bytes:
    """One cue's chunk, panned: no sum can overflow, so nothing is clipped."""
    left, right = sounding.left, sounding.right
    stereo = array("h", bytes(len(chunk) * FRAME_BYTES))
    stereo[0::2] = array("h", [sample * left >> 15 for sample in chunk])
    stereo[1::2] = array("h", [sample * right >> 15 for sample in chunk])
    return stereo.tobytes()


def _many(parts: list[tuple[array[int], _Voice]]) -> bytes:
    """Overlapping cues' chunks, panned, added and clipped to 16 bits."""
    length = max(len(chunk) for chunk, _ in parts)
    lefts = [0] * length
    rights = [0] * length
    for chunk, sounding in parts:
        if len(chunk) < length:
            chunk = chunk + array("h", bytes(2 * (length - len(chunk))))
        left, right = sounding.left, sounding.right
        lefts = [total + sample * left for total, sample in zip(lefts, chunk, strict=True)]
        rights = [total + sample * right for total, sample in zip(rights, chunk, strict=True)]
    stereo = array("h", bytes(length * FRAME_BYTES))
    stereo[0::2] = _clipped(lefts)
    stereo[1::2] = _clipped(rights)
    return stereo.tobytes()


def _clipped(totals: list[int]) -> array[int]:
    """Fixed-point sums as 16-bit samples, clipped only when some are out of range."""
    values = [total >> 15 for total in totals]
    if max(values) > 32767 or min(values) < -32768:
        values = [max(-32768, min(32767, value)) for value in values]
    return array("h", values)
