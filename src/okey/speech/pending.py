"""Messages handed to a voice and not yet finished, told from any thread.

A speech server reports the end of each message on a thread of its own;
the game asks "is anything still being spoken?" and may wait for the
answer "no". :class:`Pending` is that shared count, guarded by a condition.
"""

from __future__ import annotations

import itertools
import threading


class Pending:
    """Open messages: each is opened before it is spoken and finished once."""

    def __init__(self) -> None:
        self._condition = threading.Condition()
        self._open: set[int] = set()
        self._numbers = itertools.count(1)

    def open(self) -> int:
        """A new message in flight; returns its token for :meth:`finish`."""
        with self._condition:
            token = next(self._numbers)
            self._open.add(token)
            return token

    def finish(self, token: int) -> None:
        """The message has ended or was cut; a second report is ignored."""
        with self._condition:
            self._open.discard(token)
            if not self._open:
                self._condition.notify_all()

    def finish_all(self) -> None:
        """Everything in flight was cut off (an interrupt, or closing)."""
        with self._condition:
            self._open.clear()
            self._condition.notify_all()

    @property
    def quiet(self) -> bool:
        with self._condition:
            return not self._open

    def wait_quiet(self, timeout: float) -> bool:
        """Wait at most ``timeout`` seconds for every message to finish."""
        with self._condition:
            return self._condition.wait_for(lambda: not self._open, max(0.0, timeout))
