"""The bots of an online table, and the autopilot that plays a dropped player's seat.

:class:`TableBot` is a bot of the table's game (its levels, by the names every game
shares), given the view its game builds; :class:`Autopilot` plays like one, except that
it throws an okey away only when its game says that is a fine move
(:attr:`okey.bots.kit.BotsPart.keep_okey`).
"""

from __future__ import annotations

import random

from okey import kits
from okey.bots import AnyBot, make_bot
from okey.bots.kit import BotsPart
from okey.engine.actions import Action, Discard
from okey.engine.view import TableView
from okey.rules import RuleSet
from okey.tiles import is_okey


class TableBot:
    """A bot of ``level`` for the game ``rules`` play (KeyError: no such level)."""

    def __init__(self, level: str, rng: random.Random, rules: RuleSet) -> None:
        self.game = rules.game
        self.bot: AnyBot = make_bot(level, rng, self.game)
        self.name = self.bot.name

    def choose(self, view: TableView) -> Action:
        """The bot's move from ``view`` (TypeError: a view of another game)."""
        if not isinstance(view, kits.part(self.game, "bots", BotsPart).view):
            raise TypeError(f"a {self.name} bot cannot play from a {type(view).__name__}")
        return self.bot.choose(view)


class Autopilot:
    """Plays like ``bot`` (a table's bot, or any bot of the view's game), except that an
    okey is thrown away only when the game finds that a fine move (at Okey: it wins the
    round)."""

    def __init__(self, bot: TableBot | AnyBot) -> None:
        self.bot = bot
        self.name = f"autopilot ({bot.name})"

    def choose(self, view: TableView) -> Action:
        choice = self.bot.choose(view)
        if not isinstance(choice, Discard) or not is_okey(choice.tile, view.okey):
            return choice
        return kits.part(view.rules.game, "bots", BotsPart).keep_okey(view, choice)
