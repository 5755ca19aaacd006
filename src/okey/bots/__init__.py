"""Bots: the protocol, the levels by name and the factories that make them."""

from __future__ import annotations

import random

from okey.bots.base import Bot, BotFactory
from okey.bots.easy import EasyBot
from okey.bots.hard import HardBot
from okey.bots.medium import MediumBot
from okey.bots.random_bot import RandomBot

LEVELS: dict[str, BotFactory] = {
    "random": RandomBot,
    "easy": EasyBot,
    "medium": MediumBot,
    "hard": HardBot,
}
"""Bot levels by name; each factory takes the bot's own ``random.Random``."""


def available_levels() -> list[str]:
    return sorted(LEVELS)


def make_bot(level: str, rng: random.Random) -> Bot:
    """A bot of the named level, seeded by ``rng``; KeyError for an unknown level."""
    return LEVELS[level](rng)


__all__ = ["LEVELS", "Bot", "BotFactory", "RandomBot", "available_levels", "make_bot"]
