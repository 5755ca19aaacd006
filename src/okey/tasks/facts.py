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
from okey.rules import RuleSet
from okey.tasks.kit import TasksPart
from okey.tasks.notes import RoundFacts, RoundNotes


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
