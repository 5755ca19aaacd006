"""Groupings of hands made of sets, where the okeys have no run or 3-set to join: the
solver must still place them (a finished hand has no spares)."""

from __future__ import annotations

import random

import reference
from hypothesis import given
from hypothesis import strategies as st
from sizes import exhaustive

from okey.hand import solver
from okey.hand.notation import parse_tile, parse_tiles
from okey.tiles import ALL_FACES, Colour, Tile, full_set, indicator_for, okey_for


def test_two_okeys_beside_three_four_sets_are_no_spares() -> None:
    # The hand an outside check found: both 1-sets and the 3-set at four tiles.
    okey = okey_for(parse_tile("k10"))
    hand = parse_tiles("y1 b1 k11 k3 b1 r1 r1 k11 y1 y3 r3 k1 b3 k1")
    grouping = solver.combination_grouping(hand, okey)
    assert grouping.spares == ()
    assert sorted(grouping.tiles()) == sorted(hand)
    assert solver.is_winning(hand, okey)


def _set_hand(rng: random.Random, okey: Tile, sets: int, size: int, extra: int) -> list[Tile]:
    """``sets`` sets of ``size`` on distinct numbers, ``extra`` random tiles, two okeys."""
    pool = full_set()
    pool.remove(indicator_for(okey))
    pool.remove(okey)
    pool.remove(okey)
    numbers = rng.sample([n for n in range(1, 14) if n != okey.number], sets)
    hand = [okey, okey]
    for number in numbers:
        colours = rng.sample(list(Colour), size)
        for colour in colours:
            tile = Tile.face(colour, number)
            if tile in pool:
                pool.remove(tile)
                hand.append(tile)
    for _ in range(extra):
        hand.append(pool.pop(rng.randrange(len(pool))))
    return hand


@exhaustive(20)
@given(
    st.sampled_from(ALL_FACES),
    st.randoms(use_true_random=False),
    st.integers(1, 3),
    st.integers(3, 4),
    st.integers(0, 3),
)
def test_set_hands_with_okeys_group_with_the_fewest_spares(
    okey: Tile, rng: random.Random, sets: int, size: int, extra: int
) -> None:
    hand = _set_hand(rng, okey, sets, size, extra)
    faces, jokers = reference.split(hand, okey)
    grouping = solver.combination_grouping(hand, okey)
    assert len(grouping.spares) == reference.min_spares(faces, jokers)
    assert sorted(grouping.tiles()) == sorted(hand)
