"""macOS's ``say``: the system voice when VoiceOver is not running or not allowed.

Each message is one ``say`` process fed the text on its standard input (so
a text beginning with "-" is never read as an option). Messages queue one
after another on a thread of their own; an interrupt empties the queue and
ends the process speaking. A message has finished when its process has
ended, so this voice has a real "finished" signal.
"""

from __future__ import annotations

import contextlib
import shutil
import subprocess
import threading
from collections import deque
from collections.abc import Callable, Sequence
from typing import Any, Final

COMMAND: Final = ("say", "-f", "-")  # -f -: read the words from standard input
SAY_PRIORITY: Final = 101  # after VoiceOver, as the library ranks system speech

Starter = Callable[..., Any]
"""``subprocess.Popen``, or a test's fake with the same shape."""


def say_available() -> bool:
    return shutil.which(COMMAND[0]) is not None


class SayVoice:
    """Speaks through ``say`` processes, one at a time, and knows when it is quiet."""

    name = "say"
    priority = SAY_PRIORITY

    def __init__(
        self,
        command: Sequence[str] = COMMAND,
        start: Starter = subprocess.Popen,
        *,
        voice: str | None = None,
    ) -> None:
        # A voice of the game's language (okey.speech.voices), else the system's own.
        self._command = [command[0], "-v", voice, *command[1:]] if voice else list(command)
        self._start = start
        self._changed = threading.Condition()
        self._queue: deque[str] = deque()
        self._speaking: Any | None = None  # the process saying a message now
        self._closed = False
        self._thread: threading.Thread | None = None

    def is_active(self) -> bool:
        return not self._closed

    def speak(self, text: str, interrupt: bool = False) -> None:
        with self._changed:
            if self._closed:
                return
            if interrupt:
                self._cut()
            self._queue.append(text)
            if self._thread is None:
                self._thread = threading.Thread(target=self._play, name="okey-say", daemon=True)
                self._thread.start()
            self._changed.notify_all()

    def silence(self) -> None:
        with self._changed:
            self._cut()
            self._changed.notify_all()

    def _cut(self) -> None:
        self._queue.clear()
        if self._speaking is not None:
            _end(self._speaking)

    def _play(self) -> None:
        while True:
            with self._changed:
                self._changed.wait_for(lambda: self._queue or self._closed)
                if self._closed:
                    return
                text = self._queue.popleft()
                try:
                    process = self._start(
                        self._command,
                        stdin=subprocess.PIPE,
                        stdout=subprocess.DEVNULL,
                        stderr=subprocess.DEVNULL,
                    )
                except OSError:  # say went missing: nothing more can be said
                    self._closed = True
                    self._changed.notify_all()
                    return
                self._speaking = process  # started under the lock: an interrupt now ends it
            with contextlib.suppress(OSError, ValueError):  # ended while fed: it was cut off
                process.communicate(text.encode("utf-8"))
            with self._changed:
                self._speaking = None
                self._changed.notify_all()

    def busy(self) -> bool:
        with self._changed:
            return bool(self._queue) or self._speaking is not None

    def wait_quiet(self, timeout: float) -> bool:
        with self._changed:
            return self._changed.wait_for(
                lambda: not self._queue and self._speaking is None, max(0.0, timeout)
            )

    def close(self) -> None:
        with self._changed:
            self._closed = True
            self._cut()
            self._changed.notify_all()
            thread = self._thread
        if thread is not None:
            thread.join(1.0)


def _end(process: Any) -> None:
    with contextlib.suppress(OSError):  # it has ended already
        process.terminate()
