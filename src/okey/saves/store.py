"""Saves on disk: atomic writes with a backup, reads that never change a file, listing.

A write goes to a temporary file in the saves folder, is flushed to the disk,
and replaces the save in one ``os.replace``; the folder is then synced. The
save it replaces is kept as ``NAME.bak`` (a hard link, or a copy where links
are not possible), so at every moment ``NAME.json`` is a whole save: the old
one or the new one. A write that fails leaves the old file as it was.

A temporary file's name holds the writer's process id (``.NAME.json.PID.XXXX.tmp``):
one left behind by a killed writer is removed by the next write of that save.
A save another okey holds open (:mod:`okey.saves.lock`) is never written.
"""

from __future__ import annotations

import contextlib
import errno
import os
import time
from dataclasses import dataclass
from pathlib import Path

from okey.errors import Phrase
from okey.saves.atomic import TEMP_SUFFIX
from okey.saves.atomic import write_atomically as write_atomically  # the saves write through it
from okey.saves.codec import decode, encode
from okey.saves.data import SaveData, match_id_of
from okey.saves.errors import SaveError
from okey.saves.lock import ProcessTable, holder_of, system_processes
from okey.saves.marks import MARKS, check_not_behind, record_mark
from okey.saves.paths import (
    AUTOSAVE,
    SUFFIX,
    backup_path,
    check_folder,
    is_path,
    target_for_reading,
    target_for_writing,
)
from okey.saves.restore import problem
from okey.textfiles import TextFileError, read_bytes

_FULL = frozenset({errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC), errno.EFBIG})


def _reason(exc: OSError) -> str | Phrase:
    """Why the system refused, for a message: a full disk says what to do."""
    said = exc.strerror or exc.__class__.__name__
    if exc.errno in _FULL:
        return Phrase("saves.why.full", reason=said)
    return said


OLD_TEMP_SECONDS = 3600.0
"""A temporary file with no process id in its name (an older okey's) is removed once
it is this old."""


def _writer_gone(temp: Path, processes: ProcessTable) -> bool:
    """True for a temporary file whose writer is no longer running."""
    middle = temp.name.removesuffix(TEMP_SUFFIX).split(".")
    pids = [part for part in middle if part.isdigit()]
    if pids:
        pid = int(pids[-1])
        return pid != os.getpid() and not processes.alive(pid)
    try:
        return time.time() - temp.stat().st_mtime > OLD_TEMP_SECONDS
    except OSError:
        return False


def clean_temporary_files(path: Path, processes: ProcessTable | None = None) -> list[Path]:
    """Remove the temporary files killed writers left beside ``path`` (its own and its
    backup's); the ones removed."""
    table = processes or system_processes()
    removed = []
    stems = (f".{path.name}.", f".{backup_path(path).name}.")
    try:
        found = [
            item
            for item in path.parent.iterdir()
            if item.name.startswith(stems) and item.name.endswith(TEMP_SUFFIX)
        ]
    except OSError:
        return []
    for item in found:
        if _writer_gone(item, table):
            with contextlib.suppress(OSError):
                item.unlink()
                removed.append(item)
    return removed


def clean_folder(saves_dir: Path, processes: ProcessTable | None = None) -> list[Path]:
    """Remove every temporary file a killed writer left in ``saves_dir`` (of any save);
    the ones removed. A table does so as it opens, so a kill -9 in the middle of a write
    leaves nothing behind for long, even in a save never written again."""
    table = processes or system_processes()
    removed = []
    found = []
    for folder in (saves_dir, saves_dir / MARKS):  # the saves, and the matches' marks
        with contextlib.suppress(OSError):
            found += [
                item
                for item in folder.iterdir()
                if item.name.startswith(".") and item.name.endswith(TEMP_SUFFIX)
            ]
    for item in found:
        if _writer_gone(item, table):
            with contextlib.suppress(OSError):
                item.unlink()
                removed.append(item)
    return removed


def write_save(name_or_path: str | Path | None, data: SaveData, saves_dir: Path) -> Path:
    """Save ``data`` as ``name_or_path`` in ``saves_dir`` and return the file written.

    The name defaults to the date and time (``2025-06-01_14-05-09``); a path
    must point to a file directly in ``saves_dir``. The previous file of that
    name is kept as ``NAME.bak``. :class:`SaveError` for an unsafe name or a
    failed write (the old file is then untouched).
    """
    path = target_for_writing(name_or_path, saves_dir)
    holder = holder_of(path)
    if holder is not None:
        raise SaveError("locked", path=path, pid=holder.pid)
    try:
        contents = encode(data)
    except (ValueError, TypeError) as exc:
        raise SaveError("write", path=path, reason=str(exc)) from None
    check_folder(saves_dir)
    try:
        saves_dir.mkdir(parents=True, exist_ok=True)
        clean_temporary_files(path)
        write_atomically(path, contents)
    except OSError as exc:
        raise SaveError("write", path=path, reason=_reason(exc)) from None
    record_mark(saves_dir, data, path)  # how far the match has gone: it never goes back
    return path


def autosave(data: SaveData, saves_dir: Path) -> Path:
    """Save ``data`` in the autosave slot (``autosave.json``, the one before as
    ``autosave.bak``)."""
    return write_save(AUTOSAVE, data, saves_dir)


MAX_BYTES = 64 * 1024 * 1024  # far more than any match; stops a read of /dev/zero


