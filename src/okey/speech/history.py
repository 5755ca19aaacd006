"""The history of everything said, browsable older and newer.

The review point starts past the newest message (the "live" end). Older
from there reads the newest message, so the first press repeats what was
just said. A move that would go past an end stays at that end and is marked
with the edge, as are the jumps to the oldest and newest. A new message
brings the review point back to the live end, as in a screen reader's
speech history.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, auto


class Edge(Enum):
    """The end of the history a read stopped at or jumped to."""

    OLDEST = auto()
    NEWEST = auto()


@dataclass(frozen=True, slots=True)
class HistoryRead:
    """What a history key read: a message (None if there is none yet) and its edge."""

    text: str | None
    edge: Edge | None = None
    number: int = 0
    """The message's place, 1 for the oldest kept (0 when empty)."""


class History:
    """Messages said, oldest first, with a review point; keeps the newest ``limit``."""

    def __init__(self, limit: int = 2000) -> None:
        if limit < 1:
            raise ValueError("a history keeps at least one message")
        self._limit = limit
        self._entries: list[str] = []
        self._cursor: int | None = None

    def __len__(self) -> int:
        return len(self._entries)

    @property
    def entries(self) -> tuple[str, ...]:
        return tuple(self._entries)

    @property
    def position(self) -> int | None:
        """The index under review, or None at the live end."""
        return self._cursor

    def append(self, text: str) -> None:
        self._entries.append(text)
        if len(self._entries) > self._limit:
            del self._entries[0]
        self._cursor = None

    def older(self) -> HistoryRead:
        if not self._entries:
            return HistoryRead(None)
        if self._cursor is None:
            return self._read(len(self._entries) - 1)
        if self._cursor == 0:
            return self._read(0, Edge.OLDEST)
        return self._read(self._cursor - 1)

    def newer(self) -> HistoryRead:
        if not self._entries:
            return HistoryRead(None)
        last = len(self._entries) - 1
        if self._cursor is None or self._cursor >= last:
            return self._read(last, Edge.NEWEST)
        return self._read(self._cursor + 1)

    def oldest(self) -> HistoryRead:
        if not self._entries:
            return HistoryRead(None)
        return self._read(0, Edge.OLDEST)

    def newest(self) -> HistoryRead:
        if not self._entries:
            return HistoryRead(None)
        return self._read(len(self._entries) - 1, Edge.NEWEST)

    def _read(self, index: int, edge: Edge | None = None) -> HistoryRead:
        self._cursor = index
        return HistoryRead(self._entries[index], edge, index + 1)
