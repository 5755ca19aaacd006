"""A save held open by one table: a lock file beside it that survives ``kill -9`` sensibly.

While a table has a save open (the one it resumed, its autosave, a name it saved
under), the file ``.NAME.lock`` beside ``NAME.json`` says who holds it: the process
id, when that process started (so a process id used again later is not mistaken for
the holder) and the computer's name. It is made with ``O_EXCL``, so of two okeys
opening the same save at once only one gets it. A lock whose process is gone (the
game was killed, the computer restarted) is *stale*: the next okey takes it over. A
lock from another computer (a saves folder shared over the network) cannot be
checked, so it is honoured, and the message names the lock file to delete.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from okey.saves.errors import SaveError

LOCK_SUFFIX: Final = ".lock"


@dataclass(frozen=True, slots=True)
class Holder:
    """Who holds a lock: a process (its id and start time) on a computer."""

    pid: int
    started: str | None
    host: str

    def to_json(self) -> bytes:
        return json.dumps({"pid": self.pid, "started": self.started, "host": self.host}).encode()

    @classmethod
    def of(cls, raw: bytes) -> Holder | None:
        try:
            found = json.loads(raw.decode("utf-8"))
            pid, started, host = found["pid"], found["started"], found["host"]
        except (ValueError, KeyError, TypeError, AttributeError):
            return None
        if isinstance(pid, bool) or not isinstance(pid, int) or not isinstance(host, str):
            return None
        if started is not None and not isinstance(started, str):
            return None
        return cls(pid, started, host)


def lock_path(path: Path) -> Path:
    """The lock file of the save ``path``: ``.NAME.lock`` beside it."""
    return path.with_name("." + path.name.removesuffix(".json") + LOCK_SUFFIX)


def _linux_start(pid: int) -> str | None:
    """The process's start time since boot (field 22 of /proc/PID/stat) and the boot's
    id, or None when there is no such process (or no /proc)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text(encoding="ascii", errors="replace")
    except OSError:
        return None
    fields = stat.rpartition(")")[2].split()
    if len(fields) < 20:
        return None
    try:
        boot = Path("/proc/sys/kernel/random/boot_id").read_text(encoding="ascii").strip()
    except OSError:
        boot = ""
    return f"{boot}:{fields[19]}"


def _portable_start(pid: int) -> str | None:
    """The process's creation time as psutil reads it from the kernel (macOS, the BSDs),
    or None when there is no such process, psutil is not installed or the system will
    not say (then only ``alive`` decides)."""
    try:
        import psutil  # about 0.1 s to import: only when a lock is checked
    except ImportError:  # installed with okey on macOS only (Windows and Linux need none)
        return None
    try:
        created = float(psutil.Process(pid).create_time())
    except (psutil.Error, OSError, ValueError):  # gone, not ours to see, a bad id
        return None
    return repr(created)


def _posix_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # another user's process
    except OSError:
        return False
    return True


PROCESS_QUERY_LIMITED_INFORMATION: Final = 0x1000
STILL_ACTIVE: Final = 259


def _kernel32() -> Any:
    import ctypes

    return ctypes.windll.kernel32  # type: ignore[attr-defined,unused-ignore]


def _windows_process(pid: int, ask: Callable[[Any, int], object]) -> object:
    """``ask(kernel32, handle)`` of the process ``pid`` opened for querying; None when it
    cannot be opened (no such process)."""
    from ctypes import wintypes

    kernel32 = _kernel32()
    kernel32.OpenProcess.restype = wintypes.HANDLE
    handle = kernel32.OpenProcess(PROCESS_QUERY_LIMITED_INFORMATION, False, pid)
    if not handle:
        return None
    try:
        return ask(kernel32, handle)
    finally:
        kernel32.CloseHandle(handle)


def _windows_alive(pid: int) -> bool:
    """Whether the process runs (``GetExitCodeProcess``: never ``os.kill``, which on
    Windows would end it)."""
    import ctypes

    def running(kernel32: Any, handle: int) -> bool:
        code = ctypes.c_ulong()
        if not kernel32.GetExitCodeProcess(handle, ctypes.byref(code)):
            return False
        return code.value == STILL_ACTIVE

    return _windows_process(pid, running) is True


def _windows_start(pid: int) -> str | None:
    """The process's creation time (``GetProcessTimes``, in 100 ns steps since 1601), as
    psutil reads it, without psutil (which has no wheel for 32-bit Windows)."""
    import ctypes
    from ctypes import wintypes

    def created(kernel32: Any, handle: int) -> str | None:
        times = [wintypes.FILETIME() for _ in range(4)]  # creation, exit, kernel, user
        if not kernel32.GetProcessTimes(handle, *(ctypes.byref(time) for time in times)):
            return None
        return str(times[0].dwHighDateTime << 32 | times[0].dwLowDateTime)

    found = _windows_process(pid, created)
    return found if isinstance(found, str) else None


