"""The move handlers: the player's moves, checked once by the engine through the seat.

A move is refused before the engine only when it is not the player's turn (the
table says whose it is); otherwise it goes to the seat (:meth:`SeatLink.act
<okey.table.state.seat.SeatLink.act>`), which the engine checks once and applies or
refuses with its reason, worded by :func:`okey.table.output.prompts.refusal`. The one
question before a move: discarding an okey, when that does not win.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, assert_never

from okey.engine.actions import (
    Action,
    DeclarePairs,
    DeclineDiscard,
    Discard,
    DrawFromPile,
    Resume,
    ShowIndicator,
    TakeDiscard,
    TurnToOkey,
)
from okey.engine.view import Phase, PlayerView
from okey.table.change import tell
from okey.table.input.leaving import leave
from okey.table.keys import Command
from okey.table.lines import Line, Name
from okey.table.output import prompts
from okey.table.state.menu import Asking, Menu, Option, Question
from okey.table.state.seat import Done, Outcome, Refused, SeatState, SeatView, Step
from okey.tiles import Tile

if TYPE_CHECKING:
    from okey.table.core import Handler, TableCore


def move(table: TableCore, action: Action) -> bool:
    """Make the player's move, or say why not; True when it was made."""
    state = table.state
    if not isinstance(action, ShowIndicator | Resume) and state.step is not Step.PLAYER:
        table.voice.reply(prompts.whose_turn(state))
        return False
    return answer(table, table.seat.act(action), action)


def answer(
    table: TableCore, outcome: Outcome, action: Action | None, *, by_player: bool = True
) -> bool:
    """Tell what a move caused, or why it was refused; True when it was made."""
    match outcome:
        case Done():
            tell(table, outcome.events, by_player=by_player)
            return True
        case Refused():
            view = table.state.seen
            table.voice.reply(prompts.refusal(outcome.reason, action, view, outcome.details))
            return False
        case _:
            assert_never(outcome)


def carry_out(table: TableCore, actions: Sequence[Action]) -> bool:
    """Make ``actions`` in order, stopping at the first refused (said); True when all
    were made (yes to a question that asked for moves, a move chosen from a list)."""
    return all(move(table, action) for action in actions)


def next_round(table: TableCore, *, by_player: bool = True) -> None:
    """Deal the next round (the player's Enter interrupts what is being said)."""
    if table.state.step is Step.ROUND_OVER:
        answer(table, table.seat.deal(), None, by_player=by_player)


def _enter(table: TableCore, command: Command) -> None:
    """Enter discards the tile in focus; it also takes the seat back from autopilot,
    deals the next round, and leaves a finished match."""
    del command
    state = table.state
    if state.step is Step.MATCH_OVER:
        leave(table)
    elif state.view is not None and table.seats.you in state.view.autopilot:
        if move(table, Resume()) and table.state.step is Step.ROUND_OVER:
            next_round(table, by_player=False)  # one Enter: back in the seat, and dealt
    elif state.step is Step.ROUND_OVER:
        next_round(table)
    else:
        _discard_focused(table, state)


def _discard_focused(table: TableCore, state: SeatState) -> None:
    tile = table.rack.focused
    if tile is None:
        table.voice.reply(Line("table.no_tiles"))
        return
    view = state.view
    action = Discard(tile)
    if state.step is Step.PLAYER and view is not None and tile == view.okey:
        warned = table.seat.rules.play.okey_discard_warning and table.settings.okey_warning
        if warned and action in view.legal and not _wins(view, tile):
            table.asking = Asking(Question.DISCARD_OKEY, tile)
            table.voice.reply(Line("table.ask.okey", tile=tile))
            return
    move(table, action)


def your_turn(table: TableCore) -> SeatView | None:
    """The player's view when it is their move; else None, and whose move it is said."""
    state = table.state
    view = state.seen
    if state.step is not Step.PLAYER or view is None:
        table.voice.reply(prompts.whose_turn(state))
        return None
    return view


def _wins(view: PlayerView, tile: Tile) -> bool:
    """Whether discarding ``tile`` ends the round with a win (worked out once, here)."""
    return prompts.discard_wins(view, tile) and not prompts.finish_needs_key(view)


def _choose(table: TableCore, command: Command) -> None:
    """D: take the discard or draw, asked as a two-option menu."""
    del command
    view = your_turn(table)
    if view is None:
        return
    if view.phase is Phase.DISCARD:
        table.voice.reply(prompts.refusal("must_discard", None, view))
        return
    offered = view.available_discard
    if offered is None:
        move(table, DrawFromPile())
        return
    previous = Name(view.previous)
    take = Option(Line("table.option.take", tile=offered, name=previous), Command.TAKE)
    if view.phase is Phase.PILE_OUT:
        other = Option(Line("table.option.decline", tile=offered), Command.DECLINE)
        question = Line("table.choice.decline", tile=offered, name=previous)
    else:
        other = Option(Line("table.option.pile"), Command.DRAW)
        question = Line("table.choice.pile", tile=offered, name=previous)
    table.menu = Menu([take, other], choice=True)
    table.voice.reply(question)


_ACTIONS: dict[Command, Action] = {
    Command.DRAW: DrawFromPile(),
    Command.TAKE: TakeDiscard(),
    Command.DECLINE: DeclineDiscard(),
    Command.SHOW: ShowIndicator(),
    Command.TURN_TO_OKEY: TurnToOkey(),
    Command.PAIRS: DeclarePairs(),
}


def _action(table: TableCore, command: Command) -> None:
    move(table, _ACTIONS[command])


HANDLERS: dict[Command, Handler] = {
    Command.ENTER: _enter,
    Command.DISCARD: _enter,
    Command.CHOOSE: _choose,
    **dict.fromkeys(_ACTIONS, _action),
}
