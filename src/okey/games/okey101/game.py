"""Okey 101 as a game of the match (``game = "101"``): its rounds, totals and end."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from okey.engine.events import Standing
from okey.engine.games.base import Game
from okey.engine.traditional import Dice
from okey.games.okey101.round import Round101
from okey.games.okey101.scores import Board101
from okey.games.okey101.sections import GAME, rules_101
from okey.rules import RuleSet
from okey.tiles import Tile


class Okey101Game(Game):
    """Okey 101: a fixed number of counted rounds; the lowest total wins."""

    name: ClassVar[str] = GAME

    def __init__(self, rules: RuleSet) -> None:
        super().__init__(rules)
        self.board = Board101(rules_101(rules))
        self.cancelled = 0  # rounds cancelled (all four opened with pairs)
        self._last: Round101 | None = None

    def deal(self, number: int, dealer: int, deck: Sequence[Tile], dice: Dice | None) -> Round101:
        last = self._last
        if last is not None and last.cancelled:
            self.cancelled += 1
        self._last = Round101(self.rules, number, dealer, deck, self.board)
        return self._last

    def dealer_for(self, first_dealer: int, rounds_dealt: int) -> int:
        """A cancelled round is dealt again by the same dealer."""
        last = self._last
        again = self.cancelled + (1 if last is not None and last.cancelled else 0)
        return (first_dealer + rounds_dealt - again) % self.players

    def scores(self) -> tuple[int, ...]:
        return self.board.per_seat()

    def match_over(self, rounds_played: int) -> bool:
        return self.board.counted >= self.rules.table.rounds

    def standings(self, last_finisher: int | None) -> tuple[Standing, ...]:
        return self.board.standings()
