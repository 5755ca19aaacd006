"""The solver against the slow reference, on random and near-winning hands."""

from __future__ import annotations

import random
from itertools import product

import reference
from hypothesis import given
from hypothesis import strategies as st
from sizes import exhaustive

from okey.hand import rows, solver
from okey.hand.handgen import random_deal, winning_hand
from okey.hand.scoring import FinishKind
from okey.rules import CLASSIC
from okey.tiles import ALL_FACES, FALSE_JOKER, Tile, full_set, indicator_for

okeys = st.sampled_from(ALL_FACES)


def _kinds(kinds: list[FinishKind]) -> set[str]:
    return {kind.value for kind in kinds}


def _near_winning(rng: random.Random, okey: Tile, changes: int) -> list[Tile]:
    """A finished hand with ``changes`` tiles swapped for random legal ones."""
    hand = winning_hand(rng, okey, okeys=rng.choice([0, 0, 1, 2]), pairs=rng.random() < 0.2)
    pool = full_set()
    pool.remove(indicator_for(okey))
    for tile in hand:
        pool.remove(tile)
    for _ in range(changes):
        hand.pop(rng.randrange(len(hand)))
        hand.append(pool.pop(rng.randrange(len(pool))))
    return hand


def _plus_one(rng: random.Random, hand: list[Tile], okey: Tile) -> list[Tile]:
    pool = full_set()
    pool.remove(indicator_for(okey))
    for tile in hand:
        pool.remove(tile)
    return [*hand, rng.choice(pool)]


@given(okeys, st.randoms(use_true_random=False), st.integers(0, 2))
def test_winning_flag_matches_reference(okey: Tile, rng: random.Random, changes: int) -> None:
    hand = _near_winning(rng, okey, changes)
    assert _kinds(solver.winning_kinds(hand, okey)) == reference.winning_kinds(hand, okey)


@given(okeys, st.randoms(use_true_random=False))
def test_random_deals_winning_flag(okey: Tile, rng: random.Random) -> None:
    hand = random_deal(rng, 14, okey)
    assert _kinds(solver.winning_kinds(hand, okey)) == reference.winning_kinds(hand, okey)


@exhaustive(20)
@given(okeys, st.randoms(use_true_random=False), st.integers(0, 1))
def test_finishes_match_reference(okey: Tile, rng: random.Random, changes: int) -> None:
    hand = _plus_one(rng, _near_winning(rng, okey, changes), okey)
    found = {(f.discard, f.kind.value) for f in solver.finishes(hand, okey, CLASSIC.scoring)}
    assert found == reference.finishes(hand, okey)


@exhaustive(8)  # the reference tries every tile for every hand: the slowest oracle
@given(okeys, st.randoms(use_true_random=False), st.integers(0, 2))
def test_waits_match_reference(okey: Tile, rng: random.Random, changes: int) -> None:
    hand = _near_winning(rng, okey, changes)
    assert set(solver.waits(hand, okey)) == reference.waits(hand, okey)


@exhaustive(20)
@given(okeys, st.randoms(use_true_random=False), st.integers(0, 2), st.booleans())
def test_grouping_spares_match_reference(
    okey: Tile, rng: random.Random, changes: int, fifteen: bool
) -> None:
    hand = _near_winning(rng, okey, changes)
    if fifteen:
        hand = _plus_one(rng, hand, okey)
    faces, jokers = reference.split(hand, okey)
    grouping = solver.combination_grouping(hand, okey)
    assert len(grouping.spares) == reference.min_spares(faces, jokers)
    assert sorted([*grouping.tiles()]) == sorted(hand)


@exhaustive(20)
@given(okeys, st.randoms(use_true_random=False))
def test_grouping_spares_random_deals(okey: Tile, rng: random.Random) -> None:
    hand = random_deal(rng, 15, okey)
    faces, jokers = reference.split(hand, okey)
    assert len(solver.combination_grouping(hand, okey).spares) == reference.min_spares(
        faces, jokers
    )


@exhaustive(20)
@given(okeys, st.randoms(use_true_random=False), st.integers(0, 2), st.booleans())
def test_deficiency_matches_reference(
    okey: Tile, rng: random.Random, changes: int, fifteen: bool
) -> None:
    hand = _near_winning(rng, okey, changes)
    if fifteen:
        hand = _plus_one(rng, hand, okey)
    expected = reference.deficiency(hand, okey, limit=2)
    got = solver.deficiency(hand, okey)
    if expected is None:
        assert got > 2
    else:
        assert got == expected


def test_false_joker_pairs_with_false_joker() -> None:
    okey = ALL_FACES[5]
    hand = [FALSE_JOKER, FALSE_JOKER, *[t for t in ALL_FACES[20:26] for _ in (0, 1)]]
    assert reference.winning_kinds(hand, okey) == {"pairs"}
    assert _kinds(solver.winning_kinds(hand, okey)) == {"pairs"}


def _exhaustive_combination_deficiency(counts: list[int], jokers: int) -> int:
    """The solver's earlier method, kept as an oracle: every choice of sets, each
    with the exact search over the rows' trade-offs (no bound, no ordering)."""
    real = sum(counts)
    room = solver.HAND_SIZE - real
    floor = max(0, real + jokers - solver.HAND_SIZE)
    best = real
    for gaps, *keys in solver._row_states(counts):
        budget = room - gaps
        for split in product(*(rows.row_tradeoffs(key) for key in keys)):
            if sum(v for _, v in split) <= budget:
                best = min(best, sum(d for d, _ in split))
    return room + max(best, floor) - jokers


