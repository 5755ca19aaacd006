"""Runs within one colour: the fewest okeys (gaps) a row of tiles needs.

A row is the count (0..2) of each number 1..13 of one colour, packed as a
base-3 integer (number ``n`` is digit ``n - 1``). Inside, a row is laid out
on 14 positions: 1..13 and a 14th for a 1 that ends a run after 13, packed
the same way (position ``p`` is digit ``p``).

A run is a stretch of 3..13 positions; each position holds a real tile or a
gap (a wild tile). The row costs are the fewest gaps that put every tile of
the row into runs (``row_cost``), and the same when exactly ``d`` tiles are
left out (``row_front``). All are memoised: a game meets few distinct rows.

For the deficiency, a row is also a table (``row_keeps``): for each number of
places ``s`` (0..14, gaps included), the most of its tiles runs of ``s`` places
hold. Tables are shared by id (few are distinct), and the tables of rows, or of
parts of a hand, add up (``keeps_sum``, memoised by pairs of ids). A row's table
is the sum of its parts between four empty positions or more.

Two facts keep the search small. The lowest tile always starts its run
(padding a short run costs the same before or after it). A run takes the
real tile wherever one is free: swapping a gap for a real tile used
elsewhere never costs more.
"""

from __future__ import annotations

from functools import cache
from itertools import accumulate
from typing import Final, TypeVar

POW3: Final = tuple(3**i for i in range(14))
INFINITY: Final = 99
CACHE_LIMIT: Final = 50_000  # distinct rows remembered before the memos are emptied

Layout = int  # a row on 14 positions, packed base 3 (position p as digit p)
Front = tuple[int, ...]
K = TypeVar("K")
V = TypeVar("V")


def remember(memo: dict[K, V], key: K, value: V, limit: int = CACHE_LIMIT) -> V:
    """Store ``value`` in ``memo`` (emptied first once it holds ``limit`` entries)."""
    if len(memo) >= limit:
        memo.clear()
    memo[key] = value
    return value


_cost_memo: dict[Layout, int] = {}
_front_memo: dict[Layout, Front] = {}
_HIGH_ONE: Final = POW3[13] - 1  # added to a layout, moves a 1 from position 0 to 13


def row_digits(key: int) -> list[int]:
    digits = []
    for _ in range(13):
        key, digit = divmod(key, 3)
        digits.append(digit)
    return digits


def layouts(key: int) -> list[Layout]:
    """Every way to lay a row out on 14 positions (each 1 low or high)."""
    return [key + high * _HIGH_ONE for high in range(key % 3 + 1)]


def _lowest(v: Layout) -> int:
    """The first occupied position of a non-empty layout.

    A layout's costs do not change when it moves down to start at position 0 (a
    run past the highest tile only adds gaps), so the memos hold layouts moved
    down, and the searches start their run at position 0 for up to 13 positions.
    """
    p = 0
    while not v // POW3[p] % 3:
        p += 1
    return p


def layout_cost(v: Layout) -> int:
    """Fewest gaps that put every tile of a 14-position layout into runs."""
    if not v:
        return 0
    while not v % 3:
        v //= 3
    cached = _cost_memo.get(v)
    if cached is not None:
        return cached
    w = v - 1
    best = INFINITY
    gaps = 0
    for q in range(13):
        if q:
            if w // POW3[q] % 3:
                w -= POW3[q]
            else:
                gaps += 1
                if gaps >= best:
                    break
        cost = gaps + (2 - q if q < 2 else 0)
        if cost < best:
            cost += layout_cost(w)
            if cost < best:
                best = cost
    return remember(_cost_memo, v, best)


