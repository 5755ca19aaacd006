"""The bot protocol: a bot sees only a :class:`PlayerView` and returns an action."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from okey.engine.actions import Action
from okey.engine.view import PlayerView


class Bot(Protocol):
    """A player the computer runs. It must choose one of ``view.legal``."""

    name: str

    def choose(self, view: PlayerView) -> Action: ...


BotFactory = Callable[[random.Random], Bot]
"""Makes a bot from its own seeded random source (bots never use global randomness)."""
