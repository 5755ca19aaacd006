"""Turns: the opening discard, drawing, taking only the previous discard, errors."""

from __future__ import annotations

import pytest
from engine_support import FULL, accounted, arranged, plain_turn, refused, run_down, tile

from okey.engine import (
    Action,
    DeclineDiscard,
    Discard,
    DrawFromPile,
    Finish,
    IllegalMoveError,
    Phase,
    TakeDiscard,
    TimeOut,
)
from okey.engine.errors import MoveError
from okey.engine.events import Discarded, Drew, TookDiscard, seen_by
from okey.errors import render
from okey.messages import load_catalogue
from okey.rules import CLASSIC, PlayRules, RuleSet, ScoringRules

NO_SHOW = RuleSet(scoring=ScoringRules(show_indicator=False))
DEALER = "r1 r3 r9 b2 b7 b12 k1 k5 k11 y2 y6 y8 y13 r13 b9"


def test_the_dealer_opens_by_discarding_without_drawing() -> None:
    match = arranged({0: DEALER}, rules=NO_SHOW)
    assert match.legal(0) == tuple(Discard(t) for t in sorted(set(match.view(0).hand)))
    with refused(MoveError.MUST_DISCARD):
        match.apply(0, DrawFromPile())
    with refused(MoveError.NOT_YOUR_TURN):
        match.apply(1, DrawFromPile())
    events = match.apply(0, Discard(tile("y13")))
    assert events == [Discarded(0, tile("y13"))]
    assert match.view(1).phase is Phase.DRAW and match.turn == 1
    assert match.view(1).available_discard == tile("y13")


def test_a_player_must_draw_before_discarding() -> None:
    match = arranged({0: DEALER}, rules=NO_SHOW)
    match.apply(0, Discard(tile("y13")))
    hand = match.view(1).hand
    with refused(MoveError.MUST_DRAW):
        match.apply(1, Discard(hand[0]))
    assert match.legal(1) == (DrawFromPile(), TakeDiscard())


def test_drawing_from_the_pile_is_private() -> None:
    match = arranged({0: DEALER}, rules=NO_SHOW, pile_top="k13")
    match.apply(0, Discard(tile("y13")))
    events = match.apply(1, DrawFromPile())
    assert events == [Drew(1, tile("k13"), 47)]
    assert seen_by(events[0], 2) == Drew(1, None, 47)
    assert seen_by(events[0], 1) == events[0]
    assert match.view(1).phase is Phase.DISCARD and len(match.view(1).hand) == 15
    assert accounted(match) == FULL


def test_only_the_discard_just_made_before_you_can_be_taken() -> None:
    match = arranged({0: DEALER}, rules=NO_SHOW)
    match.apply(0, Discard(tile("y13")))
    assert match.apply(1, TakeDiscard()) == [TookDiscard(1, 0, tile("y13"))]
    assert match.view(2).taken == ((), (tile("y13"),), (), ())
    assert match.view(2).discards[0] == ()
    with refused(MoveError.MUST_DISCARD):
        match.apply(1, TakeDiscard())
    match.apply(1, Discard(tile("y13")))
    # Seat 2 may take seat 1's discard; seat 3 (not its turn) may not.
    with refused(MoveError.NOT_YOUR_TURN):
        match.apply(3, TakeDiscard())
    plain_turn(match, 2)
    # Seat 1's discard is no longer available to anyone: seat 3 sees seat 2's.
    assert match.view(3).available_discard == match.view(3).discards[2][-1]


def test_a_refusal_carries_its_reason_and_tile_and_is_worded_when_shown() -> None:
    match = arranged({0: DEALER}, rules=NO_SHOW)
    with pytest.raises(IllegalMoveError) as caught:
        match.apply(0, Discard(tile("k13")))
    refused = caught.value
    assert (refused.reason, refused.tile, refused.key) == (
        MoveError.NOT_IN_HAND,
        tile("k13"),
        "not_in_hand",
    )
    assert render(refused, load_catalogue("en")) == "black 13 is not in your hand"
    assert render(refused, load_catalogue("tr")) == "siyah 13 elinde yok"  # worded when shown
    with pytest.raises(IllegalMoveError) as caught:
        match.apply(0, Finish(tile("r1")))
    assert caught.value.reason is MoveError.DOES_NOT_FINISH
    assert str(caught.value) == "discarding red 1 does not finish your hand"
    with pytest.raises(IllegalMoveError) as caught:
        match.apply(0, Discard(tile("r6")))  # r6 is the okey: worded with its role
    assert str(caught.value) == "red 6 okey is not in your hand"


def test_refused_actions_change_nothing() -> None:
    match = arranged({0: DEALER}, rules=NO_SHOW)
    before = (match.view(0), match.view(1), len(match.events))
    moves: list[tuple[int, Action]] = [
        (0, DrawFromPile()),
        (0, TakeDiscard()),
        (0, DeclineDiscard()),
        (0, TimeOut()),
        (1, Discard(tile("r1"))),
        (0, Discard(tile("k13"))),
        (7, DrawFromPile()),
    ]
    for seat, action in moves:
        assert not match.can_apply(seat, action)
        with pytest.raises(IllegalMoveError):
            match.apply(seat, action)
    assert (match.view(0), match.view(1), len(match.events)) == before


def test_decline_only_when_the_pile_is_empty() -> None:
    match = arranged({0: DEALER}, rules=NO_SHOW)
    match.apply(0, Discard(tile("y13")))
    with refused(MoveError.DECLINE_ONLY_PILE_OUT):
        match.apply(1, DeclineDiscard())


def test_the_round_and_match_refuse_moves_when_over() -> None:
    match = arranged(
        {0: DEALER}, rules=RuleSet(play=PlayRules(pile_out="close_after_last_discard"))
    )
    match.apply(0, Discard(tile("y13")))
    run_down(match)
    assert match.round_over
    with refused(MoveError.ROUND_OVER):
        match.apply(1, DrawFromPile())
    assert match.legal(1) == ()


def test_classic_rules_have_no_timer() -> None:
    match = arranged({0: DEALER}, rules=CLASSIC)
    with refused(MoveError.NO_TIMER):
        match.apply(0, TimeOut())
