"""What a game's folder gives the bots (its module ``bots``'s ``PART``)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from okey.bots.base import AnyBot, AnyBotFactory
from okey.engine.actions import Action, Discard
from okey.engine.view import TableView


@dataclass(frozen=True)
class BotsPart:
    """How a game's bots play, and what the layers around them need to know of its moves.

    ``levels``: its bot levels by name (the names of :mod:`okey.levels`). ``master``: the
    bot asked for the best move in someone else's place (the hint, the review), which
    gives the same move for the same view. ``view``: the view a seat of the game is
    given (a bot of the game plays from nothing else). ``accepts(view, action)``: whether
    a plug-in's move may go to the table, as far as the view tells (the plug-in guard's
    check when its seat gives none). ``most_moves_per_turn``: how many moves a bot's
    turn may take at the table. ``keep_okey(view, discard)``: the autopilot's move
    instead of ``discard``, which throws an okey away (``discard`` itself when that is
    a fine move). ``automatic``: the bot that plays a timed-out player's moves at the
    table (None: the round's own automatic moves). ``no_child``: the reason (a
    ``bot.plugin.*`` key of the catalogue) a ``process:`` seat cannot play the game,
    whose child is sent Okey's views only (None: it can)."""

    levels: Mapping[str, AnyBotFactory]
    master: Callable[[], AnyBot]
    view: type[TableView]
    accepts: Callable[[Any, Action], bool]
    most_moves_per_turn: int
    keep_okey: Callable[[Any, Discard], Action]
    automatic: Callable[[random.Random], AnyBot] | None = None
    no_child: str | None = None
