"""Classic Okey at the table: its declarations are moves like any other (the table's
own handlers play them); it reads the table at a glance (1) and how close the hand is
(0) from its own view."""

from __future__ import annotations

from typing import TYPE_CHECKING

from okey.audio import Cue
from okey.engine.actions import Discard, Finish
from okey.engine.view import Phase, PlayerView, TableView
from okey.table import moves, prompts
from okey.table.closeness import how_close
from okey.table.glance import glance
from okey.table.keys import Command
from okey.table.kit import TablePart, Told
from okey.table.lines import Joined, Line, Speech
from okey.table.voice import Said

if TYPE_CHECKING:
    from okey.table.core import TableCore


def _read(table: TableCore, command: Command, view: TableView) -> Speech | None:
    if not isinstance(view, PlayerView):
        return None
    if command is Command.GLANCE:
        return glance(table.state, view, table.seats)
    if command is Command.HOW_CLOSE:
        return how_close(view, every=table.last is Command.HOW_CLOSE)
    return None


def _finish_alert(table: TableCore, view: TableView, told: Told) -> list[Said]:
    """The hand can finish with a discard: said with its sound, then the offer to turn
    to the okey where the rules have it."""
    if not isinstance(view, PlayerView):
        return []
    alert = prompts.win_possible(view)
    if alert is None:
        return []
    table.win_told = told
    said = [Said(alert, Cue.WIN_POSSIBLE)]
    offer = prompts.turn_to_okey_offer(view)
    if offer is not None:
        said.append(Said(offer))
    return said


def _finish(table: TableCore, command: Command) -> None:
    """F: finish with the best winning discard."""
    del command
    view = moves.your_turn(table)
    if not isinstance(view, PlayerView):
        return
    best = prompts.best_finish(view)
    if best is None:
        if view.phase is Phase.DISCARD:  # and how close the hand is
            table.voice.reply(Joined((Line("table.why.no_finish"), how_close(view))))
        else:
            table.voice.reply(prompts.refusal("must_draw", None, view))
        return
    moves.move(table, Finish(best) if prompts.finish_needs_key(view) else Discard(best))


PART = TablePart(handlers={Command.FINISH: _finish}, read=_read, finish_alert=_finish_alert)
