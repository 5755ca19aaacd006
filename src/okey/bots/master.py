"""The master: the hard bot asked for its move in someone else's place.

The hint during play (:mod:`okey.table.hint`) and the review after a round
(:mod:`okey.review`) both ask it. It decides from a view alone, with a fixed
random source, so the same view always gives the same move.
"""

from __future__ import annotations

import random

from okey.bots.hard import HardBot
from okey.engine.actions import Action
from okey.engine.view import PlayerView


def master_move(view: PlayerView) -> Action:
    """The hard bot's move for this view (the same view always gives the same move)."""
    return HardBot(random.Random(0)).choose(view)
