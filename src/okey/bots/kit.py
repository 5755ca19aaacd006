"""What a game's folder gives the bots (its module ``bots``'s ``PART``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from okey.bots.base import AnyBot, AnyBotFactory


@dataclass(frozen=True)
class BotsPart:
    """A game's bot levels by name (the names of :mod:`okey.levels`), and its master:
    the bot asked for the best move in someone else's place (the hint, the review),
    which gives the same move for the same view."""

    levels: Mapping[str, AnyBotFactory]
    master: Callable[[], AnyBot]
