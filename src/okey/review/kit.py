"""What a game's folder gives the review (its module ``review``'s ``PART``): the judge."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from okey.bots import master_of
from okey.engine.actions import Action
from okey.engine.events import Event
from okey.engine.view import TableView
from okey.review.round import Decision

ViewT = TypeVar("ViewT", bound=TableView)

Master = Callable[[TableView], Action]
"""The master's move from a view (the same view always gives the same move)."""


def ask_master(view: TableView) -> Action:
    """The master of the view's game (:func:`okey.bots.master_of`), asked for its move
    (a fresh one each time: the same view, the same move)."""
    return master_of(view.rules.game).choose(view)


Judged = Sequence[tuple[ViewT, Decision]]
"""The decisions of the seat's turn so far, each with the view it was made from."""


@dataclass(frozen=True)
class ReviewPart(Generic[ViewT]):
    """A game's judge, over the views its seats get.

    The review loop (:mod:`okey.review.loop`) replays a record and, at each move of the
    reviewed seat, asks :attr:`judge`; when the seat's turn is over (its discard, or the
    round's end) it hands the turn's decisions to :attr:`settle`."""

    judge: Callable[[ViewT, Action, int, bool, Master], Sequence[Decision]]
    """The decisions in move ``action`` made from ``view`` at the seat's turn ``turn``
    (``automatic``: the timer or autopilot moved), each beside the master's choice;
    none when the move was no decision (the only one possible)."""
    settle: Callable[[Judged[ViewT], Sequence[Event], int], Sequence[Decision]]
    """A finished turn's decisions, with the agreements only the whole turn shows, from
    the events of its last move (none when the round ended before the turn did) and
    the reviewed seat."""
