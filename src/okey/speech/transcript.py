"""The transcript: every spoken message appended to a file, one per line."""

from __future__ import annotations

import os
from typing import TextIO


def one_line(text: str) -> str:
    """The text with its line breaks turned into spaces."""
    return " ".join(text.splitlines())


class Transcript:
    """Appends messages to a text stream, flushing each as it is written."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    @classmethod
    def open(cls, path: str | os.PathLike[str]) -> Transcript:
        """Open path for appending (UTF-8); raises OSError if that fails."""
        return cls(open(path, "a", encoding="utf-8"))

    def write(self, text: str) -> None:
        if self._stream.closed:
            return
        self._stream.write(one_line(text) + "\n")
        self._stream.flush()

    def close(self) -> None:
        self._stream.close()
