"""Building table states by playing them, never by editing the engine: a bot that throws
back what it draws, and playing a table on until a state is reached.

(The engine helper is adding a documented test helper of its own; until it is merged
the table's tests use this one.)
"""

from __future__ import annotations

from collections.abc import Callable

from okey.engine.actions import Action, DeclineDiscard, Discard, DrawFromPile, TakeDiscard
from okey.engine.view import Phase, PlayerView
from okey.table.controller import Table
from okey.table.input import moves
from okey.table.state.seat import SeatState, Step
from okey.tiles import Tile

MOST_TURNS = 400


class Thrower:
    """Draws from the pile and throws the drawn tile straight back, so its hand never
    changes and the pile runs down one tile a turn; with the pile out it declines."""

    name = "thrower"

    def __init__(self) -> None:
        self.held: tuple[Tile, ...] = ()

    def choose(self, view: PlayerView) -> Action:
        if view.phase is Phase.DRAW:
            self.held = view.hand
            return DrawFromPile()
        if view.phase is Phase.PILE_OUT:
            return DeclineDiscard() if DeclineDiscard() in view.legal else TakeDiscard()
        drawn = list(view.hand)
        for tile in self.held:
            drawn.remove(tile)
        return Discard(drawn[0] if drawn else view.hand[-1])


def throwers(players: int, you: int = 0) -> dict[int, Thrower]:
    return {seat: Thrower() for seat in range(players) if seat != you}


def play_until(table: Table, reached: Callable[[SeatState], bool]) -> None:
    """Play on through the table (the player draws and throws the drawn tile back, as a
    :class:`Thrower`) until ``reached(table.state)``."""
    mine = Thrower()
    for _ in range(MOST_TURNS):
        state = table.state
        if reached(state):
            return
        if state.step is Step.BOT:
            table.play_bot()
        elif state.step is Step.PLAYER and state.view is not None:
            moves.move(table, mine.choose(state.view))
        else:
            raise AssertionError(f"the table stopped at {state.step} before the state wanted")
    raise AssertionError("the state wanted was never reached")


def pile_out_for_you(state: SeatState) -> bool:
    """The player's turn with the pile empty."""
    return state.view is not None and state.step is Step.PLAYER and state.view.pile_count == 0
