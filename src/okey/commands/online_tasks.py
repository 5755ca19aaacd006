"""The day's tasks a match at an online table completes, counted on this machine at its end.

At the match's end the server sends each person seated the match's record
(:class:`~okey.net.protocol.MatchRecord`). A guest (``okey join``, a salon seat)
trusts it only once its own engine has replayed it and found the match its table heard
(:func:`okey.net.record_check.checked_match`); the host (``okey host``) counts from its
own server's match instead. Either way the tasks are read from the record
(:func:`okey.tasks.counting.count_match`), for this seat only, and what was done is said
at the table: "Task done: finish with pairs. Okey score 140.". A browser's seat played
in the host's process counts nothing here: it is not this machine's player.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from okey.daily import today
from okey.engine.events import Event
from okey.engine.record import RecordEntry
from okey.net.protocol import MatchRecord
from okey.net.record_check import RecordRefused, checked_match
from okey.net.seat import NetSeat
from okey.net.table import NetTable
from okey.progress_file import ProgressError
from okey.saves.data import is_unverified
from okey.table.lines import Line, Problem, Speech, sentence
from okey.tasks.counting import Credit, count_match

log = logging.getLogger("okey.net")

Played = list[tuple[RecordEntry, Sequence[Event]]]


def credit_lines(credits: Iterable[Credit]) -> list[Speech]:
    """The tasks just done, at the table: "Task done: finish with pairs. Okey score 140."."""
    lines: list[Speech] = []
    for done in credits:
        key, task = done.said_as
        lines.append(Line(key, task=Line(task), score=done.score))
    return lines


@dataclass
class OnlineTasks:
    """Counts one seat's tasks when its match's record comes (once a match)."""

    folder: Path  # where the ledger is kept (the saves folder)
    own: Callable[[], NetTable | None] | None = None  # the host's: its server's table
    day: Callable[[], date] = today
    done: bool = False

    def count(self, record: MatchRecord, seat: NetSeat) -> list[Speech]:
        """What the record brings this seat, in the table's words (nothing the second
        time: a seat that rejoins a finished match is sent it again)."""
        if self.done:
            return []
        self.done = True
        found = self._played(record, seat)
        if not isinstance(found, list):
            return [] if found is None else [found]
        try:
            credits = count_match(found, seat.rules, seat.you, self.folder, self.day())
        except ProgressError as exc:
            return [sentence(Problem(exc))]
        return credit_lines(credits)

    def _played(self, record: MatchRecord, seat: NetSeat) -> Played | Line | None:
        """The match's entries and events, or the line that says why it counts for nothing
        (None: nothing to say)."""
        if self.own is not None:
            table = self.own()
            if table is None or not table.over:
                return None  # (the server's match is what ended: never so)
            if table.match_id is not None and is_unverified(table.match_id):
                return Line("tasks.online.unsealed")
            return list(table.match.played())
        if not record.sealed:
            return Line("tasks.online.unsealed")
        try:
            match = checked_match(record, seat.rules, seat.you, seat.heard)
        except RecordRefused as exc:
            log.warning("the server's record of the match was refused: %s", exc)
            return Line("tasks.online.refused")
        except Exception:  # a record no check foresaw: refused, and the table goes on
            log.exception("the server's record of the match could not be checked")
            return Line("tasks.online.refused")
        return list(match.played())

    def listener(
        self, say: Callable[[Speech], None], seat: NetSeat
    ) -> Callable[[MatchRecord], None]:
        """What :class:`~okey.net.seat.Online` calls with the record: count, and ``say``
        each line (the table's voice)."""

        def heard(record: MatchRecord) -> None:
            for line in self.count(record, seat):
                say(line)

        return heard
