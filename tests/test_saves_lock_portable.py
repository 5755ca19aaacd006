"""Save locks on Windows and macOS: the holder's start time, so that a process id the
system gave again to another process is not taken for the holder.

macOS reads it through psutil, which reads the same creation time on every system, so
its path runs here on Linux with real processes. Windows asks kernel32
(``GetProcessTimes``), faked here as ctypes would call it.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import psutil
import pytest

from okey.saves import lock
from okey.saves.errors import SaveError
from okey.saves.lock import Holder, ProcessTable, is_stale, lock_path, lock_save


@pytest.fixture
def child() -> Iterator[subprocess.Popen[bytes]]:
    """Another live process (it waits for its standard input to close)."""
    process = subprocess.Popen(
        [sys.executable, "-c", "import sys; sys.stdin.read()"], stdin=subprocess.PIPE
    )
    try:
        yield process
    finally:
        assert process.stdin is not None
        process.stdin.close()
        process.wait(timeout=30)


def test_macos_notes_the_start_time() -> None:
    table = lock.system_processes("darwin")
    started = table.start(os.getpid())
    assert started is not None
    assert float(started) == psutil.Process().create_time()
    assert table.start(os.getpid()) == started  # read again, the same text


def test_a_process_that_is_gone_has_no_start_time(child: subprocess.Popen[bytes]) -> None:
    assert lock._portable_start(child.pid) is not None
    assert child.stdin is not None
    child.stdin.close()
    child.wait(timeout=30)
    assert lock._portable_start(child.pid) is None
    assert lock._portable_start(-5) is None


def mac_like(alive: bool = True) -> ProcessTable:
    """macOS's table, with this machine's real start times."""
    return replace(lock.system_processes("darwin"), alive=lambda pid: alive)


def test_a_reused_process_id_is_not_the_holder(child: subprocess.Popen[bytes]) -> None:
    table = mac_like()
    holder = Holder(child.pid, table.start(child.pid), table.host)
    assert not is_stale(holder, table)  # the holder itself, still running
    earlier = Holder(child.pid, repr(psutil.Process(child.pid).create_time() - 60.0), table.host)
    assert is_stale(earlier, table)  # its id, but a process started later: taken over
    assert is_stale(holder, mac_like(alive=False))


def test_a_system_that_will_not_say_leaves_it_to_alive(child: subprocess.Popen[bytes]) -> None:
    table = mac_like()
    holder = Holder(child.pid, table.start(child.pid), table.host)
    silent = replace(table, start=lambda pid: None)  # psutil refused (another user's)
    assert not is_stale(holder, silent)
    assert not is_stale(Holder(child.pid, None, table.host), table)  # an older lock


class Function:
    """A function of a ctypes library: callable, with a ``restype`` to set."""

    def __init__(self, body: Callable[..., int]) -> None:
        self.body = body
        self.restype: object = None

    def __call__(self, *args: Any) -> int:
        return self.body(*args)


class Kernel32:
    """kernel32 as okey.saves.lock calls it, over processes by id: (creation time as a
    FILETIME count, whether it still runs)."""

    def __init__(self, processes: dict[int, tuple[int, bool]]) -> None:
        self.processes = processes
        self.open: dict[int, int] = {}  # handle -> pid
        self.OpenProcess = Function(self._open)
        self.GetProcessTimes = Function(self._times)
        self.GetExitCodeProcess = Function(self._exit_code)
        self.CloseHandle = Function(self._close)

    def _open(self, access: int, inherit: bool, pid: int) -> int:
        assert access == lock.PROCESS_QUERY_LIMITED_INFORMATION and not inherit
        if pid not in self.processes:
            return 0  # NULL: no such process
        handle = 0x100 + len(self.open) * 4
        self.open[handle] = pid
        return handle

    def _times(self, handle: int, *times: Any) -> int:
        creation = self.processes[self.open[handle]][0]
        times[0]._obj.dwLowDateTime = creation & 0xFFFFFFFF
        times[0]._obj.dwHighDateTime = creation >> 32
        return 1

    def _exit_code(self, handle: int, code: Any) -> int:
        code._obj.value = lock.STILL_ACTIVE if self.processes[self.open[handle]][1] else 0
        return 1

    def _close(self, handle: int) -> int:
        del self.open[handle]
        return 1


STARTED = 134_000_000_000_000_000  # a FILETIME in 2025: 100 ns steps since 1601


@pytest.fixture
def kernel32(monkeypatch: pytest.MonkeyPatch) -> Kernel32:
    fake = Kernel32({4242: (STARTED, True), 77: (STARTED - 10**9, False)})
    monkeypatch.setattr(lock, "_kernel32", lambda: fake)
    return fake


def test_windows_reads_the_start_time_and_whether_it_runs(kernel32: Kernel32) -> None:
    windows = lock.system_processes("win32")
    assert windows.start(4242) == str(STARTED)
    assert windows.alive(4242)
    assert not windows.alive(77)  # it has exited: its handle is still there to ask
    assert windows.start(5) is None and not windows.alive(5)  # no such process
    assert kernel32.open == {}  # every handle closed


def test_a_windows_lock_whose_id_was_reused_is_taken_over(
    tmp_path: Path, kernel32: Kernel32
) -> None:
    save = tmp_path / "autosave.json"
    windows = lock.system_processes("win32")
    reused = Holder(4242, str(STARTED - 36_000_000_000), windows.host)  # an hour earlier
    lock_path(save).write_bytes(reused.to_json())
    held = lock_save(save, windows)  # the id runs, but another process has it now
    assert held.held
    held.release()

    live = Holder(4242, str(STARTED), windows.host)
    lock_path(save).write_bytes(live.to_json())
    with pytest.raises(SaveError) as refused:
        lock_save(save, windows)
    assert refused.value.reason == "locked"
