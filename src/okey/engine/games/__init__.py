"""The seam between the match and a game, and each game's engine by name.

Like python-chess's variants (a Board subclass per variant and a table of
them), each game is a :class:`~okey.engine.games.base.Game` subclass; its
folder (:mod:`okey.kits` says where) gives it, with its own moves' notation,
as a :class:`~okey.engine.games.base.GameEngine`. :func:`game_for` makes the
one a match plays.
"""

from __future__ import annotations

from okey import kits
from okey.engine.games.base import Game, GameEngine, GameRound
from okey.rules import RuleSet


def engine_of(game: str) -> GameEngine:
    """Game ``game``'s engine part (KeyError for a game okey does not know)."""
    return kits.part(game, "engine", GameEngine)


def engines() -> tuple[GameEngine, ...]:
    """Every game's engine part."""
    return kits.parts("engine", GameEngine)


def game_for(rules: RuleSet) -> Game:
    """A new game of the kind ``rules`` names, for one match."""
    return engine_of(rules.game).game(rules)


__all__ = ["Game", "GameEngine", "GameRound", "engine_of", "engines", "game_for"]
