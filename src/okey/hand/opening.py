"""Okey 101's combinations opening: the laying of runs and sets of most value.

A hand is reduced to counts of real faces (a false joker counts as the okey's
face) and a number of okeys. Sets join tiles of one number across colours and
runs stay within a colour, so the search chooses the sets number by number
(:mod:`okey.hand.columns`) and asks each colour's leftover row for its best
runs (memoised, :mod:`okey.hand.runvalue`). An okey counts as the tile it
stands for, so the search puts it where it is worth most.

The search runs once for each number of okeys the sets take (the rest are
the rows'), since with fewer okeys in the rows more tiles are known to fit no
run, and options leaving such a tile out of a set are skipped. With both okeys
in the rows, a run of one real tile and two okeys is counted apart, so that
the tiles counted as fitting no run are those without a second real tile near.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from okey.hand.columns import NO_SETS, ColumnOption, column, column_choices, stuck_tiles
from okey.hand.combinations import GroupKind
from okey.hand.melds import Meld, OpeningRules, number_at, run_face, set_meld
from okey.hand.rows import POW3
from okey.hand.runvalue import (
    NEG,
    ROW_VALUES,
    Values,
    places_of,
    row_plan,
    row_values,
    row_values_using,
)

# _spares: the classic solver's "tiles not used, in the hand's order" (one helper for both).
from okey.hand.solver import _spares, hand_counts, row_keys
from okey.tiles import FALSE_JOKER_CODE, Tile, is_okey, stand_in

DEFAULT_RULES: Final = OpeningRules()

# A choice of sets: okeys in them, their value, each colour's row left, whether the tile
# that must be laid is in a set, the numbers of its two highest sets of three (0: none),
# and the options taken (number index, option).
State = tuple[int, int, int, int, int, int, bool, int, int, tuple[tuple[int, ColumnOption], ...]]


def _rows_split(rows: Sequence[Values], budget: int) -> list[int]:
    """The okeys each of four rows takes for their most value with ``budget`` okeys (0..2)."""
    split = [0, 0, 0, 0]
    if budget:
        gains = sorted(((row[1] - row[0], c) for c, row in enumerate(rows)), reverse=True)
        (first, a), (second, b) = gains[0], gains[1]
        split[a] = 1
        if budget == 2:
            double, c = max((row[2] - row[0], c) for c, row in enumerate(rows))
            if double > first + second:
                split[a], split[c] = 0, 2
            else:
                split[b] = 1
    return split


def _rows_value(r0: Values, r1: Values, r2: Values, r3: Values, budget: int) -> int:
    """Most value of four rows sharing ``budget`` okeys (0..2), without a split."""
    base = r0[0] + r1[0] + r2[0] + r3[0]
    if budget == 0:
        return base
    d0, d1, d2, d3 = r0[1] - r0[0], r1[1] - r1[0], r2[1] - r2[0], r3[1] - r3[0]
    if budget == 1:
        return base + max(d0, d1, d2, d3)
    a, b = sorted((d0, d1, d2, d3))[2:]
    return base + max(a + b, r0[2] - r0[0], r1[2] - r1[0], r2[2] - r2[0], r3[2] - r3[0])


def _with_added(r0: Values, r1: Values, r2: Values, r3: Values, budget: int, high: int,
                second: int) -> tuple[int, int]:  # fmt: skip
    """Most value of the rows and of okeys added to sets of three (the highest numbers
    ``high`` and ``second``, 0 for none), and how many okeys are added."""
    best = _rows_value(r0, r1, r2, r3, budget)
    added = 0
    if budget and high:
        with_one = _rows_value(r0, r1, r2, r3, budget - 1) + high
        if with_one > best:
            best, added = with_one, 1
        if budget == 2 and second and high + second + r0[0] + r1[0] + r2[0] + r3[0] > best:
            best, added = high + second + r0[0] + r1[0] + r2[0] + r3[0], 2
    return best, added


def _states(
    counts: Sequence[int], set_okeys: int, row_okeys: int, must: int | None, wrap: bool
) -> list[State]:
    """Every choice of sets (no set of four holding an okey) with exactly ``set_okeys``
    okeys worth trying when the rows have ``row_okeys`` okeys."""
    stuck = stuck_tiles(counts, row_okeys, wrap)
    k0, k1, k2, k3 = row_keys(counts)
    states: list[State] = [(0, 0, k0, k1, k2, k3, False, 0, 0, ())]
    for n0 in range(13):
        choices = column_choices(column(counts, n0), stuck[n0], base=True)
        if len(choices) == 1:
            continue
        p = POW3[n0]
        number = n0 + 1
        grown: list[State] = []
        for option in choices:
            okeys, (u0, u1, u2, u3) = option.okeys, option.used
            if okeys > set_okeys:
                continue
            if option is NO_SETS:
                grown += states
                continue
            value = number * option.tiles
            meets = must is not None and must % 13 == n0 and option.used[must // 13] > 0
            step = ((n0, option),)
            threes = option.threes
            grown += [
                (j + okeys, v + value, a - u0 * p, b - u1 * p, c - u2 * p, d - u3 * p, m or meets,
                 (number if threes else h), (number if threes > 1 else h if threes else g),
                 t + step)
                for j, v, a, b, c, d, m, h, g, t in states
                if j + okeys <= set_okeys
            ]  # fmt: skip
        states = grown
    return [state for state in states if state[0] == set_okeys]


def _rows_of(state: State, must: int | None, wrap: bool) -> list[Values]:
    """Each row's best values (the row holding the tile that must be laid, laying it)."""
    _, _, k0, k1, k2, k3, meets, *_ = state
    rows = []
    for colour, key in enumerate((k0, k1, k2, k3)):
        if must is not None and not meets and must // 13 == colour:
            rows.append(row_values_using(key, wrap, must % 13 + 1))
        else:
            rows.append(row_values(key, wrap))
    return rows


