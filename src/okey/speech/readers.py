"""Is a screen reader that reads the terminal running (Linux)?

Orca in a terminal window, Fenrir on a console, and the kernel's speakup all
read new terminal lines aloud; a game that also speaks them through
speech-dispatcher is heard twice. ``auto`` speech asks here first.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Mapping
from pathlib import Path

PROC = Path("/proc")
SPEAKUP = Path("/sys/accessibility/speakup")
_PROGRAMS = {"orca": "Orca", "fenrir": "Fenrir", "fenrir-daemon": "Fenrir"}
_ARGV_WORDS = 4  # the program, or an interpreter, its options and the program


def terminal_screen_reader(
    proc: Path = PROC,
    speakup: Path = SPEAKUP,
    environ: Mapping[str, str] | None = None,
) -> str | None:
    """The name of a running screen reader that reads the terminal, or None.

    Speakup is found by its kernel folder; Orca and Fenrir as a process of this user,
    or of root (Fenrir usually runs as a system service for every console), by the
    program's name, also when a Python interpreter runs it. Orca reads only terminals
    in a desktop session, so it counts only when this one is (``DISPLAY`` or
    ``WAYLAND_DISPLAY`` set)."""
    if speakup.is_dir():
        return "Speakup"
    if not proc.is_dir():
        return None
    env = os.environ if environ is None else environ
    desktop = bool(env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"))
    me = os.getuid()
    for entry in proc.iterdir():
        if not entry.name.isdigit():
            continue
        with contextlib.suppress(OSError):
            if entry.stat().st_uid not in (me, 0):
                continue
            words = (entry / "cmdline").read_bytes().split(b"\0")[:_ARGV_WORDS]
            for word in words:
                name = _PROGRAMS.get(os.path.basename(word.decode("utf-8", "replace")))
                if name is not None and (desktop or name != "Orca"):
                    return name
    return None
