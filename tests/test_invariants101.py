"""Okey 101's invariants over simulated rounds of every level, checked after every move.

Every move is checked (106 tiles, valid combinations, openings at the threshold)
and every round's scores recounted. A round costs about 0.1 s here, so the suite
plays 60 at full size (15 by default, tests/sizes.py); the ladder benchmark
(benchmarks/ladder101.py) checks the same over its thousands of rounds, at each round's end.
"""

from __future__ import annotations

import random

import pytest
from sizes import sized

from okey.engine.match import Match
from okey.games.okey101.checks import score_problems, state_problems
from okey.games.okey101.events import RoundScored101
from okey.games.okey101.levels import LEVELS_101, make_bot101
from okey.games.okey101.round import Round101
from okey.games.okey101.view import View101
from okey.rules import load_rules

ROUNDS = sized(60, 15)


@pytest.mark.slow
def test_every_move_keeps_the_tiles_and_the_table_valid_and_scores_follow_the_rules() -> None:
    rules = load_rules("101")
    rounds = 0
    finished = 0
    seed = 0
    while rounds < ROUNDS:
        names = [LEVELS_101[(seed + s) % len(LEVELS_101)] for s in range(4)]
        bots = [make_bot101(name, random.Random(f"{seed}:{s}")) for s, name in enumerate(names)]
        match = Match(rules, random.Random(seed))
        seed += 1
        while not match.over and rounds < ROUNDS:
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
