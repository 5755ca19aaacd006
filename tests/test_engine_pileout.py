"""The pile running out: classic last-discard chance, and the close-after option."""

from __future__ import annotations

import pytest
from engine_support import arranged, drawn, refused, run_down, tile

from okey.engine import (
    DeclineDiscard,
    Discard,
    DrawFromPile,
    Match,
    Phase,
    TakeDiscard,
)
from okey.engine.errors import MoveError
from okey.engine.events import DeclinedDiscard, Discarded, DrawReason, RoundDrawn, RoundWon
from okey.rules import PlayRules, RuleSet, ScoringRules

CLASSIC_NO_SHOW = RuleSet(scoring=ScoringRules(show_indicator=False))
CLOSE = RuleSet(
    scoring=ScoringRules(show_indicator=False),
    play=PlayRules(pile_out="close_after_last_discard"),
)
DEALER = "r1 r3 r9 b2 b7 b12 k1 k5 k11 y2 y6 y8 y13 r13 b9"
SEAT1 = "y13 k2 k4 b1 b3 r10 r12 y1 y3 y5 b11 k12 k13 r8"
NEAR = "r1 r2 r3 b4 b5 b6 k7 k8 k9 k10 y10 y11 y12 k2"  # waits for y13 (or y9)


def _last_tile_drawn(rules: RuleSet) -> Match:
    """Seat 0 opened, seat 1 drew the last pile tile and must discard."""
    match = arranged({0: DEALER, 1: SEAT1, 2: NEAR}, rules=rules)
    match.apply(0, Discard(tile("b9")))
    run_down(match, pile=1, next_seat=1)  # plain turns: every hand stays as dealt
    match.apply(1, DrawFromPile())
    assert match.view(1).pile_count == 0
    return match


def test_empty_pile_the_next_player_may_only_take_or_decline() -> None:
    match = _last_tile_drawn(CLASSIC_NO_SHOW)
    match.apply(1, Discard(tile("k4")))
    view = match.view(2)
    assert view.phase is Phase.PILE_OUT
    assert view.legal == (TakeDiscard(), DeclineDiscard())
    with refused(MoveError.PILE_EMPTY):
        match.apply(2, DrawFromPile())


def test_declining_the_last_discard_draws_the_round() -> None:
    match = _last_tile_drawn(CLASSIC_NO_SHOW)
    match.apply(1, Discard(tile("k4")))
    events = match.apply(2, DeclineDiscard())
    assert events == [
        DeclinedDiscard(2, tile("k4")),
        RoundDrawn(DrawReason.DECLINED, (20, 20, 20, 20)),
    ]
    assert match.round_over and not match.over


def test_taking_the_last_discard_and_not_finishing_draws_the_round() -> None:
    match = _last_tile_drawn(CLASSIC_NO_SHOW)
    match.apply(1, Discard(tile("k4")))
    match.apply(2, TakeDiscard())
    assert match.view(2).last_chance
    events = match.apply(2, Discard(tile("k2")))
    assert events == [Discarded(2, tile("k2")), RoundDrawn(DrawReason.NO_WIN, (20, 20, 20, 20))]


def test_taking_the_last_discard_may_win() -> None:
    match = _last_tile_drawn(CLASSIC_NO_SHOW)
    match.apply(1, Discard(tile("y13")))
    match.apply(2, TakeDiscard())
    events = match.apply(2, Discard(tile("k2")))
    assert isinstance(events[0], RoundWon) and events[0].seat == 2
    assert events[0].scores == (18, 18, 20, 18)


def test_close_after_last_discard_draws_at_once() -> None:
    match = _last_tile_drawn(CLOSE)
    events = match.apply(1, Discard(tile("y13")))
    assert events == [
        Discarded(1, tile("y13")),
        RoundDrawn(DrawReason.PILE_CLOSED, (20, 20, 20, 20)),
    ]
    assert match.legal(2) == ()


def test_close_after_last_discard_still_lets_the_last_draw_win() -> None:
    match = arranged({0: DEALER, 1: NEAR}, rules=CLOSE, pile_bottom="y13")
    match.apply(0, Discard(tile("b9")))
    run_down(match, pile=1, next_seat=1)
    assert drawn(match.apply(1, DrawFromPile())) == tile("y13")
    events = match.apply(1, Discard(tile("k2")))
    assert isinstance(events[0], RoundWon)


def test_the_pile_can_be_run_down_to_a_chosen_seat_s_last_chance() -> None:
    match = arranged({0: DEALER, 1: SEAT1, 2: NEAR}, rules=CLASSIC_NO_SHOW)
    match.apply(0, Discard(tile("b9")))
    run_down(match, pile=0, next_seat=2)
    view = match.view(2)
    assert (view.phase, view.pile_count, match.turn) == (Phase.PILE_OUT, 0, 2)
    assert sorted(view.hand) == sorted(tile(t) for t in NEAR.split())  # as dealt
    closed = arranged({0: DEALER}, rules=CLOSE)
    closed.apply(0, Discard(tile("b9")))
    with pytest.raises(ValueError, match="round ended"):
        run_down(closed, pile=0, next_seat=2)  # the pile closes the round instead
