"""One speech thread: it finds the output, speaks every message and closes it.

Speech servers answer at once when they are well; one that is not (a
speech-dispatcher waiting on an audio system that is not there, a socket
that accepts and never answers) can block a call for ever. So the game never
calls an output itself. :class:`BackgroundOutput` starts a worker thread that
builds the output (the probe), then hands it every message:

- The probe has a time limit, counted from the worker's start: about 2 s
  (:data:`PROBE_TIMEOUT`) for a speech server that runs to answer, longer
  (:data:`START_TIMEOUT`) when none ran and one is being started, or when pywin32
  generates its COM wrappers on first use (Windows). Past it the game plays on
  printing only and says so once (on first use: that speech is being set up, not
  that it did not answer); an output that turns up later is closed unused.
- On Windows the worker initialises COM before it builds anything
  (``com.py``), so JAWS, SAPI 5 and the others are created, used and released
  on that one thread, as COM requires.
- A message that has been in progress longer than ``hang_after`` seconds, or
  a call that failed, makes the next ``speak`` raise, so the Speaker drops the
  output and says once that it prints only.

A message waiting for the worker counts as being spoken: when the output
has a "finished" signal, :meth:`BackgroundOutput.busy` is true from the
moment ``speak`` returns until the output reports the message finished.
"""

from __future__ import annotations

import atexit
import contextlib
import functools
import os
import queue
import threading
import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Final

from okey.messages import DEFAULT_LANGUAGE
from okey.speech.com import com_apartment
from okey.speech.outputs import FinishSignal, Probe, SpeechOutput, probe_system_output
from okey.speech.routes import on_first_use, on_server_start
from okey.speech.utterance import Message

HANG_AFTER: Final = 5.0
PROBE_TIMEOUT: Final = 2.0
# A speech-dispatcher started cold loads its voices first (1 to 2 s on a slow machine);
# pywin32's first use of SAPI 5 and JAWS generates and compiles their wrappers (docs/speech.md,
# "The speech thread": compiling them alone is 0.13 s of processor time here, generating
# them a few times that; up to about 3 s on a slow PC).
START_TIMEOUT: Final = 8.0
_STOP: Final = None
_WAIT_STEP: Final = 0.05
TRACE_VAR: Final = "OKEY_SPEECH_TRACE"
"""Names a file to which every message the output took is appended, after the
``time.monotonic()`` it took it at (the start-up benchmark reads it)."""

Prober = Callable[[], Probe]
"""Builds the output on the worker thread (default: the platform's outputs)."""

ThreadSetup = Callable[[], AbstractContextManager[object]]
"""What the worker enters before building anything and leaves after closing (COM)."""


class SpeechStuckError(OSError):
    """The speech output stopped answering or failed."""


class BackgroundOutput:
    """Builds an output on a worker thread and speaks through it there, never blocking."""

    def __init__(
        self,
        prober: Prober | None = None,
        *,
        hang_after: float = HANG_AFTER,
        setup: ThreadSetup = com_apartment,
    ) -> None:
        self._prober = prober if prober is not None else probe_system_output
        self._setup = setup
        self._hang_after = hang_after
        self._queue: queue.Queue[tuple[str, bool] | None] = queue.Queue()
        self._ready = threading.Event()
        self._starting = threading.Event()  # no server ran: one is being started
        self._first_use = threading.Event()  # COM wrappers are being generated
        self.started_at = time.monotonic()
        self._probe = Probe(None)
        self._inner: SpeechOutput | None = None
        self._name = ""
        self._busy_since: float | None = None
        self._failed: BaseException | None = None
        self._handed = threading.Condition()
        self._unsent = 0  # messages queued here and not yet given to the output
        self._trace = os.environ.get(TRACE_VAR, "")
        self._thread = threading.Thread(target=self._work, name="okey-speech", daemon=True)
        self._thread.start()

    @classmethod
    def around(cls, output: SpeechOutput, *, hang_after: float = HANG_AFTER) -> BackgroundOutput:
        """A worker for an output made already (tests; outputs with no thread affinity)."""
        return cls(lambda: Probe(output), hang_after=hang_after, setup=contextlib.nullcontext)

    def wait_ready(
        self, timeout: float = PROBE_TIMEOUT, start_timeout: float = START_TIMEOUT
    ) -> Probe | None:
        """What the probe found, or None when it has not answered ``timeout`` seconds
        after the worker started (``start_timeout`` while a server is being started)."""
        while not self._ready.is_set():
            left = self.started_at + self.limit(timeout, start_timeout) - time.monotonic()
            if left <= 0:
                return None
            self._ready.wait(min(left, _WAIT_STEP))
        return self._probe

    def limit(self, timeout: float = PROBE_TIMEOUT, start_timeout: float = START_TIMEOUT) -> float:
        """The time limit that applies now (longer once a server is being started)."""
        return start_timeout if self._starting.is_set() else timeout

    @property
    def first_use(self) -> bool:
        """Whether the probe has had COM wrappers to generate (Windows, first use)."""
        return self._first_use.is_set()

    def _first_used(self) -> None:
        self._first_use.set()
        self._starting.set()

    @property
    def thread(self) -> threading.Thread:
        """The worker: every output call is made on it."""
        return self._thread

    @property
    def name(self) -> str:
        return self._name

    def speak(self, text: str, *, interrupt: bool) -> None:
        """Queue text for the worker; raise if the output has failed or hangs."""
        if self._failed is not None:
            raise SpeechStuckError(str(self._failed))
        busy_since = self._busy_since
        if busy_since is not None and time.monotonic() - busy_since > self._hang_after:
            self._failed = SpeechStuckError("the speech output stopped answering")
            raise self._failed
        with self._handed:
            self._unsent += 1
        # In order, interrupts included: the output itself cuts off what it was saying.
        self._queue.put((text, interrupt))

    def busy(self) -> bool | None:
        """Whether anything is still to be spoken; None when the output cannot tell."""
        inner = self._inner
        if self._failed is not None or not isinstance(inner, FinishSignal):
            return None
        # Unsent first: the output counts a message before the worker lets go of it.
        with self._handed:
            unsent = self._unsent
        answer = inner.busy()
        return None if answer is None else bool(unsent) or answer

    def wait_quiet(self, timeout: float) -> bool | None:
        """Wait at most ``timeout`` seconds for quiet; None when the output cannot tell."""
        inner = self._inner
        if self._failed is not None or not isinstance(inner, FinishSignal):
            return None
        deadline = time.monotonic() + timeout
        with self._handed:
            handed = self._handed.wait_for(
                lambda: not self._unsent or self._failed is not None, max(0.0, timeout)
            )
        if self._failed is not None:
            return None
        if not handed:
            return False
        return inner.wait_quiet(deadline - time.monotonic())

    def close(self, timeout: float = 2.0) -> None:
        """Stop the worker and close the output, waiting at most ``timeout`` seconds.

        A stuck output, or a probe that has not answered, is not waited for: its
        daemon thread ends with the game (an output found after this is closed unused).
        """
        self._queue.put(_STOP)
        if self._failed is None and self._ready.is_set():
            self._thread.join(timeout)

    def _work(self) -> None:
        on_server_start(self._starting.set)
        on_first_use(self._first_used)
        with self._setup():
            try:
                probe = self._prober()
            except Exception as error:  # any failure of a third-party output: no speech
                probe = Probe(None, f"{type(error).__name__}: {error}")
            self._inner = probe.output
            if probe.output is not None:
                with contextlib.suppress(Exception):
                    self._name = probe.output.name
            self._probe = probe
            self._ready.set()
            if self._trace:  # the benchmark tells the probe's time from the first words'
                _trace(self._trace, f"[probe: {self._name or 'nothing'}]")
            if probe.output is not None:
                self._serve(probe.output)

    def _serve(self, inner: SpeechOutput) -> None:
        while True:
            item = self._queue.get()
            if item is _STOP:
                with contextlib.suppress(Exception):
                    inner.close()
                return
            text, interrupt = item
            try:
                if self._failed is None:
                    self._busy_since = time.monotonic()
                    inner.speak(text, interrupt=interrupt)
                    self._name = inner.name
                    if self._trace:
                        _trace(self._trace, text)
            except Exception as error:  # any failure of a third-party output
                self._failed = error
            finally:
                self._busy_since = None
                with self._handed:
                    self._unsent -= 1
                    self._handed.notify_all()


