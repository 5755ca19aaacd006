"""Writing a file so that it is never half written: a synced temporary file beside it,
moved into place, the old contents kept as its backup. Used by the saves and by the
settings file (which loads without the rest of the saves).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from pathlib import Path

from okey.replace import replace
from okey.saves.paths import backup_path

TEMP_SUFFIX = ".tmp"


def _sync_folder(folder: Path) -> None:
    """Flush the folder's entries (the rename) to the disk, where the system allows it."""
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:  # pragma: no cover - Windows cannot open a folder
        return
    try:
        os.fsync(handle)
    except OSError:  # pragma: no cover - some file systems refuse
        pass
    finally:
        os.close(handle)


def _temp_file(path: Path) -> tuple[int, Path]:
    handle, name = tempfile.mkstemp(
        prefix=f".{path.name}.{os.getpid()}.", suffix=TEMP_SUFFIX, dir=path.parent
    )
    return handle, Path(name)


def write_atomically(path: Path, contents: bytes, *, backup: bool = True) -> None:
    """Write ``contents`` to a new temporary file beside ``path`` and sync it; then
    keep the old ``path`` as its backup (``backup``) and move the new file into place,
    and sync the folder: when this returns, the new file is on the disk."""
    folder = path.parent
    handle, temp = _temp_file(path)
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(contents)
            file.flush()
            os.fsync(file.fileno())
        if backup and path.is_file():
            _keep_backup(path)
        replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            temp.unlink()
        raise
    _sync_folder(folder)


def _keep_backup(path: Path) -> None:
    """Make ``NAME.bak`` the current contents of ``path`` without ever removing ``path``."""
    backup = backup_path(path)
    with contextlib.suppress(OSError):
        if os.path.samefile(path, backup):
            return  # already the backup (a write that stopped after keeping it)
    handle, temp = _temp_file(backup)
    os.close(handle)
    try:
        temp.unlink()
        try:
            os.link(path, temp)
        except OSError:
            shutil.copyfile(path, temp)
            with open(temp, "rb+") as file:
                os.fsync(file.fileno())
        replace(temp, backup)
    finally:
        # rename() of a file onto another link of the same file does nothing and
        # succeeds: the temporary name would stay behind.
        with contextlib.suppress(OSError):
            temp.unlink()
