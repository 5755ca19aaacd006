"""What would the master have done? One seat's decisions in a round, set beside the master's.

The match is replayed from its record (:mod:`okey.engine.record`) through the
engine. At every decision the reviewed seat made in a reviewed round (draw or
take, take or decline, which tile to throw, show, declare), the master
(:mod:`okey.bots.master`, the hard bot) is asked from that seat's view at that
moment, so it knows exactly what the player knew and nothing more.

Equivalent moves agree: the two copies of a tile are one face; a discard and a
finish with the same tile are one move when it wins; two finishes that win the
same points are the same choice. A declaration (showing the indicator's twin,
turning to the okey, announcing pairs) is a decision of its own; letting the
show pass is one too when the master would have shown. What the timer or
autopilot played for the seat (the record's automatic moves) is reviewed as
well, marked ``automatic``, and left out of the summary of the player's own
decisions.

A match of Okey 101 is reviewed by :mod:`okey.review101` into the same
:class:`RoundReview`, with its own kinds of decision (to open, lay, add, give back).
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterable
from dataclasses import replace
from typing import assert_never

from okey.bots.master import master_move
from okey.engine.actions import (
    Action,
    DeclarePairs,
    Discard,
    Finish,
    Resume,
    ShowIndicator,
    TimeOut,
    TurnToOkey,
)
from okey.engine.match import Match
from okey.engine.record import DealEntry, MoveEntry, RecordEntry
from okey.engine.view import Phase, PlayerView
from okey.hand.scoring import best_finish
from okey.hand.solver import kinds_after_discard
from okey.matchlog import ParsedLog
from okey.matchlog import replay as replay_log
from okey.review101 import reviews101
from okey.round_review import Decision as Decision
from okey.round_review import DecisionKind as DecisionKind
from okey.round_review import RoundReview as RoundReview
from okey.round_review import Summary as Summary
from okey.rules import RuleSet

_PHASE_KINDS = {
    Phase.DRAW: DecisionKind.DRAW,
    Phase.PILE_OUT: DecisionKind.LAST_DISCARD,
    Phase.DISCARD: DecisionKind.DISCARD,
}
_DECLARATIONS = {
    ShowIndicator: DecisionKind.SHOW,
    TurnToOkey: DecisionKind.TURN_TO_OKEY,
    DeclarePairs: DecisionKind.PAIRS,
}


# -- judging one move --------------------------------------------------------------


def win_points(view: PlayerView, action: Action | None) -> int | None:
    """What ``action`` wins from each loser when it finishes the round, else None."""
    if not isinstance(action, Discard | Finish):
        return None
    if isinstance(action, Discard) and view.seat in view.turned_to_okey:
        return None  # after okeye dönmek only an explicit finish ends the round
    kinds = kinds_after_discard(view.hand, action.tile, view.okey)
    if not kinds:
        return None
    points, _ = best_finish(view.rules.scoring, kinds, action.tile, view.okey)
    return points


def same_decision(view: PlayerView, played: Action | None, master: Action | None) -> bool:
    """True when the two moves are the same decision: equal, or finishes worth the same."""
    if played == master:
        return True
    points = win_points(view, played)
    return points is not None and points == win_points(view, master)


def judge(
    view: PlayerView, action: Action, turn: int, *, automatic: bool = False
) -> list[Decision]:
    """The decisions in ``action`` made from ``view``, each set beside the master's choice."""
    full = master_move(view)
    declared = _DECLARATIONS.get(type(action))
    if declared is not None:
        master = action if full == action else None
        return [Decision(turn, declared, action, master, master is not None, automatic)]
    found: list[Decision] = []
    wished = _DECLARATIONS.get(type(full))
    if wished is not None:
        # The master would have declared first; the move itself is asked without it.
        found.append(Decision(turn, wished, None, full, False, automatic))
        moves = tuple(move for move in view.legal if type(move) not in _DECLARATIONS)
        full = master_move(replace(view, legal=moves))
    offered = view.available_discard if view.phase is not Phase.DISCARD else None
    played_points, master_points = win_points(view, action), win_points(view, full)
    found.append(
        Decision(
            turn=turn,
            kind=_PHASE_KINDS[view.phase],
            played=action,
            master=full,
            # as same_decision, with the points already worked out
            agreed=action == full or (played_points is not None and played_points == master_points),
            automatic=automatic,
            offered=offered,
            played_points=played_points,
            master_points=master_points,
        )
    )
    return found


# -- replaying a match -------------------------------------------------------------


def review_match(
    match: Match, seat: int, rounds: Collection[int] | None = None
) -> tuple[RoundReview, ...]:
    """The reviews of ``seat`` in the finished rounds of a live match (or only ``rounds``),
    from its record."""
    return _reviews(match.record, match.rules, seat, rounds)


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


def _reviews(
    record: Iterable[RecordEntry], rules: RuleSet, seat: int, rounds: Collection[int] | None
) -> tuple[RoundReview, ...]:
    """Replay a record, judging ``seat``'s moves in the chosen rounds on the way."""
    if not 0 <= seat < rules.table.players:
        raise ValueError(f"there is no seat {seat} at this table")
    if rules.okey101 is not None:
        return reviews101(record, rules, seat, rounds)
    match = Match(rules, random.Random(0), first_dealer=0)
    reviews: list[RoundReview] = []
    decisions: list[Decision] | None = None  # the round under review, if it is reviewed
    turn = 1
    for entry in record:
        if match.owed is not None and not (isinstance(entry, MoveEntry) and entry.automatic):
            match.complete_time_out()  # a record without them: the game's moves, unjudged
        match entry:
            case DealEntry():
                match.play(entry)
                decisions = [] if rounds is None or entry.number in rounds else None
                turn = 1
                continue
            case MoveEntry(seat=mover, action=action):
                if (
                    decisions is not None
                    and mover == seat
                    and not isinstance(action, TimeOut | Resume)
                ):
                    decisions += judge(match.view(seat), action, turn, automatic=entry.automatic)
                    if isinstance(action, Discard | Finish):
                        turn += 1
                match.play(entry)
            case _:
                assert_never(entry)
        if decisions is not None and match.round_over:
            round_ = match.round
            reviews.append(
                RoundReview(round_.number, seat, match.players, round_.okey, tuple(decisions))
            )
            decisions = None
    return tuple(reviews)