@dataclass(frozen=True, slots=True)
class _Found:
    """The search's best: its value, its choice of sets, and a lone run (face code) if any."""

    value: int
    state: State | None
    lone: int | None = None


def _search(counts: list[int], jokers: int, must: int | None, wrap: bool) -> _Found:
    """The best laying, trying the choices of sets for each count of okeys in them."""
    best = _Found(NEG, None)
    rows = ROW_VALUES[wrap]
    for set_okeys in range(jokers + 1):
        budget = jokers - set_okeys
        for state in _states(counts, set_okeys, budget, must, wrap):
            _, value, k0, k1, k2, k3, meets, high, second, _ = state
            if must is None or meets:
                r0, r1, r2, r3 = rows[k0], rows[k1], rows[k2], rows[k3]
            else:
                r0, r1, r2, r3 = _rows_of(state, must, wrap)
            total = value + _with_added(r0, r1, r2, r3, budget, high, second)[0]
            if total > best.value:
                best = _Found(total, state)
    if jokers == 2:
        best = _lone_runs(counts, must, wrap, best)
    return best


def lone_run_value(code: int, wrap: bool) -> tuple[int, int]:
    """The best run of one real tile and two okeys: its value and first place."""
    n0 = code % 13
    places = [n0 + 1] + ([14] if wrap and n0 == 0 else [])
    top = 14 if wrap else 13
    return max(
        (sum(number_at(q) for q in range(low, low + 3)), low)
        for place in places
        for low in range(max(1, place - 2), min(place, top - 2) + 1)
    )


def _lone_runs(counts: list[int], must: int | None, wrap: bool, best: _Found) -> _Found:
    """The best laying with a run of one real tile and both okeys, if better than ``best``.

    The rest has no okeys, and is worth no more than the whole hand without
    okeys: that bound skips most tiles.
    """
    without = _search(counts, 0, None, wrap).value
    runs = sorted(
        ((lone_run_value(code, wrap)[0], code) for code in range(52) if counts[code]),
        reverse=True,
    )
    for value, code in runs:
        if value + without <= best.value:
            break
        counts[code] -= 1
        rest = _search(counts, 0, None if must == code else must, wrap)
        counts[code] += 1
        if rest.value >= 0 and value + rest.value > best.value:
            best = _Found(value + rest.value, rest.state, code)
    return best


_RECENT: dict[tuple[tuple[int, ...], int, int | None, bool], _Found] = {}
_RECENT_MOST: Final = 4


def _searched(counts: list[int], jokers: int, must: int | None, wrap: bool) -> _Found:
    """:func:`_search` of a hand, remembered for the last few hands: a hand's best opening
    and then its value (``okey hand``'s opening, then finishing's may-it-open test) search
    once."""
    key = (tuple(counts), jokers, must, wrap)
    found = _RECENT.get(key)
    if found is None:
        found = _search(counts, jokers, must, wrap)
        if len(_RECENT) >= _RECENT_MOST:
            del _RECENT[next(iter(_RECENT))]  # the oldest
        _RECENT[key] = found
    return found


def clear_caches() -> None:
    """Forget the searches remembered (for benchmarks measuring a cold start)."""
    _RECENT.clear()


def _must_code(must_use: Tile | None, okey: Tile) -> tuple[int | None, bool]:
    """The face code of a tile that must be laid (None for none or an okey), and okey-ness."""
    if must_use is None:
        return None, False
    if is_okey(must_use, okey):
        return None, True
    return stand_in(must_use, okey).code, False


def best_opening_value(
    hand: Sequence[Tile],
    okey: Tile,
    rules: OpeningRules = DEFAULT_RULES,
    must_use: Tile | None = None,
) -> int | None:
    """The most value of runs and sets laid from the hand (None: ``must_use`` cannot be laid).

    ``must_use``: a tile of the hand that must be in the laying (a taken discard).
    """
    counts, jokers = hand_counts(hand, okey)
    must, must_okey = _must_code(must_use, okey)
    found = _searched(counts, jokers, must, rules.wrap_runs)
    if found.value < 0 or (found.value == 0 and must_okey):
        return None
    return found.value


@dataclass(frozen=True, slots=True)
class Opening:
    """A laying of runs and sets, its value, the tiles left in hand, and whether it opens."""

    melds: tuple[Meld, ...]
    value: int
    left: tuple[Tile, ...]
    reaches: bool


