"""The games okey plays, by the name a rule set gives in its ``game`` key.

Like python-chess's variants (a Board subclass per variant and a table of
them), each game is a :class:`~okey.engine.games.base.Game` subclass registered
here by its ``name``; :func:`game_for` makes the one a match plays. A second
game (Okey 101) is a new subclass, its rounds, its rules sections in
:mod:`okey.rules` and one line in :data:`GAMES`.
"""

from __future__ import annotations

from collections.abc import Mapping

from okey.engine.games.base import Game, GameRound
from okey.engine.games.okey import OkeyGame
from okey.engine.okey101.game import Okey101Game
from okey.rules import RuleSet

GAMES: Mapping[str, type[Game]] = {OkeyGame.name: OkeyGame, Okey101Game.name: Okey101Game}
"""Every game by name (the rule set's ``game``)."""


def game_for(rules: RuleSet) -> Game:
    """A new game of the kind ``rules`` names, for one match."""
    return GAMES[rules.game](rules)


__all__ = ["GAMES", "Game", "GameRound", "Okey101Game", "OkeyGame", "game_for"]
