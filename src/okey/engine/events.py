"""What happened at the table: one frozen event per change, in order.

The front end, the match log, the review and the tests all read this one
stream; each consumer dispatches with one ``match`` ending in ``assert_never``,
so a new event (a second game's) fails type checking until every one handles
it. Some events carry private facts (the deck, a dealt hand, a tile drawn
from the pile); :func:`seen_by` hides what one seat may not know.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum
from typing import ClassVar, assert_never

from okey.engine.traditional import Dice
from okey.hand.scoring import FinishKind
from okey.hand.solver import Group
from okey.tiles import Tile


@dataclass(frozen=True, slots=True)
class GameEvent:
    """The base of one game's own events (Okey 101's openings, lays and scores): every
    reader that does not tell them apart covers them with one ``case GameEvent()``;
    :attr:`game` names the game whose folder knows them. They are public."""

    game: ClassVar[str]


@dataclass(frozen=True, slots=True)
class EndsRound:
    """The mark of an event that ends a round, in any game (won, drawn, scored,
    cancelled): a reader waiting for the round's end asks ``isinstance(e, EndsRound)``."""


class DrawReason(Enum):
    """Why a round ended with no winner."""

    DECLINED = "declined"  # the pile was empty and the last discard was declined
    NO_WIN = "no_win"  # the last discard was taken but the next discard did not finish
    PILE_CLOSED = "pile_closed"  # close_after_last_discard: the pile ran out


@dataclass(frozen=True, slots=True)
class RoundStarted:
    number: int
    dealer: int
    deck: tuple[Tile, ...] = ()  # private: the whole shuffled order (for the match log)


@dataclass(frozen=True, slots=True)
class DiceThrown:
    """The traditional deal's story (public: the stacks are face down)."""

    seat: int  # the thrower, the seat before the opener
    dice: Dice  # the chosen stack and the tile of it turned up
    position: int  # where the indicator came from, from the stack's bottom (past false jokers)


@dataclass(frozen=True, slots=True)
class Dealt:
    seat: int
    hand: tuple[Tile, ...]  # private to ``seat``


@dataclass(frozen=True, slots=True)
class IndicatorTurned:
    indicator: Tile
    okey: Tile
    pile_count: int
    turned_back: int = 0  # false jokers turned up first and put back (or passed over)


@dataclass(frozen=True, slots=True)
class Drew:
    seat: int
    tile: Tile | None  # private to ``seat``: None in what the others see
    pile_count: int


@dataclass(frozen=True, slots=True)
class TookDiscard:
    seat: int
    source: int
    tile: Tile


@dataclass(frozen=True, slots=True)
class Discarded:
    seat: int
    tile: Tile


@dataclass(frozen=True, slots=True)
class ShowedIndicator:
    seat: int
    tile: Tile
    penalty: int
    losers: tuple[int, ...]
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TurnedToOkey:
    seat: int


@dataclass(frozen=True, slots=True)
class DeclaredPairs:
    seat: int


@dataclass(frozen=True, slots=True)
class DeclinedDiscard:
    seat: int
    tile: Tile


@dataclass(frozen=True, slots=True)
class TimedOut:
    seat: int
    in_a_row: int


@dataclass(frozen=True, slots=True)
class AutopilotChanged:
    seat: int
    on: bool


@dataclass(frozen=True, slots=True)
class RoundWon(EndsRound):
    seat: int
    tile: Tile  # the winning discard, laid in the middle
    kind: FinishKind
    okey_discard: bool
    colored: bool  # the discard doubled for its colour (colored tables only)
    groups: tuple[Group, ...]  # the winning hand's combinations or pairs
    points: int  # what each loser lost
    losers: tuple[int, ...]
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class RoundDrawn(EndsRound):
    reason: DrawReason
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Standing:
    """A place in the final ranking: a seat, or a team's two seats, and its score."""

    place: int
    seats: tuple[int, ...]
    score: int


@dataclass(frozen=True, slots=True)
class MatchOver:
    standings: tuple[Standing, ...]
    scores: tuple[int, ...]

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(seat for s in self.standings if s.place == 1 for seat in s.seats)


Event = (
    RoundStarted
    | DiceThrown
    | Dealt
    | IndicatorTurned
    | Drew
    | TookDiscard
    | Discarded
    | ShowedIndicator
    | TurnedToOkey
    | DeclaredPairs
    | DeclinedDiscard
    | TimedOut
    | AutopilotChanged
    | RoundWon
    | RoundDrawn
    | MatchOver
    | GameEvent  # a game's own events (Okey 101's: okey.games.okey101.events)
)


def seen_by(event: Event, seat: int) -> Event | None:
    """The event as ``seat`` may know it; None when that seat learns nothing from it."""
    match event:
        case RoundStarted():
            return replace(event, deck=())
        case Dealt():
            return event if event.seat == seat else None
        case Drew():
            return event if event.seat == seat else replace(event, tile=None)
        case (
            DiceThrown()
            | IndicatorTurned()
            | TookDiscard()
            | Discarded()
            | ShowedIndicator()
            | TurnedToOkey()
            | DeclaredPairs()
            | DeclinedDiscard()
            | TimedOut()
            | AutopilotChanged()
            | RoundWon()
            | RoundDrawn()
            | MatchOver()
            | GameEvent()  # a game's own events are public (101's laid tiles and scores)
        ):
            return event
        case _:
            assert_never(event)
