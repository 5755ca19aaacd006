"""The master: a game's best bot, asked for its move in someone else's place.

The hint during play (:mod:`okey.table.output.hint`) and the review after a round
(:mod:`okey.review`) both ask it. It decides from a view alone, with a fixed
random source, so the same view always gives the same move. Each game names its
own (:func:`okey.bots.master_of`): at Okey the hard bot, at Okey 101 its expert
level, one move at a time (a 101 turn of lays asks again after each).
"""

from __future__ import annotations

from okey.bots import master_of
from okey.engine.actions import Action
from okey.engine.view import TableView


def master_move(view: TableView) -> Action:
    """The master's move for this view, of whichever game its rules name (the same view
    always gives the same move)."""
    return master_of(view.rules.game).choose(view)
