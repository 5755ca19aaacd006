"""The seam between the match and a game: what differs between Okey and Okey 101.

A :class:`Game` is one match's rules of play, chosen by the rule set's ``game``
key (:mod:`okey.engine.games` keeps the registry). It deals rounds, keeps the
score across rounds and says when the match is over and who won. A
:class:`GameRound` is one round of that game: its hands, pile and discards
(the state every game shares), its turns (what a turn may contain, what
finishes), how it is scored and what a seat's view shows beyond the common
part.

The :class:`okey.engine.match.Match` around them is the same for every game:
seats and dealers, the deck and the dice (chance), the record of entries, the
event stream, the turn clock (``TimeOut``, autopilot, ``Resume``) and the
views' common part.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import ClassVar

from okey.engine.actions import Action, GameAction
from okey.engine.events import Event, GameEvent, Standing
from okey.engine.traditional import Dice, throw_dice
from okey.engine.view import Phase, TableView
from okey.rules import RuleSet
from okey.tiles import Tile


class GameRound(ABC):
    """One round of a game: the common state, and the game's turns.

    Drive it through :class:`okey.engine.match.Match`: the match checks the table
    matters (seats, the match being over, the clock) and then asks the round.
    """

    rules: RuleSet
    players: int
    number: int
    dealer: int
    deck: tuple[Tile, ...]
    indicator: Tile
    okey: Tile
    hands: list[list[Tile]]
    pile: list[Tile]  # the top is the last item
    discards: list[list[Tile]]  # each seat's discard pile, oldest first
    taken: list[list[Tile]]  # the tiles each seat took from a discard
    turn: int
    phase: Phase
    winner: int | None

    @property
    def over(self) -> bool:
        return self.phase is Phase.ROUND_OVER

    @abstractmethod
    def start_events(self) -> list[Event]:
        """What the deal told the table: the round's start, the indicator, the hands."""

    @abstractmethod
    def legal(self, seat: int) -> tuple[Action, ...]:
        """The moves ``seat`` may choose now (never the table's TimeOut and Resume)."""

    @abstractmethod
    def check(self, seat: int, action: Action) -> None:
        """Raise :class:`okey.engine.errors.IllegalMoveError` if ``action`` is not allowed."""

    @abstractmethod
    def apply(self, seat: int, action: Action) -> list[Event]:
        """Apply a checked move of the game (never TimeOut or Resume); the new events."""

    @abstractmethod
    def automatic_move(self, seat: int) -> Action:
        """The game's own move for a seat whose time ran out (one move of its turn)."""

    @abstractmethod
    def view(
        self,
        seat: int,
        *,
        phase: Phase,
        legal: tuple[Action, ...],
        scores: tuple[int, ...],
        autopilot: tuple[int, ...],
    ) -> TableView:
        """What ``seat`` may know: the common part (from the match's arguments and this
        round's shared state) and what this game shows besides."""


class Game(ABC):
    """One match's rules of play; a subclass per game, registered by its ``name``."""

    name: ClassVar[str]

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.players = rules.table.players

    @property
    def throws_dice(self) -> bool:
        """True when every round is dealt with two die throws (recorded with the deck)."""
        return False

    def throw_dice(self, rng: random.Random) -> Dice:
        """The deal's throws, from the match's generator (after the shuffle)."""
        return throw_dice(rng)

    def dealer_for(self, first_dealer: int, rounds_dealt: int) -> int:
        """Who deals the next round: the deal passes one seat each round."""
        return (first_dealer + rounds_dealt) % self.players

    @abstractmethod
    def deal(self, number: int, dealer: int, deck: Sequence[Tile], dice: Dice | None) -> GameRound:
        """Round ``number`` dealt by ``dealer`` from ``deck`` (checked here), with ``dice``
        when the game throws them."""

    @abstractmethod
    def scores(self) -> tuple[int, ...]:
        """Each seat's score now (team members share their team's)."""

    @abstractmethod
    def match_over(self, rounds_played: int) -> bool:
        """True when the match ends after the round just played."""

    @abstractmethod
    def standings(self, last_finisher: int | None) -> tuple[Standing, ...]:
        """The final ranking, best first."""


@dataclass(frozen=True)
class GameEngine:
    """What a game's folder gives the engine (its module ``engine``'s ``PART``): the
    game, and the notation and log notes of its own moves and events."""

    game: type[Game]
    format_action: Callable[[GameAction], str]
    """A move of this game's own in the action notation (``open r9 r10 r11``)."""
    parse_action: Callable[[str], Action | None]
    """A move of this game's own from the notation (lower case, single spaces), or None."""
    log_notes: Callable[[GameEvent], list[str]]
    """The comment and ``scores`` lines this game's own event adds to a match log."""
