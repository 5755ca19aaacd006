# ruff: noqa: RUF001  (the letters and quotes below are the point: each has a nearest one)
"""Printing that never fails, whatever the console's encoding.

A Windows console set to cp1252 or cp437, a pipe read as cp1252, or
``PYTHONIOENCODING=ascii`` cannot show every letter okey prints: "Ayşe" has
an "ş" that cp1252 lacks, and Python would raise UnicodeEncodeError. okey's
standard output and error are set to write each letter the encoding lacks as
the nearest one it has: the letter without its accent ("Ayşe" becomes
"Ayse", "ığ" becomes "ig"), plain quotes and dashes for typographic ones, and
"?" only when there is no such letter. A screen reader then reads "Ayse", a
name it says almost as it should, rather than "Ay question mark e".
"""

from __future__ import annotations

import codecs
import contextlib
import sys
import unicodedata
from typing import Final, TextIO

ERRORS: Final = "okey.nearest"
"""The name of the encoding error handler registered here."""

# Letters and signs with no decomposition to a plain one.
_NEAREST: Final = {
    "ı": "i",
    "ß": "ss",
    "æ": "ae",
    "Æ": "AE",
    "ø": "o",
    "Ø": "O",
    "œ": "oe",
    "Œ": "OE",
    "ł": "l",
    "Ł": "L",
    "đ": "d",
    "Đ": "D",
    "‘": "'",
    "’": "'",
    "‚": ",",
    "“": '"',
    "”": '"',
    "„": '"',
    "«": '"',
    "»": '"',
    "–": "-",
    "—": "-",
    "−": "-",
    "…": "...",
    "•": "*",
    "·": ".",
    "\u00a0": " ",
    "\u202f": " ",
}


def nearest(char: str, encoding: str) -> str:
    """What ``char`` is written as in ``encoding``: itself, its nearest letters, or "?"."""
    for candidate in (char, _NEAREST.get(char), _stripped(char)):
        if candidate and _encodable(candidate, encoding):
            return candidate
    return "?"


def _stripped(char: str) -> str:
    """The letter without its accents ("ş" -> "s"), through its decomposition."""
    decomposed = unicodedata.normalize("NFKD", char)
    return "".join(part for part in decomposed if not unicodedata.combining(part))


def _encodable(text: str, encoding: str) -> bool:
    try:
        text.encode(encoding)
    except (UnicodeError, LookupError):
        return False
    return True


def _handle(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    lacking = error.object[error.start : error.end]
    return "".join(nearest(char, error.encoding) for char in lacking), error.end


def to_encoding(text: str, encoding: str) -> str:
    """``text`` as it would be written to a stream in ``encoding`` (for tests and previews)."""
    register()
    return text.encode(encoding, ERRORS).decode(encoding)


def register() -> None:
    """Register the error handler (again is harmless)."""
    codecs.register_error(ERRORS, _handle)


def never_fail(stream: TextIO | None) -> None:
    """Make ``stream`` write what its encoding lacks as the nearest letters."""
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is None:
        return
    with contextlib.suppress(ValueError, OSError, TypeError):  # closed, or not a real stream
        reconfigure(errors=ERRORS)


def make_console_safe() -> None:
    """okey's standard output and error never raise UnicodeEncodeError (call it first)."""
    register()
    never_fail(sys.stdout)
    never_fail(sys.stderr)
