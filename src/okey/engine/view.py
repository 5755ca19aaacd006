"""What one seat may know: the only thing bots and the front end ever see.

:class:`TableView` is the part every game shares; each game's view adds its own
(:class:`PlayerView`, Okey's, is the one plug-in bots are given).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from okey.engine.actions import Action
from okey.rules import CLASSIC, RuleSet
from okey.tiles import Tile


class Phase(Enum):
    """Where a round stands for the player whose turn it is."""

    DRAW = "draw"  # must draw (from the pile or the discard before them)
    DISCARD = "discard"  # holds 15 tiles and must discard (the dealer opens here)
    PILE_OUT = "pile_out"  # the pile is empty: take the last discard or decline
    ROUND_OVER = "round_over"
    MATCH_OVER = "match_over"


@dataclass(frozen=True, slots=True)
class TableView:
    """What every game shows one seat at one moment: the common part of a view.

    Seats are numbered 0..players-1; play passes from seat ``s`` to
    ``(s + 1) % players``, so the player before ``s`` (whose discard ``s`` may
    take) is ``(s - 1) % players``. Each game's view adds its own fields
    (:class:`PlayerView` is Okey's).
    """

    seat: int
    players: int
    hand: tuple[Tile, ...]
    indicator: Tile
    okey: Tile
    turn: int
    phase: Phase
    dealer: int
    round_number: int
    pile_count: int
    discards: tuple[tuple[Tile, ...], ...]  # each seat's discard pile, oldest first
    taken: tuple[tuple[Tile, ...], ...]  # tiles each seat took from a discard this round
    scores: tuple[int, ...]  # per seat (team members share their team's score)
    # The moves this seat may make now: empty when not its turn, except ShowIndicator,
    # which the holder of the indicator's twin may make out of turn before their first
    # move. TimeOut and Resume (table actions) are never listed.
    legal: tuple[Action, ...]
    hand_sizes: tuple[int, ...] = ()  # how many tiles each seat holds
    autopilot: tuple[int, ...] = ()  # seats the game is playing for (after timeouts)
    winner: int | None = None  # the round's winner, once it is won
    rules: RuleSet = CLASSIC  # the table's rules

    @property
    def previous(self) -> int:
        """The seat whose discards this seat may take."""
        return (self.seat - 1) % self.players

    @property
    def next(self) -> int:
        """The seat that may take this seat's discards."""
        return (self.seat + 1) % self.players

    @property
    def opened(self) -> bool:
        """True once the round's opening discard is made (a thrown tile stays on a
        discard pile or among the tiles taken)."""
        return any(self.discards) or any(self.taken)

    @property
    def available_discard(self) -> Tile | None:
        """The tile this seat could take now: the top of the previous seat's pile."""
        pile = self.discards[self.previous]
        return pile[-1] if pile else None


@dataclass(frozen=True, slots=True)
class PlayerView(TableView):
    """One seat's knowledge of an Okey table: the common part and Okey's own.

    (The name is the plug-in bots' since okey 0.1: it is the view of the classic game.)
    """

    shown_indicator: tuple[int, ...] = ()  # seats that showed the indicator's twin this round
    declared_pairs: tuple[int, ...] = ()  # seats that announced çifte gitmek
    turned_to_okey: tuple[int, ...] = ()  # seats that declared okeye dönmek
    last_chance: bool = False  # the turn seat took the last discard with the pile empty
    middle: Tile | None = None  # the winning discard, laid in the middle
