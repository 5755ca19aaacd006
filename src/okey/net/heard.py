"""What one seat was told of a match, kept to check the match's record against at the end.

The server tells a seat the match's events as that seat sees them
(:func:`okey.engine.events.seen_by`), in Updates, each with the match's version (how
many events it has had) after them, and, on rejoin, in a Brief of what was missed. A
:class:`HeardLog` keeps them as :class:`Span` values: the events the seat heard of the
match's events from one version to another. Once the match is over, its record, replayed
through the engine, must give the seat exactly these (:mod:`okey.net.record_check`).
"""

from __future__ import annotations

from dataclasses import dataclass

from okey.engine.events import Event
from okey.net.protocol import Brief, Update


@dataclass(frozen=True, slots=True)
class Span:
    """The events a seat heard of the match's events ``start`` to ``end`` (versions),
    as it sees them, less the first ``left_out`` (a long absence's brief)."""

    start: int
    end: int
    events: tuple[Event, ...]
    left_out: int = 0


class HeardLog:
    """The spans a seat heard, in order (see the module)."""

    def __init__(self) -> None:
        self.spans: list[Span] = []
        self.version = 0  # the match's version after the last Update heard
        self._brief: Brief | None = None  # a Brief waits for the Update that follows it

    def update(self, update: Update) -> None:
        brief, self._brief = self._brief, None
        if brief is not None:
            # What was missed runs from the Brief's version to the Update's.
            self.spans.append(Span(brief.since, update.version, brief.missed, brief.left_out))
            start = update.version
        else:
            start = self.version
        if update.events or update.version != start:
            self.spans.append(Span(start, update.version, update.events))
        self.version = update.version

    def brief(self, brief: Brief) -> None:
        self._brief = brief

    @property
    def end(self) -> int | None:
        """The version of the last span heard (None: nothing heard)."""
        return self.spans[-1].end if self.spans else None
