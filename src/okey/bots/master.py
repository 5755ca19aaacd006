"""The master: the hard bot asked for its move in someone else's place.

The hint during play (:mod:`okey.table.hint`) and the review after a round
(:mod:`okey.review`) both ask it. It decides from a view alone, with a fixed
random source, so the same view always gives the same move: at Okey the hard
bot (:class:`okey.bots.hard.HardBot`), at Okey 101 the hard 101 level
(:mod:`okey.bots.level101`), one move at a time (a 101 turn of lays asks again
after each).
"""

from __future__ import annotations

import random

from okey.bots.hard import HardBot
from okey.bots.level101 import Level101
from okey.engine.actions import Action
from okey.engine.view import PlayerView, TableView
from okey.games.okey101.view import View101

MASTER_101 = "hard"
"""The 101 level the master plays."""


def master101() -> Level101:
    """The master at Okey 101 (the hard level draws nothing from its random source)."""
    return Level101(random.Random(0), MASTER_101)


def master_move(view: TableView) -> Action:
    """The master's move for this view, Okey's or Okey 101's (the same view always gives
    the same move)."""
    if isinstance(view, View101):
        return master101().choose(view)
    if isinstance(view, PlayerView):
        return HardBot(random.Random(0)).choose(view)
    raise TypeError(f"the master has no move for a {type(view).__name__}")
