"""A ten-line plug-in bot for the README: seat it with ``okey.bots.example:make_bot``."""

from __future__ import annotations

import random

from okey.bots.level import winning_discard
from okey.engine import Action, Discard, DrawFromPile, Phase, PlayerView


class LuckyBot:
    name = "lucky"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: PlayerView) -> Action:
        if view.phase is Phase.DISCARD:  # finish when it can, else throw any tile
            tile = winning_discard(view)
            return Discard(tile) if tile else Discard(self.rng.choice(view.hand))
        return DrawFromPile() if DrawFromPile() in view.legal else view.legal[0]


def make_bot(rng: random.Random) -> LuckyBot:
    return LuckyBot(rng)
