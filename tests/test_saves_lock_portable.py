"""Save locks on Windows and macOS: the holder's start time, read through psutil, so a
process id the system gave again to another process is not taken for the holder.

psutil reads the same creation time on every system, so its path runs here on Linux with
real processes; only ``alive`` differs by platform (tests/test_hardening_table.py).
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

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


@pytest.mark.parametrize("platform", ["win32", "darwin"])
def test_windows_and_macos_note_the_start_time(platform: str) -> None:
    table = lock.system_processes(platform)
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


def test_a_windows_lock_whose_id_was_reused_is_taken_over(
    tmp_path: Path, child: subprocess.Popen[bytes]
) -> None:
    save = tmp_path / "autosave.json"
    windows = replace(lock.system_processes("win32"), alive=lambda pid: True)
    reused = Holder(child.pid, repr(psutil.Process(child.pid).create_time() - 3600.0), windows.host)
    lock_path(save).write_bytes(reused.to_json())
    held = lock_save(save, windows)  # the id runs, but another process has it now
    assert held.held
    held.release()

    live = Holder(child.pid, windows.start(child.pid), windows.host)
    lock_path(save).write_bytes(live.to_json())
    with pytest.raises(SaveError) as refused:
        lock_save(save, windows)
    assert refused.value.reason == "locked"
