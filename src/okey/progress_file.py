"""A small JSON file of progress (the story's, the tasks'), kept beside the saves.

Written atomically as the saves are (:func:`okey.saves.atomic.write_atomically`: never
half written, the previous version kept as ``NAME.bak``). A file that cannot be read
is a :class:`ProgressError`, said in one line; it is never overwritten, so nothing is
lost.
"""

from __future__ import annotations

import json
from enum import StrEnum
from pathlib import Path
from typing import Any, ClassVar, Final

from okey.errors import OkeyError
from okey.saves.atomic import write_atomically

SUFFIX: Final = ".progress"
MOST_BYTES: Final = 1024 * 1024


class ProgressProblem(StrEnum):
    """Why a progress file cannot be used (words: ``progress.error.<value>``)."""

    UNREADABLE = "unreadable"
    DAMAGED = "damaged"
    WRITE = "write"


class ProgressError(OkeyError):
    """A progress file that cannot be read or written (``path``, ``reason``)."""

    prefix: ClassVar[str] = "progress.error."
    one_line: ClassVar[bool] = True

    def __init__(self, reason: ProgressProblem | str, /, **fields: object) -> None:
        super().__init__(ProgressProblem(reason), **fields)


def progress_path(folder: Path, name: str) -> Path:
    """The progress file ``name`` in ``folder`` (the saves folder)."""
    return folder / (name + SUFFIX)


def read_progress(path: Path) -> dict[str, Any] | None:
    """The file's object; None when there is no file yet."""
    try:
        with path.open("rb") as file:
            raw = file.read(MOST_BYTES + 1)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise ProgressError("unreadable", path=path, reason=exc.strerror or "") from None
    try:
        if len(raw) > MOST_BYTES:
            raise ValueError("too big")
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise ProgressError("damaged", path=path) from None
    if not isinstance(data, dict):
        raise ProgressError("damaged", path=path)
    return data


def write_progress(path: Path, data: dict[str, Any]) -> None:
    """Write ``data`` to ``path`` atomically (its folder made when missing)."""
    text = json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(path, text.encode("utf-8"))
    except OSError as exc:
        raise ProgressError("write", path=path, reason=exc.strerror or "") from None
