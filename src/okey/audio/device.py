"""The audio device, through miniaudio: opened once, started while cues sound.

miniaudio calls back for samples on a thread of its own; :func:`_feed` hands it
whatever the mixer's ``pull`` gives and never lets an error escape into the library.
ALSA and PulseAudio may write warnings to the terminal while a device is looked for
(with no sound card, ALSA always does); they are silenced, as they would spoil the
screen a screen reader reads.
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
from collections.abc import Callable, Generator, Iterator, Mapping, Sequence
from typing import Any, Final, Protocol

from okey.audio.mixer import CHANNELS
from okey.audio.synth import RATE

# How much the library asks for at a time (it keeps three periods queued). Its callback
# runs Python, so it waits for the GIL while another thread computes: beside one busy
# Python thread, an 800 ms cue came out 3-80 ms longer (gaps) with 10 ms periods, up to
# 16 ms with 20 ms, and whole with 30 ms, which costs about 15 ms of latency more than 10.
PERIOD_MS: Final = 30
APP_NAME: Final = "okey"  # how the game's stream is named in the system's mixer
BACKEND_VAR: Final = "OKEY_AUDIO_BACKEND"  # miniaudio's backends to try, in order

Pull = Callable[[int], bytes]


class DeviceError(Exception):
    """No audio device could be opened or started; the message says what the library said."""


class Device(Protocol):
    """What the player needs of an audio output."""

    @property
    def name(self) -> str:
        """The backend that plays (PulseAudio, WASAPI, Core Audio, ...)."""
        ...

    def start(self, pull: Pull) -> None:
        """Begin asking ``pull(frames)`` for 16-bit stereo bytes; DeviceError if it cannot."""
        ...

    def stop(self) -> None: ...

    def close(self) -> None: ...


DeviceOpener = Callable[[], Device]

_stderr_lock = threading.Lock()


@contextlib.contextmanager
def quiet_stderr() -> Iterator[None]:
    """Send what C libraries write to file descriptor 2 nowhere while it lasts."""
    with _stderr_lock:
        try:
            saved = os.dup(2)
        except OSError:  # no stderr to keep quiet (a windowed program)
            yield
            return
        with contextlib.suppress(Exception):
            sys.stderr.flush()
        devnull = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(devnull, 2)
            yield
        finally:
            os.dup2(saved, 2)
            os.close(saved)
            os.close(devnull)


def _feed(pull: Pull) -> Generator[bytes, int, None]:
    """miniaudio's callback generator: sent a frame count, yields the bytes to play."""
    frames = yield b""
    while True:
        try:
            data = pull(frames)
        except Exception:  # an error raised here would be printed by the library's thread
            data = b""
        frames = yield data


class MiniaudioDevice:
    """The default output of the system, 16-bit stereo at :data:`RATE`.

    ``backends`` (miniaudio's names: ``PULSEAUDIO``, ``ALSA``, ``WASAPI``, ``NULL``...)
    limits the search; by default the library tries the system's usual ones in order.
    Its ``NULL`` backend, which plays into nothing at the pace of a sound card, counts
    as no device unless asked for by name (the tests do, to run the real callback)."""

    def __init__(
        self, backends: Sequence[str] | None = None, *, period_ms: int = PERIOD_MS
    ) -> None:
        try:
            import miniaudio
        except ImportError as exc:  # pragma: no cover - the dependency is installed
            raise DeviceError(str(exc)) from None
        known = {backend.name for backend in miniaudio.Backend}
        unknown = [name for name in backends or () if name not in known]
        if unknown:
            raise DeviceError(f"no audio backend called {', '.join(unknown)}")
        chosen = [miniaudio.Backend[name] for name in backends] if backends else None
        with quiet_stderr():
            try:
                device: Any = miniaudio.PlaybackDevice(
                    output_format=miniaudio.SampleFormat.SIGNED16,
                    nchannels=CHANNELS,
                    sample_rate=RATE,
                    buffersize_msec=period_ms,
                    backends=chosen,
                    app_name=APP_NAME,
                )
            except Exception as exc:
                raise DeviceError(str(exc)) from None
        self._device = device
        self._name = str(device.backend)
        if self._name.lower() == "null" and not (backends and "NULL" in backends):
            self.close()
            raise DeviceError("no audio device (only the null backend)")

    @property
    def name(self) -> str:
        return self._name

    def start(self, pull: Pull) -> None:
        feed = _feed(pull)
        next(feed)
        with quiet_stderr():
            try:
                self._device.start(feed)
            except Exception as exc:
                raise DeviceError(str(exc)) from None

    def stop(self) -> None:
        try:
            self._device.stop()
        except Exception as exc:
            raise DeviceError(str(exc)) from None

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self._device.close()


def backends_wanted(environ: Mapping[str, str] | None = None) -> list[str]:
    """The backends ``$OKEY_AUDIO_BACKEND`` names ("alsa", "pulseaudio,alsa", "null"),
    in miniaudio's spelling; none: the library's usual order."""
    env = os.environ if environ is None else environ
    return [name.strip().upper() for name in env.get(BACKEND_VAR, "").split(",") if name.strip()]


def open_default() -> Device:
    """The system's default output, through the backends ``$OKEY_AUDIO_BACKEND`` names
    if it is set (DeviceError when there is none). ``null`` plays into nothing at a
    sound card's pace: the tests use it, so that a game they start is never heard."""
    return MiniaudioDevice(backends_wanted() or None)
