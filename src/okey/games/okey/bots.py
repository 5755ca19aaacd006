"""Classic Okey's bots: the levels of :mod:`okey.bots`, and the hard bot as the master."""

from __future__ import annotations

import random

from okey.bots import LEVELS
from okey.bots.hard import HardBot
from okey.bots.kit import BotsPart
from okey.bots.medium import MediumBot
from okey.engine.actions import Action, Discard
from okey.engine.view import PlayerView
from okey.hand.solver import combination_grouping, kinds_after_discard


def _master() -> HardBot:
    return HardBot(random.Random(0))


def _accepts(view: PlayerView, action: Action) -> bool:
    return action in view.legal  # every move of Okey is listed


def _keep_okey(view: PlayerView, choice: Discard) -> Action:
    """An okey goes only when it finishes the hand; else the last spare tile of the hand's
    best grouping that is not an okey (the last other discard when none is)."""
    if kinds_after_discard(list(view.hand), choice.tile, view.okey):
        return choice  # the okey finishes the hand: a fine way to win
    keep = [a for a in view.legal if isinstance(a, Discard) and a.tile != view.okey]
    if not keep:
        return choice
    spares = [t for t in combination_grouping(list(view.hand), view.okey).spares]
    for tile in reversed(spares):
        if tile != view.okey and Discard(tile) in keep:
            return Discard(tile)
    return keep[-1]


PART = BotsPart(
    levels=LEVELS,
    master=_master,
    view=PlayerView,
    accepts=_accepts,
    most_moves_per_turn=8,  # a bot's turn is a few moves (show, declare, draw, discard)
    keep_okey=_keep_okey,
    automatic=MediumBot,
)
