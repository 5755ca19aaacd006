"""A slow, obviously correct reference for the solver, straight from the rules.

Every valid combination is listed as a template of faces; a hand wins when
its tiles can be dealt into templates one at a time, each okey standing for
any one face. No cleverness, no shared code with the solver beyond tiles.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache

from okey.tiles import ALL_FACES, FALSE_JOKER, Tile

Faces = tuple[int, ...]


def _templates() -> list[Faces]:
    result: list[Faces] = []
    for colour in range(4):
        for start in range(1, 14):
            for length in range(3, 14):
                end = start + length - 1
                if end > 14 or (start == 1 and end == 14):
                    continue
                numbers = [p if p <= 13 else 1 for p in range(start, end + 1)]
                result.append(tuple(colour * 13 + n - 1 for n in numbers))
    for number in range(1, 14):
        for size in (3, 4):
            from itertools import combinations

            for colours in combinations(range(4), size):
                result.append(tuple(c * 13 + number - 1 for c in colours))
    return result


TEMPLATES = _templates()
TEMPLATES_WITH: dict[int, list[Faces]] = {
    face: [t for t in TEMPLATES if face in t] for face in range(52)
}


# Only a speed-up, the same results: a template's faces differ, so each face of it missing
# from the tiles left takes a joker of its own, and ``_fill`` finds no way to fill a
# template missing more faces than there are jokers. Such templates are not tried.
def faces_at_hand(first: int, rest: Counter[int]) -> set[int]:
    """The faces a template holding ``first`` can take from ``rest`` (and ``first``)."""
    return {face for face, count in rest.items() if count > 0} | {first}


@cache
def _face_set(template: Faces) -> frozenset[int]:
    return frozenset(template)


def within_reach(template: Faces, at_hand: set[int], jokers: int) -> bool:
    """Whether ``jokers`` are enough for the faces of ``template`` not at hand."""
    return len(_face_set(template) - at_hand) <= jokers


def _within_reach(first: int, rest: Counter[int], jokers: int) -> list[Faces]:
    """The templates holding ``first`` that ``rest`` and ``jokers`` might fill."""
    at_hand = faces_at_hand(first, rest)
    return [t for t in TEMPLATES_WITH[first] if within_reach(t, at_hand, jokers)]


def split(hand: Sequence[Tile], okey: Tile) -> tuple[Faces, int]:
    faces = []
    jokers = 0
    for tile in hand:
        if tile == okey:
            jokers += 1
        elif tile == FALSE_JOKER:
            faces.append(okey.code)
        else:
            faces.append(tile.code)
    return tuple(sorted(faces)), jokers


def _fill(template: Faces, first: int, rest: Counter[int], jokers: int):  # type: ignore[no-untyped-def]
    """Every way to fill a template holding ``first``: (remaining faces, jokers left)."""
    slots = list(template)
    slots.remove(first)

    def go(i: int, left: Counter[int], j: int):  # type: ignore[no-untyped-def]
        if i == len(slots):
            yield left, j
            return
        face = slots[i]
        if left[face] > 0:
            left[face] -= 1
            yield from go(i + 1, left, j)
            left[face] += 1
        if j > 0:
            yield from go(i + 1, left, j - 1)

    yield from go(0, rest, jokers)


@cache
def combos_win(faces: Faces, jokers: int) -> bool:
    """All faces and all jokers dealt into combinations."""
    if not faces:
        return jokers == 0
    first = faces[0]
    rest = Counter(faces[1:])
    for template in _within_reach(first, rest, jokers):
        for left, j in _fill(template, first, rest, jokers):
            remaining = tuple(sorted(left.elements()))
            if combos_win(remaining, j):
                return True
    return False


@cache
def pairs_win(faces: Faces, jokers: int) -> bool:
    if not faces:
        return jokers % 2 == 0
    first, rest = faces[0], list(faces[1:])
    if first in rest:
        rest.remove(first)
        if pairs_win(tuple(rest), jokers):
            return True
        rest.append(first)
        rest.sort()
    return jokers > 0 and pairs_win(tuple(rest), jokers - 1)


@cache
def min_spares(faces: Faces, jokers: int) -> int:
    """Fewest tiles left outside combinations."""
    if not faces:
        return jokers
    first = faces[0]
    rest = Counter(faces[1:])
    best = 1 + min_spares(faces[1:], jokers)
    for template in _within_reach(first, rest, jokers):
        for left, j in _fill(template, first, rest, jokers):
            best = min(best, min_spares(tuple(sorted(left.elements())), j))
    return best


def winning_kinds(hand: Sequence[Tile], okey: Tile) -> set[str]:
    if len(hand) != 14:
        return set()
    faces, jokers = split(hand, okey)
    kinds = set()
    if combos_win(faces, jokers):
        kinds.add("combinations")
    if pairs_win(faces, jokers):
        kinds.add("pairs")
    return kinds


def finishes(hand: Sequence[Tile], okey: Tile) -> set[tuple[Tile, str]]:
    result = set()
    for tile in set(hand):
        rest = list(hand)
        rest.remove(tile)
        for kind in winning_kinds(rest, okey):
            result.add((tile, kind))
    return result


def drawable(hand: Sequence[Tile], okey: Tile) -> list[Tile]:
    """Tiles that could still be drawn: fewer than two in the hand (indicator aside)."""
    counts = Counter(hand)
    return [tile for tile in [*ALL_FACES, FALSE_JOKER] if counts[tile] < 2]


def waits(hand: Sequence[Tile], okey: Tile) -> set[Tile]:
    return {tile for tile in drawable(hand, okey) if finishes([*hand, tile], okey)}


def deficiency(hand: Sequence[Tile], okey: Tile, limit: int) -> int | None:
    """Fewest exchanges to a finished hand, wild tiles drawn; None when above ``limit``.

    A kept part K of the hand can be completed by 14 - |K| wild tiles, which
    the reference plays as extra okeys.
    """
    faces, jokers = split(hand, okey)
    from itertools import combinations

    for exchanged in range(limit + 1):
        keep = 14 - exchanged
        for kept_jokers in range(min(jokers, keep) + 1):
            for kept in set(combinations(faces, keep - kept_jokers)):
                wild = kept_jokers + exchanged
                if combos_win(kept, wild) or pairs_win(kept, wild):
                    return exchanged
    return None
