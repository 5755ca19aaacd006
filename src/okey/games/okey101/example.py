"""A small Okey 101 plug-in bot (docs/bots.md): seat it with ``okey.bots.example101:make_bot``
(its old name, which docs/bots.md gives) or ``okey.games.okey101.example:make_bot``.

It draws from the pile, opens as soon as its best runs and sets reach the
threshold, adds single tiles to the table once opened, and throws its highest
tile that costs no penalty. It sees only its :class:`View101`.
"""

from __future__ import annotations

import random

from okey.engine import Action, Discard, DrawFromPile, Phase
from okey.games.okey101.actions import Add, Open
from okey.games.okey101.view import View101
from okey.hand.finishing import Opened
from okey.hand.layoff import can_add
from okey.hand.melds import tile_points
from okey.hand.opening import best_opening
from okey.tiles import is_okey


class Opener:
    name = "opener"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: View101) -> Action:
        if view.phase is Phase.DRAW:
            return DrawFromPile()
        hand, okey, table = list(view.hand), view.okey, view.table
        if view.my_opening is Opened.NOT_YET:
            found = best_opening(hand, okey, view.opening)
            if found is not None and found.reaches and found.left:
                return Open(melds=found.melds)
        adds = [a for a in view.legal if isinstance(a, Add) and not is_okey(a.addition.tile, okey)]
        if adds and len(hand) > 2:
            return adds[0]
        free = [
            t for t in hand if not is_okey(t, okey) and not can_add(t, table, okey, view.opening)
        ]
        return Discard(max(free or hand, key=lambda t: tile_points(t, okey)))


def make_bot(rng: random.Random) -> Opener:
    return Opener(rng)
