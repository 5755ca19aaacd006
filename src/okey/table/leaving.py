"""Saving and leaving: Ctrl+S, the save after every turn, Q (asked first), Ctrl+C,
and the last words once the screen is closed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from okey.table.keys import Command
from okey.table.lines import Line, Problem, Speech
from okey.table.menu import Asking, Question
from okey.table.seat import Step

if TYPE_CHECKING:
    from okey.table.core import Handler, TableCore


def _save(table: TableCore, command: Command) -> None:
    if table.saver is None:
        table.voice.reply(Line("table.save.unavailable"))
        return
    try:
        name = table.saver.save(table.saved_as)
    except (OSError, ValueError) as error:
        table.voice.reply(Line("table.save.failed", reason=Problem(error)))
        return
    table.saved_as = name
    table.voice.reply(Line("table.save.done", name=name))


def _quit(table: TableCore, command: Command) -> None:
    if table.state.step is Step.MATCH_OVER:
        leave(table)
        return
    table.asking = Asking(Question.QUIT)
    table.voice.reply(table.leave_question)


def _interrupt(table: TableCore, command: Command) -> None:
    leave(table)


def leave(table: TableCore) -> None:
    """Save and ask the front end to close the table."""
    if table.leaving:
        return
    over = table.state.step is Step.MATCH_OVER
    if table.saver is not None and (not over or table.saved_as is not None):
        # A finished match updates its save, so that resuming does not go back in time.
        try:
            table.saved_as = table.saver.save(table.saved_as)
        except (OSError, ValueError) as error:
            table.voice.event(Line("table.save.failed", reason=Problem(error)))
    table.leaving = True
    table.on_leave()


def farewell(table: TableCore) -> Speech:
    """The last words, once the screen is closed."""
    if table.guide is not None:
        return table.guide.farewell()
    if table.saved_as is not None and table.state.step is not Step.MATCH_OVER:
        return Line("table.goodbye.saved", name=table.saved_as)
    return Line("table.goodbye")


HANDLERS: dict[Command, Handler] = {
    Command.SAVE: _save,
    Command.QUIT: _quit,
    Command.INTERRUPT: _interrupt,
}
