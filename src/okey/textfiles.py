"""Reading the text files a player writes: settings, rules and batches of hands.

Windows Notepad (before Windows 10's 1903 update, and still when asked to)
saves UTF-8 with a byte order mark, the three bytes EF BB BF, in front. TOML
and okey's own formats know nothing of it, so a file saved that way would be
refused as damaged. Everything here reads UTF-8 with or without that mark
(Python's ``utf-8-sig``); files okey writes itself have none.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Final

ENCODING: Final = "utf-8-sig"
BOM: Final = "\ufeff"
STANDARD_INPUT: Final = "-"


def decode(raw: bytes) -> str:
    """UTF-8 bytes as text, a byte order mark in front dropped (UnicodeDecodeError if not UTF-8)."""
    return raw.decode(ENCODING)


def read_text(path: str | Path) -> str:
    """The text of a UTF-8 file, with or without a byte order mark (OSError, UnicodeDecodeError)."""
    return Path(path).read_text(encoding=ENCODING)


def without_bom(lines: Iterable[str]) -> Iterator[str]:
    """The lines, the first one without a byte order mark (text piped from such a file)."""
    first = True
    for line in lines:
        if first:
            first = False
            line = line.removeprefix(BOM)
        yield line


def text_lines(path: str | Path) -> Iterator[str]:
    """The lines of a UTF-8 file, or of standard input for ``-``, a byte order mark dropped."""
    if str(path) == STANDARD_INPUT:
        yield from without_bom(sys.stdin)
        return
    with Path(path).open(encoding=ENCODING) as handle:
        yield from handle
