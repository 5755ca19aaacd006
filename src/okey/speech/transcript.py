"""The transcript: every spoken message appended to a file, one per line.

Each line is made printable first (a seat name with an escape sequence in it is
written without it). A transcript that cannot be written (a full disk,
``--transcript /dev/full``) never stops the game: writing stops at the first
failure, which is kept as :attr:`Transcript.failure`: the speaker shows it once at
once (:meth:`Transcript.take_notice`), and it is said again on standard error when
the transcript is closed (after the table's screen is gone).
"""

from __future__ import annotations

import contextlib
import os
import sys
from typing import TextIO

from okey.errors import Phrase, render
from okey.messages import DEFAULT_LANGUAGE, Catalogue, load_catalogue
from okey.textfiles import printable


def one_line(text: str) -> str:
    """The text with its line breaks turned into spaces."""
    return " ".join(text.splitlines())


class Transcript:
    """Appends messages to a text stream, flushing each as it is written."""

    def __init__(self, stream: TextIO, path: str | os.PathLike[str] | None = None) -> None:
        self._stream = stream
        self.path = str(path) if path is not None else getattr(stream, "name", "?")
        self.failure: OSError | None = None
        self._told = False

    @classmethod
    def open(cls, path: str | os.PathLike[str]) -> Transcript:
        """Open path for appending (UTF-8); raises OSError if that fails."""
        return cls(open(path, "a", encoding="utf-8"), path)

    def write(self, text: str) -> None:
        if self.failure is not None or self._stream.closed:
            return
        try:
            self._stream.write(printable(one_line(text)) + "\n")
            self._stream.flush()
        except OSError as exc:  # a full disk: the game goes on without its transcript
            self.failure = exc
            with contextlib.suppress(OSError, ValueError):
                self._stream.close()

    @property
    def notice(self) -> Phrase | None:
        """What to say of a failure (None: none)."""
        if self.failure is None:
            return None
        reason = self.failure.strerror or type(self.failure).__name__
        return Phrase("speech.transcript_failed", path=self.path, reason=reason)

    def take_notice(self) -> Phrase | None:
        """The failure's notice, the first time it is asked for (then None)."""
        if self._told:
            return None
        notice = self.notice
        if notice is not None:
            self._told = True
        return notice

    def close(self, catalogue: Catalogue | None = None) -> None:
        """Close the file; a failure is said on standard error, worded by ``catalogue``
        (English when none is given)."""
        with contextlib.suppress(OSError, ValueError):
            self._stream.close()
        notice = self.notice
        if notice is not None:
            with contextlib.suppress(OSError, ValueError, AttributeError):
                words = catalogue or load_catalogue(DEFAULT_LANGUAGE)
                print(render(Phrase("cli.error", message=notice), words), file=sys.stderr)
                sys.stderr.flush()
