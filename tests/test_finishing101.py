"""Finishing this turn when not yet opened, on a table full of combinations with okeys.

The case below comes from a simulated round: an unopened 22-tile hand that cannot
open, against a table of 13 combinations holding okeys. The exact search over the
table's choices takes about 2 s on it (44 s on another such table), so the 101 bots
ask finish_plan only when the hand's own opening reaches the threshold. (A quick
test inside finish_plan was tried and refused by the reference property of okeys
taken back before opening: it is left to the solver, see the report.)
"""

from __future__ import annotations

from okey.games.okey101.notation import parse_meld
from okey.games.okey101.round import checked_meld
from okey.games.okey101.sections import rules_101
from okey.hand.finishing import Opened, finish_plan
from okey.hand.melds import Meld
from okey.hand.notation import parse_tile, parse_tiles
from okey.hand.opening import best_opening_value
from okey.rules import load_rules

OWN = rules_101(load_rules("101"))
assert OWN is not None
OKEY = parse_tile("b9")
TABLE_TEXT = (
    "b13 k13 y13 | b11 y11 b9=r11 | y8 y9 y10 y11 y12 | r13 b13 k13 y13 | r1 b1 k1 y1 | "
    "k6 k7 k8 k9 k10 k11 | r6 r7 r8 | r12 b12 y12 | r6 b6 k6 y6 | r3 r4 r5 | r9 r10 b9=r11 | "
    "k2 k3 k4 k5 | b4 k4 y4"
)


def _table() -> list[Meld]:
    assert OWN is not None
    melds = [checked_meld(parse_meld(part), OKEY, OWN) for part in TABLE_TEXT.split("|")]
    assert all(meld is not None for meld in melds)
    return [meld for meld in melds if meld is not None]


def test_an_unopened_hand_that_cannot_open_does_not_finish() -> None:
    assert OWN is not None
    hand = parse_tiles("k8 y4 r8 r2 r5 r3 y5 r10 r7 r4 k2 r11 b2 y7 b5 r2 b3 r13 y2 y1 y6 k3")
    value = best_opening_value(hand, OKEY, OWN.opening())
    assert value is not None and value < 101
    assert finish_plan(hand, _table(), OKEY, OWN.opening(), Opened.NOT_YET) is None


def test_an_unopened_hand_that_opens_may_still_finish_on_that_table() -> None:
    assert OWN is not None
    okey = parse_tile("r5")
    hand = parse_tiles("k1 k2 k3 k4 k5 k6 k7 b8 b9 b10 b11 b12 b13 y10 r10 k10 y1 y2 y3 y4 y5 r5")
    plan = finish_plan(hand, [], okey, OWN.opening(), Opened.NOT_YET)
    assert plan is not None and plan.discard == okey
