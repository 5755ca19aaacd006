"""What one seat may know of a 101 table: the common part and 101's own.

Laid tiles are public (every combination and pair, by owner); hands are not
(only their sizes). Open and Lay moves are too many to list: ``legal`` lists
the draw, the take, each allowed discard, each single tile that may be added
to the table and giving back; an Open or a Lay is checked when it is made.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from okey.engine.view import TableView
from okey.games.okey101.actions import Pair
from okey.games.okey101.events import PenaltyReason
from okey.games.okey101.sections import Rules101, own_rules
from okey.hand.finishing import Opened
from okey.hand.layoff import can_add
from okey.hand.melds import LaidMeld as LaidMeld
from okey.hand.melds import Meld, OpeningRules
from okey.tiles import Tile, is_okey

DEFAULT_OPENING = OpeningRules()


def discard_penalty(
    tile: Tile, table: Sequence[Meld], okey: Tile, own: Rules101
) -> PenaltyReason | None:
    """What discarding ``tile`` costs now (never asked for the finishing tile): an okey,
    or a tile that fits a combination of the table (or an okey's place there)."""
    if is_okey(tile, okey):
        return PenaltyReason.OKEY_DISCARD
    if own.scoring.playable_discard_penalty and can_add(tile, table, okey, own.opening()):
        return PenaltyReason.PLAYABLE_DISCARD
    return None


@dataclass(frozen=True, slots=True)
class LaidPair:
    owner: int
    pair: Pair


@dataclass(frozen=True, slots=True)
class View101(TableView):
    """One seat's knowledge of an Okey 101 table."""

    melds: tuple[LaidMeld, ...] = ()
    pairs: tuple[LaidPair, ...] = ()
    openings: tuple[Opened, ...] = ()  # how each seat has opened
    opening_values: tuple[int, ...] = ()  # each combinations opening's value (0: none)
    penalties: tuple[int, ...] = ()  # penalties charged this round, per seat
    threshold: int = 101  # what a combinations opening must reach now
    pairs_needed: int = 5  # the pairs a pairs opening needs now
    must_use: Tile | None = None  # the discard this seat took and must lay this turn
    gave_back: bool = False  # this seat gave a discard back this turn (only the pile now)
    laid_this_turn: bool = False
    opened_this_turn: bool = False
    layoffs_this_turn: int = 0
    opening: OpeningRules = DEFAULT_OPENING  # the hand package's options for the table

    @property
    def table(self) -> tuple[Meld, ...]:
        """The runs and sets on the table, in the order additions name them."""
        return tuple(laid.meld for laid in self.melds)

    @property
    def my_opening(self) -> Opened:
        return self.openings[self.seat]

    def discard_cost(self, tile: Tile) -> PenaltyReason | None:
        """Why discarding ``tile`` now would be penalised (the table warns first), or None;
        the last tile of an opened player finishes and is never penalised."""
        own = own_rules(self.rules)
        if own is None or (len(self.hand) == 1 and self.my_opening is not Opened.NOT_YET):
            return None
        return discard_penalty(tile, self.table, self.okey, own)
