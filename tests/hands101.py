"""Random hands and tables for the Okey 101 tests, dealt from one 106-tile set.

Every generator takes the tiles it deals out of ``pool`` (a full set less the
indicator), so a hand and a table together never hold more than two of a face.
"""

from __future__ import annotations

import random

from okey.hand.combinations import GroupKind
from okey.hand.melds import Meld, OpeningRules, run_face, run_meld, set_meld
from okey.tiles import FALSE_JOKER, Colour, Tile, full_set, indicator_for


def pool_for(okey: Tile) -> list[Tile]:
    """The tiles left to deal: a full set less the indicator."""
    pool = full_set()
    pool.remove(indicator_for(okey))
    return pool


def physical(face: Tile, okey: Tile) -> Tile:
    """The tile that plays as ``face`` without being wild (a false joker for the okey's face)."""
    return FALSE_JOKER if face == okey else face


def _take(pool: list[Tile], tiles: list[Tile]) -> bool:
    """Take all of ``tiles`` from the pool, or none of them."""
    if all(tiles.count(t) <= pool.count(t) for t in tiles):
        for tile in tiles:
            pool.remove(tile)
        return True
    return False


def _faces(rng: random.Random, rules: OpeningRules, longest: int) -> tuple[GroupKind, list[Tile]]:
    """The faces of a random run or set (3..``longest`` tiles)."""
    if rng.random() < 0.55:
        colour = Colour(rng.randrange(4))
        length = rng.randint(3, max(3, longest))
        top = 14 if rules.wrap_runs else 13
        low = rng.randint(1, top - length + 1)
        return GroupKind.RUN, [run_face(colour, p) for p in range(low, low + length)]
    number = rng.randint(1, 13)
    colours = rng.sample(list(Colour), rng.choice([3, 4]))
    return GroupKind.SET, [Tile.face(c, number) for c in colours]


def random_table(
    rng: random.Random,
    pool: list[Tile],
    okey: Tile,
    rules: OpeningRules,
    count: int,
    okey_share: float = 0.5,
) -> list[Meld]:
    """``count`` runs and sets of 3..5 tiles, each holding an okey with ``okey_share``
    odds while the pool has one."""
    melds: list[Meld] = []
    for _ in range(count):
        for _attempt in range(20):
            kind, faces = _faces(rng, rules, 5)
            tiles = [physical(face, okey) for face in faces]
            if okey in pool and rng.random() < okey_share:
                tiles[rng.randrange(len(tiles))] = okey
            if tiles.count(okey) < len(tiles) and _take(pool, tiles):
                meld = (
                    run_meld(tiles, okey, rules) if kind is GroupKind.RUN else set_meld(tiles, okey)
                )
                assert meld is not None, tiles
                melds.append(meld)
                break
    return melds


def _near(rng: random.Random, base: Tile) -> Tile:
    """A tile that could join ``base`` in a run or a set."""
    if rng.random() < 0.5:
        number = min(13, max(1, base.number + rng.choice([-2, -1, 1, 2])))
        return Tile.face(base.colour, number)
    return Tile.face(Colour(rng.randrange(4)), base.number)


def related_hand(
    rng: random.Random, pool: list[Tile], okey: Tile, table: list[Meld], size: int
) -> list[Tile]:
    """A hand leaning toward the table's ends, its own combinations and okeys."""
    wanted: list[Tile] = []
    for meld in table:
        if meld.kind is GroupKind.RUN:
            for place in (meld.low - 1, meld.low - 2, meld.high + 1, meld.high + 2):
                if 1 <= place <= 14:
                    wanted.append(run_face(meld.colour, place))
        else:
            wanted += [Tile.face(colour, meld.number) for colour in Colour]
    hand: list[Tile] = []
    while len(hand) < size and pool:
        roll = rng.random()
        if roll < 0.35 and wanted:
            tile = physical(rng.choice(wanted), okey)
        elif roll < 0.7 and hand:
            base = rng.choice(hand)
            face = okey if base == FALSE_JOKER else base
            tile = rng.choice(pool) if face == okey else physical(_near(rng, face), okey)
        elif roll < 0.78:
            tile = okey
        else:
            tile = rng.choice(pool)
        if not _take(pool, [tile]):  # that one is gone: any tile left
            tile = rng.choice(pool)
            pool.remove(tile)
        hand.append(tile)
    return hand


def combination_hand(
    rng: random.Random, pool: list[Tile], okey: Tile, rules: OpeningRules, size: int, okeys: int
) -> list[Tile]:
    """``size`` tiles mostly dealt as runs and sets, with up to ``okeys`` okeys standing in."""
    hand: list[Tile] = []
    for _attempt in range(200):
        if len(hand) >= size - 2:
            break
        _, faces = _faces(rng, rules, min(6, size - len(hand)))
        tiles = [physical(face, okey) for face in faces]
        if len(hand) + len(tiles) <= size and _take(pool, tiles):
            hand += tiles
    for _ in range(okeys):
        if okey in pool and hand:
            index = rng.randrange(len(hand))
            if hand[index] != okey:
                pool.append(hand[index])
                pool.remove(okey)
                hand[index] = okey
    while len(hand) < size:
        tile = rng.choice(pool)
        pool.remove(tile)
        hand.append(tile)
    return hand
