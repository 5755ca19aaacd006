"""Invariants over many seeded random rounds of every game: tiles, scores, every round ends."""

from __future__ import annotations

import os
import random

import pytest
from engine_support import FULL, accounted, okey_board
from sizes import sized

from okey.bots import make_bot
from okey.engine import Match, TimeOut
from okey.engine.events import RoundDrawn, RoundWon, ShowedIndicator
from okey.games.okey101.checks import score_problems, state_problems
from okey.games.okey101.events import RoundScored101
from okey.games.okey101.levels import LEVELS_101, make_bot101
from okey.games.okey101.round import Round101
from okey.games.okey101.view import View101
from okey.rules import RuleSet, load_rules

# 6 tables x 60 rounds at full size (15 by default); the "thorough" hypothesis profile
# plays thousands.
_THOROUGH = os.environ.get("OKEY_HYPOTHESIS_PROFILE") == "thorough"
ROUNDS = int(os.environ.get("OKEY_ENGINE_ROUNDS", "500" if _THOROUGH else str(sized(60, 15))))


@pytest.mark.slow
@pytest.mark.parametrize(
    "name", ["classic", "salon", "partners", "duel", "two-player", "one-round", "101"]
)
def test_random_rounds_keep_every_invariant(name: str) -> None:
    """Checked after every move, by the game's own checks."""
    rules = load_rules(name)
    if rules.game == "101":
        okey101_rounds_keep_every_invariant(rules)
    else:
        okey_rounds_keep_every_invariant(name, rules)


def okey_rounds_keep_every_invariant(name: str, rules: RuleSet) -> None:
    """Classic Okey: the 106 tiles, 14 or 15 in a hand, scores as each round's end says."""
    rng = random.Random(name)
    bots = [make_bot("random", random.Random(f"{name}:{s}")) for s in range(rules.table.players)]
    match = Match(rules, rng)
    for _ in range(ROUNDS):
        if match.over:
            match = Match(rules, rng)
        match.start_round()
        expected = list(match.scores)
        turns = 0
        while not match.round_over:
            seat = match.turn
            view = match.view(seat)
            assert view.legal, "the turn seat always has a move"
            timed_out = rules.play.timer_seconds and rng.random() < 0.05
            action = TimeOut() if timed_out else bots[seat].choose(view)
            events = match.apply(seat, action)
            assert accounted(match) == FULL
            assert len(match.round.hands[seat]) in (14, 15)
            for event in events:
                if isinstance(event, ShowedIndicator | RoundWon):
                    loss = event.penalty if isinstance(event, ShowedIndicator) else event.points
                    board = okey_board(match)
                    for side in {board.side(loser) for loser in event.losers}:
                        for s in board.seats_of(side):
                            expected[s] -= loss
                    assert tuple(expected) == event.scores
            assert tuple(expected) == match.scores
            turns += 1
            assert turns < 2000
        ends = [e for e in match.events[-3:] if isinstance(e, RoundWon | RoundDrawn)]
        assert len(ends) == 1
        assert all(len(hand) in (14, 15) for hand in match.round.hands)


ROUNDS_101 = sized(60, 15)
"""A 101 round costs about 0.1 s here; the ladder benchmark (benchmarks/ladder101.py) checks
the same over its thousands of rounds, at each round's end."""


def okey101_rounds_keep_every_invariant(rules: RuleSet) -> None:
    """Okey 101: the tiles and the table valid (106 tiles, valid combinations, openings at
    the threshold) after every move, and every round's scores recounted by the rules."""
    rounds = 0
    finished = 0
    seed = 0
    while rounds < ROUNDS_101:
        names = [LEVELS_101[(seed + s) % len(LEVELS_101)] for s in range(4)]
        bots = [make_bot101(name, random.Random(f"{seed}:{s}")) for s, name in enumerate(names)]
        match = Match(rules, random.Random(seed))
        seed += 1
        while not match.over and rounds < ROUNDS_101:
            match.start_round()
            round_ = match.round
            assert isinstance(round_, Round101)
            assert state_problems(round_) == []
            while not match.round_over:
                seat = match.turn
                view = match.table_view(seat)
                assert isinstance(view, View101)
                assert view.hand == tuple(round_.hands[seat])
                match.apply(seat, bots[seat].choose(view))
                assert state_problems(round_) == []
            if round_.cancelled:
                continue
            rounds += 1
            scored = [e for e in match.events if isinstance(e, RoundScored101)][-1]
            assert score_problems(round_, scored) == []
            finished += scored.finisher is not None
        replayed = Match.replay(match.record, rules)
        assert replayed.scores == match.scores
    assert finished > 0
