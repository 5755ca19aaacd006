"""The autopilot that plays a dropped player's seat: a bot that never throws an okey away."""

from __future__ import annotations

from okey.bots import Bot
from okey.engine.actions import Action, Discard
from okey.engine.view import PlayerView
from okey.hand.solver import combination_grouping, kinds_after_discard


class Autopilot:
    """Plays like ``bot``, except that an okey is discarded only when it wins the round."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.name = f"autopilot ({bot.name})"

    def choose(self, view: PlayerView) -> Action:
        choice = self.bot.choose(view)
        if not isinstance(choice, Discard) or choice.tile != view.okey:
            return choice
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
