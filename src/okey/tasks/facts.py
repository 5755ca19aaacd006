"""What one seat did in a match, read from the match's record by replaying it.

Every fact comes from the engine's events as the record replays (the deal's tiles,
each draw, take and discard, the finish), so a task is found the same way whatever
front end played the match: a quick match, a story evening, the daily hand or an
online table.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from okey import kits
from okey.engine.actions import ShowIndicator, TakeDiscard
from okey.engine.events import (
    Discarded,
    Drew,
    GameEvent,
    IndicatorTurned,
    MatchOver,
    RoundDrawn,
    RoundStarted,
    RoundWon,
    ShowedIndicator,
)
from okey.engine.match import Match
from okey.engine.record import MoveEntry, RecordEntry
from okey.hand.combinations import GroupKind
from okey.hand.scoring import FinishKind
from okey.rules import RuleSet
from okey.tasks.kit import TasksPart
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


@dataclass(frozen=True, slots=True)
class MatchFacts:
    """A whole match from one seat's side."""

    game: str
    rules_name: str
    partners: bool
    rounds: tuple[RoundFacts, ...]
    over: bool
    first: bool  # the seat (its side) came first
    lost: int  # points the seat (its side) lost in the whole match


def side_of(seat: int, rules: RuleSet) -> frozenset[int]:
    """The seats that share ``seat``'s score: it and, at a partners table, the seat opposite."""
    players = rules.table.players
    if rules.table.partners and players == 4:
        return frozenset({seat, (seat + 2) % players})
    return frozenset({seat})


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


def match_facts(record: Iterable[RecordEntry], rules: RuleSet, seat: int) -> MatchFacts:
    """The facts of ``seat`` in the match ``record`` holds, replayed under ``rules``
    (a :class:`~okey.engine.errors.RecordError` or
    :class:`~okey.engine.errors.IllegalMoveError` for a record that does not replay)."""
    match = Match.replay(record, rules)
    return facts_of_played(match.played(), rules, seat)


def facts_of_played(
    played: Iterable[tuple[RecordEntry, Sequence[object]]], rules: RuleSet, seat: int
) -> MatchFacts:
    """The facts of ``seat`` from a replayed match's entries and their events."""
    side = side_of(seat, rules)
    read = kits.part(rules.game, "tasks", TasksPart).read
    rounds: list[RoundFacts] = []
    current: RoundNotes | None = None
    over: MatchOver | None = None
    for entry, events in played:
        if isinstance(entry, MoveEntry) and entry.seat == seat and current is not None:
            if isinstance(entry.action, TakeDiscard):
                current.took += 1
            elif isinstance(entry.action, ShowIndicator):
                current.showed = True
        for event in events:
            match event:
                case RoundStarted(number=number, dealer=dealer):
                    current = RoundNotes(number, dealer == seat)
                case _ if current is None:
                    continue
                case IndicatorTurned(okey=okey, pile_count=count):
                    current.okey = okey
                    current.pile_left = count
                case Drew(pile_count=count):
                    current.pile_left = count
                case Discarded(seat=thrower, tile=tile) if thrower == seat:
                    current.turns += 1
                    if tile == current.okey:
                        current.threw_okey = True
                case ShowedIndicator(losers=losers, penalty=penalty):
                    if seat in losers:
                        current.lost += penalty
                case RoundWon() as won:
                    if seat in won.losers:
                        current.lost += won.points
                    if won.seat == seat:
                        current.turns += 1
                    rounds.append(current.done(won, seat, side))
                    current = None
                case RoundDrawn():
                    rounds.append(current.done(None, seat, side))
                    current = None
                case GameEvent():
                    ended = read(event, current, seat, side)
                    if ended is not None:
                        rounds.append(ended)
                    if ended is not None or current.cancelled:
                        current = None
                case _:
                    pass
        for event in events:
            if isinstance(event, MatchOver):
                over = event
    first = over is not None and any(
        standing.place == 1 and seat in standing.seats for standing in over.standings
    )
    return MatchFacts(
        game=rules.game,
        rules_name=rules.name,
        partners=rules.table.partners,
        rounds=tuple(rounds),
        over=over is not None,
        first=first,
        lost=sum(facts.lost for facts in rounds),
    )
