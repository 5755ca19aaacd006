"""Bots: the protocol, the levels by name and the factories that make them."""

from __future__ import annotations

import random
from collections.abc import Mapping

from okey import kits
from okey.bots.base import AnyBot, AnyBotFactory, Bot, BotFactory, GameBot
from okey.bots.easy import EasyBot
from okey.bots.expert import ExpertBot
from okey.bots.hard import HardBot
from okey.bots.kit import BotsPart
from okey.bots.medium import MediumBot
from okey.bots.random_bot import RandomBot
from okey.levels import LEVEL_NAMES, level_names

LEVELS: dict[str, BotFactory] = {
    "random": RandomBot,
    "easy": EasyBot,
    "medium": MediumBot,
    "hard": HardBot,
    "expert": ExpertBot,
}
"""Bot levels by name; each factory takes the bot's own ``random.Random``."""
assert tuple(LEVELS) == LEVEL_NAMES  # okey.levels names them without loading them


def available_levels() -> list[str]:
    return level_names()


def levels_of(game: str = kits.DEFAULT_GAME) -> Mapping[str, AnyBotFactory]:
    """Game ``game``'s bot levels by name (KeyError for a game okey does not know)."""
    return kits.part(game, "bots", BotsPart).levels


def make_bot(level: str, rng: random.Random, game: str = kits.DEFAULT_GAME) -> AnyBot:
    """A bot of the named level of game ``game``, seeded by ``rng``; KeyError for an
    unknown level or game."""
    return levels_of(game)[level](rng)


def master_of(game: str = kits.DEFAULT_GAME) -> AnyBot:
    """Game ``game``'s master (the same view always gives the same move)."""
    return kits.part(game, "bots", BotsPart).master()


__all__ = [
    "LEVELS",
    "AnyBot",
    "AnyBotFactory",
    "Bot",
    "BotFactory",
    "GameBot",
    "RandomBot",
    "available_levels",
    "levels_of",
    "make_bot",
    "master_of",
]
