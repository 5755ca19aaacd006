"""The seat seam: all the table knows of the match is what one seat sees and may do.

A table plays one seat through a :class:`SeatLink`. What the seat sees: its
:class:`~okey.engine.view.PlayerView` (with its legal moves), what the table waits
for (:class:`Step`), and the events as that seat saw them
(:func:`~okey.engine.events.seen_by`). What it may do: send an action and get the
events it caused, or a refusal with the engine's reason (:data:`Outcome`). The
local :class:`~okey.table.state.session.TableSession` is one such link; a connection to
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
from okey.engine.view import PlayerView, TableView
from okey.review import RoundReview
from okey.rules import RuleSet
from okey.table.state.settings import TableSettings
from okey.tiles import Tile

SeatView = TableView
"""What a seat sees: its game's view (classic Okey's :class:`PlayerView`, or another
game's :class:`TableView`)."""

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

    ``seen`` is the seat's view, of whichever game the table plays (None before the first
    deal); ``view`` is the same view where it is classic Okey's, the one its answers read
    (None at another game's table), so that they never read another game's view.
    """

    version: int
    step: Step
    seen: SeatView | None  # None before the first deal
    round_number: int  # 0 before the first deal
    view: PlayerView | None  # ``seen`` where it is classic Okey's

    @classmethod
    def of(cls, seat: SeatLink) -> SeatState:
        seen = seat.view()
        number = seen.round_number if seen else 0
        view = seen if isinstance(seen, PlayerView) else None
        return cls(seat.version, seat.step(), seen, number, view)

    @property
    def dealt(self) -> bool:
        return self.seen is not None
