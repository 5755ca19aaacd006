"""A round's facts from one seat's side, and the notes kept while its record is read
(the shared ground of :mod:`okey.tasks.facts` and each game's part, :mod:`okey.tasks.kit`)."""

from __future__ import annotations

from dataclasses import dataclass

from okey.engine.events import RoundWon
from okey.hand.combinations import GroupKind
from okey.hand.scoring import FinishKind
from okey.tiles import Tile


@dataclass(frozen=True, slots=True)
class RoundFacts:
    """One round, from the seat's side."""

    number: int
    won: bool  # the seat finished it
    side_won: bool  # the seat or its partner finished it
    drawn: bool  # nobody finished (the pile ran out)
    pairs: bool  # the seat finished with seven pairs
    okey_discard: bool  # the seat finished by laying an okey in the middle
    okeys_in_hand: int  # real okeys in the seat's finished hand (the laid one not counted)
    false_okey: bool  # a false okey in the seat's finished hand
    set_of_four: bool  # a set of four in the seat's finished hand
    longest_run: int  # the longest run in the seat's finished hand (0: none)
    took: int  # discards the seat took from the left
    turns: int  # tiles the seat laid down (its discards and its finish)
    showed: bool  # the seat showed the indicator's twin
    threw_okey: bool  # the seat threw an okey away without finishing
    lost: int  # points the seat (its side) lost in the round
    pile_left: int  # tiles left in the pile when the round ended
    started: bool  # the seat opened the round (the dealer)
    # Okey 101's (read by its folder's part, okey.tasks.kit.TasksPart):
    opened: bool = False  # the seat made its first laying
    opened_pairs: bool = False  # ... with pairs
    opening: int = 0  # the points of the seat's opening runs and sets
    penalties: int = 0  # penalties the seat was charged
    one_turn: bool = False  # the seat finished laying everything in one turn


class RoundNotes:
    """The facts of a round being read (a game's part adds its own, or cancels it)."""

    def __init__(self, number: int, started: bool) -> None:
        self.number = number
        self.started = started
        self.okey: Tile | None = None
        self.took = 0
        self.turns = 0
        self.showed = False
        self.threw_okey = False
        self.lost = 0
        self.pile_left = 0
        self.opened = False
        self.opened_pairs = False
        self.opening = 0
        self.penalties = 0
        self.cancelled = False  # the round is played again (Okey 101): it counts for nothing

    def facts(
        self,
        *,
        won: bool,
        side_won: bool,
        drawn: bool,
        pairs: bool = False,
        okey_discard: bool = False,
        okeys_in_hand: int = 0,
        false_okey: bool = False,
        set_of_four: bool = False,
        longest_run: int = 0,
        one_turn: bool = False,
    ) -> RoundFacts:
        """The round's facts: how it ended (the finish's, from its end) and the notes."""
        return RoundFacts(
            number=self.number,
            won=won,
            side_won=side_won,
            drawn=drawn,
            pairs=pairs,
            okey_discard=okey_discard,
            okeys_in_hand=okeys_in_hand,
            false_okey=false_okey,
            set_of_four=set_of_four,
            longest_run=longest_run,
            took=self.took,
            turns=self.turns,
            showed=self.showed,
            threw_okey=self.threw_okey,
            lost=self.lost,
            pile_left=self.pile_left,
            started=self.started,
            opened=self.opened,
            opened_pairs=self.opened_pairs,
            opening=self.opening,
            penalties=self.penalties,
            one_turn=one_turn,
        )

    def done(self, won: RoundWon | None, seat: int, side: frozenset[int]) -> RoundFacts:
        """An Okey round's facts, once it was won (or drawn: ``won`` None)."""
        mine = won is not None and won.seat == seat
        groups = won.groups if won is not None and mine else ()
        tiles = [tile for group in groups for tile in group.tiles]
        okey = self.okey
        runs = [len(group.tiles) for group in groups if group.kind is GroupKind.RUN]
        return self.facts(
            won=mine,
            side_won=won is not None and won.seat in side,
            drawn=won is None,
            pairs=mine and won is not None and won.kind is FinishKind.PAIRS,
            okey_discard=mine and won is not None and won.okey_discard,
            okeys_in_hand=sum(tile == okey for tile in tiles),
            false_okey=any(tile.is_false_joker for tile in tiles),
            set_of_four=any(
                group.kind is GroupKind.SET and len(group.tiles) == 4 for group in groups
            ),
            longest_run=max(runs, default=0),
        )
