"""The master's hint at classic Okey (:class:`okey.table.output.hint.HintPart`)."""

from __future__ import annotations

from typing import assert_never

from okey.bots.level import winning_discard
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
from okey.table.lines import Line, Name
from okey.table.output.hint import HintPart


def hint_line(view: TableView, action: Action) -> Line:
    """The master's next move at a classic table in words."""
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


PART = HintPart(line=hint_line)
