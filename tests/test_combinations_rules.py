"""Combinations and finished hands: every example of RULES.md and the seeds."""

from __future__ import annotations

import pytest

from okey.hand.combinations import is_combination, is_pair, is_run, is_set
from okey.hand.notation import parse_tile, parse_tiles
from okey.hand.scoring import FinishKind, finish_points
from okey.hand.solver import (
    combination_grouping,
    deficiency,
    finishes,
    is_winning,
    waits,
    winning_kinds,
)
from okey.rules import CLASSIC, ScoringRules
from okey.tiles import FALSE_JOKER, okey_for

# An okey nobody holds in these examples, so every tile is itself.
NO_OKEY = parse_tile("r11")


@pytest.mark.parametrize(
    ("tiles", "valid"),
    [
        # Seed 000's quick examples.
        ("r7 b7 k7", True),
        ("r7 r7 b7", False),
        ("r7 b7 k7 y7", True),
        ("b8 b9 b10 b11", True),
        ("b8 r9 b10", False),
        ("b8 b10 b11", False),
        ("k1 k2 k3", True),
        ("k12 k13 k1", True),
        ("k13 k1 k2", False),
        # RULES.md: 11-12-13-1 valid; runs up to 13 long.
        ("b11 b12 b13 b1", True),
        ("y1 y2 y3 y4 y5 y6 y7 y8 y9 y10 y11 y12 y13", True),
        ("y2 y3 y4 y5 y6 y7 y8 y9 y10 y11 y12 y13 y1", True),
        ("y1 y2", False),
        ("r7 b7", False),
        ("r7 b7 k7 y7 r7", False),
    ],
)
def test_seed_examples(tiles: str, valid: bool) -> None:
    assert is_combination(parse_tiles(tiles), NO_OKEY) is valid


def test_okeys_are_wild_in_runs_and_sets() -> None:
    okey = parse_tile("r6")  # indicator r5
    assert is_run(parse_tiles("r5 r6 r7"), okey)  # the okey standing in for itself
    assert is_run(parse_tiles("r5 r6 b7"), okey) is False
    assert is_set(parse_tiles("b9 y9 r6"), okey)
    assert is_set(parse_tiles("b9 y9 r6 r6"), okey)  # two okeys in one set (seed 000)
    assert is_run(parse_tiles("k2 r6 r6 k5"), okey)
    assert is_run(parse_tiles("k12 k13 r6"), okey)


def test_seed_004_examples_with_red_5_as_okey() -> None:
    okey = parse_tile("r5")
    assert is_set(parse_tiles("b8 k8 r5"), okey)  # 8 8 + joker
    assert is_run(parse_tiles("b6 r5 r5 b9"), okey)  # 6 J J 9
    assert is_run([parse_tile("r4"), FALSE_JOKER, parse_tile("r6")], okey)
    assert is_set([*parse_tiles("k5 b5 y5"), FALSE_JOKER], okey)


def test_false_jokers_obey_their_face() -> None:
    okey = parse_tile("r6")
    assert not is_set([FALSE_JOKER, FALSE_JOKER, parse_tile("b6")], okey)
    assert not is_run([FALSE_JOKER, FALSE_JOKER, parse_tile("r7")], okey)
    assert is_run([parse_tile("r5"), FALSE_JOKER, parse_tile("r7")], okey)
    assert not is_run([parse_tile("b5"), FALSE_JOKER, parse_tile("b7")], okey)


def test_pairs() -> None:
    okey = parse_tile("r6")
    assert is_pair(parse_tiles("b2 b2"), okey)
    assert not is_pair(parse_tiles("r1 b1"), okey)
    assert is_pair(parse_tiles("r11 r6"), okey)
    assert is_pair(parse_tiles("r6 r6"), okey)


def test_seed_000_winning_hand() -> None:
    hand = parse_tiles("r1 r2 r3 b5 b6 b7 b8 r9 b9 k9 y9 y2 y3 y4")
    assert winning_kinds(hand, NO_OKEY) == [FinishKind.COMBINATIONS]
    assert deficiency(hand, NO_OKEY) == 0


def test_seed_000_seven_pairs_and_okey_completing_a_pair() -> None:
    hand = parse_tiles("r1 r1 b2 b2 y3 y3 r4 r4 b6 b6 y7 y7 r11 r11")
    okey = parse_tile("k5")
    assert winning_kinds(hand, okey) == [FinishKind.PAIRS]
    with_okey = [*hand[:-1], okey]
    assert winning_kinds(with_okey, okey) == [FinishKind.PAIRS]
    assert not is_winning(parse_tiles("r1 b1 b2 b2 y3 y3 r4 r4 b6 b6 y7 y7 r11 r11"), okey)


