"""What every built-in level does the same way; a level fills in two decisions.

Every level finishes the moment a winning discard exists (the best points
first: an okey discard when that doubles the win), takes the last discard
with the pile empty only when it wins with it, and never throws an okey
except to finish. A level decides which tile to throw
(:meth:`LevelBot.pick_discard`) and whether to take the discard on its left
(:meth:`LevelBot.wants`).
"""

from __future__ import annotations

import random

from okey.bots.evaluate import Hand
from okey.engine.actions import (
    Action,
    DeclineDiscard,
    Discard,
    DrawFromPile,
    Finish,
    ShowIndicator,
    TakeDiscard,
)
from okey.engine.view import Phase, PlayerView
from okey.hand.solver import finishes, has_finish
from okey.tiles import Tile


def winning_discard(view: PlayerView) -> Tile | None:
    """The best winning discard of the seat's 15 tiles (most points first), if any."""
    hand = Hand.of(view.hand, view.okey)
    if not has_finish(list(hand.counts), hand.jokers):
        return None
    found = finishes(list(view.hand), view.okey, view.rules.scoring)
    return found[0].discard if found else None


def wins_with(view: PlayerView, tile: Tile) -> bool:
    """True when taking ``tile`` into the hand would let the seat finish."""
    hand = Hand.of([*view.hand, tile], view.okey)
    return has_finish(list(hand.counts), hand.jokers)


def throw(view: PlayerView, tile: Tile) -> Action:
    """The move that throws ``tile``: Finish when that is how the table ends a round."""
    finish = Finish(tile)
    return finish if finish in view.legal else Discard(tile)


class LevelBot:
    """A built-in level: shared rules of play around two level-specific decisions."""

    name = "level"
    shows_indicator = 1.0  # chance of showing the indicator's twin when allowed

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: PlayerView) -> Action:
        legal = view.legal
        if not legal:
            raise ValueError("the bot was asked to move with no legal move")
        if ShowIndicator() in legal and self.rng.random() < self.shows_indicator:
            return ShowIndicator()
        if view.phase is Phase.DISCARD:
            winner = winning_discard(view)
            if winner is not None:
                return throw(view, winner)
            return Discard(self.pick_discard(view))
        offered = view.available_discard
        if view.phase is Phase.PILE_OUT:
            if offered is not None and wins_with(view, offered):
                return TakeDiscard()
            return DeclineDiscard()
        if view.phase is Phase.DRAW:
            if (
                TakeDiscard() in legal
                and offered is not None
                and (wins_with(view, offered) or self.wants(view, offered))
            ):
                return TakeDiscard()
            return DrawFromPile()
        return legal[0]

    def pick_discard(self, view: PlayerView) -> Tile:
        """The tile to throw from 15 that do not finish."""
        raise NotImplementedError

    def wants(self, view: PlayerView, tile: Tile) -> bool:
        """Whether to take ``tile`` (which does not finish) instead of drawing."""
        return False
