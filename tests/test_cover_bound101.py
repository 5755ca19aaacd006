"""The quick bound before the search for a finish's new combinations (okey.hand.cover).

``covers`` refuses a hand at once when its tiles that need an okey of their own (no run
or set of real tiles holds them, no one combination holds two of them; two okeys for a
tile no other can join) need more okeys than it has, the discard's aside. The bound must
never refuse a hand the search would cover: it
is checked against the search itself, on hands built from runs and sets with okeys and
a few tiles more, and it must let every hand built that way alone through.
"""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from okey.hand.cover import _search_covers, covers, okey_bound


def _built(rng: random.Random, wrap: bool, extra: int) -> tuple[list[int], int]:
    """A hand's counts laid out as runs and sets, okeys standing in for some of their
    tiles, then ``extra`` tiles more; and its okeys."""
    counts = [0] * 52
    okeys = rng.choice([0, 1, 2])
    left = okeys
    for _ in range(rng.randint(1, 6)):
        if rng.random() < 0.5:
            colour, length = rng.randrange(4), rng.randint(3, 5)
            top = 14 if wrap else 13
            low = rng.randint(1, top - length + 1)
            faces = [colour * 13 + (place - 1) % 13 for place in range(low, low + length)]
        else:
            n0 = rng.randrange(13)
            faces = [c * 13 + n0 for c in rng.sample(range(4), rng.randint(3, 4))]
        if any(counts[face] >= 2 for face in faces):
            continue
        for face in faces:
            if left and rng.random() < 0.3:
                left -= 1  # an okey in its place
            else:
                counts[face] += 1
    for _ in range(extra):
        face = rng.randrange(52)
        if counts[face] < 2:
            counts[face] += 1
    return counts, okeys - left


@given(st.integers(0, 2**32 - 1), st.booleans())
def test_a_hand_built_of_runs_and_sets_is_never_refused(seed: int, wrap: bool) -> None:
    counts, okeys = _built(random.Random(seed), wrap, extra=0)
    assert okey_bound(counts, okeys, wrap) <= okeys
    assert covers(counts, okeys, 0, wrap).values  # and the search lays it


@given(st.integers(0, 2**32 - 1), st.booleans(), st.integers(1, 4), st.booleans())
def test_a_hand_the_bound_refuses_has_no_cover(
    seed: int, wrap: bool, extra: int, typed: bool
) -> None:
    counts, okeys = _built(random.Random(seed), wrap, extra)
    gained = 1 if typed and okeys else 0
    if okey_bound(counts, okeys, wrap) > okeys:
        searched = _search_covers(counts, okeys - gained, gained, wrap, None, not typed)
        assert searched.values == {}
        assert covers(counts, okeys - gained, gained, wrap, None, not typed).values == {}
