"""The solver's lookup tables against what they stand for: tile names, a column's useful
set choices, the deficiency's one-pass counting."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from okey.hand import solver
from okey.hand.handgen import random_deal
from okey.hand.notation import format_tile, parse_tile, parse_tiles
from okey.tiles import ALL_FACES, COLOUR_LETTERS, FALSE_JOKER, Tile


def test_every_tile_is_named_and_read_back_as_before() -> None:
    for tile in [*ALL_FACES, FALSE_JOKER]:
        name = "fj" if tile.is_false_joker else f"{COLOUR_LETTERS[tile.colour]}{tile.number}"
        assert str(tile) == format_tile(tile) == name
        assert parse_tile(name) == parse_tile(name.upper()) == parse_tile(f" {name} ") == tile
    assert parse_tiles("R5, k13 fj y01") == [Tile(4), Tile(38), FALSE_JOKER, Tile(39)]


def test_useful_set_choices_keep_what_no_other_beats() -> None:
    """Every dropped choice is beaten by a kept one (all its tiles and more, in no more
    places); no kept choice is beaten; doing nothing is always kept."""
    for column, options in solver.column_set_options().items():
        every = [(gaps + sum(used), used) for gaps, used, _ in options]
        kept = solver._useful_options(options)
        assert (0, (0, 0, 0, 0)) in kept

        def beats(a: tuple[int, solver.Usage], b: tuple[int, solver.Usage]) -> bool:
            return (
                a[1] != b[1]
                and a[0] <= b[0]
                and all(x >= y for x, y in zip(a[1], b[1], strict=True))
            )

        for choice in every:
            if choice in kept:
                assert not any(beats(other, choice) for other in every), column
            elif choice[0] <= solver.HAND_SIZE:
                assert any(beats(other, choice) for other in kept), column


@given(st.sampled_from(ALL_FACES), st.randoms(use_true_random=False), st.integers(0, 15))
def test_deficiency_counts_the_hand_as_the_parts_do(
    okey: Tile, rng: random.Random, size: int
) -> None:
    hand = random_deal(rng, size, okey)
    if hand.count(FALSE_JOKER) < 2 and rng.random() < 0.5:
        hand.append(FALSE_JOKER)
    counts, jokers = solver.hand_counts(hand, okey)
    expected = min(
        solver.combination_deficiency(counts, jokers), solver.pairs_deficiency(counts, jokers)
    )
    assert solver.deficiency(hand, okey) == expected
    keys, columns = solver.row_keys(counts), solver.column_codes(counts)
    cap = solver.HAND_SIZE - jokers
    assert solver.combination_deficiency(counts, jokers) == cap - solver.most_kept(
        keys, columns, cap
    )
