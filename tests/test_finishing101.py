"""Finishing this turn when not yet opened, on a table full of combinations with okeys.

The case below comes from a simulated round: an unopened 22-tile hand that cannot
open, against a table of 13 combinations holding okeys. The exact search over the
table's choices took about 2 s on it (44 s on another such table), so the 101 bots
ask finish_plan only when the hand's own opening reaches the threshold. finish_plan
now asks that first itself (the opening is laid from the hand's own tiles, so the
whole hand's best opening and most pairs bound it); the reference properties of
tests/test_opening101_reference.py, okeys taken back before opening among them, hold
at the thorough profile's 2,000 examples.
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
from okey.tiles import Tile

OWN = rules_101(load_rules("101"))
assert OWN is not None
OKEY = parse_tile("b9")
TABLE_TEXT = (
    "b13 k13 y13 | b11 y11 b9=r11 | y8 y9 y10 y11 y12 | r13 b13 k13 y13 | r1 b1 k1 y1 | "
    "k6 k7 k8 k9 k10 k11 | r6 r7 r8 | r12 b12 y12 | r6 b6 k6 y6 | r3 r4 r5 | r9 r10 b9=r11 | "
    "k2 k3 k4 k5 | b4 k4 y4"
)


def _table(text: str = TABLE_TEXT, okey: Tile = OKEY) -> list[Meld]:
    assert OWN is not None
    melds = [checked_meld(parse_meld(part), okey, OWN) for part in text.split("|")]
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


def test_a_hand_that_cannot_open_by_itself_is_refused_before_the_table_is_searched() -> None:
    """From a seeded match of hard bots (benchmarks/finish101_bench.py): an unopened
    22-tile hand whose best opening falls short, against ten combinations holding okeys.
    The search over the table's choices took 3.8 s on it before finish_plan asked first
    whether the hand could open at all (its opening is laid from its own tiles)."""
    assert OWN is not None
    okey = parse_tile("r10")
    table = _table(
        "r7 b7 y7 | fj=r10 r11 r12 r13 | b1 b2 b3 b4 b5 b6 | y9 y10 y11 y12 y13 | r6 b6 y6"
        " | b10 b11 b12 | k8 k9 r10=k10 k11 k12 k13 | r10=y11 y12 y13 | r2 k2 y2 | r3 k3 y3",
        okey,
    )
    hand = parse_tiles("r5 y10 r4 k2 y8 k10 k4 k6 r5 y9 b13 k1 b9 b11 b13 y11 k1 b1 b8 r8 b4 r9")
    value = best_opening_value(hand, okey, OWN.opening())
    assert value is not None and value < 101
    assert finish_plan(hand, table, okey, OWN.opening(), Opened.NOT_YET) is None
