"""Player views: a seat's view depends only on what that seat may know."""

from __future__ import annotations

import random

from engine_support import play_random
from hypothesis import given, settings
from hypothesis import strategies as st

from okey.engine import Match, PlayerView
from okey.engine.events import Dealt, Drew, RoundStarted, seen_by
from okey.engine.testing import deal_hidden_anew
from okey.rules import load_rules


@settings(max_examples=40)
@given(
    seed=st.integers(0, 10_000),
    moves=st.integers(0, 120),
    seat=st.integers(0, 3),
    rules=st.sampled_from(["classic", "salon", "partners"]),
    shuffle_seed=st.integers(0, 10_000),
)
def test_hidden_tiles_do_not_change_a_view(
    seed: int, moves: int, seat: int, rules: str, shuffle_seed: int
) -> None:
    match = Match(load_rules(rules), random.Random(seed))
    match.start_round()
    play_random(match, seed, moves)
    view = match.view(seat)
    assert isinstance(view, PlayerView)
    assert deal_hidden_anew(match, seat, random.Random(shuffle_seed)).view(seat) == view


def test_a_view_shows_public_facts_only() -> None:
    match = Match(load_rules("classic"), random.Random(8), first_dealer=0)
    match.start_round()
    play_random(match, 8, 30)
    view = match.view(2)
    assert view.hand == tuple(match.round.hands[2])  # reading the round, not changing it
    assert view.discards == tuple(tuple(p) for p in match.round.discards)
    assert view.legal == (match.legal(2) if match.turn == 2 else view.legal)
    assert sum(view.hand_sizes) + view.pile_count + sum(map(len, view.discards)) == 105


def test_events_are_redacted_per_seat() -> None:
    match = Match(load_rules("classic"), random.Random(9), first_dealer=0)
    match.start_round()
    play_random(match, 9, 12)
    for event in match.events:
        for seat in range(4):
            seen = seen_by(event, seat)
            if isinstance(event, RoundStarted):
                assert isinstance(seen, RoundStarted) and seen.deck == ()
            elif isinstance(event, Dealt):
                assert (seen is None) == (event.seat != seat)
            elif isinstance(event, Drew):
                assert isinstance(seen, Drew) and (seen.tile is None) == (event.seat != seat)
            else:
                assert seen == event
