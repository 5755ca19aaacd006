"""The expert's look-ahead before it opens: a few continuations of the tiles it has not seen.

Before opening, the expert's question each turn is which tile to throw so that its
opening reaches the threshold soon. It deals a few determinized continuations: its
next draws, sampled from the tiles its seat has not seen (the live counts: two of
each face less what its view shows, so never a hidden tile it could not know), the
same draws for every candidate throw (common random numbers, so that candidates are
compared on the same luck). A candidate scores the continuations in which the hand
it keeps, with those draws, reaches the threshold.

The draws are sampled from a random source seeded by the view itself, so the same
view gives the same move (the master's hint and review need that).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from okey.hand.melds import OpeningRules
from okey.hand.opening import best_opening_value
from okey.tiles import FALSE_JOKER_CODE, Tile


def unseen(live: Sequence[int]) -> list[Tile]:
    """The tiles the seat has not seen, one entry a copy."""
    return [Tile(code) for code in range(FALSE_JOKER_CODE + 1) for _ in range(live[code])]


def view_seed(hand: Sequence[Tile], pile_count: int, live: Sequence[int]) -> str:
    """A seed that depends only on what the seat sees."""
    return f"{sorted(t.code for t in hand)}|{pile_count}|{list(live)}"


def continuations(live: Sequence[int], seed: str, count: int, depth: int) -> list[list[Tile]]:
    """``count`` sequences of ``depth`` draws from the unseen tiles."""
    pool = unseen(live)
    if len(pool) < depth:
        return []
    rng = random.Random(seed)
    return [rng.sample(pool, depth) for _ in range(count)]


def reaching(
    kept: Sequence[Tile], draws: Sequence[Sequence[Tile]], okey: Tile, rules: OpeningRules
) -> int:
    """In how many continuations the kept hand with its draws reaches the threshold."""
    hits = 0
    for drawn in draws:
        value = best_opening_value([*kept, *drawn], okey, rules)
        if value is not None and value >= rules.threshold:
            hits += 1
    return hits
