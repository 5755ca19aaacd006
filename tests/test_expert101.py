"""Okey 101's expert level: its moves are always accepted, it decides from its view
alone, it finishes more than hard, and every place that seats a level seats it.

The figures over thousands of rounds are benchmarks/expert101.py's; these play a
few seeded rounds.
"""

from __future__ import annotations

import random

import pytest
from test_net_support import config101

from okey.bots import available_levels, levels_of, make_bot, master_of
from okey.cli import main
from okey.engine.actions import Action
from okey.engine.match import Match
from okey.engine.record import MoveEntry
from okey.games.okey101.checks import score_problems, state_problems
from okey.games.okey101.events import RoundScored101
from okey.games.okey101.expert import Expert101, live_counts
from okey.games.okey101.round import Round101
from okey.games.okey101.view import View101
from okey.levels import LEVEL_NAMES, best_level, level_names
from okey.net.autopilot import TableBot
from okey.rules import load_rules
from okey.tiles import Tile

RULES = load_rules("101")


def play_rounds(names: list[str], rounds: int, seed: int) -> list[int | None]:
    """Play ``rounds`` scored rounds with these levels (each in every seat in turn),
    checking every move before it is made and every round at its end; each round's
    finisher, as an index into ``names`` (None: the pile ran out)."""
    levels = levels_of("101")
    scored: list[int | None] = []
    number = 0
    while len(scored) < rounds:
        shift = number % 4  # each level sits in every seat in turn
        seats = [names[(s - shift) % 4] for s in range(4)]
        bots = [levels[name](random.Random(f"{seed}:{number}:{s}")) for s, name in enumerate(seats)]
        match = Match(RULES, random.Random(f"{seed}:{number}"))
        number += 1
        while not match.over and len(scored) < rounds:
            match.start_round()
            round_ = match.round
            assert isinstance(round_, Round101)
            while not match.round_over:
                seat = match.turn
                view = match.table_view(seat)
                assert isinstance(view, View101)
                action = bots[seat].choose(view)
                assert match.can_apply(seat, action), (seats[seat], action)
                match.apply(seat, action)
            if round_.cancelled:
                continue
            last = [e for e in match.events if isinstance(e, RoundScored101)][-1]
            assert state_problems(round_) == [] and score_problems(round_, last) == []
            scored.append(None if last.finisher is None else (last.finisher - shift) % 4)
    return scored


def test_the_expert_s_moves_are_always_accepted_and_rounds_add_up() -> None:
    play_rounds(["expert", "expert", "hard", "medium"], 6, seed=3)


def test_the_expert_finishes_more_than_hard_on_the_same_deals() -> None:
    """A seeded sample (4 finishes to 3 here); the benchmark's intervals are the measure."""
    expert = play_rounds(["expert", "hard", "hard", "hard"], 20, seed=31)
    hard = play_rounds(["hard", "hard", "hard", "hard"], 20, seed=31)
    assert expert.count(0) > hard.count(0)


def _moves_until(match: Match, seat: int, moves: int) -> View101:
    """Play hard bots ``moves`` moves, then until ``seat`` is to draw; its view."""
    bots = [make_bot("hard", random.Random(s), "101") for s in range(4)]
    played = 0
    while played < moves or match.turn != seat or match.table_view(seat).legal[0:1] == ():
        view = match.table_view(match.turn)
        match.apply(match.turn, bots[match.turn].choose(view))
        played += 1
    view = match.table_view(seat)
    assert isinstance(view, View101)
    return view


def test_the_expert_decides_the_same_when_hidden_tiles_are_exchanged() -> None:
    """Two faces the seat has never seen swap places everywhere in the deck (the other
    hands, the pile): the same moves are played, the seat's view is the same, so is the
    expert's move, though the hidden tiles differ."""
    seat = 1
    match = Match(RULES, random.Random(7))
    match.start_round()
    view = _moves_until(match, seat, 12)
    live = live_counts(view)
    hidden = [code for code in range(52) if live[code] == 2]
    a, b = Tile(hidden[0]), Tile(hidden[-1])

    def exchanged(tile: Tile) -> Tile:
        return b if tile == a else a if tile == b else tile

    round_ = match.round
    assert isinstance(round_, Round101)
    deck = [exchanged(tile) for tile in round_.deck]
    other = Match(RULES, random.Random(7))
    other.start_round(deck)
    moves: list[tuple[int, Action]] = [
        (entry.seat, entry.action) for entry in match.record if isinstance(entry, MoveEntry)
    ]
    for mover, action in moves:
        other.apply(mover, action)
    seen = other.table_view(seat)
    other_round = other.round
    assert isinstance(other_round, Round101)
    assert seen == view
    assert other_round.hands != round_.hands or other_round.pile != round_.pile
    expert = Expert101(random.Random(1))
    assert expert.choose(seen) == Expert101(random.Random(2)).choose(view)


def test_live_counts_leave_out_what_the_seat_has_seen() -> None:
    match = Match(RULES, random.Random(5))
    match.start_round()
    view = _moves_until(match, 2, 8)
    live = live_counts(view)
    for tile in view.hand:
        assert live[tile.code] <= 1
    for pile in view.discards:
        for tile in pile:
            assert live[tile.code] <= 1
    assert live[view.indicator.code] <= 1
    assert sum(live) <= 106 - len(view.hand) - 1


def test_the_expert_is_a_level_everywhere_a_level_is_chosen() -> None:
    assert "expert" in LEVEL_NAMES and "expert" in level_names()  # okey play --level
    assert best_level("expert") == "expert"
    assert "expert" in available_levels()  # the server's --level and its saves
    assert isinstance(make_bot("expert", random.Random(1), "101"), Expert101)  # the table
    assert make_bot("expert", random.Random(1), "okey").name == "expert"  # classic: as hard
    online = TableBot("expert", random.Random(1), config101(level="expert").rules)
    assert isinstance(online.bot, Expert101) and online.name == "expert"


def test_simulate_seats_the_expert(capsys: pytest.CaptureFixture[str]) -> None:
    seats = "expert,hard,medium,easy"
    assert main(["simulate", "--rules", "101", "--rounds", "2", "--seats", seats]) == 0
    assert "(expert)" in capsys.readouterr().out


def test_the_master_of_101_is_deterministic() -> None:
    match = Match(RULES, random.Random(4))
    match.start_round()
    view = match.table_view(match.turn)
    assert master_of("101").choose(view) == master_of("101").choose(view)
