"""The master's hint: what the hard bot would do in the player's place.

It decides from the player's own view, exactly as a bot at the table does,
so a hint never reveals a hidden tile. A match gives a few hints (see
:data:`okey.table.settings.HINTS`); the count is kept with the table's
settings, so a save keeps it. At Okey 101 the words are :mod:`okey.table.hint101`'s.
"""

from __future__ import annotations

from typing import assert_never

from okey.bots.level import winning_discard
from okey.bots.master import master_move
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
from okey.engine.view import PlayerView, TableView
from okey.games.okey101.view import View101
from okey.table.hint101 import hint_line101
from okey.table.lines import Line, Name

__all__ = ["hint_line", "master_move"]


def hint_line(view: TableView, action: Action) -> Line:
    """The hint as a line (Okey's or Okey 101's, by the view)."""
    if isinstance(view, View101):
        return hint_line101(view, action)
    if not isinstance(view, PlayerView):
        return Line("table.hint.none")
    match action:
        case DrawFromPile():
            return Line("table.hint.draw")
        case TakeDiscard() if view.available_discard is not None:
            return Line("table.hint.take", tile=view.available_discard, name=Name(view.previous))
        case DeclineDiscard():
            return Line("table.hint.decline")
        case ShowIndicator():
            return Line("table.hint.show")
        case Finish() | Discard():
            if isinstance(action, Finish) or winning_discard(view) == action.tile:
                return Line("table.hint.finish", tile=action.tile)
            return Line("table.hint.discard", tile=action.tile)
        case TakeDiscard() | TurnToOkey() | DeclarePairs() | TimeOut() | Resume() | GameAction():
            return Line("table.hint.none")
        case _:
            assert_never(action)


def hints_left_line(left: int) -> Line:
    """How many hints are left after one."""
    return Line("table.hint.left", count=left)
