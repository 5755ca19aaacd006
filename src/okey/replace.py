"""Moving a new file into place, waiting briefly when Windows holds the old one.

On Windows ``os.replace`` fails with PermissionError (sharing violation,
access denied) while another program has the target open: an antivirus or
an indexer scanning the file okey has just written, a backup tool, an
editor. Such a hold lasts milliseconds to a second, so the move is tried
again a few times with growing pauses (about 1.5 s in all) before the error
is let through. Elsewhere PermissionError means a real lack of permission,
and it is raised at once.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Sequence
from typing import Final

PAUSES: Final = (0.01, 0.02, 0.05, 0.1, 0.2, 0.4, 0.7)
"""Seconds to wait before each new try (seven more tries, 1.48 s at most)."""

Replacer = Callable[[str | os.PathLike[str], str | os.PathLike[str]], None]


def replace(
    source: str | os.PathLike[str],
    target: str | os.PathLike[str],
    *,
    platform: str | None = None,
    pauses: Sequence[float] = PAUSES,
    sleep: Callable[[float], None] = time.sleep,
    move: Replacer | None = None,
) -> None:
    """``os.replace(source, target)``, tried again after each pause on Windows while the
    target (or the source) is held; the last PermissionError is raised if it lasts."""
    do = move if move is not None else os.replace
    if (platform or sys.platform) != "win32":
        do(source, target)
        return
    for pause in pauses:
        try:
            do(source, target)
        except PermissionError:
            sleep(pause)
        else:
            return
    do(source, target)
