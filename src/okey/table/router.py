"""The mode router: which part of the table a command goes to.

A command first passes the guide, when a tutorial leads the table (it may answer
the key itself); then it goes to the open question (yes or no), else to the open
menu (Up and Down move, Enter does the option), else to normal play, where each
command has one handler (:data:`HANDLERS`, from :mod:`~okey.table.moves`,
:mod:`~okey.table.reading`, :mod:`~okey.table.racking`,
:mod:`~okey.table.leaving` and :mod:`~okey.table.cues`: the volume keys).
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from types import MappingProxyType
from typing import TYPE_CHECKING, assert_never

from okey.engine.actions import Discard
from okey.messages import Catalogue
from okey.table import cues, leaving, moves, racking, reading
from okey.table.keys import Command, KeyNames, menu_commands
from okey.table.lines import Line
from okey.table.menu import Menu, Option, Question

if TYPE_CHECKING:
    from okey.table.core import Handler, TableCore


class Mode(Enum):
    """Where the table's commands go now."""

    PLAY = "play"
    MENU = "menu"
    QUESTION = "question"


def mode_of(table: TableCore) -> Mode:
    if table.asking is not None:
        return Mode.QUESTION
    if table.menu is not None:
        return Mode.MENU
    return Mode.PLAY


def run(table: TableCore, command: Command) -> None:
    """Carry out a command in the table's mode, or say why it does nothing now."""
    if table.leaving:
        return
    guide = table.guide
    if guide is not None and not guide.allows(command):
        return
    try:
        match mode_of(table):
            case Mode.QUESTION:
                _answer(table, command)
            case Mode.MENU:
                _in_menu(table, command)
            case Mode.PLAY:
                play(table, command)
            case _:
                assert_never(mode_of(table))
    finally:
        table.last = command
    if guide is not None:
        guide.after(command, ())


def play(table: TableCore, command: Command) -> None:
    """A command in normal play: its handler."""
    HANDLERS.get(command, _unknown)(table, command)


def _unknown(table: TableCore, command: Command) -> None:
    if not table.state.dealt:
        table.voice.reply(Line("table.not_dealt"))
        return
    table.voice.reply(
        Line("table.unknown_key", key=KeyNames(table.catalogue).get(command, command.value))
    )


# -- the Escape menu ----------------------------------------------------------------


def open_menu(table: TableCore, command: Command = Command.MENU) -> None:
    del command
    table.menu = Menu(
        [
            Option(Line(f"table.action.{command.value}"), command)
            for command in menu_commands(table.seat.rules)
        ]
    )
    table.voice.reply(Line("table.menu.open", item=option_line(table.menu, table.catalogue)))


def option_line(menu: Menu[Option], catalogue: Catalogue) -> Line:
    """The focused option, with its key and place: "Draw from the pile, P, 2 of 29."."""
    option = menu.current
    key = option.key(catalogue) or Line("table.menu.no_key")
    return Line(
        "table.menu.item",
        label=option.label,
        key=key,
        position=menu.focus + 1,
        count=len(menu.options),
    )


def _in_menu(table: TableCore, command: Command) -> None:
    menu = table.menu
    assert menu is not None
    if menu.go(command):
        table.voice.reply(option_line(menu, table.catalogue))
        return
    if command is Command.MENU:
        table.menu = None
        table.voice.reply(Line("table.cancelled" if menu.choice else "table.menu.closed"))
        return
    if command in reading.SPEECH:  # reading back what was said leaves the menu open
        reading.speech(table, command)
        return
    if command is Command.HELP:
        table.voice.reply(Line("table.menu.help", item=option_line(menu, table.catalogue)))
        return
    table.menu = None
    if command in (Command.ENTER, Command.DISCARD):
        command = menu.current.command
    play(table, command)


# -- questions ------------------------------------------------------------------------


def _answer(table: TableCore, command: Command) -> None:
    asking = table.asking
    assert asking is not None
    table.asking = None
    yes = command in (Command.YES, Command.ENTER, Command.DISCARD)
    no = command in (Command.PILE, Command.MENU)
    if asking.question is Question.QUIT:
        if yes or command is Command.QUIT:
            leaving.leave(table)
        elif no:
            table.voice.reply(Line("table.staying"))
        else:
            play(table, command)
        return
    if yes and asking.tile is not None:
        moves.move(table, Discard(asking.tile))
    elif no:
        table.voice.reply(Line("table.kept"))
    else:
        play(table, command)


HANDLERS: Mapping[Command, Handler] = MappingProxyType(
    {
        **moves.HANDLERS,
        **reading.HANDLERS,
        **racking.HANDLERS,
        **leaving.HANDLERS,
        **cues.HANDLERS,
        Command.MENU: open_menu,
    }
)
"""Each command's handler in normal play (the others get "does nothing here")."""