def layout_front(v: Layout) -> Front:
    """``front[d]``: fewest gaps when exactly ``d`` tiles are left out of runs."""
    if not v:
        return (0,)
    while not v % 3:
        v //= 3
    cached = _front_memo.get(v)
    if cached is not None:
        return cached
    w = v - 1
    best = [INFINITY, *layout_front(w)]
    gaps = 0
    worst = INFINITY
    for q in range(13):
        if q:
            if w // POW3[q] % 3:
                w -= POW3[q]
            else:
                gaps += 1
                if gaps >= worst:
                    break
        cost = gaps + (2 - q if q < 2 else 0)
        for d, gaps_left in enumerate(layout_front(w)):
            if cost + gaps_left < best[d]:
                best[d] = cost + gaps_left
        worst = max(best)
    return remember(_front_memo, v, tuple(best))


class _RowCosts(dict[int, int]):
    """``row_costs[key]``: :func:`row_cost`, as a dict whose misses fill it (a hit is
    a single lookup)."""

    def __missing__(self, key: int) -> int:
        return remember(self, key, min(layout_cost(v) for v in layouts(key)))


class _RowFronts(dict[int, Front]):
    """``row_fronts[key]``: :func:`row_front`, as a dict whose misses fill it."""

    def __missing__(self, key: int) -> Front:
        fronts = [layout_front(v) for v in layouts(key)]
        front = fronts[0] if len(fronts) == 1 else tuple(map(min, *fronts))
        return remember(self, key, front)


row_costs: Final = _RowCosts()
row_fronts: Final = _RowFronts()


def row_cost(key: int) -> int:
    """Fewest gaps that put every tile of a packed row into runs."""
    return row_costs[key]


def row_front(key: int) -> Front:
    """The packed row's front: fewest gaps with exactly ``d`` tiles left out."""
    return row_fronts[key]


class _RowTradeoffs(dict[int, tuple[tuple[int, int], ...]]):
    """``_row_tradeoffs[key]``: :func:`row_tradeoffs`, as a dict whose misses fill it."""

    def __missing__(self, key: int) -> tuple[tuple[int, int], ...]:
        useful = []
        lowest = INFINITY
        for d, gaps in enumerate(row_fronts[key]):
            if gaps - d < lowest:
                lowest = gaps - d
                useful.append((d, lowest))
        return remember(self, key, tuple(useful))


_row_tradeoffs: Final = _RowTradeoffs()


def row_tradeoffs(key: int) -> tuple[tuple[int, int], ...]:
    """The row's useful (tiles left out ``d``, ``front[d] - d``) pairs, by ``d``.

    A hand's exchanges grow with ``d`` while the gaps still to fill, less
    ``d``, must fit a budget; so only entries where ``front[d] - d`` falls below
    every smaller ``d`` matter.
    """
    return _row_tradeoffs[key]


# What runs of a row can hold in a hand of 14 tiles, as tables shared by id: a game, and
# even random hands, meet few distinct ones, so their sums are memoised by pairs of ids.
SIZE: Final = 14  # the tiles of a finished hand: its groups' places, gaps included
Keeps = tuple[int, ...]  # keeps[s]: the most real tiles held in groups of s places or fewer

Steps = tuple[tuple[int, int], ...]  # (places, tiles) where a table grows, places rising
# Ids of tables are paired in 20 bits each (a sum's key); far more than a game meets (a
# few hundred distinct tables), and the solver empties the memos before reaching it.
KEEPS_LIMIT: Final = (1 << 20) - 10_000

_keeps_ids: dict[Keeps, int] = {}
_keeps: list[Keeps] = []  # by id
_steps: list[Steps] = []  # by id


def _keeps_id(keeps: Keeps) -> int:
    found = _keeps_ids.get(keeps)
    if found is None:
        found = _keeps_ids[keeps] = len(_keeps)
        _keeps.append(keeps)
        _steps.append(tuple((s, keeps[s]) for s in range(1, SIZE + 1) if keeps[s] > keeps[s - 1]))
    return found


def keeps_tables() -> list[Keeps]:
    """The tables behind the ids of :data:`row_keeps` and :data:`keeps_sum`, by id."""
    return _keeps


def keeps_steps() -> list[Steps]:
    """Where each table grows, by id: (places, tiles), places rising."""
    return _steps


