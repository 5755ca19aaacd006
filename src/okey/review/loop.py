"""One review loop for every game: replay a record, judge the reviewed seat's moves.

The match is replayed from its record (:mod:`okey.engine.record`) through the engine.
At every move the reviewed seat made in a reviewed round the game's judge (its
folder's :class:`~okey.review.kit.ReviewPart`) is asked, with the master
(:func:`okey.review.kit.ask_master`) deciding from that seat's view at that moment, so it
knows exactly what the player knew and nothing more. What the timer or autopilot
played for the seat (the record's automatic moves) is reviewed as well, marked
``automatic``, and left out of the summary of the player's own decisions.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterable
from typing import Any, assert_never

from okey import kits
from okey.engine.actions import Discard, Finish, Resume, TimeOut
from okey.engine.match import Match
from okey.engine.record import DealEntry, MoveEntry, RecordEntry
from okey.engine.view import TableView
from okey.matchlog import ParsedLog
from okey.matchlog import replay as replay_log
from okey.review.kit import ReviewPart, ask_master
from okey.review.round import Decision, RoundReview
from okey.rules import RuleSet


def review_match(
    match: Match, seat: int, rounds: Collection[int] | None = None
) -> tuple[RoundReview, ...]:
    """The reviews of ``seat`` in the finished rounds of a live match (or only ``rounds``),
    from its record."""
    return review_record(match.record, match.rules, seat, rounds)


def review_log(
    log: ParsedLog, rules: RuleSet, seat: int, rounds: Collection[int] | None = None
) -> tuple[RoundReview, ...]:
    """The reviews of ``seat`` in every finished round of a match log (or only ``rounds``).

    The log is replayed first (:func:`okey.matchlog.replay`, every line checked): a log
    that does not replay raises :class:`okey.matchlog.MatchLogError`; a seat the table
    does not have raises ValueError. The replayed match's record (with the moves made
    for timed-out seats) is then reviewed.
    """
    if not 0 <= seat < rules.table.players:
        raise ValueError(f"there is no seat {seat} at this table")
    return review_match(replay_log(log, rules), seat, rounds)


def review_record(
    record: Iterable[RecordEntry], rules: RuleSet, seat: int, rounds: Collection[int] | None
) -> tuple[RoundReview, ...]:
    """Replay a record, judging ``seat``'s moves in the chosen rounds on the way."""
    if not 0 <= seat < rules.table.players:
        raise ValueError(f"there is no seat {seat} at this table")
    part: ReviewPart[Any] = kits.part(rules.game, "review", ReviewPart)

    match = Match(rules, random.Random(0), first_dealer=0)
    reviews: list[RoundReview] = []
    decisions: list[Decision] | None = None  # the round under review, if it is reviewed
    judged: list[tuple[TableView, Decision]] = []  # the seat's turn so far
    turn = 1
    for entry in record:
        if match.owed is not None and not (isinstance(entry, MoveEntry) and entry.automatic):
            match.complete_time_out()  # a record without them: the game's moves, unjudged
        match entry:
            case DealEntry():
                match.play(entry)
                decisions = [] if rounds is None or entry.number in rounds else None
                judged, turn = [], 1
                continue
            case MoveEntry(seat=mover, action=action):
                mine = decisions is not None and mover == seat
                if mine and not isinstance(action, TimeOut | Resume):
                    view = match.table_view(seat)
                    found = part.judge(view, action, turn, entry.automatic, ask_master)
                    judged += [(view, decision) for decision in found]
                events = match.play(entry)
                if mine and isinstance(action, Discard | Finish) and decisions is not None:
                    decisions += part.settle(judged, events, seat)
                    judged, turn = [], turn + 1
            case _:
                assert_never(entry)
        if decisions is not None and match.round_over:
            decisions += part.settle(judged, (), seat)  # a round ended mid-turn
            round_ = match.round
            reviews.append(
                RoundReview(round_.number, seat, match.players, round_.okey, tuple(decisions))
            )
            decisions, judged = None, []
    return tuple(reviews)