@dataclass
class ProcessTable:
    """How okey asks the system about processes (a fake stands in for it in tests).

    ``start(pid)`` is the process's start time as text, or None where the system
    cannot say (then only ``alive`` decides); ``alive(pid)`` whether it runs. A lock
    notes its holder's start time, so a process id the system has given again to
    another process (common on Windows and macOS) is not taken for the holder.
    """

    start: Callable[[int], str | None]
    alive: Callable[[int], bool]
    host: str


def system_processes(platform: str | None = None) -> ProcessTable:
    """This system's processes: /proc on Linux (the start time with the boot's id);
    on Windows ``GetProcessTimes`` and ``GetExitCodeProcess`` (never ``os.kill``, which
    would end the process there); elsewhere the start time psutil reads and whether
    ``os.kill(pid, 0)`` finds the process."""
    name = platform or sys.platform
    host = socket.gethostname()
    if name.startswith("linux"):
        return ProcessTable(_linux_start, lambda pid: _linux_start(pid) is not None, host)
    if name == "win32":
        return ProcessTable(_windows_start, _windows_alive, host)
    return ProcessTable(_portable_start, _posix_alive, host)


def me(processes: ProcessTable) -> Holder:
    pid = os.getpid()
    return Holder(pid, processes.start(pid), processes.host)


def is_stale(holder: Holder | None, processes: ProcessTable) -> bool:
    """True when the lock's holder is gone: its process ended (or another process now
    has its id). A damaged lock file is stale; another computer's lock never is."""
    if holder is None:
        return True
    if holder.host != processes.host:
        return False
    if not processes.alive(holder.pid):
        return True
    if holder.started is None:
        return False
    started = processes.start(holder.pid)
    return started is not None and started != holder.started


def holder_of(path: Path, processes: ProcessTable | None = None) -> Holder | None:
    """Who else holds the save ``path`` now (None: nobody, this process, or a stale lock)."""
    table = processes or system_processes()
    try:
        raw = lock_path(path).read_bytes()
    except OSError:
        return None
    holder = Holder.of(raw)
    if holder is None or is_stale(holder, table) or holder == me(table):
        return None
    return holder


def _refuse(path: Path, holder: Holder, processes: ProcessTable) -> SaveError:
    if holder.host != processes.host:
        return SaveError("locked_elsewhere", path=path, host=holder.host, lock=lock_path(path))
    return SaveError("locked", path=path, pid=holder.pid)


class SaveLock:
    """This process's hold on one save file; :meth:`release` gives it up."""

    def __init__(self, path: Path, processes: ProcessTable) -> None:
        self.path = path
        self.file = lock_path(path)
        self.processes = processes
        self.held = False

    def acquire(self) -> SaveLock:
        """Take the lock (a stale one is taken over); :class:`SaveError` when another
        live okey holds it, or the lock file cannot be made (a read-only folder: the
        save can then be read but not written, which the writing will say)."""
        mine = me(self.processes)
        for _ in range(3):
            try:
                handle = os.open(self.file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
            except FileExistsError:
                try:
                    raw = self.file.read_bytes()
                except FileNotFoundError:
                    continue  # released meanwhile: try again
                except OSError as exc:
                    raise SaveError("unreadable", path=self.file, reason=str(exc)) from None
                holder = Holder.of(raw)
                if holder == mine:
                    self.held = True
                    return self
                if not is_stale(holder, self.processes):
                    assert holder is not None
                    raise _refuse(self.path, holder, self.processes) from None
                self._break(raw)
                continue
            except OSError:
                return self  # a folder okey cannot write in: nothing to lock against
            try:
                os.write(handle, mine.to_json())
            except OSError:  # a full disk: no lock, and the save's own write says why
                os.close(handle)
                with contextlib.suppress(OSError):
                    self.file.unlink()
                return self
            os.close(handle)
            self.held = True
            return self
        holder = Holder.of(self.file.read_bytes()) if self.file.exists() else None
        raise _refuse(self.path, holder or mine, self.processes)

    def _break(self, stale: bytes) -> None:
        """Remove a stale lock, unless another okey has just replaced it by its own."""
        aside = self.file.with_name(f"{self.file.name}.{os.getpid()}.stale")
        try:
            os.replace(self.file, aside)
        except OSError:
            return
        try:
            if aside.read_bytes() != stale:  # a fresh lock, taken a moment ago: put it back
                with contextlib.suppress(OSError):
                    os.link(aside, self.file)
        finally:
            with contextlib.suppress(OSError):
                aside.unlink()

    def release(self) -> None:
        """Give the lock up (only if it is still this process's)."""
        if not self.held:
            return
        self.held = False
        with contextlib.suppress(OSError):
            if Holder.of(self.file.read_bytes()) == me(self.processes):
                self.file.unlink()


def lock_save(path: Path, processes: ProcessTable | None = None) -> SaveLock:
    """Hold the save ``path`` for this process (:meth:`SaveLock.acquire`)."""
    return SaveLock(path, processes or system_processes()).acquire()
