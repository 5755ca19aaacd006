"""The master's review (:mod:`okey.review`) as lines: a summary, then each disagreement
(a game's own moves worded by its folder's :class:`ReviewWords`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import assert_never

from okey import kits
from okey.engine.actions import (
    Action,
    DeclarePairs,
    DeclineDiscard,
    Discard,
    DrawFromPile,
    Finish,
    GameAction,
    Resume,
    ShowIndicator,
    TakeDiscard,
    TimeOut,
    TurnToOkey,
)
from okey.hand.melds import LaidMeld
from okey.review.round import Decision, RoundReview
from okey.table.lines import Field, Joined, Line, Name, Speech
from okey.table.output.words import Words


@dataclass(frozen=True)
class ReviewWords:
    """What a game's folder gives the review's words (its module ``review_words``'s
    ``PART``), for a game with moves of its own (:class:`~okey.engine.actions.GameAction`)."""

    move: Callable[[GameAction, Decision, RoundReview, str, LaidMeld | None], Line]
    """One of the game's own moves as a phrase, in ``tense`` "did" or "would" (``onto``:
    the combination it adds to, if it adds)."""


def review_speech(review: RoundReview) -> list[Speech]:
    """The summary, then one line per disagreement in turn order (tiles are named with
    the reviewed round's okey: the table's round, or set on the words)."""
    return [summary_line(review)] + [
        decision_line(decision, review) for decision in review.disagreements
    ]


def review_lines(review: RoundReview, words: Words) -> list[str]:
    """The review in words (``words`` is set to name tiles with the round's okey)."""
    words.okey = review.okey
    return [words.say(speech) for speech in review_speech(review)]


def summary_line(review: RoundReview) -> Speech:
    summary = review.summary
    count, agreed = summary.decisions, summary.agreements
    if count == 0 and summary.automatic:
        return Line("table.review.all_automatic", count=summary.automatic)
    if count > 1 and agreed == count:
        said = Line("table.review.summary.all", count=count)
    else:
        said = Line("table.review.summary", agreed=agreed, count=count)
    if summary.automatic:
        return Joined((said, Line("table.review.automatic", count=summary.automatic)))
    return said


def decision_line(decision: Decision, review: RoundReview) -> Line:
    """ "Turn 4: you drew from the pile; the master would have taken blue 5 from Ayşe." """
    # Two finishes differ only in their points: then say them.
    both_win = decision.played_points is not None and decision.master_points is not None
    won = decision.played_points
    played = _move(decision.played, won, decision, review, "did", both_win, decision.played_onto)
    mode = "auto" if decision.automatic else "line"
    if decision.master is None:
        return Line(f"table.review.{mode}.not", turn=decision.turn, played=played)
    points = decision.master_points
    master = _move(
        decision.master, points, decision, review, "would", both_win, decision.master_onto
    )
    return Line(f"table.review.{mode}", turn=decision.turn, played=played, master=master)


def _move(
    action: Action | None,
    won: int | None,
    decision: Decision,
    review: RoundReview,
    tense: str,
    with_points: bool = False,
    onto: LaidMeld | None = None,
) -> Line:
    """A move as a phrase: "drew from the pile" (did) or "drawn from the pile" (would);
    ``won`` is what it wins from each loser when it finishes."""
    key = f"table.review.{tense}"
    if action is None:  # a declaration let pass
        return Line(f"{key}.no_{decision.kind.value}")
    offered: Field = decision.offered if decision.offered is not None else ""
    match action:
        case DrawFromPile():
            return Line(f"{key}.draw")
        case TakeDiscard():
            return Line(f"{key}.take", tile=offered, name=Name(review.previous))
        case DeclineDiscard():
            return Line(f"{key}.decline", tile=offered)
        case Discard() | Finish():
            if won is None:
                return Line(f"{key}.discard", tile=action.tile)
            if with_points:
                return Line(f"{key}.finish_points", tile=action.tile, points=won)
            return Line(f"{key}.finish", tile=action.tile)
        case ShowIndicator():
            return Line(f"{key}.show")
        case TurnToOkey():
            return Line(f"{key}.turn_to_okey")
        case DeclarePairs():
            return Line(f"{key}.pairs")
        case GameAction():
            words = kits.part(action.game, "review_words", ReviewWords)
            return words.move(action, decision, review, tense, onto)
        case TimeOut() | Resume():  # never a decision of the review
            raise AssertionError(f"no words for {action!r}")  # pragma: no cover
        case _:
            assert_never(action)
