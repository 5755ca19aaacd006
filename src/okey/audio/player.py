"""``Sounds``: what the table calls to play a cue from a seat, at a volume, or not at all.

``play()`` only puts the cue on a queue: a worker thread hands it to the mixer and
starts the device, and the audio library's own thread pulls the samples, so
neither the game nor its speech ever waits for a sound. The device is stopped after
a moment of silence (no work at all while nothing sounds) and started again by the
next cue. With no device, or one that stops working, the terminal bell rings for the
cues that ask the player to act, and the player is told once.
"""

from __future__ import annotations

import contextlib
import queue
import threading
import time
from collections.abc import Callable, Sequence
from enum import Enum
from pathlib import Path
from types import TracebackType
from typing import Final, Protocol

from okey.audio.cues import BELL_CUES, STANDALONE, Cue
from okey.audio.device import Device, DeviceError, DeviceOpener, open_default
from okey.audio.mixer import Mixer
from okey.audio.pack import Pack, load_pack, pack_folder
from okey.audio.places import Position, gains
from okey.audio.synth import RATE
from okey.audio.volume import DEFAULT_VOLUME, VOLUME_STEPS, volume_gain

MAX_LAG: Final = 0.5  # seconds: a cue that could not start by then is dropped, not played late
IDLE_STOP: Final = 2.0  # seconds of silence before the device is stopped
STALL: Final = 2.0  # seconds a started device may leave a cue waiting before it counts as failed
OPEN_WAIT: Final = 1.0  # seconds the constructor waits for the device (then it opens behind)
TICK: Final = 0.25  # how often the worker looks at a running device
CUE_GAP: Final = 0.06  # seconds between cues played one after another (play_all)
LONGEST_STEP: Final = 0.4  # a long cue of a player's pack holds the next back no longer


class Notice(Protocol):
    """Tells the player something, from a catalogue key and its fields (as
    ``Speaker.event`` does)."""

    def __call__(self, key: str, /, **fields: object) -> object: ...


class State(Enum):
    """Where the audio device stands."""

    OFF = "off"  # not opened yet: sounds off since the start, or no cue played yet
    OPENING = "opening"
    READY = "ready"
    BELL = "bell"  # no device, or it failed: the terminal bell stands in
    CLOSED = "closed"


_CLOSE: Final = object()
_Request = tuple[Cue, Position, int, float, float]  # cue, where, volume, when asked, delay