def _front_keeps(front: Front) -> Keeps:
    """A table from a front: leaving ``d`` of its ``n`` tiles out, runs hold ``n - d``
    tiles in ``front[d] + n - d`` places."""
    n = len(front) - 1
    most = [0] * (SIZE + 1)
    for d, gaps in enumerate(front):
        places = gaps + n - d
        if places <= SIZE and n - d > most[places]:
            most[places] = n - d
    for places in range(1, SIZE + 1):
        if most[places] < most[places - 1]:
            most[places] = most[places - 1]
    return tuple(most)


def _sum(a: int, b: int) -> Keeps:
    """The tables of ids ``a`` and ``b`` together (max-plus, up to 14 places): only
    where both grow can they add up to more."""
    both = list(_keeps[b])
    steps_b = _steps[b]
    for t, gain in _steps[a]:
        if gain > both[t]:
            both[t] = gain
        for u, kept in steps_b:
            places = t + u
            if places > SIZE:
                break
            if gain + kept > both[places]:
                both[places] = gain + kept
    return tuple(accumulate(both, max))


def row_keeps_slowly(key: int) -> Keeps:
    """The row's table straight from its front (what :data:`row_keeps` finds by parts)."""
    return _front_keeps(row_front(key))


class _BlockKeeps(dict[int, int]):
    """``block_keeps[v]``: the id of the table of a layout moved down to position 0."""

    def __missing__(self, v: int) -> int:
        return remember(self, v, _keeps_id(_front_keeps(layout_front(v))))


_block_keeps: Final = _BlockKeeps()
_GAP: Final = 4  # empty positions that no run gains by bridging