def best_opening(
    hand: Sequence[Tile],
    okey: Tile,
    rules: OpeningRules = DEFAULT_RULES,
    must_use: Tile | None = None,
) -> Opening | None:
    """The runs and sets of most value the hand can lay (None: ``must_use`` cannot be laid).

    ``reaches``: something is laid, worth at least ``rules.threshold``. An okey that must be
    laid takes the place of the laying's lowest tile when the best laying has
    none (the same value).
    """
    counts, jokers = hand_counts(hand, okey)
    must, must_okey = _must_code(must_use, okey)
    found = _searched(counts, jokers, must, rules.wrap_runs)
    if found.state is None or found.value < 0 or (found.value == 0 and must_okey):
        return None
    melds, left = _build(hand, okey, rules, found, jokers, must)
    if must_okey and not any(is_okey(t, okey) for meld in melds for t in meld.tiles):
        melds = _okey_for_lowest(melds, okey)
        left = _spares(hand, [tile for meld in melds for tile in meld.tiles])
    return Opening(tuple(melds), found.value, left, bool(melds) and found.value >= rules.threshold)


def _build(
    hand: Sequence[Tile],
    okey: Tile,
    rules: OpeningRules,
    found: _Found,
    jokers: int,
    must: int | None,
) -> tuple[list[Meld], tuple[Tile, ...]]:
    """The melds of the search's best, and the tiles left in hand (in the hand's order)."""
    assert found.state is not None
    set_okeys, _, k0, k1, k2, k3, meets, high, second, chosen = found.state
    wrap = rules.wrap_runs
    pools: dict[int, list[Tile]] = {}
    wild: list[Tile] = []
    for tile in hand:
        code = tile.code
        if code == okey.code:
            wild.append(tile)
        else:
            pools.setdefault(okey.code if code == FALSE_JOKER_CODE else code, []).append(tile)
    melds: list[Meld] = []
    budget = jokers - set_okeys
    if found.lone is not None:
        _, low = lone_run_value(found.lone, wrap)
        faces = [run_face(found.lone // 13, place) for place in range(low, low + 3)]
        tiles = [pools[f.code].pop() if f.code == found.lone else wild.pop() for f in faces]
        melds.append(Meld(GroupKind.RUN, tuple(tiles), tuple(faces)))
        if must == found.lone:
            must = None
        budget = 0
    rows = _rows_of(found.state, must, wrap)
    added = _with_added(rows[0], rows[1], rows[2], rows[3], budget, high, second)[1]
    budget -= added
    sets: list[list[Tile]] = []
    for n0, option in sorted(chosen, key=lambda step: -step[0]):
        for mask, okeys in option.sets:
            tiles = [pools[c * 13 + n0].pop() for c in range(4) if mask >> c & 1]
            tiles += [wild.pop() for _ in range(okeys)]
            if len(tiles) == 3 and added:  # the highest sets of three come first
                tiles.append(wild.pop())
                added -= 1
            sets.append(tiles)
    for tiles in sets:
        meld = set_meld(tiles, okey)
        assert meld is not None
        melds.append(meld)
    split = _rows_split(rows, budget)
    for colour, key in enumerate((k0, k1, k2, k3)):
        row = rows[colour]
        okeys = split[colour]
        while okeys and row[okeys - 1] == row[okeys]:
            okeys -= 1  # the same value with fewer okeys
        places = 0
        if must is not None and not meets and must // 13 == colour:
            places = places_of(must % 13 + 1, wrap)
        if not row[okeys] and not places:
            continue  # no runs in this colour
        for start, cells in row_plan(key, wrap, okeys, row[okeys], places):
            faces = [run_face(colour, start + i + 1) for i in range(len(cells))]
            tiles = [
                pools[face.code].pop() if real else wild.pop()
                for face, real in zip(faces, cells, strict=True)
            ]
            melds.append(Meld(GroupKind.RUN, tuple(tiles), tuple(faces)))
    # Left: the tiles still in the pools, which are the first of their face in the hand.
    unused = {code: len(pool) for code, pool in pools.items()}
    unused[-1] = len(wild)
    left = []
    for tile in hand:
        code = -1 if tile.code == okey.code else tile.code
        if code == FALSE_JOKER_CODE:
            code = okey.code
        if unused.get(code):
            unused[code] -= 1
            left.append(tile)
    return melds, tuple(left)


def _okey_for_lowest(melds: list[Meld], okey: Tile) -> list[Meld]:
    """The same laying with an okey in place of its lowest real tile (same value)."""
    index, position = min(
        ((m, i) for m, meld in enumerate(melds) for i in range(len(meld.tiles))),
        key=lambda at: (melds[at[0]].faces[at[1]].number, at),
    )
    meld = melds[index]
    tiles = list(meld.tiles)
    tiles[position] = okey
    if meld.kind is GroupKind.SET:
        rebuilt = set_meld(tiles, okey)
        assert rebuilt is not None
        replaced = rebuilt
    else:
        replaced = Meld(meld.kind, tuple(tiles), meld.faces)
    return [replaced if m == index else other for m, other in enumerate(melds)]
