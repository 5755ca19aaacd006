"""COM on the speech thread (Windows).

JAWS, SAPI 5 and Window-Eyes are COM objects. A COM object belongs to the
apartment of the thread that created it, and a thread must initialise COM
before it creates or calls one. The speech worker enters :func:`com_apartment`
before it builds any output and leaves it after the last one is closed, so
every output is created, used and released on that one thread.
"""

from __future__ import annotations

import ctypes
import importlib
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

COINIT_APARTMENTTHREADED = 0x2  # a single-threaded apartment, as pythoncom.CoInitialize()


def _ole32() -> Any:
    return ctypes.WinDLL("ole32")  # type: ignore[attr-defined,unused-ignore]


@contextmanager
def com_apartment(platform: str | None = None) -> Iterator[None]:
    """COM initialised on this thread for the block (Windows; elsewhere nothing).

    Through pywin32's ``pythoncom`` when it is there (the outputs' own COM
    library), else through ole32 itself. If neither can be had, the block runs
    anyway: the COM outputs then fail to build and are skipped, the others speak.
    """
    if (platform or sys.platform) != "win32":
        yield
        return
    uninitialise = _initialise()
    try:
        yield
    finally:
        if uninitialise is not None:
            uninitialise()


def _initialise() -> Any:
    """Initialise COM on this thread; returns what undoes it, or None if it failed."""
    try:
        pythoncom: Any = importlib.import_module("pythoncom")
    except ImportError:
        pythoncom = None
    if pythoncom is not None:
        try:
            pythoncom.CoInitializeEx(COINIT_APARTMENTTHREADED)
        except Exception:  # already initialised otherwise on this thread: leave it as it is
            return None
        return pythoncom.CoUninitialize
    try:
        ole32 = _ole32()
        result = ole32.CoInitializeEx(None, COINIT_APARTMENTTHREADED)
    except Exception:  # no ole32 to be had: the COM outputs will be skipped
        return None
    if result < 0:  # a failed HRESULT (RPC_E_CHANGED_MODE): not ours to undo
        return None
    return ole32.CoUninitialize
