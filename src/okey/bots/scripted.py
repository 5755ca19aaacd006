"""A bot that plays a fixed list of moves: prepared rounds (the tutorial, tests).

Each move is checked against ``view.legal`` like any bot's: once the next
scripted move is not legal, or the script has run out, the fallback bot
plays the seat from then on, so it always makes a legal move.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

from okey.bots.base import Bot
from okey.engine.actions import Action
from okey.engine.view import PlayerView


class ScriptedBot:
    """Plays ``moves`` in order, then the fallback (also from the first move that is not legal)."""

    name = "scripted"

    def __init__(self, moves: Sequence[Action], fallback: Bot) -> None:
        self.moves: deque[Action] = deque(moves)
        self.fallback = fallback
        self.off_script = 0  # moves the fallback chose

    def choose(self, view: PlayerView) -> Action:
        if self.moves and self.moves[0] in view.legal:
            return self.moves.popleft()
        self.moves.clear()  # out of step with the table: the script no longer fits
        self.off_script += 1
        return self.fallback.choose(view)
