"""Classic Okey at the table: its declarations are moves like any other (the table's
own handlers play them); it reads the table at a glance (1) and how close the hand is
(0) from its own view."""

from __future__ import annotations

from typing import TYPE_CHECKING, assert_never

from okey.audio import Cue
from okey.bots.level import wins_with
from okey.engine.actions import Discard, Finish
from okey.engine.view import Phase, PlayerView, TableView
from okey.table.input import moves
from okey.table.keys import Command
from okey.table.kit import Moment, TablePart, Told
from okey.table.lines import Capital, Joined, Line, Name, Said, Speech
from okey.table.output import prompts
from okey.table.output.closeness import how_close
from okey.table.output.glance import glance
from okey.tiles import Tile

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


def _lines(view: TableView, moment: Moment) -> list[Line]:
    """Classic Okey's own lines: the indicator's twin to show once dealt, the last
    chance after taking the last discard, a discard that would finish on the draw, and
    who showed the indicator's twin."""
    if not isinstance(view, PlayerView):
        return []
    said: list[Line | None] = []
    match moment:
        case Moment.DEALT:
            said.append(prompts.show_offer(view))
        case Moment.TOOK:
            said.append(Line("table.must_finish") if view.last_chance else None)
        case Moment.TAKE_OFFER:
            offered = view.available_discard
            if offered is not None and wins_with(view, offered):
                said.append(Line("table.take_wins", tile=offered))
        case Moment.DISCARDING:
            said.append(prompts.win_possible(view))
            said.append(Line("table.must_finish") if view.last_chance else None)
        case Moment.INDICATOR:
            if view.shown_indicator:
                shower = Capital(Name(view.shown_indicator[0]))
                said.append(Line("table.shown_by", name=shower))
        case _:
            assert_never(moment)
    return [line for line in said if line is not None]


def _middle(view: TableView) -> Tile | None:
    return view.middle if isinstance(view, PlayerView) else None


PART: TablePart[TableCore] = TablePart(
    handlers={Command.FINISH: _finish},
    read=_read,
    finish_alert=_finish_alert,
    lines=_lines,
    middle=_middle,
)
