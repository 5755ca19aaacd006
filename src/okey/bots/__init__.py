"""Bots: the protocol, the levels by name and the factories that make them."""

from __future__ import annotations

import random

from okey.bots.base import Bot, BotFactory
from okey.bots.easy import EasyBot
from okey.bots.hard import HardBot
from okey.bots.medium import MediumBot
from okey.bots.random_bot import RandomBot
from okey.levels import LEVEL_NAMES, level_names

LEVELS: dict[str, BotFactory] = {
    "random": RandomBot,
    "easy": EasyBot,
    "medium": MediumBot,
    "hard": HardBot,
}
"""Bot levels by name; each factory takes the bot's own ``random.Random``."""
assert tuple(LEVELS) == LEVEL_NAMES  # okey.levels names them without loading them


def available_levels() -> list[str]:
    return level_names()


def make_bot(level: str, rng: random.Random) -> Bot:
    """A bot of the named level, seeded by ``rng``; KeyError for an unknown level."""
    return LEVELS[level](rng)


__all__ = ["LEVELS", "Bot", "BotFactory", "RandomBot", "available_levels", "make_bot"]
