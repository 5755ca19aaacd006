"""Reading the files a player gives okey: settings, rules, match logs, saves, batches.

Everything here reads only *regular files*, and only so much of them: a FIFO, a
device (``/dev/zero``, ``/dev/urandom``), a folder or a file far larger than any okey
writes is refused with a :class:`TextFileError` before anything waits on it or fills
the memory. A FIFO is opened without blocking, so even opening it never hangs.
Lines are capped too, so standard input fed from ``/dev/zero`` ends with an error, not
a MemoryError.

Windows Notepad (before Windows 10's 1903 update, and still when asked to) saves
UTF-8 with a byte order mark, the three bytes EF BB BF, in front. TOML and okey's own
formats know nothing of it, so a file saved that way would be refused as damaged.
Everything here reads UTF-8 with or without that mark (Python's ``utf-8-sig``);
files okey writes itself have none.

:func:`printable` is the one filter for text read from a file before it is shown,
printed or written to a transcript: control characters (an escape sequence that would
clear the screen) are dropped.
"""

from __future__ import annotations

import os
import stat
import sys
import unicodedata
from collections.abc import Iterable, Iterator
from enum import StrEnum
from typing import TYPE_CHECKING, ClassVar, Final, TextIO

from okey.errors import OkeyError

if TYPE_CHECKING:  # okey --help reads the settings file through here: no pathlib
    from pathlib import Path

ENCODING: Final = "utf-8-sig"
BOM: Final = "\ufeff"
STANDARD_INPUT: Final = "-"

MAX_TEXT_BYTES: Final = 16 * 1024 * 1024
"""The most okey reads of a text file (a match log of hundreds of rounds is under 1 MB)."""
MAX_LINE: Final = 64 * 1024
"""The longest line okey reads (a deck line is about 400 characters)."""


class FileProblem(StrEnum):
    """Why a file is not read at all (words: ``file.error.<value>``)."""

    NOT_REGULAR = "not_regular"
    TOO_BIG = "too_big"
    LONG_LINE = "long_line"
    NO_INPUT = "no_input"


class TextFileError(OkeyError):
    """A file okey will not read: not a regular file, too big, a line too long, or
    standard input closed. ``path`` names it; ``most`` is the limit passed."""

    prefix: ClassVar[str] = "file.error."
    one_line: ClassVar[bool] = True

    def __init__(self, reason: FileProblem | str, /, **fields: object) -> None:
        super().__init__(FileProblem(reason), **fields)


_NONBLOCK: Final = getattr(os, "O_NONBLOCK", 0)
_BINARY: Final = getattr(os, "O_BINARY", 0)


def read_bytes(path: str | Path, most: int = MAX_TEXT_BYTES) -> bytes:
    """The bytes of the regular file ``path``: at most ``most`` of them, or
    :class:`TextFileError` (not a regular file, more than ``most`` bytes). OSError
    (missing, not allowed) passes through for the caller to word."""
    handle = os.open(path, os.O_RDONLY | _NONBLOCK | _BINARY)
    try:
        found = os.fstat(handle)
        if not stat.S_ISREG(found.st_mode):
            raise TextFileError(FileProblem.NOT_REGULAR, path=str(path))
        if found.st_size > most:
            raise TextFileError(FileProblem.TOO_BIG, path=str(path), most=most)
        chunks: list[bytes] = []
        size = 0
        while size <= most:  # a file that grows while it is read is cut at the limit
            chunk = os.read(handle, min(1024 * 1024, most + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    finally:
        os.close(handle)
    if size > most:
        raise TextFileError(FileProblem.TOO_BIG, path=str(path), most=most)
    return b"".join(chunks)


def decode(raw: bytes) -> str:
    """UTF-8 bytes as text, a byte order mark in front dropped (UnicodeDecodeError if not UTF-8)."""
    return raw.decode(ENCODING)


def read_text(path: str | Path, most: int = MAX_TEXT_BYTES) -> str:
    """The text of a UTF-8 regular file, with or without a byte order mark
    (OSError, UnicodeDecodeError, :class:`TextFileError`)."""
    return decode(read_bytes(path, most))


def without_bom(lines: Iterable[str]) -> Iterator[str]:
    """The lines, the first one without a byte order mark (text piped from such a file)."""
    first = True
    for line in lines:
        if first:
            first = False
            line = line.removeprefix(BOM)
        yield line


def _capped_lines(stream: TextIO, name: str, longest: int) -> Iterator[str]:
    while True:
        line = stream.readline(longest + 1)
        if not line:
            return
        if len(line) > longest and not line.endswith("\n"):
            raise TextFileError(FileProblem.LONG_LINE, path=name, most=longest)
        if not line.isascii():
            _utf8(line)
        yield line


def _utf8(line: str) -> None:
    """UnicodeDecodeError for a line read from bytes that are not UTF-8: a stream read
    with ``surrogateescape`` (standard input in many locales) gives them as lone
    surrogates, where a file read strictly would have failed."""
    try:
        line.encode(ENCODING)
    except UnicodeEncodeError as exc:
        raw = line.encode(ENCODING, "surrogateescape")
        raise UnicodeDecodeError(ENCODING, raw, exc.start, exc.end, "not UTF-8") from None


def text_lines(path: str | Path, longest: int = MAX_LINE) -> Iterator[str]:
    """The lines of a UTF-8 regular file, or of standard input for ``-``, a byte order
    mark dropped; a line longer than ``longest`` characters ends the reading with a
    :class:`TextFileError`, as does a closed standard input."""
    if str(path) == STANDARD_INPUT:
        stream = sys.stdin
        if stream is None or stream.closed:
            raise TextFileError(FileProblem.NO_INPUT)
        try:
            yield from without_bom(_capped_lines(stream, STANDARD_INPUT, longest))
        except ValueError as exc:  # "I/O operation on closed file"
            if isinstance(exc, UnicodeDecodeError | OkeyError):
                raise
            raise TextFileError(FileProblem.NO_INPUT) from None
        return
    text = read_text(path)
    for line in text.splitlines(keepends=True):
        if len(line.rstrip("\r\n")) > longest:
            raise TextFileError(FileProblem.LONG_LINE, path=str(path), most=longest)
        yield line


_DROPPED: Final = frozenset({"Cc", "Cf", "Cs", "Co"})
_SPACES: Final = frozenset({"Zl", "Zp"})


def printable(text: str) -> str:
    """``text`` fit to show: control and format characters (escape sequences, bidi
    overrides, lone surrogates) dropped, tabs and line or paragraph separators made
    spaces. Letters of every script stay as they are."""
    if text.isprintable():
        return text
    kept: list[str] = []
    for char in text:
        if char == " " or char.isprintable():
            kept.append(char)
            continue
        category = unicodedata.category(char)
        if char == "\t" or category in _SPACES:
            kept.append(" ")
        elif category not in _DROPPED:
            kept.append(char)  # a space of another width (no-break space): kept
    return "".join(kept)
