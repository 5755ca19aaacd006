"""Classic Okey's judge for the master's review (:mod:`okey.review`).

At every decision the reviewed seat made (draw or take, take or decline, which tile
to throw, show, declare) the master's move from the same view is set beside it.
Equivalent moves agree: the two copies of a tile are one face; a discard and a
finish with the same tile are one move when it wins; two finishes that win the
same points are the same choice. A declaration (showing the indicator's twin,
turning to the okey, announcing pairs) is a decision of its own; letting the
show pass is one too when the master would have shown.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from okey.engine.actions import (
    Action,
    DeclarePairs,
    Discard,
    Finish,
    ShowIndicator,
    TurnToOkey,
)
from okey.engine.events import Event
from okey.engine.view import Phase, PlayerView
from okey.hand.scoring import best_finish
from okey.hand.solver import kinds_after_discard
from okey.review.kit import Judged, Master, ReviewPart, ask_master
from okey.review.round import Decision, DecisionKind

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
    view: PlayerView,
    action: Action,
    turn: int,
    *,
    automatic: bool = False,
    master_move: Master = ask_master,
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


# -- the part ------------------------------------------------------------------------


def _judge(
    view: PlayerView, action: Action, turn: int, automatic: bool, master: Master
) -> list[Decision]:
    return judge(view, action, turn, automatic=automatic, master_move=master)


def _settle(judged: Judged[PlayerView], events: Sequence[Event], seat: int) -> list[Decision]:
    """Each decision is whole as soon as it is judged."""
    return [decision for _, decision in judged]


PART = ReviewPart[PlayerView](judge=_judge, settle=_settle)
