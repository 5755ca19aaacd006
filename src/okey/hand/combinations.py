"""Runs, sets and pairs: what a group of tiles may be.

Okeys are wild; a false joker is exactly the okey's face. A run is 3..13
tiles of one colour in a row, where 1 may start a run (1-2-3) or end one
after 13 (12-13-1) but never bridge (13-1-2). A set is 3 or 4 tiles of one
number in different colours. A pair is two identical tiles; an okey completes
any pair and two okeys are a pair.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

from okey.tiles import Tile, is_okey, stand_in

MIN_GROUP = 3
MAX_RUN = 13
MAX_SET = 4


class GroupKind(Enum):
    RUN = "run"
    SET = "set"
    PAIR = "pair"


def _split(tiles: Sequence[Tile], okey: Tile) -> tuple[list[Tile], int]:
    faces = [stand_in(tile, okey) for tile in tiles if not is_okey(tile, okey)]
    return faces, len(tiles) - len(faces)


def is_run(tiles: Sequence[Tile], okey: Tile) -> bool:
    """True when the tiles, okeys filling any gaps, form a run."""
    if not MIN_GROUP <= len(tiles) <= MAX_RUN:
        return False
    faces, _ = _split(tiles, okey)
    if not faces:
        return True
    if len({face.colour for face in faces}) != 1:
        return False
    numbers = [face.number for face in faces]
    if len(set(numbers)) != len(numbers):
        return False
    for ones_high in (False, True):
        positions = [14 if n == 1 and ones_high else n for n in numbers]
        if max(positions) - min(positions) + 1 <= len(tiles):
            return True
    return False


def is_set(tiles: Sequence[Tile], okey: Tile) -> bool:
    """True when the tiles, okeys standing in, form a set."""
    if not MIN_GROUP <= len(tiles) <= MAX_SET:
        return False
    faces, _ = _split(tiles, okey)
    if len({face.number for face in faces}) > 1:
        return False
    return len({face.colour for face in faces}) == len(faces)


def is_pair(tiles: Sequence[Tile], okey: Tile) -> bool:
    if len(tiles) != 2:
        return False
    faces, _ = _split(tiles, okey)
    return len(set(faces)) <= 1


def group_kind(tiles: Sequence[Tile], okey: Tile) -> GroupKind | None:
    """What the tiles form as one combination, if anything (a run before a set)."""
    if is_run(tiles, okey):
        return GroupKind.RUN
    if is_set(tiles, okey):
        return GroupKind.SET
    if is_pair(tiles, okey):
        return GroupKind.PAIR
    return None


def is_combination(tiles: Sequence[Tile], okey: Tile) -> bool:
    return is_run(tiles, okey) or is_set(tiles, okey)
