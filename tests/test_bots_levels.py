"""What every level does in plain situations, from hand-built views."""

from __future__ import annotations

import random

import pytest
from bots_support import make_view

from okey.bots import Bot, make_bot
from okey.engine.actions import (
    DeclineDiscard,
    Discard,
    DrawFromPile,
    ShowIndicator,
    TakeDiscard,
)
from okey.engine.view import Phase
from okey.hand.notation import parse_tile

LEVELS = ("easy", "medium", "hard")
READY = "r1 r2 r3 b4 b5 b6 k7 k8 k9 y9 y10 y11 y12 y13"  # 14 tiles in runs
TWIN = "r1 r2 r3 b4 b5 b6 k7 k8 k9 y9 y10 y11 b2 y1"  # holds the twin of indicator y1


def bot(level: str, seed: int = 0) -> Bot:
    return make_bot(level, random.Random(seed))


@pytest.mark.parametrize("level", LEVELS)
def test_finishes_with_the_okey_when_that_doubles_the_win(level: str) -> None:
    view = make_view(f"{READY} r6", indicator="r5")  # r6 is the okey
    assert bot(level).choose(view) == Discard(parse_tile("r6"))


@pytest.mark.parametrize("level", LEVELS)
def test_finishes_with_a_plain_tile(level: str) -> None:
    view = make_view(f"{READY} b9", indicator="r5")
    assert bot(level).choose(view) == Discard(parse_tile("b9"))


@pytest.mark.parametrize("level", LEVELS)
def test_never_throws_an_okey_it_cannot_finish_with(level: str) -> None:
    hand = "r6 r6 r1 b3 k5 y7 r9 b11 k13 y2 r12 b8 k10 y4 b1"  # two okeys and loose tiles
    for seed in range(5):
        action = bot(level, seed).choose(make_view(hand, indicator="r5"))
        assert isinstance(action, Discard) and action.tile != parse_tile("r6")


@pytest.mark.parametrize("level", LEVELS)
def test_takes_a_discard_that_finishes(level: str) -> None:
    view = make_view(
        "r1 r2 r3 b4 b5 b6 k7 k8 k9 y9 y10 y11 y12 k1",
        indicator="r5",
        phase=Phase.DRAW,
        discards=("", "", "", "y13"),
    )
    assert bot(level).choose(view) == TakeDiscard()


@pytest.mark.parametrize("level", LEVELS)
def test_with_the_pile_empty_takes_only_to_win(level: str) -> None:
    hand = "r1 r2 r3 b4 b5 b6 k7 k8 k9 y9 y10 y11 y12 k1"
    winning = make_view(hand, phase=Phase.PILE_OUT, discards=("", "", "", "y13"), pile_count=0)
    assert bot(level).choose(winning) == TakeDiscard()
    losing = make_view(hand, phase=Phase.PILE_OUT, discards=("", "", "", "b12"), pile_count=0)
    assert bot(level).choose(losing) == DeclineDiscard()


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_shows_the_indicator_twin(level: str) -> None:
    view = make_view(TWIN, indicator="y1", phase=Phase.DRAW, can_show=True)
    assert bot(level).choose(view) == ShowIndicator()


def test_easy_sometimes_forgets_to_show() -> None:
    view = make_view(TWIN, indicator="y1", phase=Phase.DRAW, can_show=True)
    choices = {bot("easy", seed).choose(view) for seed in range(20)}
    assert ShowIndicator() in choices and DrawFromPile() in choices


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_takes_a_discard_that_lowers_the_need(level: str) -> None:
    hand = "r1 r2 b4 b5 k7 k8 y9 y10 r11 b13 k2 y5 r7 b9"
    view = make_view(hand, indicator="k11", phase=Phase.DRAW, discards=("", "", "", "r3"))
    assert bot(level).choose(view) == TakeDiscard()
    useless = make_view(hand, indicator="k11", phase=Phase.DRAW, discards=("", "", "", "y1"))
    assert bot(level).choose(useless) == DrawFromPile()


def test_easy_takes_only_to_finish() -> None:
    hand = "r1 r2 b4 b5 k7 k8 y9 y10 r11 b13 k2 y5 r7 b9"
    view = make_view(hand, indicator="k11", phase=Phase.DRAW, discards=("", "", "", "r3"))
    assert bot("easy").choose(view) == DrawFromPile()


@pytest.mark.parametrize("level", LEVELS)
def test_throws_a_loose_tile_not_a_run(level: str) -> None:
    hand = "r1 r2 r3 b4 b5 b6 k7 k8 k9 y9 y10 y11 y12 b1 k13"
    action = bot(level).choose(make_view(hand, indicator="r8"))
    assert action in (Discard(parse_tile("b1")), Discard(parse_tile("k13")))


@pytest.mark.parametrize("level", LEVELS)
def test_same_view_same_seed_same_choice(level: str) -> None:
    hand = "r1 r4 b4 b7 k7 k10 y9 y12 r11 b13 k2 y5 r7 b9 k4"
    view = make_view(hand, indicator="k11", discards=("r5", "b2", "y3", "k6"))
    assert bot(level, 3).choose(view) == bot(level, 3).choose(view)


def test_hard_takes_a_tile_that_doubles_its_waits() -> None:
    # One tile from finishing, waiting on r10 with one r10 and both okeys (k6) gone:
    # taking r12 and throwing r9 keeps the need and waits on r10 or r13.
    hand = "r1 r2 r3 r4 b4 b5 b6 b7 k7 k8 k9 r9 r11 y1"
    thin = make_view(hand, indicator="k5", phase=Phase.DRAW, discards=("", "k6 r10", "k6", "r12"))
    assert bot("hard").choose(thin) == TakeDiscard()
    assert bot("medium").choose(thin) == DrawFromPile()  # the need stays: medium draws
    # With both r10 and both okeys still live, the wider wait is not worth the draw.
    live = make_view(hand, indicator="k5", phase=Phase.DRAW, discards=("", "", "", "r12"))
    assert bot("hard").choose(live) == DrawFromPile()