def test_two_okeys_are_a_pair() -> None:
    okey = parse_tile("k5")
    hand = [*parse_tiles("r1 r1 b2 b2 y3 y3 r4 r4 b6 b6 y7 y7"), okey, okey]
    assert FinishKind.PAIRS in winning_kinds(hand, okey)


def test_seed_004_pairs_with_red_5_okey() -> None:
    # 4 4 2 2 9 9 5 5 13 13 7 7 4 5 with red 5 as okey: the last okey pairs the lone 4.
    okey = parse_tile("r5")
    hand = parse_tiles("b4 b4 k2 k2 y9 y9 b5 b5 k13 k13 y7 y7 k4 r5")
    assert FinishKind.PAIRS in winning_kinds(hand, okey)


def test_smart_grouping_worked_example() -> None:
    hand = parse_tiles("y13 b5 k3 k4 k5 r5 k6")
    grouping = combination_grouping(hand, okey_for(parse_tile("r9")))
    assert [list(g.tiles) for g in grouping.groups] == [parse_tiles("k3 k4 k5 k6")]
    assert list(grouping.spares) == parse_tiles("y13 b5 r5")


def test_classic_scoring() -> None:
    okey = parse_tile("r6")
    scoring = CLASSIC.scoring
    assert finish_points(scoring, FinishKind.COMBINATIONS, parse_tile("k3"), okey) == 2
    assert finish_points(scoring, FinishKind.COMBINATIONS, okey, okey) == 4
    assert finish_points(scoring, FinishKind.PAIRS, parse_tile("k3"), okey) == 4
    assert finish_points(scoring, FinishKind.PAIRS, okey, okey) == 4  # capped
    assert finish_points(scoring, FinishKind.COMBINATIONS, FALSE_JOKER, okey) == 2


def test_multiplying_and_colored_scoring() -> None:
    okey = parse_tile("y6")
    multiply = ScoringRules(combine="multiply")
    assert finish_points(multiply, FinishKind.PAIRS, okey, okey) == 8
    colored = ScoringRules(combine="multiply", colored=True)
    assert finish_points(colored, FinishKind.COMBINATIONS, parse_tile("b3"), okey) == 4
    assert finish_points(colored, FinishKind.COMBINATIONS, parse_tile("r3"), okey) == 2
    assert finish_points(colored, FinishKind.PAIRS, okey, okey) == 16


def test_finishes_prefer_the_okey_discard() -> None:
    okey = parse_tile("r6")
    hand = [*parse_tiles("r1 r2 r3 b5 b6 b7 b8 r9 b9 k9 y9 y2 y3 y4"), okey]
    found = finishes(hand, okey, CLASSIC.scoring)
    assert found[0].discard == okey and found[0].points == 4
    assert {f.discard for f in found[1:]} == set(hand[:-1]) - {parse_tile("r6")}


def test_dealer_fifteen_winning_with_false_joker_discard_scores_normal() -> None:
    okey = parse_tile("r6")
    hand = [*parse_tiles("r1 r2 r3 b5 b6 b7 b8 r9 b9 k9 y9 y2 y3 y4"), FALSE_JOKER]
    found = {(f.discard, f.points) for f in finishes(hand, okey, CLASSIC.scoring)}
    assert (FALSE_JOKER, 2) in found


def test_waits_of_a_one_away_hand() -> None:
    okey = parse_tile("k6")
    hand = parse_tiles("r1 r2 r3 b5 b6 b7 b8 r9 b9 k9 y9 y2 y3 r13")
    assert set(waits(hand, okey)) == {*parse_tiles("y1 y4"), okey}
    assert deficiency(hand, okey) == 1


def test_among_equal_points_the_okey_discard_comes_first() -> None:
    okey = parse_tile("k5")
    # Seven pairs with a spare okey: a pairs finish by the okey or by the odd red 11.
    hand = [*parse_tiles("r1 r1 b2 b2 y3 y3 r4 r4 b6 b6 y7 y7 r11"), okey, okey]
    found = finishes(hand, okey, CLASSIC.scoring)
    assert found[0].discard == okey and found[0].points == 4
    assert max(f.points for f in found) == 4
