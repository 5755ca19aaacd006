"""Matches: the end after the round that reaches zero, rankings and ties, fixed lengths."""

from __future__ import annotations

import random

import pytest
from engine_support import arranged, plain_turn, play_random, refused, tile

from okey.engine import Discard, Match, Resume, TimeOut
from okey.engine.errors import MoveError
from okey.engine.events import AutopilotChanged, Discarded, Drew, MatchOver, Standing, TimedOut
from okey.games.okey.scores import ScoreBoard
from okey.rules import CLASSIC, PlayRules, RuleSet, ScoringRules, TableRules, load_rules

WIN15 = "r1 r2 r3 b4 b5 b6 k7 k8 k9 k10 y10 y11 y12 y13 k13"


def test_the_match_ends_after_the_round_a_score_reaches_zero() -> None:
    rules = RuleSet(table=TableRules(starting_score=2), scoring=ScoringRules(show_indicator=False))
    match = arranged({0: WIN15}, rules=rules)
    events = match.apply(0, Discard(tile("k13")))
    over = events[-1]
    assert isinstance(over, MatchOver) and match.over
    assert over.standings == (
        Standing(1, (0,), 2),
        Standing(2, (1,), 0),
        Standing(2, (2,), 0),
        Standing(2, (3,), 0),
    )
    assert over.winners == (0,)
    with refused(MoveError.MATCH_OVER):
        match.start_round()
    assert match.view(0).legal == ()


def test_a_new_round_cannot_start_while_one_is_played() -> None:
    match = Match(CLASSIC, random.Random(1))
    match.start_round()
    with refused(MoveError.ROUND_IN_PLAY):
        match.start_round()


def test_ties_are_shared_or_go_to_the_last_finisher() -> None:
    board = ScoreBoard(TableRules())
    board.values = [5, 5, 3, 5]
    assert [(s.place, s.seats) for s in board.standings(None)] == [
        (1, (0,)),
        (1, (1,)),
        (1, (3,)),
        (4, (2,)),
    ]
    last = ScoreBoard(TableRules(tie="last_finisher"))
    last.values = [5, 5, 3, 5]
    assert [(s.place, s.seats) for s in last.standings(1)] == [
        (1, (1,)),
        (2, (0,)),
        (2, (3,)),
        (4, (2,)),
    ]
    assert [s.place for s in last.standings(2)] == [1, 1, 1, 4]


def test_partners_rank_teams() -> None:
    board = ScoreBoard(TableRules(partners=True))
    board.charge_others(1, 4)
    assert board.per_seat() == (16, 20, 16, 20)
    assert board.standings(1) == (Standing(1, (1, 3), 20), Standing(2, (0, 2), 16))


def test_a_duel_is_decided_by_seats_0_and_2_only() -> None:
    board = ScoreBoard(TableRules(duel=True))
    board.values = [4, -3, 6, 0]
    assert not board.anyone_out()
    assert board.standings(None) == (Standing(1, (2,), 6), Standing(2, (0,), 4))
    board.values[0] = 0
    assert board.anyone_out()


@pytest.mark.parametrize(("name", "rounds"), [("one-round", 1), ("three-rounds", 3)])
def test_fixed_length_matches(name: str, rounds: int) -> None:
    match = Match(load_rules(name), random.Random(4))
    played = 0
    while not match.over:
        match.start_round()
        play_random(match, played)
        played += 1
    assert played == rounds
    assert isinstance(match.events[-1], MatchOver)


def test_timeouts_play_for_the_seat_then_autopilot_takes_over() -> None:
    match = Match(load_rules("salon"), random.Random(3), first_dealer=0)
    match.start_round()
    events = match.apply(0, TimeOut())
    assert isinstance(events[0], TimedOut) and events[0].in_a_row == 1
    assert isinstance(events[-1], Discarded) and match.turn == 1
    events = match.apply(1, TimeOut())
    assert [type(e) for e in events] == [TimedOut, Drew, Discarded]
    for seat in (2, 3):
        plain_turn(match, seat)
    match.apply(0, TimeOut())
    for seat in (1, 2, 3):
        plain_turn(match, seat)  # seat 1 plays itself: its count restarts
    events = match.apply(0, TimeOut())
    assert events[:2] == [TimedOut(0, 3), AutopilotChanged(0, on=True)]
    assert match.view(2).autopilot == (0,)
    assert match.timeouts[1] == 0
    assert match.apply(0, Resume()) == [AutopilotChanged(0, on=False)]
    assert match.view(0).autopilot == ()
    with refused(MoveError.NOT_ON_AUTOPILOT):
        match.apply(0, Resume())


def test_a_seat_on_autopilot_is_timed_out_every_turn_until_it_resumes() -> None:
    rules = RuleSet(play=PlayRules(timer_seconds=30, autopilot_after=1))
    match = Match(rules, random.Random(3), first_dealer=0)
    match.start_round()
    assert match.apply(0, TimeOut())[:2] == [TimedOut(0, 1), AutopilotChanged(0, on=True)]
    for seat in (1, 2, 3):
        plain_turn(match, seat)
    assert match.can_apply(0, TimeOut()) and not match.can_apply(1, TimeOut())
    assert match.apply(0, TimeOut())[0] == TimedOut(0, 2)  # still on autopilot: no change
    assert match.view(1).autopilot == (0,)
