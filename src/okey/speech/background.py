"""Speaking on a worker thread, so a stuck speech server never freezes the game.

Speech servers answer at once when they are well; one that is not (a
speech-dispatcher waiting on an audio system that is not there) can block a
call for ever. :class:`BackgroundOutput` hands every message to a worker
thread and returns; a message that has been in progress longer than
``hang_after`` seconds, or a call that failed, makes the next ``speak`` raise,
so the Speaker drops the output and says once that it prints only.
"""

from __future__ import annotations

import contextlib
import queue
import threading
import time
from typing import Final

from okey.speech.outputs import SpeechOutput

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
        # In order, interrupts included: the output itself cuts off what it was saying.
        self._queue.put((text, interrupt))

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
            if self._failed is not None:
                continue
            text, interrupt = item
            self._busy_since = time.monotonic()
            try:
                self._inner.speak(text, interrupt=interrupt)
            except Exception as error:  # any failure of a third-party output
                self._failed = error
            finally:
                self._busy_since = None
