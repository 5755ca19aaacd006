"""The one error the saves raise: a single clear line, worded from the catalogue."""

from __future__ import annotations

from okey.messages import CATALOGUE


class SaveError(ValueError):
    """A save that cannot be read, written or restored; ``str(error)`` is one line.

    ``key`` is the catalogue key of the message (``saves.error.<what>``), so a
    caller or a test can tell a missing file from a damaged one without
    reading the words.
    """

    def __init__(self, key: str, /, **fields: object) -> None:
        self.key = key
        self.fields = fields
        super().__init__(" ".join(CATALOGUE.text(f"saves.error.{key}", **fields).split()))