@cache
def _held_parts() -> tuple[int, ...]:
    """The positions held (bit p) by each 7-digit part of a layout (built on first use,
    not at import)."""
    return tuple(sum(1 << p for p in range(7) if part // 3**p % 3) for part in range(3**7))


_HIGH_PART: Final = 3**7


def _blocks(held: int) -> tuple[tuple[int, int], ...]:
    """The parts of a layout holding positions ``held`` (bits) between stretches of
    four empty positions or more: (3**start, 3**end) of each, end past its last tile."""
    found = []
    start = -1
    last = -1
    for p in range(14):
        if held >> p & 1:
            if start < 0:
                start = p
            elif p - last > _GAP:
                found.append((3**start, 3 ** (last + 1)))
                start = p
            last = p
    if start >= 0:
        found.append((3**start, 3 ** (last + 1)))
    return tuple(found)


class _Blocks(dict[int, tuple[tuple[int, int], ...]]):
    def __missing__(self, held: int) -> tuple[tuple[int, int], ...]:
        found = self[held] = _blocks(held)
        return found


_blocks_of: Final = _Blocks()  # at most 2**14 entries


def _layout_keeps(v: Layout) -> int:
    """The id of a layout's table, summed over its blocks.

    A run across four empty positions or more is never better than its two parts
    (each padded to three places if short), so the layout's parts between such
    stretches are tables of their own, summed; a game meets few distinct parts.
    """
    held = _held_parts()
    parts = _blocks_of[held[v % _HIGH_PART] | held[v // _HIGH_PART] << 7]
    if not parts:
        return _keeps_id((0,) * (SIZE + 1))
    blocks = _block_keeps
    low, high = parts[0]
    found = blocks[v % high // low]
    if len(parts) > 1:
        sums = keeps_sum
        for low, high in parts[1:]:
            found = sums[found << 20 | blocks[v % high // low]]
    return found


class _RowKeeps(dict[int, int]):
    """``row_keeps[key]``: the id of the row's table, for each number of places ``s``
    (0..14) the most of its tiles that runs of ``s`` places in all (gaps included)
    hold. A dict whose misses fill it keeps a hit a single lookup."""

    def __missing__(self, key: int) -> int:
        if key % 3 == 0 or key < POW3[9]:
            # No 1, or nothing from 10 up: a 1 after 13 would be alone there, where a
            # run holds it no better than it does below 2.
            return remember(self, key, _layout_keeps(key))
        tables = [_keeps[_layout_keeps(v)] for v in layouts(key)]
        return remember(self, key, _keeps_id(tuple(map(max, *tables))))


class _KeepsSum(dict[int, int]):
    """``keeps_sum[a << 20 | b]``: the id of the sum of the tables of ids ``a`` and ``b``."""

    def __missing__(self, key: int) -> int:
        a, b = key >> 20, key & 0xFFFFF
        found = _keeps_id(_sum(a, b))
        if len(self) >= CACHE_LIMIT:
            self.clear()
        self[b << 20 | a] = found  # the same sum, asked the other way round
        self[key] = found
        return found


class _KeepsTotal(dict[int, Keeps]):
    """``keeps_total[a << 20 | b]``: the sum of the tables of ids ``a`` and ``b`` (a
    hand's last sum, kept as a table)."""

    def __missing__(self, key: int) -> Keeps:
        return remember(self, key, _sum(key >> 20, key & 0xFFFFF))


row_keeps: Final = _RowKeeps()
keeps_sum: Final = _KeepsSum()
keeps_total: Final = _KeepsTotal()


def clear_caches() -> None:
    """Forget every memoised row result (for benchmarks measuring a cold start)."""
    _cost_memo.clear()
    _front_memo.clear()
    row_costs.clear()
    row_fronts.clear()
    _row_tradeoffs.clear()
    row_keeps.clear()
    _block_keeps.clear()
    keeps_sum.clear()
    keeps_total.clear()
    _keeps_ids.clear()
    _keeps.clear()
    _steps.clear()
    _blocks_of.clear()


def _pad_run(start: int, cells: list[bool]) -> tuple[int, list[bool]]:
    """Pad a run shorter than 3 with gaps after it, or before it near the top."""
    missing = 3 - len(cells)
    if missing <= 0:
        return start, cells
    end = start + len(cells) - 1
    if end + missing <= 13:
        return start, cells + [False] * missing
    return start - missing, [False] * missing + cells


def _layout_plan(
    v: Layout, drops: int, target: int
) -> tuple[list[tuple[int, list[bool]]], list[int]] | None:
    """Runs (start position, real/gap cells) and left-out positions reaching ``target``."""
    if not v:
        return ([], []) if target == 0 else None
    p = _lowest(v)
    w = v - POW3[p]
    if drops > 0:
        front = layout_front(w)
        if front[drops - 1] == target:
            plan = _layout_plan(w, drops - 1, target)
            if plan is not None:
                plan[1].append(p)
                return plan
    gaps = 0
    cells = [True]
    for q in range(p, min(p + 12, 13) + 1):
        if q > p:
            if w // POW3[q] % 3:
                w -= POW3[q]
                cells.append(True)
            else:
                gaps += 1
                cells.append(False)
        length = q - p + 1
        cost = gaps + (3 - length if length < 3 else 0)
        if cost > target:
            if gaps > target:
                break
            continue
        front = layout_front(w)
        if drops < len(front) and cost + front[drops] == target:
            plan = _layout_plan(w, drops, target - cost)
            if plan is not None:
                plan[0].append(_pad_run(p, list(cells)))
                return plan
    return None


def row_plan(key: int, drops: int) -> tuple[list[tuple[int, list[bool]]], list[int]]:
    """An arrangement leaving exactly ``drops`` tiles out at ``row_front(key)[drops]`` gaps.

    Returns runs as (first position 0..13, cells: True for a real tile, False for
    a gap) and the positions (0..13) of tiles left out; position 13 is a 1 after 13.
    """
    target = row_front(key)[drops]
    for v in layouts(key):
        if layout_front(v)[drops] == target:
            plan = _layout_plan(v, drops, target)
            if plan is not None:
                return plan
    raise AssertionError(f"no arrangement for row {key} with {drops} left out")
