"""Okey 101's bots: its four levels (:mod:`okey.games.okey101.levels`) and the expert
(:mod:`okey.games.okey101.expert`), and the expert as the master (the hint, the review)."""

from __future__ import annotations

import random
from collections import Counter
from functools import partial

from okey.bots.kit import BotsPart
from okey.engine.actions import Action, Discard
from okey.engine.view import Phase
from okey.games.okey101.actions import Lay, Open
from okey.games.okey101.expert import EXPERT, make_expert101, master_expert101
from okey.games.okey101.levels import STYLES, Level101
from okey.games.okey101.view import View101
from okey.tiles import is_okey, stand_in


def _level(name: str, rng: random.Random) -> Level101:
    return Level101(rng, name)


def _accepts(view: View101, action: Action) -> bool:
    """Whether ``action`` may be played from ``view`` as far as the view can tell: a listed
    move, or an Open or a Lay (never listed) made in the discard phase of tiles the hand
    holds (the engine checks the rest)."""
    if isinstance(action, Open | Lay):
        tiles = [tile for meld in action.melds for tile in meld.tiles]
        tiles += [tile for pair in action.pairs for tile in pair]
        return view.phase is Phase.DISCARD and not Counter(tiles) - Counter(view.hand)
    return action in view.legal


def _keep_okey(view: View101, choice: Discard) -> Action:
    """At 101 an okey thrown away is penalised unless it is the last tile (it finishes):
    throw the highest discard that costs nothing instead, if there is one."""
    if view.discard_cost(choice.tile) is None:
        return choice
    free = [
        a
        for a in view.legal
        if isinstance(a, Discard) and not is_okey(a.tile, view.okey)
        if view.discard_cost(a.tile) is None
    ]
    if not free:
        return choice
    return max(free, key=lambda a: (stand_in(a.tile, view.okey).number, a.tile))


PART = BotsPart(
    levels={**{name: partial(_level, name) for name in STYLES}, EXPERT: make_expert101},
    master=master_expert101,
    view=View101,
    accepts=_accepts,
    most_moves_per_turn=60,  # a 101 turn may lay and add many times before its discard
    keep_okey=_keep_okey,
    no_child="process_101",  # a process: seat's child decodes Okey's views only
)
