"""Okey 101 bots: how a finishing plan becomes moves, and the levels' choices."""

from __future__ import annotations

import random

from okey.games.okey101.actions import Add, Lay
from okey.games.okey101.levels import LEVELS_101, make_bot101, plan_step
from okey.hand.combinations import GroupKind
from okey.hand.finishing import FinishPlan
from okey.hand.layoff import Addition, Place
from okey.hand.melds import Meld, OpeningRules
from okey.hand.notation import parse_tile, parse_tiles

OKEY = parse_tile("b4")


def _plan() -> tuple[FinishPlan, list[Meld]]:
    """Take the okey back from b4(as r9) r10 r11 with r9, then lay r6 r7 okey(as r8)."""
    table = [
        Meld(GroupKind.RUN, tuple(parse_tiles("b4 r10 r11")), tuple(parse_tiles("r9 r10 r11")))
    ]
    back = Addition(0, parse_tile("r9"), Place.OKEY, parse_tile("r9"), 0)
    later = Meld(GroupKind.RUN, tuple(parse_tiles("r6 r7 b4")), tuple(parse_tiles("r6 r7 r8")))
    plan = FinishPlan((), (), (back,), (later,), (), parse_tile("k2"))
    return plan, table


def test_the_first_step_of_a_plan_is_its_first_move() -> None:
    plan, table = _plan()
    hand = parse_tiles("r9 r6 r7 k2")
    assert plan_step(plan, None, hand, table, OKEY, OpeningRules()) == Add(plan.additions[0])


def test_a_taken_tile_s_step_that_lays_an_okey_still_on_the_table_waits() -> None:
    plan, table = _plan()
    hand = parse_tiles("r9 r6 r7 k2")  # the taken r7 is in the later run, with the okey
    assert plan_step(plan, parse_tile("r7"), hand, table, OKEY, OpeningRules()) is None
    with_okey = [*hand, OKEY]
    step = plan_step(plan, parse_tile("r7"), with_okey, table, OKEY, OpeningRules())
    assert step == Lay(melds=plan.later)


def test_the_levels_are_named_weakest_first_and_made_by_name() -> None:
    assert LEVELS_101 == ("random", "easy", "medium", "hard")
    assert make_bot101("hard", random.Random(1)).name == "hard"
