"""Classic Okey's game: its rounds are :class:`okey.games.okey.round.Round`, its scores a
:class:`okey.games.okey.scores.ScoreBoard`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from okey.engine.events import Standing
from okey.engine.games.base import Game
from okey.engine.traditional import Dice
from okey.games.okey.round import Round
from okey.games.okey.scores import ScoreBoard
from okey.rules import RuleSet
from okey.tiles import Tile


class OkeyGame(Game):
    """The classic game (``game = "okey"``, every rule set shipped with okey 0.1)."""

    name: ClassVar[str] = "okey"

    def __init__(self, rules: RuleSet) -> None:
        super().__init__(rules)
        self.board = ScoreBoard(rules.table)

    @property
    def throws_dice(self) -> bool:
        return self.rules.play.traditional_deal

    def deal(self, number: int, dealer: int, deck: Sequence[Tile], dice: Dice | None) -> Round:
        return Round(self.rules, number, dealer, deck, self.board, dice)

    def scores(self) -> tuple[int, ...]:
        return self.board.per_seat()

    def match_over(self, rounds_played: int) -> bool:
        """After a fixed number of rounds, or once a deciding score is 0 or below."""
        rounds = self.rules.table.rounds
        return rounds_played >= rounds if rounds else self.board.anyone_out()

    def standings(self, last_finisher: int | None) -> tuple[Standing, ...]:
        return self.board.standings(last_finisher)
