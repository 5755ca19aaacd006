"""The master's hint at Okey 101 (:class:`okey.table.output.hint.HintPart`): what the master
does next from the player's own view, and why when that is cheap to say from the view
alone: a discard that avoids a penalty (the tiles that would cost it), one that cannot,
the best opening a discard keeps while not yet opened.
"""

from __future__ import annotations

from typing import assert_never

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
from okey.engine.view import TableView
from okey.games.okey101.actions import Add, GiveBack, Lay, Open
from okey.games.okey101.events import PenaltyReason
from okey.games.okey101.levels import rules_now
from okey.games.okey101.sections import own_rules
from okey.games.okey101.view import View101
from okey.hand.finishing import Opened
from okey.hand.layoff import Place
from okey.hand.melds import melds_value
from okey.hand.opening import best_opening_value
from okey.table.lines import AndList, Line, Name
from okey.table.output.hint import HintPart
from okey.table.output.meldwords import laid_line, meld_line, owned_line
from okey.tiles import Tile, is_okey


def hint_line(seen: TableView, action: Action) -> Line:
    """The master's next move at a 101 table in words."""
    view = seen
    assert isinstance(view, View101)
    match action:
        case DrawFromPile():
            return Line("table.hint.draw")
        case TakeDiscard() if view.available_discard is not None:
            tile = view.available_discard
            return Line("table.hint101.take", tile=tile, name=Name(view.previous))
        case GiveBack() if view.must_use is not None:
            return Line("table.hint101.give_back", tile=view.must_use, name=Name(view.previous))
        case Open(melds=melds, pairs=()):
            value, threshold = melds_value(melds), view.threshold
            return Line(
                "table.hint101.open",
                value=value,
                threshold=threshold,
                melds=laid_line(melds, (), view.okey),
            )
        case Open(pairs=pairs):
            return Line(
                "table.hint101.open_pairs", count=len(pairs), pairs=laid_line((), pairs, view.okey)
            )
        case Lay(melds=melds, pairs=()):
            return Line("table.hint101.lay", melds=laid_line(melds, (), view.okey))
        case Lay(pairs=pairs):
            return Line("table.hint101.lay_pairs", pairs=laid_line((), pairs, view.okey))
        case Add(addition=addition) if 0 <= addition.meld < len(view.melds):
            on = view.melds[addition.meld]
            laid = owned_line(meld_line(on.meld, view.okey), on.owner, None, view.seat)
            if addition.place is Place.OKEY:
                return Line("table.hint101.take_back", tile=addition.tile, meld=laid)
            return Line("table.hint101.add", tile=addition.tile, meld=laid)
        case Discard(tile=tile):
            if len(view.hand) == 1 and view.my_opening is not Opened.NOT_YET:
                return Line("table.hint.finish", tile=tile)
            why = discard_why(view, tile)
            if why is None:
                return Line("table.hint.discard", tile=tile)
            return Line("table.hint101.discard", tile=tile, why=why)
        case (
            TakeDiscard()
            | GiveBack()
            | Add()
            | Finish()
            | ShowIndicator()
            | DeclineDiscard()
            | TurnToOkey()
            | DeclarePairs()
            | TimeOut()
            | Resume()
            | GameAction()
        ):
            return Line("table.hint.none")
        case _:
            assert_never(action)


def discard_why(view: View101, tile: Tile) -> Line | None:
    """Why this discard, when the view says it at once: it costs a penalty as every tile
    would; it keeps the tiles that fit the table (and would cost one); it keeps the best
    opening's value (not yet opened)."""
    own = own_rules(view.rules)
    if own is None:
        return None
    points = own.scoring.penalty
    if view.discard_cost(tile) is not None:
        return Line("table.hint101.why.every_tile", points=points)
    fitting = [
        held
        for held in dict.fromkeys(view.hand)
        if not is_okey(held, view.okey)
        and view.discard_cost(held) is PenaltyReason.PLAYABLE_DISCARD
    ]
    if fitting:
        return Line(
            "table.hint101.why.fits",
            count=len(fitting),
            tiles=AndList(tuple(fitting)),
            points=points,
        )
    if view.my_opening is Opened.NOT_YET:
        rest = list(view.hand)
        rest.remove(tile)
        value = best_opening_value(rest, view.okey, rules_now(view)) or 0
        short = view.threshold - value
        if short > 0:
            return Line("table.hint101.why.opening", value=value, short=short)
        return Line("table.hint101.why.opening_enough", value=value)
    return None


PART = HintPart(line=hint_line)
