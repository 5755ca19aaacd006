"""The mode router: which part of the table a command goes to.

A command first passes the guide, when a tutorial leads the table (it may answer
the key itself); then a mode of the game's own (browsing the table, 3 at Okey 101: the
game's :attr:`okey.table.kit.TablePart.takes`) may take it; then it goes to
the open question (yes or no), else to the open menu (Up and Down move, Enter does
the option), else to normal play, where each command has one handler
(the game's own first, :attr:`okey.table.kit.TablePart.handlers`, then :data:`HANDLERS`,
from the handlers beside this module: :mod:`~okey.table.input.moves`,
:mod:`~okey.table.input.reading`, :mod:`~okey.table.input.racking`,
:mod:`~okey.table.input.leaving`, :mod:`~okey.table.input.chatting`,
:mod:`~okey.table.input.finding` and :mod:`~okey.table.input.volume`).
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from types import MappingProxyType
from typing import TYPE_CHECKING, assert_never

from okey.engine.actions import (
    Action,
    DeclarePairs,
    DeclineDiscard,
    Discard,
    DrawFromPile,
    ShowIndicator,
    TakeDiscard,
    TurnToOkey,
)
from okey.engine.view import Phase
from okey.messages import Catalogue
from okey.table.input import chatting, finding, leaving, moves, racking, reading, volume
from okey.table.keys import Command, KeyNames, menu_commands
from okey.table.lines import Line
from okey.table.output.prompts import best_finish
from okey.table.state.menu import Menu, Option, Question
from okey.table.state.seat import Step

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
    takes = table.game.takes
    try:
        if takes is None or not takes(table, command):
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
    handler = table.game.handlers.get(command) or HANDLERS.get(command, _unknown)
    handler(table, command)


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
    if table.holds_clock:
        table.clock.pause(table.now(), hold=True)  # released when the menu closes
    table.menu = Menu(
        [
            Option(_label(table, command), command)
            for command in menu_commands(table.seat.rules, online=table.chat is not None)
            if possible_now(table, command)
        ]
    )
    table.voice.reply(Line("table.menu.open", item=option_line(table.menu, table.catalogue)))


_MOVES: Mapping[Command, type[Action]] = MappingProxyType(
    {
        Command.DRAW: DrawFromPile,
        Command.TAKE: TakeDiscard,
        Command.DECLINE: DeclineDiscard,
        Command.SHOW: ShowIndicator,
        Command.TURN_TO_OKEY: TurnToOkey,
        Command.PAIRS: DeclarePairs,
    }
)
_IN_A_ROUND = frozenset(
    {
        Command.HAND,
        Command.FIND,
        Command.SORT,
        Command.INDICATOR,
        Command.SCORES,
        Command.PILE,
        Command.WHOSE_TURN,
        Command.LEFT_DISCARDS,
        Command.RIGHT_DISCARDS,
        Command.ACROSS_DISCARDS,
        Command.MY_DISCARDS,
        Command.COPIES,
        Command.GLANCE,
        Command.HOW_CLOSE,
        Command.TILE_COUNTS,
    }
)


def _label(table: TableCore, command: Command) -> Line:
    """An option's words: Enter's say what it does now (discard, deal the next round,
    take the seat back from autopilot); the game may word its own options."""
    own = table.game.label(table, command)
    if own is not None:
        return own
    if command is Command.ENTER:
        state = table.state
        view = state.view
        if view is not None and table.seats.you in view.autopilot:
            return Line("table.action.enter.resume")
        if state.step is Step.ROUND_OVER:
            return Line("table.action.enter.next_round")
    return Line(f"table.action.{command.value}")


def possible_now(table: TableCore, command: Command) -> bool:
    """Whether the Escape menu offers ``command`` now: the moves only when they can be
    made, the readers once a round is dealt, the review between rounds."""
    own = table.game.possible(table, command)
    if own is not None:
        return own
    state = table.state
    view = state.view
    if command in _MOVES:
        legal = view.legal if view is not None else ()
        return any(isinstance(action, _MOVES[command]) for action in legal)
    mine = state.step is Step.PLAYER and view is not None
    if command is Command.CHOOSE:
        return mine and view is not None and view.phase is not Phase.DISCARD
    if command is Command.FINISH:
        return mine and view is not None and best_finish(view) is not None
    if command is Command.ENTER:
        autopilot = view is not None and table.seats.you in view.autopilot
        playing = mine and view is not None and view.phase is Phase.DISCARD
        return playing or autopilot or state.step is Step.ROUND_OVER
    if command is Command.HINT:
        return mine and table.settings.hints_left > 0
    if command is Command.TIME:
        return mine
    if command is Command.REVIEW:
        return state.dealt and state.step in (Step.ROUND_OVER, Step.MATCH_OVER)
    if command is Command.SAVE:
        return table.saver is not None
    if command in _IN_A_ROUND:
        return state.dealt
    return True


def possible_classic(table: TableCore, command: Command) -> bool:
    """Whether the menu offers a command that is no move (the same at every table)."""
    state = table.state
    view = state.seen
    mine = state.step is Step.PLAYER and view is not None
    if command is Command.HINT:
        return mine and table.settings.hints_left > 0
    if command is Command.TIME:
        return mine
    if command is Command.REVIEW:
        return state.dealt and state.step in (Step.ROUND_OVER, Step.MATCH_OVER)
    if command is Command.SAVE:
        return table.saver is not None
    if command in _IN_A_ROUND:
        return state.dealt
    return True


def option_line(menu: Menu[Option], catalogue: Catalogue) -> Line:
    """The focused option, with its key and place: "Draw from the pile, P, 2 of 29."."""
    option = menu.current
    if option.actions:  # a move of a list (where to add a tile): Enter makes it, no key
        return Line(
            "table.menu.move", label=option.label, position=menu.focus + 1, count=len(menu.options)
        )
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
        option = menu.current
        if option.actions:  # a move chosen from a list
            if table.game.choose is not None:
                table.game.choose(table, option)
            else:
                moves.carry_out(table, option.actions[:1])
            return
        command = option.command
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
    if yes and asking.actions:
        (table.game.carry_out or moves.carry_out)(table, asking.actions)
    elif yes and asking.tile is not None:
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
        **chatting.HANDLERS,
        Command.FIND: finding.start,
        **volume.HANDLERS,
        Command.MENU: open_menu,
    }
)
"""Each command's handler in normal play (the others get "does nothing here")."""
