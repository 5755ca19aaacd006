"""A bot that plays a fixed list of moves: prepared rounds (the tutorial, tests).

Each move is checked against ``view.legal`` like any bot's: once the next
scripted move is not legal, or the script has run out, the fallback bot
plays the seat from then on, so it always makes a legal move. Okey 101's
layings (``Open``, ``Lay``) are too many for ``legal`` to list: one is played
when the view is in its discard phase and the hand holds its tiles (the engine
checks the rest, as it does for every move).
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Sequence

from okey.bots.base import Bot
from okey.engine.actions import Action
from okey.engine.view import Phase, PlayerView
from okey.games.okey101.actions import Lay, Open


def _fits(move: Action, view: PlayerView) -> bool:
    """Whether ``move`` may be played from ``view`` as far as the view can tell."""
    if isinstance(move, Open | Lay):
        tiles = [tile for meld in move.melds for tile in meld.tiles]
        tiles += [tile for pair in move.pairs for tile in pair]
        return view.phase is Phase.DISCARD and not Counter(tiles) - Counter(view.hand)
    return move in view.legal


class ScriptedBot:
    """Plays ``moves`` in order, then the fallback (also from the first move that is not legal)."""

    name = "scripted"

    def __init__(self, moves: Sequence[Action], fallback: Bot) -> None:
        self.moves: deque[Action] = deque(moves)
        self.fallback = fallback
        self.off_script = 0  # moves the fallback chose

    def choose(self, view: PlayerView) -> Action:
        if self.moves and _fits(self.moves[0], view):
            return self.moves.popleft()
        self.moves.clear()  # out of step with the table: the script no longer fits
        self.off_script += 1
        return self.fallback.choose(view)
