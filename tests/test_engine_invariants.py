"""Invariants over many seeded random rounds: tiles, scores, every round ends."""

from __future__ import annotations

import os
import random

import pytest
from engine_support import FULL, accounted, okey_board
from sizes import sized

from okey.bots import make_bot
from okey.engine import Match, TimeOut
from okey.engine.events import RoundDrawn, RoundWon, ShowedIndicator
from okey.rules import load_rules

# 6 tables x 60 rounds at full size (15 by default); the "thorough" hypothesis profile
# plays thousands.
_THOROUGH = os.environ.get("OKEY_HYPOTHESIS_PROFILE") == "thorough"
ROUNDS = int(os.environ.get("OKEY_ENGINE_ROUNDS", "500" if _THOROUGH else str(sized(60, 15))))


@pytest.mark.slow
@pytest.mark.parametrize(
    "name", ["classic", "salon", "partners", "duel", "two-player", "one-round"]
)
def test_random_rounds_keep_every_invariant(name: str) -> None:
    rules = load_rules(name)
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
