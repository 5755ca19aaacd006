"""The one error the saves raise: a reason and its data, worded (on one line) when shown."""

from __future__ import annotations

from enum import StrEnum
from typing import ClassVar

from okey.errors import OkeyError


class SaveProblem(StrEnum):
    """Why a save cannot be read, written or restored (words: ``saves.error.<value>``)."""

    MISSING_NAME = "missing_name"
    MISSING = "missing"
    UNREADABLE = "unreadable"
    EMPTY = "empty"
    TRUNCATED = "truncated"
    CORRUPT = "corrupt"
    FOREIGN = "foreign"
    NEWER = "newer"
    VERSION = "version"
    UNSAFE_NAME = "unsafe_name"
    WRITE = "write"
    NOT_FOLDER = "not_folder"
    FOLDER = "folder"
    STATE = "state"
    LOCKED = "locked"
    LOCKED_ELSEWHERE = "locked_elsewhere"
    SLOTS = "slots"
    BEHIND = "behind"
    BEHIND_GONE = "behind_gone"  # and the later save is gone: the match cannot go on


class SaveError(OkeyError):
    """A save that cannot be read, written or restored.

    ``key`` is the reason (``"corrupt"``), so a caller or a test can tell a missing
    file from a damaged one without reading the words; ``fields`` hold the path and
    the nested cause (``reason``: a :class:`okey.errors.Phrase` or an error), worded
    when the error is shown, on one line.
    """

    prefix: ClassVar[str] = "saves.error."
    one_line: ClassVar[bool] = True

    def __init__(self, reason: SaveProblem | str, /, **fields: object) -> None:
        super().__init__(SaveProblem(reason), **fields)
