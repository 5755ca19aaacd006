"""Okey 101's pairs opening: the most pairs a hand can lay.

A pair is two identical tiles (two false jokers are a pair); an okey completes
a pair with any tile, and the two okeys are a pair.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from okey.hand.melds import OpeningRules
from okey.hand.solver import _spares
from okey.tiles import Tile, is_okey, stand_in

DEFAULT_RULES: Final = OpeningRules()


@dataclass(frozen=True, slots=True)
class PairsOpening:
    """Pairs laid (identical tiles; an okey completes any pair), the tiles left, and
    whether they open."""

    pairs: tuple[tuple[Tile, Tile], ...]
    left: tuple[Tile, ...]
    reaches: bool


def best_pairs(
    hand: Sequence[Tile],
    okey: Tile,
    rules: OpeningRules = DEFAULT_RULES,
    must_use: Tile | None = None,
) -> PairsOpening | None:
    """The most pairs the hand can lay (None: ``must_use`` cannot be in a pair).

    Identical tiles first, then okeys with the highest single tiles (leaving
    the least value in hand), then the two okeys together. An okey that must
    be laid and has no single tile left takes a tile's place in the lowest pair.
    """
    pools: dict[int, list[Tile]] = {}  # by code: hashed faster than tiles
    wild: list[Tile] = []
    for tile in hand:
        if is_okey(tile, okey):
            wild.append(tile)
        else:
            pools.setdefault(tile.code, []).append(tile)
    pairs: list[tuple[Tile, Tile]] = []
    singles: list[Tile] = []
    for same in pools.values():
        if len(same) == 2:
            pairs.append((same[0], same[1]))
        else:
            singles += same
    singles.sort(key=lambda t: (-stand_in(t, okey).number, t.code))  # a tile's order: its code
    if must_use is not None and not is_okey(must_use, okey) and must_use in singles and wild:
        singles.remove(must_use)
        singles.insert(0, must_use)
    for single in singles:
        if not wild:
            break
        pairs.append((single, wild.pop()))
    while len(wild) >= 2:
        pairs.append((wild.pop(), wild.pop()))
    naturals = [i for i, (a, b) in enumerate(pairs) if not is_okey(b, okey)]
    if must_use is not None and is_okey(must_use, okey) and wild and naturals:
        # A lone okey that must be laid takes the place of a tile of the lowest pair.
        i = min(naturals, key=lambda i: stand_in(pairs[i][0], okey).number)
        pairs[i] = (pairs[i][0], wild.pop())
    used = [tile for pair in pairs for tile in pair]
    if must_use is not None and must_use not in used:
        return None
    return PairsOpening(tuple(pairs), _spares(hand, used), len(pairs) >= max(1, rules.pairs))
