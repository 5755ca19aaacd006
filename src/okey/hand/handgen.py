"""Random hands for tests, benchmarks and practice deals.

``winning_hand`` builds a finished 14-tile hand from real tiles of one 106-tile
set (never more than two of a face, never the indicator itself), with the
asked number of okeys standing in and false jokers playing their face.
"""

from __future__ import annotations

import random
from collections import Counter

from okey.tiles import FALSE_JOKER, Colour, Tile, full_set, indicator_for

GROUP_SIZES: tuple[tuple[int, ...], ...] = (
    (3, 3, 4, 4),
    (3, 3, 3, 5),
    (4, 4, 3, 3),
    (3, 4, 7),
    (3, 3, 8),
    (5, 5, 4),
    (3, 3, 3, 5),
    (4, 5, 5),
    (3, 11),
    (14,),
)


def random_deal(rng: random.Random, size: int, okey: Tile) -> list[Tile]:
    """``size`` tiles drawn from a full set less the indicator."""
    pool = full_set()
    pool.remove(indicator_for(okey))
    return rng.sample(pool, size)


def _run_faces(rng: random.Random, length: int) -> list[Tile]:
    colour = Colour(rng.randrange(4))
    start = rng.randint(1, 15 - length)
    if start == 1 and length == 14:
        start = 2
    return [Tile.face(colour, (start + i - 1) % 13 + 1) for i in range(length)]


def _set_faces(rng: random.Random, length: int) -> list[Tile]:
    number = rng.randint(1, 13)
    colours = rng.sample(list(Colour), length)
    return [Tile.face(colour, number) for colour in colours]


def winning_hand(rng: random.Random, okey: Tile, okeys: int = 0, pairs: bool = False) -> list[Tile]:
    """A finished 14-tile hand holding exactly ``okeys`` okeys (0..2)."""
    indicator = indicator_for(okey)
    while True:
        if pairs:
            faces = [face for face in rng.sample(list(full_set()[::2]), 7) for _ in (0, 1)]
        else:
            faces = []
            for size in rng.choice(GROUP_SIZES):
                if size <= 4 and rng.random() < 0.4:
                    faces += _set_faces(rng, size)
                elif size <= 13:
                    faces += _run_faces(rng, size)
                else:
                    faces += _run_faces(rng, 7) + _run_faces(rng, 7)
        wild = rng.sample(range(14), okeys)
        hand = [okey if i in wild else face for i, face in enumerate(faces)]
        # The okey's face is played by false jokers; the real okey-face tiles are wild.
        hand = [
            FALSE_JOKER if i not in wild and tile == okey else tile for i, tile in enumerate(hand)
        ]
        counts = Counter(hand)
        limit_ok = all(count <= 2 for count in counts.values())
        if limit_ok and counts[indicator] <= 1 and (okey not in counts or counts[okey] == okeys):
            return hand
