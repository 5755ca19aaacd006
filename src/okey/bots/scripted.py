"""A bot that plays a fixed list of moves: prepared rounds (the tutorial, tests).

Each move is checked as far as the view tells (its game's
:attr:`~okey.bots.kit.BotsPart.accepts`: at Okey, a move of ``view.legal``): once
the next scripted move does not fit, or the script has run out, the fallback bot
plays the seat from then on, so it always makes a legal move. (Okey 101's layings
are too many for ``legal`` to list: one is played when the view is in its discard
phase and the hand holds its tiles; the engine checks the rest, as it does for
every move.)
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

from okey import kits
from okey.bots.base import AnyBot
from okey.bots.kit import BotsPart
from okey.engine.actions import Action
from okey.engine.view import TableView


class ScriptedBot:
    """Plays ``moves`` in order, then the fallback (also from the first move that is not legal)."""

    name = "scripted"

    def __init__(self, moves: Sequence[Action], fallback: AnyBot) -> None:
        self.moves: deque[Action] = deque(moves)
        self.fallback = fallback
        self.off_script = 0  # moves the fallback chose

    def choose(self, view: TableView) -> Action:
        fits = kits.part(view.rules.game, "bots", BotsPart).accepts
        if self.moves and fits(view, self.moves[0]):
            return self.moves.popleft()
        self.moves.clear()  # out of step with the table: the script no longer fits
        self.off_script += 1
        return self.fallback.choose(view)
