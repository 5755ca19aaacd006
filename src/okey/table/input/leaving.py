"""Saving and leaving: Ctrl+S, the save after every turn, Q (asked first), Ctrl+C,
and the last words once the screen is closed.

Leaving saves the match. When the saves folder refuses it (read-only, a full disk),
the match is saved in another folder instead (:func:`okey.table.state.persist.rescue_folder`)
and the last words say where; when that fails too, the table stays open and says so:
leaving again (after making room, say) tries again, and leaves without saving if it
still fails. The table is never said to be saved when it was not, and a table left
unsaved makes okey exit with a failure (:func:`left_unsaved`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from weakref import WeakKeyDictionary

from okey.table.keys import Command
from okey.table.lines import Line, Problem, Speech
from okey.table.state.menu import Asking, Question
from okey.table.state.persist import DiskSaver
from okey.table.state.seat import Step

if TYPE_CHECKING:
    from okey.table.core import Handler, TableCore

_unsaved: WeakKeyDictionary[TableCore, bool] = WeakKeyDictionary()
"""Tables whose last save on leaving failed: False while they stay open after it,
True once they were left unsaved."""


def _save(table: TableCore, command: Command) -> None:
    if table.saver is None:
        online = table.chat is not None  # the server keeps an online match, not this seat
        table.voice.reply(Line("table.save.online" if online else "table.save.unavailable"))
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


def _save_on_leaving(table: TableCore) -> bool:
    """Save before leaving, in another folder if the saves folder refuses; False when
    nothing could be saved."""
    saver = table.saver
    assert saver is not None
    try:
        table.saved_as = saver.save(table.saved_as)
        return True
    except (OSError, ValueError) as error:
        table.voice.event(Line("table.save.failed", reason=Problem(error)))
    if not isinstance(saver, DiskSaver):
        return False
    try:
        table.saved_as = saver.save_elsewhere(table.saved_as)
    except (OSError, ValueError) as error:
        table.voice.event(Line("table.save.failed", reason=Problem(error)))
        return False
    table.voice.event(
        Line("table.save.elsewhere", name=table.saved_as, folder=str(saver.rescued_in))
    )
    return True


def leave(table: TableCore, *, force: bool = False) -> None:
    """Save and ask the front end to close the table (see the module: a save that fails
    twice leaves the table unsaved). ``force``: leave even when the save fails the first
    time (the terminal closed, SIGTERM, the screen already gone)."""
    if table.leaving:
        return
    over = table.state.step is Step.MATCH_OVER
    if table.saver is not None and (not over or table.saved_as is not None):
        # A finished match updates its save, so that resuming does not go back in time.
        if not _save_on_leaving(table):
            if table not in _unsaved and not force:
                _unsaved[table] = False
                table.voice.event(Line("table.save.staying"))
                return
            _unsaved[table] = True
        else:
            _unsaved.pop(table, None)
    table.leaving = True
    table.on_leave()


def left_unsaved(table: TableCore) -> bool:
    """True when the table was left without its match saved."""
    return _unsaved.get(table, False)


def farewell(table: TableCore) -> Speech:
    """The last words, once the screen is closed."""
    if table.guide is not None:
        return table.guide.farewell()
    if left_unsaved(table):
        return Line("table.goodbye.unsaved")
    if table.saved_as is not None and table.state.step is not Step.MATCH_OVER:
        saver = table.saver
        if isinstance(saver, DiskSaver) and saver.rescued_in is not None:
            return Line(
                "table.goodbye.elsewhere", name=table.saved_as, folder=str(saver.rescued_in)
            )
        return Line("table.goodbye.saved", name=table.saved_as)
    return Line("table.goodbye")


HANDLERS: dict[Command, Handler] = {
    Command.SAVE: _save,
    Command.QUIT: _quit,
    Command.INTERRUPT: _interrupt,
}