def _read_bytes(path: Path, name_or_path: str | Path, saves_dir: Path) -> bytes:
    try:
        return read_bytes(path, MAX_BYTES)  # a FIFO or a device is refused, never waited on
    except FileNotFoundError:
        if is_path(name_or_path):
            raise SaveError("missing", path=path) from None
        raise SaveError("missing_name", name=str(name_or_path).strip(), folder=saves_dir) from None
    except OSError as exc:
        raise SaveError("unreadable", path=path, reason=_reason(exc)) from None
    except TextFileError as exc:
        if exc.key == "too_big":
            raise SaveError("foreign", path=path) from None
        raise SaveError("unreadable", path=path, reason=exc) from None


def read_save(name_or_path: str | Path, saves_dir: Path) -> SaveData:
    """The save called ``name_or_path`` in ``saves_dir`` (or at that path), checked:
    the file is a save of a known format and its match log replays to its summary,
    so :func:`okey.saves.restore.restore_match` will work, and it is not an older copy
    of a match saved further on (:mod:`okey.saves.marks`). :class:`SaveError`
    otherwise. The file is only read, never changed."""
    path = target_for_reading(name_or_path, saves_dir)
    data = decode(_read_bytes(path, name_or_path, saves_dir), str(path))
    reason = problem(data)
    if reason is not None:
        raise SaveError("corrupt", path=path, reason=reason)
    check_not_behind(data, path, saves_dir)  # an older copy of a match saved further on
    return data


@dataclass(frozen=True)
class SaveEntry:
    """One file in the saves folder: its save, or why it cannot be read.

    Listing checks each file's form but does not replay its match log (that is
    :func:`read_save`'s work), so listing many saves stays quick.
    """

    name: str
    path: Path
    modified: float
    data: SaveData | None = None
    error: SaveError | None = None


def _entry(path: Path) -> SaveEntry:
    name = path.name.removesuffix(SUFFIX)
    try:
        modified = path.stat().st_mtime
        raw = _read_bytes(path, path, path.parent)
    except OSError as exc:
        error = SaveError("unreadable", path=path, reason=_reason(exc))
        return SaveEntry(name, path, 0.0, error=error)
    except SaveError as exc:
        return SaveEntry(name, path, 0.0, error=exc)
    try:
        return SaveEntry(name, path, modified, data=decode(raw, str(path)))
    except SaveError as exc:
        return SaveEntry(name, path, modified, error=exc)


def _newest_first(entry: SaveEntry) -> tuple[int, float, float, str]:
    if entry.data is None:
        return (1, -entry.modified, 0.0, entry.name)
    return (0, -entry.data.created.timestamp(), -entry.modified, entry.name)


def list_saves(saves_dir: Path) -> list[SaveEntry]:
    """Every ``*.json`` file in ``saves_dir``: the readable saves newest first (by the
    time they were saved), then the files that cannot be read. A missing folder
    has no saves; a folder that cannot be listed is a :class:`SaveError`."""
    if not saves_dir.exists():
        return []
    if not saves_dir.is_dir():
        raise SaveError("not_folder", folder=saves_dir)
    try:
        paths = [
            path
            for path in saves_dir.iterdir()
            if path.name.endswith(SUFFIX) and not path.name.startswith(".")
        ]
    except OSError as exc:
        raise SaveError("folder", folder=saves_dir, reason=_reason(exc)) from None
    return sorted((_entry(path) for path in paths), key=_newest_first)


def latest_save(saves_dir: Path, *, unfinished: bool = False) -> Path | None:
    """The newest readable save in ``saves_dir`` (autosave included), or None;
    ``unfinished``: only a save of a match that is not over."""
    for entry in list_saves(saves_dir):
        if entry.data is not None and not (unfinished and entry.data.over):
            return entry.path
    return None


def unfinished_saves(saves_dir: Path) -> list[SaveEntry]:
    """The unfinished matches in ``saves_dir``, newest first: for each match (its
    ``match_id``; a save from before ids is a match of its own) its newest save."""
    seen: set[str] = set()
    found = []
    for entry in list_saves(saves_dir):
        data = entry.data
        if data is None or data.over:
            continue
        match_id = match_id_of(data)
        if match_id is not None:
            if match_id in seen:
                continue
            seen.add(match_id)
        found.append(entry)
    return found


AUTOSAVE_SLOTS = 100
"""The most autosaves one folder keeps: one for each unfinished match."""


def is_autosave(name: str) -> bool:
    """True for the name of an autosave slot: ``autosave``, ``autosave-2``..."""
    if name == AUTOSAVE:
        return True
    head, _, number = name.partition("-")
    return head == AUTOSAVE and number.isdigit() and number[:1] != "0"


def autosave_slot(saves_dir: Path, match_id: str | None) -> str:
    """The autosave slot a match writes to: the first of ``autosave``, ``autosave-2``...
    that is free (no file, a finished match, or this match) and that no other okey
    holds open. Another unfinished match's autosave is never taken, so a match that was
    killed keeps its autosave until it is finished or deleted."""
    for number in range(1, AUTOSAVE_SLOTS + 1):
        name = AUTOSAVE if number == 1 else f"{AUTOSAVE}-{number}"
        path = saves_dir / (name + SUFFIX)
        if holder_of(path) is not None:
            continue
        if not path.exists():
            return name
        entry = _entry(path)
        data = entry.data
        if data is not None and (
            data.over or (match_id is not None and match_id_of(data) == match_id)
        ):
            return name
    raise SaveError("slots", folder=saves_dir, most=AUTOSAVE_SLOTS)
