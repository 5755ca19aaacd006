"""Is a screen reader that reads the terminal running?

A screen reader reads the new lines of a terminal aloud: Orca in a terminal
window, Fenrir on a console and the kernel's speakup on Linux; NVDA, JAWS and
Narrator in a Windows console or Windows Terminal; VoiceOver in the macOS
Terminal. A game that also speaks them itself is heard twice, so ``auto``
speech asks :func:`screen_reader` first and only prints when one runs.

Every check here is quick and uses no COM (it runs before the speech thread):
NVDA by its controller DLL's ``nvdaController_testIfRunning`` (by its window
where the DLL cannot be loaded, as the x64 one on ARM64 Windows), JAWS by its
window, any other reader by the flag Windows keeps for screen readers
(``SPI_GETSCREENREADER``), VoiceOver by its process.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import subprocess
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Final

PROC = Path("/proc")
SPEAKUP = Path("/sys/accessibility/speakup")
_PROGRAMS = {"orca": "Orca", "fenrir": "Fenrir", "fenrir-daemon": "Fenrir"}
_ARGV_WORDS = 4  # the program, or an interpreter, its options and the program

UNNAMED: Final = "a screen reader"
"""What :func:`screen_reader` answers for a reader Windows knows runs but does not name."""

NVDA_WINDOW: Final = ("wxWindowClassNR", "NVDA")  # NVDA's hidden main window: class, title
JAWS_WINDOW: Final = "JFWUI2"  # the class of JAWS's main window
SPI_GETSCREENREADER: Final = 0x0046
CHECK_TIMEOUT: Final = 1.0  # seconds a process check may take

WindowFinder = Callable[[str, str | None], bool]
"""Is there a top-level window of this class (and title)?"""


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


def screen_reader(platform: str | None = None) -> str | None:
    """The name of a running screen reader that reads the terminal, on this platform."""
    chosen = platform or sys.platform
    if chosen == "win32":
        return windows_screen_reader()
    if chosen == "darwin":
        return "VoiceOver" if voiceover_running() else None
    return terminal_screen_reader()


# Windows


def _nvda_controller() -> Any:
    """NVDA's controller client, loaded as accessible-output2 loads it (OSError if it cannot)."""
    import accessible_output2

    bits = "32" if ctypes.sizeof(ctypes.c_void_p) == 4 else "64"
    return accessible_output2.load_library(f"nvdaControllerClient{bits}.dll")


def _find_window(window_class: str, title: str | None) -> bool:
    user32: Any = ctypes.WinDLL("user32")  # type: ignore[attr-defined,unused-ignore]
    user32.FindWindowW.argtypes = (ctypes.c_wchar_p, ctypes.c_wchar_p)
    user32.FindWindowW.restype = ctypes.c_void_p
    return bool(user32.FindWindowW(window_class, title))


def _screen_reader_flag() -> bool:
    user32: Any = ctypes.WinDLL("user32")  # type: ignore[attr-defined,unused-ignore]
    flag = ctypes.c_int(0)
    if not user32.SystemParametersInfoW(SPI_GETSCREENREADER, 0, ctypes.byref(flag), 0):
        return False
    return bool(flag.value)


def nvda_running(
    controller: Callable[[], Any] | None = None, find_window: WindowFinder | None = None
) -> bool:
    """NVDA answers its controller's ``testIfRunning`` with 0 when it runs."""
    find_window = find_window or _find_window
    try:
        library = (controller or _nvda_controller)()
    except Exception:  # no DLL for this machine (ARM64): look for NVDA's window instead
        with contextlib.suppress(Exception):
            return find_window(*NVDA_WINDOW)
        return False
    try:
        return int(library.nvdaController_testIfRunning()) == 0
    except Exception:  # a broken DLL: NVDA cannot be told apart from its absence
        return False


def windows_screen_reader(
    controller: Callable[[], Any] | None = None,
    find_window: WindowFinder | None = None,
    reader_flag: Callable[[], bool] | None = None,
) -> str | None:
    """NVDA, JAWS, or UNNAMED when Windows says some other screen reader runs (Narrator)."""
    find_window = find_window or _find_window
    reader_flag = reader_flag or _screen_reader_flag
    if nvda_running(controller, find_window):
        return "NVDA"
    with contextlib.suppress(Exception):
        if find_window(JAWS_WINDOW, None):
            return "JAWS"
    with contextlib.suppress(Exception):
        if reader_flag():
            return UNNAMED
    return None


# macOS


def voiceover_running(run: Callable[..., Any] | None = None) -> bool:
    """Is VoiceOver's process running (``pgrep -x VoiceOver``)?"""
    try:
        result = (run or subprocess.run)(
            ["pgrep", "-x", "VoiceOver"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            timeout=CHECK_TIMEOUT,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return False
    return int(result.returncode) == 0