def _with_wilds(rng: random.Random, hand: list[Tile], okey: Tile) -> list[Tile]:
    """The hand with 0-2 of its tiles swapped for okeys and 0-2 for false jokers."""
    wilds = [okey] * rng.randint(0, 2) + [FALSE_JOKER] * rng.randint(0, 2)
    kept = [tile for tile in hand if tile not in (okey, FALSE_JOKER)]
    rng.shuffle(kept)
    return kept[: len(hand) - len(wilds)] + wilds


@exhaustive(20)
@given(okeys, st.randoms(use_true_random=False), st.integers(0, 5), st.booleans(), st.booleans())
def test_deficiency_matches_exhaustive_search(
    okey: Tile, rng: random.Random, changes: int, fifteen: bool, dealt: bool
) -> None:
    size = 15 if fifteen else 14
    if dealt:
        hand = _with_wilds(rng, random_deal(rng, size, okey), okey)
    else:
        hand = _near_winning(rng, okey, changes)
        if fifteen:
            hand = _plus_one(rng, hand, okey)
    counts, jokers = solver.hand_counts(hand, okey)
    expected = _exhaustive_combination_deficiency(counts, jokers)
    assert solver.combination_deficiency(counts, jokers) == expected
    pairs = solver.pairs_deficiency(counts, jokers)
    assert solver.deficiency(hand, okey) == min(expected, pairs)


rows_digits = st.lists(st.integers(0, 2), min_size=13, max_size=13)
sparse_rows_digits = st.lists(st.sampled_from([0, 0, 0, 0, 1, 1, 2]), min_size=13, max_size=13)


@given(st.one_of(rows_digits, sparse_rows_digits), st.booleans())
def test_row_table_is_the_most_kept_by_places(digits: list[int], cold: bool) -> None:
    """A row's table, found by parts between empty stretches, against its front."""
    key = sum(digit * 3**n0 for n0, digit in enumerate(digits))
    if cold:
        rows.clear_caches()
    front = rows.row_front(key)
    n = sum(digits)
    table = rows.keeps_tables()[rows.row_keeps[key]]
    assert table == tuple(
        max(n - d for d, gaps in enumerate(front) if gaps + n - d <= places) for places in range(15)
    )
    assert table == rows.row_keeps_slowly(key)


@given(st.lists(st.one_of(rows_digits, sparse_rows_digits), min_size=2, max_size=2))
def test_row_tables_add_up_as_the_rows_do(both: list[list[int]]) -> None:
    a, b = (sum(digit * 3**n0 for n0, digit in enumerate(digits)) for digits in both)
    ta, tb = (rows.keeps_tables()[rows.row_keeps[key]] for key in (a, b))
    summed = rows.keeps_tables()[rows.keeps_sum[rows.row_keeps[a] << 20 | rows.row_keeps[b]]]
    assert summed == tuple(
        max(ta[t] + tb[places - t] for t in range(places + 1)) for places in range(15)
    )
    assert rows.keeps_total[rows.row_keeps[b] << 20 | rows.row_keeps[a]] == summed


def _set_heavy(rng: random.Random, okey: Tile, size: int) -> list[Tile]:
    """Tiles drawn from a few numbers only, so that many columns can hold sets (and two
    sets), some of them false jokers and okeys."""
    numbers = rng.sample(range(13), rng.randint(2, 5))
    pool = [tile for tile in full_set() if tile.is_false_joker or tile.code % 13 in numbers]
    if indicator_for(okey) in pool:
        pool.remove(indicator_for(okey))
    hand = rng.sample(pool, min(size, len(pool)))
    return _with_wilds(rng, hand, okey)


@exhaustive(20)
@given(okeys, st.randoms(use_true_random=False), st.booleans())
def test_deficiency_of_set_heavy_hands_matches_exhaustive_search(
    okey: Tile, rng: random.Random, fifteen: bool
) -> None:
    hand = _set_heavy(rng, okey, 15 if fifteen else 14)
    counts, jokers = solver.hand_counts(hand, okey)
    expected = _exhaustive_combination_deficiency(counts, jokers)
    assert solver.combination_deficiency(counts, jokers) == expected
    assert solver.deficiency(hand, okey) == min(expected, solver.pairs_deficiency(counts, jokers))


@exhaustive(20)
@given(okeys, st.randoms(use_true_random=False), st.integers(1, 13))
def test_deficiency_of_short_hands_matches_exhaustive_search(
    okey: Tile, rng: random.Random, size: int
) -> None:
    hand = _with_wilds(rng, random_deal(rng, size, okey), okey)
    counts, jokers = solver.hand_counts(hand, okey)
    expected = _exhaustive_combination_deficiency(counts, jokers)
    assert solver.combination_deficiency(counts, jokers) == expected
    assert solver.deficiency(hand, okey) == min(expected, solver.pairs_deficiency(counts, jokers))


@exhaustive(20)
@given(okeys, st.randoms(use_true_random=False))
def test_deficiency_of_set_heavy_hands_matches_reference(okey: Tile, rng: random.Random) -> None:
    hand = _set_heavy(rng, okey, 14)
    expected = reference.deficiency(hand, okey, limit=2)
    got = solver.deficiency(hand, okey)
    if expected is None:
        assert got > 2
    else:
        assert got == expected
