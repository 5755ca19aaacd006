"""Okey 101's judge for the master's review (:mod:`okey.review`): one seat's moves in a
round beside the master's (the expert 101 level).

Every move the reviewed seat made (the draw or the take, each opening, laying,
addition and giving back, the discard) is set beside the master's from the same
view. A move that was the only one possible (the draw after giving back, the last
tile's discard) is no decision and is left out.

Equivalent moves agree: the two copies of a tile are one face; two openings or
layings of the same tiles worth the same are one (however they are grouped); an
addition the master would make now that the seat made later in the same turn is
the same laying in another order; and in a turn the seat finished, a move the master
would have made to finish this turn worth the same (the same factor: an okey
finish, pairs, one turn) is one too. The timer's moves are reviewed as well, marked
``automatic``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import replace

from okey.engine.actions import Action
from okey.engine.events import Event
from okey.engine.view import Phase
from okey.games.okey101.actions import Add, GiveBack, Lay, Open
from okey.games.okey101.events import RoundScored101
from okey.games.okey101.levels import master101, plan_step, rules_now
from okey.games.okey101.scores import Finish101, round_factor
from okey.games.okey101.sections import own_rules
from okey.games.okey101.view import LaidMeld, View101
from okey.hand.finishing import Opened, finish_plan
from okey.hand.melds import melds_value
from okey.review.kit import Judged, Master, ReviewPart, ask_master
from okey.review.round import Decision, DecisionKind
from okey.tiles import Tile, is_okey

Laying = Open | Lay | Add
_LAYING_KINDS: tuple[tuple[type, DecisionKind], ...] = (
    (Open, DecisionKind.OPEN),
    (Lay, DecisionKind.LAY),
    (Add, DecisionKind.ADD),
    (GiveBack, DecisionKind.GIVE_BACK),
)


# -- judging one move ----------------------------------------------------------------


def laid_tiles(action: Action) -> Counter[Tile]:
    """The tiles a laying puts on the table (none for another move)."""
    match action:
        case Open() | Lay():
            return Counter(
                [t for meld in action.melds for t in meld.tiles]
                + [t for pair in action.pairs for t in pair]
            )
        case Add():
            return Counter([action.addition.tile])
        case _:
            return Counter()


def same_move101(played: Action | None, master: Action | None) -> bool:
    """True when the two moves are one decision: equal; openings or layings of the same
    kind, the same tiles and the same value; additions of the same tile at the same
    place (an okey may play as another face there)."""
    if played == master:
        return True
    if isinstance(played, Open | Lay) and type(played) is type(master):
        assert isinstance(master, Open | Lay)
        return (
            bool(played.pairs) == bool(master.pairs)
            and laid_tiles(played) == laid_tiles(master)
            and melds_value(played.melds) == melds_value(master.melds)
        )
    if isinstance(played, Add) and isinstance(master, Add):
        a, b = played.addition, master.addition
        return (a.meld, a.tile, a.place, a.index) == (b.meld, b.tile, b.place, b.index)
    return False


def kind_of(view: View101, played: Action, master: Action) -> DecisionKind:
    """What the decision was about: the draw; else the laying either move makes (to open
    or not, with what; to lay; to add; to give back); else the discard."""
    if view.phase is Phase.DRAW:
        return DecisionKind.DRAW
    for cls, kind in _LAYING_KINDS:
        if isinstance(played, cls) or isinstance(master, cls):
            return kind
    return DecisionKind.DISCARD


def forced(view: View101) -> bool:
    """Only one move was possible (every move is listed while drawing, and with one tile
    left nothing can be laid)."""
    return len(view.legal) == 1 and (view.phase is Phase.DRAW or len(view.hand) == 1)


def _onto(view: View101, action: Action | None) -> LaidMeld | None:
    if isinstance(action, Add) and 0 <= action.addition.meld < len(view.melds):
        return view.melds[action.addition.meld]
    return None


def judge101(
    view: View101,
    action: Action,
    turn: int,
    *,
    automatic: bool = False,
    master_move: Master = ask_master,
) -> Decision:
    """The seat's move from ``view`` beside the master's."""
    master = master_move(view)
    offered = view.available_discard if view.phase is Phase.DRAW else view.must_use
    return Decision(
        turn=turn,
        kind=kind_of(view, action, master),
        played=action,
        master=master,
        agreed=same_move101(action, master),
        automatic=automatic,
        offered=offered,
        played_onto=_onto(view, action),
        master_onto=_onto(view, master),
    )


def finishing_factor(view: View101, master: Action) -> int | None:
    """The factor of the finish ``master`` begins this turn (it is a step of the finishing
    plan the hard level follows), or None when it does not finish."""
    own = own_rules(view.rules)
    bot = master101()
    if own is None or not bot.near(view):
        return None
    hand, table, okey, rules = list(view.hand), view.table, view.okey, rules_now(view)
    plan = finish_plan(hand, table, okey, rules, view.my_opening, view.must_use)
    if plan is None or plan_step(plan, view.must_use, hand, table, okey, rules) != master:
        return None
    others = [o for s, o in enumerate(view.openings) if s != view.seat]
    finish = Finish101(
        view.seat,
        okey_finish=is_okey(plan.discard, okey),
        pairs_finish=view.my_opening is Opened.PAIRS or bool(plan.opening_pairs),
        one_turn=(view.my_opening is Opened.NOT_YET or view.opened_this_turn)
        and all(o is Opened.NOT_YET for o in others),
    )
    return round_factor(own, finish)


def settle_turn(judged: Judged[View101], finished: int | None) -> list[Decision]:
    """A turn's decisions, with the agreements only the whole turn shows: the master's
    laying made later in the turn, a finish worth the same (``finished``: the factor of
    the seat's finish this turn, None when it did not finish)."""
    settled = []
    for index, (view, decision) in enumerate(judged):
        if not decision.agreed:
            master = decision.master
            later = [d.played for _, d in judged[index + 1 :]]
            reordered = isinstance(master, Laying) and any(same_move101(p, master) for p in later)
            if reordered or (
                finished is not None
                and master is not None
                and finishing_factor(view, master) == finished
            ):
                decision = _agreed(decision)
        settled.append(decision)
    return settled


def _agreed(decision: Decision) -> Decision:
    return replace(decision, agreed=True)


# -- the part ------------------------------------------------------------------------


def _finished_with(events: Iterable[Event], seat: int) -> int | None:
    """The factor of the finish ``seat`` made in these events, if it finished."""
    for event in events:
        if isinstance(event, RoundScored101) and event.finisher == seat:
            return event.factor
    return None


def _judge(
    view: View101, action: Action, turn: int, automatic: bool, master: Master
) -> list[Decision]:
    if forced(view):
        return []
    return [judge101(view, action, turn, automatic=automatic, master_move=master)]


def _settle(judged: Judged[View101], events: Sequence[Event], seat: int) -> list[Decision]:
    return settle_turn(judged, _finished_with(events, seat))


PART = ReviewPart[View101](judge=_judge, settle=_settle)