class Sounds:
    """The game's cues, played at the table.

    ``bell`` rings the terminal bell; ``on_notice(key, **fields)`` tells the player
    something (a bad file in their pack, no audio device). Both are called on the
    caller's thread only: in the constructor or in a later call of this object (a
    notice from the worker waits for the next one; ``flush_notices()`` fetches it).
    ``folder`` is the player's sound pack (default :func:`okey.audio.pack.pack_folder`).
    ``at_first_sound``: the device is opened (and the audio library, which takes a tenth
    of a second of processor time to import, loaded) by the first cue played, not here:
    the game's first words are not kept waiting for it. Until then nothing is heard, so
    no cue stands alone.
    Tests pass a ``pack``, an ``open_device`` and shorter times.
    """

    def __init__(
        self,
        *,
        bell: Callable[[], None],
        on_notice: Notice,
        enabled: bool = True,
        volume: int = DEFAULT_VOLUME,
        folder: Path | None = None,
        pack: Pack | None = None,
        open_device: DeviceOpener = open_default,
        clock: Callable[[], float] = time.monotonic,
        idle_stop: float = IDLE_STOP,
        stall: float = STALL,
        open_wait: float = OPEN_WAIT,
        max_lag: float = MAX_LAG,
        at_first_sound: bool = False,
    ) -> None:
        self._bell = bell
        self._on_notice = on_notice
        self._enabled = enabled
        self._volume = max(0, min(VOLUME_STEPS, volume))
        self._open_device = open_device
        self._clock = clock
        self._idle_stop = idle_stop
        self._stall = stall
        self._max_lag = max_lag
        self._state = State.OFF
        self._device_name: str | None = None
        self._requests: queue.SimpleQueue[_Request | object] = queue.SimpleQueue()
        # Cues asked for and not yet handed to the mixer (or dropped): the queue alone
        # is empty while the worker holds the one it just took.
        self._unhandled = 0
        self._unhandled_lock = threading.Lock()
        self._notices: queue.SimpleQueue[tuple[str, dict[str, object]]] = queue.SimpleQueue()
        self._settled = threading.Event()  # the device opened, or failed to
        self._worker: threading.Thread | None = None
        self.mixer = Mixer(clock=clock)
        if pack is None:
            pack = load_pack(pack_folder() if folder is None else folder)
        self._pack = pack
        for problem in pack.problems:
            key, fields = problem.notice()
            self._on_notice(key, **fields)
        if enabled and not at_first_sound:
            self._open()
            self._settled.wait(open_wait)
            self.flush_notices()

    # -- what the table calls --------------------------------------------------------

    def play(self, cue: Cue, position: Position = Position.OWN, *, delay: float = 0.0) -> None:
        """Play a cue from a place at the table, ``delay`` seconds from now; returns at
        once, whatever happens."""
        self.flush_notices()
        if not self._enabled or self._volume == 0:
            return
        if self._state is State.OFF:  # the first sound (``at_first_sound``)
            self._open()
        if self._state is State.BELL:
            if cue in BELL_CUES:
                with contextlib.suppress(OSError, ValueError):  # a closed or broken terminal
                    self._bell()
            return
        if self._state in (State.OPENING, State.READY):
            with self._unhandled_lock:
                self._unhandled += 1
            self._requests.put((cue, position, self._volume, self._clock(), max(0.0, delay)))

    def play_all(self, cues: Sequence[tuple[Cue, Position]]) -> None:
        """Play cues one after another, each :data:`CUE_GAP` after the one before ends
        (a move's draw, then its discard): together they would sound as one."""
        delay = 0.0
        for cue, position in cues:
            self.play(cue, position, delay=delay)
            delay += min(self.seconds(cue), LONGEST_STEP) + CUE_GAP

    def seconds(self, cue: Cue) -> float:
        """How long a cue sounds."""
        return len(self._pack.clips[cue]) / RATE

    def attach_bell(self, bell: Callable[[], None]) -> None:
        """Ring this bell from now on (a full-screen front end rings its own)."""
        self._bell = bell

    def stands_alone(self, cue: Cue) -> bool:
        """True when the cue may stand for its words in brief mode: it is one that says
        all they say, and it is heard now (sounds on, volume above 0, a device)."""
        return (
            cue in STANDALONE and self._enabled and self._volume > 0 and self._state is State.READY
        )

    @property
    def enabled(self) -> bool:
        return self._enabled

    def set_enabled(self, on: bool) -> None:
        """Sounds on or off (off: nothing plays, not even the bell)."""
        self.flush_notices()
        self._enabled = on
        if on and self._state is State.OFF:
            self._open()
        if not on:
            self.mixer.clear()

    @property
    def volume(self) -> int:
        """From 0 (silent) to :data:`VOLUME_STEPS`."""
        return self._volume

    def set_volume(self, level: int) -> int:
        """Set the volume (kept within 0..VOLUME_STEPS); returns it."""
        self.flush_notices()
        self._volume = max(0, min(VOLUME_STEPS, level))
        if self._volume == 0:
            self.mixer.clear()
        return self._volume

    def louder(self) -> int:
        return self.set_volume(self._volume + 1)

    def softer(self) -> int:
        return self.set_volume(self._volume - 1)

    @property
    def state(self) -> State:
        return self._state

    @property
    def device_name(self) -> str | None:
        """The backend that plays (PulseAudio, WASAPI, Core Audio...), once open."""
        return self._device_name

    @property
    def pack(self) -> Pack:
        return self._pack

    def flush_notices(self) -> None:
        """Tell the player what the worker found (no device, a device that failed)."""
        while True:
            try:
                key, fields = self._notices.get_nowait()
            except queue.Empty:
                return
            self._on_notice(key, **fields)

    def wait_idle(self, timeout: float) -> bool:
        """Wait until every cue asked for has been played out (for tests and tools)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            with self._unhandled_lock:
                unhandled = self._unhandled
            if unhandled == 0 and not self.mixer.busy:
                return True
            time.sleep(0.005)
        return False

    def close(self) -> None:
        """Stop the worker and close the device (waits briefly; safe to call twice)."""
        if self._worker is not None:
            self._requests.put(_CLOSE)
            self._worker.join(timeout=2.0)
            self._worker = None
        self._state = State.CLOSED
        self.flush_notices()

    def __enter__(self) -> Sounds:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    # -- the worker ------------------------------------------------------------------

    def _open(self) -> None:
        self._state = State.OPENING
        self._worker = threading.Thread(target=self._run, name="okey-sounds", daemon=True)
        self._worker.start()

    def _fail(self, key: str, error: Exception, device: Device | None) -> None:
        if self._state is not State.CLOSED:
            self._state = State.BELL
        self.mixer.clear()
        if device is not None:
            device.close()
        self._notices.put((key, {"reason": str(error)}))
        self._settled.set()

    def _run(self) -> None:
        try:
            device = self._open_device()
        except Exception as exc:  # DeviceError, or a library that failed some other way
            self._fail("audio.no_device", exc, None)
            return
        self._device_name = device.name
        if self._state is State.OPENING:
            self._state = State.READY
        self._settled.set()
        try:
            self._serve(device)
        except Exception as exc:  # the worker never dies silently: the bell takes over
            self._fail("audio.failed", exc, device)
            return
        device.close()

    def _serve(self, device: Device) -> None:
        """Take requests until closed; start the device for a cue, stop it when quiet."""
        running = False
        started = 0.0
        while True:
            try:
                item = self._requests.get(timeout=TICK if running else None)
            except queue.Empty:
                item = None
            if item is _CLOSE:
                if running:
                    with contextlib.suppress(DeviceError):
                        device.stop()
                return
            now = self._clock()
            if isinstance(item, tuple):
                try:
                    cue, position, volume, asked, delay = item
                    late = now - asked - delay  # after the moment it was to begin
                    if late > self._max_lag or not self._enabled:
                        continue
                    left, right = gains(position)
                    gain = volume_gain(volume)
                    wait = round(max(0.0, -late) * RATE)
                    self.mixer.add(self._pack.clips[cue], left * gain, right * gain, wait)
                    if not running:
                        device.start(self.mixer.pull)
                        running, started = True, now
                finally:
                    with self._unhandled_lock:
                        self._unhandled -= 1
            if not running:
                continue
            waiting = self.mixer.oldest_wait
            if waiting is not None and now - max(waiting, started) > self._stall:
                raise DeviceError("the device stopped asking for sound")
            last = max(self.mixer.last_sound, started)
            if not self.mixer.busy and now - last >= self._idle_stop:
                device.stop()
                running = False
