"""The bots of an online table, and the autopilot that plays a dropped player's seat.

:class:`TableBot` is a bot of the table's game (Okey's levels or Okey 101's, by the same
names), given the view its game builds; :class:`Autopilot` plays like one, except that it
never throws an okey away unless that finishes the round.
"""

from __future__ import annotations

import random

from okey.bots import Bot, make_bot
from okey.bots.level101 import Bot101, make_bot101
from okey.engine.actions import Action, Discard
from okey.engine.view import PlayerView, TableView
from okey.games.okey101.view import View101
from okey.hand.solver import combination_grouping, kinds_after_discard
from okey.hand.tiles import is_okey, stand_in
from okey.rules import RuleSet


class TableBot:
    """A bot of ``level`` for the game ``rules`` play (KeyError: no such level)."""

    def __init__(self, level: str, rng: random.Random, rules: RuleSet) -> None:
        self.okey: Bot | None = None
        self.okey101: Bot101 | None = None
        if rules.okey101 is not None:
            self.okey101 = make_bot101(level, rng)
            self.name = self.okey101.name
        else:
            self.okey = make_bot(level, rng)
            self.name = self.okey.name

    def choose(self, view: TableView) -> Action:
        """The bot's move from ``view`` (TypeError: a view of the other game)."""
        if isinstance(view, View101) and self.okey101 is not None:
            return self.okey101.choose(view)
        if isinstance(view, PlayerView) and self.okey is not None:
            return self.okey.choose(view)
        raise TypeError(f"a {self.name} bot cannot play from a {type(view).__name__}")


class Autopilot:
    """Plays like ``bot`` (a table's bot, or an Okey bot), except that an okey is discarded
    only when it wins the round."""

    def __init__(self, bot: TableBot | Bot) -> None:
        self.bot = bot
        self.name = f"autopilot ({bot.name})"

    def choose(self, view: TableView) -> Action:
        bot = self.bot
        if isinstance(bot, TableBot):
            choice = bot.choose(view)
        else:
            if not isinstance(view, PlayerView):
                raise TypeError(f"an Okey bot cannot play from a {type(view).__name__}")
            choice = bot.choose(view)
        if not isinstance(choice, Discard) or not is_okey(choice.tile, view.okey):
            return choice
        if isinstance(view, View101):
            return _okey_kept_101(view, choice)
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


def _okey_kept_101(view: View101, choice: Discard) -> Action:
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
