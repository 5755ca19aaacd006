"""The seat seam: all the table knows of the match is what one seat sees and may do.

A table plays one seat through a :class:`SeatLink`. What the seat sees: its
:class:`~okey.engine.view.PlayerView` (with its legal moves), what the table waits
for (:class:`Step`), and the events as that seat saw them
(:func:`~okey.engine.events.seen_by`). What it may do: send an action and get the
events it caused, or a refusal with the engine's reason (:data:`Outcome`). The
local :class:`~okey.table.session.TableSession` is one such link; a connection to
a table server (issue 14) is another, and the table does not know which it has.
Other seats' turns reach the table the same way: as events seen by this seat
(:meth:`okey.table.controller.Table.play_bot` here, a message from the server there).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from types import MappingProxyType
from typing import Protocol

from okey.engine.actions import Action
from okey.engine.events import Event
from okey.engine.view import PlayerView
from okey.games.okey101.view import View101
from okey.hand.tiles import Tile
from okey.review import RoundReview
from okey.rules import RuleSet
from okey.table.settings import TableSettings

SeatView = PlayerView | View101
"""What a seat sees: Okey's view, or Okey 101's (a table of rules of game 101)."""

Detail = int | str | Tile
"""A number or a tile a refusal names (the value short of the threshold, the tile)."""

NO_DETAILS: Mapping[str, Detail] = MappingProxyType({})


class Step(Enum):
    """What the table waits for."""

    PLAYER = "player"  # the player's move
    AUTOPILOT = "autopilot"  # the game plays the player's seat (after timeouts)
    BOT = "bot"  # another seat's turn (a bot here; a person, too, at a server)
    ROUND_OVER = "round_over"  # the player starts the next round
    MATCH_OVER = "match_over"


@dataclass(frozen=True, slots=True)
class Done:
    """An action was applied: the events it caused, as this seat saw them."""

    events: tuple[Event, ...]


@dataclass(frozen=True, slots=True)
class Refused:
    """An action was refused; ``reason`` is the engine's (``IllegalMoveError.key``),
    ``details`` the numbers and tile it names (``value``, ``threshold``, ``tile``)."""

    reason: str
    details: Mapping[str, Detail] = field(default_factory=lambda: NO_DETAILS)


Outcome = Done | Refused


class SeatLink(Protocol):
    """One seat at a match: what it sees, and what it may do."""

    @property
    def you(self) -> int:
        """The seat played."""

    @property
    def rules(self) -> RuleSet: ...

    @property
    def settings(self) -> TableSettings:
        """Who sits where, and how this seat's table talks and sorts (a save keeps them)."""

    @property
    def version(self) -> int:
        """Grows with every change to the match."""

    def step(self) -> Step: ...

    def view(self) -> SeatView | None:
        """What the seat knows now (None before the first deal)."""

    def seen(self) -> Sequence[Event]:
        """Every event of the match so far, as this seat saw it."""

    def act(self, action: Action) -> Outcome:
        """Make the seat's move: checked once, by the engine, and applied or refused."""

    def deal(self) -> Outcome:
        """Deal the next round."""

    def review(self, number: int) -> RoundReview | None:
        """The master's review of this seat's round ``number`` (finished); None while it
        is being worked out elsewhere (a table server: the table says it when it comes)."""


@dataclass(frozen=True, slots=True)
class SeatState:
    """The seat after the last change: built once per change, read by every answer.

    ``view`` is Okey's view and ``view101`` Okey 101's: a table has one of them once
    dealt (the other is None), so that Okey's answers never read a 101 view.
    """

    version: int
    step: Step
    view: PlayerView | None  # None before the first deal, and at a 101 table
    round_number: int  # 0 before the first deal
    view101: View101 | None = None  # a 101 table's view (None before the first deal)

    @classmethod
    def of(cls, seat: SeatLink) -> SeatState:
        seen = seat.view()
        number = seen.round_number if seen else 0
        if isinstance(seen, View101):
            return cls(seat.version, seat.step(), None, number, seen)
        return cls(seat.version, seat.step(), seen, number)

    @property
    def seen(self) -> SeatView | None:
        """Whichever view the table has (Okey's or 101's)."""
        return self.view101 if self.view101 is not None else self.view

    @property
    def dealt(self) -> bool:
        return self.view is not None or self.view101 is not None
