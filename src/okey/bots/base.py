"""The bot protocol: a bot sees only its seat's view and returns an action.

One protocol serves every game, generic over the view the game gives a seat:
:data:`Bot` is classic Okey's (a :class:`PlayerView`), the name plug-in bots use;
Okey 101's bots are ``GameBot[View101]``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from okey.engine.actions import Action
from okey.engine.view import PlayerView, TableView

ViewT = TypeVar("ViewT", bound=TableView, contravariant=True)


class GameBot(Protocol[ViewT]):
    """A player the computer runs. It must choose one of ``view.legal`` (or, at a game
    whose moves are not all listed, one the engine accepts)."""

    name: str

    def choose(self, view: ViewT) -> Action: ...


Bot = GameBot[PlayerView]
"""A bot of classic Okey."""

AnyBot = GameBot[Any]
"""A bot of any game (it is given its own game's views)."""

BotFactory = Callable[[random.Random], Bot]
"""Makes a bot from its own seeded random source (bots never use global randomness)."""

AnyBotFactory = Callable[[random.Random], AnyBot]
"""Makes a bot of any game from its own seeded random source."""