def _trace(path: str, text: str) -> None:
    """One line of the trace file: when the output took ``text``, then its words."""
    with contextlib.suppress(OSError), open(path, "a", encoding="utf-8") as trace:
        trace.write(f"{time.monotonic():.6f} {' '.join(text.split())}\n")


_early: list[BackgroundOutput] = []
_early_language: list[str] = []  # the language the early worker speaks


def start_early(prober: Prober | None = None, language: str = DEFAULT_LANGUAGE) -> None:
    """Start looking for the platform's speech now, while the game is still loading
    (speaking ``language``, the game's, unless a ``prober`` of its own is given).

    The next :func:`open_background_output` takes this worker (its time limit
    counts from now) instead of starting one; one never taken is closed at exit.
    One started already for another language is closed and started again.
    """
    if _early and prober is None and _early_language != [language]:
        stop_early()
    if not _early:
        _early.append(BackgroundOutput(prober or _system_prober(language)))
        _early_language[:] = [language]
        atexit.unregister(_close_early)  # once, however often it starts
        atexit.register(_close_early)


def stop_early() -> None:
    """Close the worker :func:`start_early` started, if any (the game will not speak)."""
    _close_early()
    _early_language.clear()


def _system_prober(language: str) -> Prober:
    """The platform's outputs, speaking ``language``."""
    return functools.partial(probe_system_output, language=language)


def _close_early() -> None:
    while _early:
        _early.pop().close(timeout=0.5)


def open_background_output(
    timeout: float = PROBE_TIMEOUT,
    prober: Prober | None = None,
    *,
    start_timeout: float = START_TIMEOUT,
    language: str = DEFAULT_LANGUAGE,
) -> Probe:
    """The platform's output on its own speech thread, found within the time limit.

    The probe's notices come with it. When it finds nothing, the worker ends;
    when it does not answer in time, the notice says so and the worker is left
    to close whatever it finds later. Without a ``prober`` of its own, it takes
    the worker started early (:func:`start_early`) for ``language``, if there is one.
    """
    if prober is None and _early and _early_language != [language]:
        stop_early()  # it speaks another language than the game's
    if prober is None and _early:
        worker = _early.pop()
    else:
        worker = BackgroundOutput(prober or _system_prober(language))
    probe = worker.wait_ready(timeout, start_timeout)
    if probe is None:
        seconds = f"{worker.limit(timeout, start_timeout):g}"
        worker.close()
        if worker.first_use:  # working speech, still being set up: it speaks next time
            return Probe(
                None,
                f"the COM wrappers were still being generated after {seconds} s",
                (Message.of("speech.first_use"),),
            )
        return Probe(
            None,
            f"the speech output did not answer within {seconds} s",
            (Message.of("speech.no_answer", seconds=seconds),),
        )
    if probe.output is None:
        return probe
    return Probe(worker, probe.diagnostics, probe.notices)
