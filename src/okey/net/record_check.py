"""Checking a finished match's record, as a server sent it, against what the seat heard.

A client trusts nothing the server says of the match it played: the record
(:class:`~okey.net.protocol.MatchRecord`, the match log's text) is replayed through
the engine under the table's rules (every deal and move checked again, and every
``scores`` line), must end the match, and must give this seat, event for event, what it
was told during play (:class:`~okey.net.heard.HeardLog`): its own tiles, draws and
discards, everyone's moves, each round's end. A record that fails any of these is
refused (:class:`RecordRefused`), and counts for nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

from okey.engine.events import Event, seen_by
from okey.engine.match import Match
from okey.errors import OkeyError
from okey.matchlog import parse_log, replay
from okey.net.heard import HeardLog
from okey.net.protocol import MAX_RECORD, MatchRecord
from okey.rules import RuleSet


class Doubt(Enum):
    """Why a record was refused (for the log; the player hears one line)."""

    TOO_LONG = "too_long"  # longer than a server sends
    UNREADABLE = "unreadable"  # not a match log, or it does not replay under the rules
    NOT_OVER = "not_over"  # it does not end the match
    UNHEARD = "unheard"  # the seat heard nothing of the match
    DIFFERS = "differs"  # it does not give the seat what the seat was told
    LONGER = "longer"  # it goes on past the end the seat heard


class RecordRefused(Exception):
    def __init__(self, doubt: Doubt, detail: str = "") -> None:
        self.doubt = doubt
        super().__init__(f"{doubt.value}: {detail}" if detail else doubt.value)


def checked_match(record: MatchRecord, rules: RuleSet, seat: int, heard: HeardLog) -> Match:
    """The match ``record`` holds, replayed under ``rules``, once it is found to be the
    match ``seat`` heard (see the module); :class:`RecordRefused` if it is not."""
    if len(record.log) >= MAX_RECORD:
        raise RecordRefused(Doubt.TOO_LONG)
    try:
        match = replay(parse_log(record.log), rules)
    except (OkeyError, ValueError, LookupError, RecursionError) as exc:
        raise RecordRefused(Doubt.UNREADABLE, str(exc)) from None
    if not match.over:
        raise RecordRefused(Doubt.NOT_OVER)
    if heard.end is None:
        raise RecordRefused(Doubt.UNHEARD)
    events = match.events
    if heard.end != len(events):
        raise RecordRefused(Doubt.LONGER, f"{len(events)} events, {heard.end} heard")
    for span in heard.spans:
        if not 0 <= span.start <= span.end <= len(events):
            raise RecordRefused(Doubt.DIFFERS, f"events {span.start} to {span.end}")
        seen = _seen(events[span.start : span.end], seat)
        if seen[span.left_out :] != list(span.events):
            raise RecordRefused(Doubt.DIFFERS, f"events {span.start} to {span.end}")
    return match


def _seen(events: Sequence[Event], seat: int) -> list[Event]:
    return [e for event in events if (e := seen_by(event, seat)) is not None]
