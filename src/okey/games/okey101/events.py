"""Okey 101's own events (the deal, draws, takes and discards are Okey's events).

All of them are public: laid tiles lie face up, and a round's scores are told
to the whole table. One ``case Event101()`` covers them all for a consumer
that does not tell 101 apart.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import ClassVar

from okey.engine.events import EndsRound, GameEvent
from okey.games.okey101.sections import GAME
from okey.hand.layoff import Addition
from okey.hand.melds import Meld
from okey.tiles import Tile

Pair = tuple[Tile, Tile]


class PenaltyReason(Enum):
    """Why a 101 penalty was charged."""

    OKEY_DISCARD = "okey_discard"  # a real okey discarded (not the finishing tile)
    PLAYABLE_DISCARD = "playable_discard"  # the discard fitted a combination on the table
    OKEY_IN_HAND = "okey_in_hand"  # an okey left in an opened player's hand at the end
    GIVE_BACK = "give_back"  # a taken discard given back (only when the rules charge it)


class RoundEnd(Enum):
    """How a scored 101 round ended."""

    FINISHED = "finished"
    PILE_OUT = "pile_out"


@dataclass(frozen=True, slots=True)
class Event101(GameEvent):
    """The base of Okey 101's own events."""

    game: ClassVar[str] = GAME


@dataclass(frozen=True, slots=True)
class Opened101(Event101):
    """A first laying: runs and sets (``value`` points) or pairs."""

    seat: int
    melds: tuple[Meld, ...]
    pairs: tuple[Pair, ...]
    value: int


@dataclass(frozen=True, slots=True)
class Laid101(Event101):
    """New runs and sets or pairs laid after opening."""

    seat: int
    melds: tuple[Meld, ...]
    pairs: tuple[Pair, ...]


@dataclass(frozen=True, slots=True)
class Added101(Event101):
    """A tile added to combination ``addition.meld`` (owned by ``owner``), now ``meld``;
    ``taken_back``: the okey it freed, now in the seat's hand."""

    seat: int
    owner: int
    addition: Addition
    meld: Meld
    taken_back: Tile | None


@dataclass(frozen=True, slots=True)
class GaveBack101(Event101):
    """A taken discard given back to ``source``'s pile; the seat now draws from the pile."""

    seat: int
    source: int
    tile: Tile


@dataclass(frozen=True, slots=True)
class Penalised101(Event101):
    """A penalty of ``points`` charged to ``seat`` (``tile``: the discard, when one)."""

    seat: int
    reason: PenaltyReason
    points: int
    tile: Tile | None = None


@dataclass(frozen=True, slots=True)
class RoundScored101(Event101, EndsRound):
    """A round's end and its scores: ``points`` per seat this round (penalties included),
    ``scores`` the totals after it. ``finisher`` and ``tile`` only when someone finished."""

    end: RoundEnd
    finisher: int | None
    tile: Tile | None
    okey_finish: bool
    pairs_finish: bool
    one_turn: bool
    factor: int
    hands: tuple[tuple[Tile, ...], ...]  # what each seat held at the end (now shown)
    points: tuple[int, ...]
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class RoundCancelled101(Event101, EndsRound):
    """All four opened with pairs: the round scores nothing and is dealt again."""

    scores: tuple[int, ...]


AnyEvent101 = (
    Opened101 | Laid101 | Added101 | GaveBack101 | Penalised101 | RoundScored101 | RoundCancelled101
)
"""Every event of Okey 101's own (what ``case Event101()`` narrows an Event to)."""
