"""Is a screen reader that reads the terminal running (Linux)?

Orca in a terminal window, Fenrir on a console, and the kernel's speakup all
read new terminal lines aloud; a game that also speaks them through
speech-dispatcher is heard twice. ``auto`` speech asks here first.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

PROC = Path("/proc")
SPEAKUP = Path("/sys/accessibility/speakup")
_PROGRAMS = {"orca": "Orca", "fenrir": "Fenrir", "fenrir-daemon": "Fenrir"}


def terminal_screen_reader(proc: Path = PROC, speakup: Path = SPEAKUP) -> str | None:
    """The name of a running screen reader that reads the terminal, or None.

    Speakup is found by its kernel folder; Orca and Fenrir as a process of this user,
    or of root (Fenrir usually runs as a system service for every console), by the
    program's name, also when a Python interpreter runs it."""
    if speakup.is_dir():
        return "Speakup"
    if not proc.is_dir():
        return None
    me = os.getuid()
    for entry in proc.iterdir():
        if not entry.name.isdigit():
            continue
        with contextlib.suppress(OSError):
            if entry.stat().st_uid not in (me, 0):
                continue
            words = (entry / "cmdline").read_bytes().split(b"\0")[:2]
            for word in words:
                name = _PROGRAMS.get(os.path.basename(word.decode("utf-8", "replace")))
                if name is not None:
                    return name
    return None
