"""A bot that picks uniformly among its legal moves: drives simulations and tests."""

from __future__ import annotations

import random

from okey.engine.actions import Action
from okey.engine.view import PlayerView


class RandomBot:
    """Chooses any legal move, with its own random source."""

    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: PlayerView) -> Action:
        if not view.legal:
            raise ValueError("the bot was asked to move with no legal move")
        return self.rng.choice(view.legal)
