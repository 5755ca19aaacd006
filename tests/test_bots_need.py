"""The bots' shared-enumeration deficiency against the solver, query by query."""

from __future__ import annotations

import random

import pytest

from okey.bots.evaluate import Discards, Hand, Outlook, Route
from okey.bots.need import Need
from okey.hand import solver
from okey.hand.handgen import random_deal, winning_hand
from okey.tiles import ALL_FACES, Tile, full_set, indicator_for


def _pool(hand: list[Tile], okey: Tile) -> list[Tile]:
    pool = full_set()
    pool.remove(indicator_for(okey))
    for tile in hand:
        pool.remove(tile)
    return pool


def _hands(seed: int, count: int) -> list[tuple[list[Tile], Tile]]:
    """Random 14-tile deals and finished hands with a few tiles swapped out."""
    rng = random.Random(seed)
    hands = []
    for index in range(count):
        okey = rng.choice(ALL_FACES)
        if index % 2:
            hands.append((random_deal(rng, 14, okey), okey))
            continue
        hand = winning_hand(rng, okey, okeys=rng.choice([0, 0, 1, 2]), pairs=rng.random() < 0.2)
        pool = _pool(hand, okey)
        for _ in range(rng.choice([1, 2, 3])):
            hand.pop(rng.randrange(len(hand)))
            hand.append(pool.pop(rng.randrange(len(pool))))
        hands.append((hand, okey))
    return hands


@pytest.mark.parametrize("seed", range(4))
def test_need_and_improving_draws_match_the_solver(seed: int) -> None:
    for hand, okey in _hands(seed, 6):
        counts, jokers = solver.hand_counts(hand, okey)
        need = Need(counts, jokers)
        assert need.value == solver.combination_deficiency(counts, jokers)
        for face in range(52):
            if counts[face] < 2:
                counts[face] += 1
                lower = solver.combination_deficiency(counts, jokers) < need.value
                counts[face] -= 1
                assert need.improves(face) == lower, (hand, okey, face)


@pytest.mark.parametrize("seed", range(4))
def test_every_discard_and_its_draws_match_the_solver(seed: int) -> None:
    rng = random.Random(seed + 100)
    for hand, okey in _hands(seed + 100, 4):
        hand15 = [*hand, rng.choice(_pool(hand, okey))]
        counts, jokers = solver.hand_counts(hand15, okey)
        need = Need(counts, jokers)
        assert need.value == solver.combination_deficiency(counts, jokers)
        for face in range(52):
            if not counts[face]:
                continue
            left = need.without(face)
            counts[face] -= 1
            assert left.value == solver.combination_deficiency(counts, jokers)
            for drawn in rng.sample(range(52), 12):
                if counts[drawn] < 2:
                    counts[drawn] += 1
                    lower = solver.combination_deficiency(counts, jokers) < left.value
                    counts[drawn] -= 1
                    assert left.improves(drawn) == lower, (hand15, okey, face, drawn)
            counts[face] += 1


def test_without_needs_a_complete_analysis() -> None:
    hand, okey = _hands(9, 1)[0]
    counts, jokers = solver.hand_counts([*hand, *_pool(hand, okey)[:1]], okey)
    child = Need(counts, jokers).without(next(f for f in range(52) if counts[f]))
    with pytest.raises(ValueError):
        child.without(next(f for f in range(52) if child.counts[f]))


@pytest.mark.parametrize("route", list(Route))
def test_discard_needs_follow_the_route(route: Route) -> None:
    rng = random.Random(7)
    for hand, okey in _hands(7, 4):
        hand15 = [*hand, rng.choice(_pool(hand, okey))]
        discards = Discards(Hand.of(hand15, okey), route)
        for face in discards.faces():
            left = list(hand15)
            left.remove(Hand.of(hand15, okey).tile(face))
            counts, jokers = solver.hand_counts(left, okey)
            combination = solver.combination_deficiency(counts, jokers)
            pairs = solver.pairs_deficiency(counts, jokers)
            expected = {
                Route.ANY: min(combination, pairs),
                Route.COMBINATIONS: combination,
                Route.PAIRS: pairs,
            }[route]
            assert discards.need(face) == expected


def test_outlook_counts_okeys_and_weights() -> None:
    hand, okey = _hands(11, 1)[0]
    counts, jokers = solver.hand_counts(hand, okey)
    outlook = Outlook(Need(counts, jokers), Route.ANY)
    weights = [1.0] * 52
    improving = [face for face in range(52) if outlook.improves(face)]
    assert outlook.live(weights, 2.0) == pytest.approx(len(improving) + 2.0)
    assert outlook.live([0.0] * 52, 0.0) == 0.0
