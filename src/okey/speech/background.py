"""Speaking on a worker thread, so a stuck speech server never freezes the game.

Speech servers answer at once when they are well; one that is not (a
speech-dispatcher waiting on an audio system that is not there) can block a
call for ever. :class:`BackgroundOutput` hands every message to a worker
thread and returns; a message that has been in progress longer than
``hang_after`` seconds, or a call that failed, makes the next ``speak`` raise,
so the Speaker drops the output and says once that it prints only.

A message waiting for the worker counts as being spoken: when the output
has a "finished" signal, :meth:`BackgroundOutput.busy` is true from the
moment ``speak`` returns until the output reports the message finished.
"""

from __future__ import annotations

import contextlib
import queue
import threading
import time
from typing import Final

from okey.speech.outputs import FinishSignal, SpeechOutput

HANG_AFTER: Final = 5.0
_STOP: Final = None


class SpeechStuckError(OSError):
    """The speech output stopped answering or failed."""


class BackgroundOutput:
    """Wraps a speech output so that speaking never blocks the caller."""

    def __init__(self, inner: SpeechOutput, *, hang_after: float = HANG_AFTER) -> None:
        self._inner = inner
        self._hang_after = hang_after
        self._queue: queue.Queue[tuple[str, bool] | None] = queue.Queue()
        self._busy_since: float | None = None
        self._failed: BaseException | None = None
        self._handed = threading.Condition()
        self._unsent = 0  # messages queued here and not yet given to the output
        self._thread = threading.Thread(target=self._work, name="okey-speech", daemon=True)
        self._thread.start()

    @property
    def name(self) -> str:
        return self._inner.name

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

        A stuck output is not waited for: its daemon thread ends with the game.
        """
        self._queue.put(_STOP)
        if self._failed is None:
            self._thread.join(timeout)

    def _work(self) -> None:
        while True:
            item = self._queue.get()
            if item is _STOP:
                with contextlib.suppress(Exception):
                    self._inner.close()
                return
            text, interrupt = item
            try:
                if self._failed is None:
                    self._busy_since = time.monotonic()
                    self._inner.speak(text, interrupt=interrupt)
            except Exception as error:  # any failure of a third-party output
                self._failed = error
            finally:
                self._busy_since = None
                with self._handed:
                    self._unsent -= 1
                    self._handed.notify_all()
