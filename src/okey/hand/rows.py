"""Runs within one colour: the fewest okeys (gaps) a row of tiles needs.

A row is the count (0..2) of each number 1..13 of one colour, packed as a
base-3 integer (number ``n`` is digit ``n - 1``). Inside, a row is laid out
on 14 positions: 1..13 and a 14th for a 1 that ends a run after 13, packed
the same way (position ``p`` is digit ``p``).

A run is a stretch of 3..13 positions; each position holds a real tile or a
gap (a wild tile). The row costs are the fewest gaps that put every tile of
the row into runs (``row_cost``), and the same when exactly ``d`` tiles are
left out (``row_front``), and the least ``d + 2 * front[d]`` (``row_bounds``,
which the solver's deficiency uses to skip choices of sets). All are
memoised: a game meets few distinct rows.

Two facts keep the search small. The lowest tile always starts its run
(padding a short run costs the same before or after it). A run takes the
real tile wherever one is free: swapping a gap for a real tile used
elsewhere never costs more.
"""

from __future__ import annotations

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
_row_cost: dict[int, int] = {}
_row_front: dict[int, Front] = {}
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


def row_cost(key: int) -> int:
    """Fewest gaps that put every tile of a packed row into runs."""
    cached = _row_cost.get(key)
    if cached is None:
        cached = remember(_row_cost, key, min(layout_cost(v) for v in layouts(key)))
    return cached


def row_front(key: int) -> Front:
    """The packed row's front: fewest gaps with exactly ``d`` tiles left out."""
    cached = _row_front.get(key)
    if cached is None:
        fronts = [layout_front(v) for v in layouts(key)]
        front = fronts[0] if len(fronts) == 1 else tuple(map(min, *fronts))
        cached = remember(_row_front, key, front)
    return cached


_row_tradeoffs: dict[int, tuple[tuple[int, int], ...]] = {}


def row_tradeoffs(key: int) -> tuple[tuple[int, int], ...]:
    """The row's useful (tiles left out ``d``, ``front[d] - d``) pairs, by ``d``.

    A hand's exchanges grow with ``d`` while the gaps still to fill, less
    ``d``, must fit a budget; so only entries where ``front[d] - d`` falls below
    every smaller ``d`` matter.
    """
    cached = _row_tradeoffs.get(key)
    if cached is None:
        useful = []
        lowest = INFINITY
        for d, gaps in enumerate(row_front(key)):
            if gaps - d < lowest:
                lowest = gaps - d
                useful.append((d, lowest))
        cached = remember(_row_tradeoffs, key, tuple(useful))
    return cached


_bound_memo: dict[int, int] = {}


def _layout_bound(v: int) -> int:
    """Least ``drops + 2 * gaps`` of a layout packed base 3 (position ``p`` as digit ``p``).

    The same search as :func:`layout_front`, on one number: the lowest tile is
    left out or starts a run.
    """
    if not v:
        return 0
    while not v % 3:
        v //= 3
    cached = _bound_memo.get(v)
    if cached is not None:
        return cached
    w = v - 1
    best = 1 + _layout_bound(w)
    gaps = 0
    for q in range(13):
        if q:
            if w // POW3[q] % 3:
                w -= POW3[q]
            else:
                gaps += 1
                if 2 * gaps >= best:
                    break
        cost = 2 * (gaps + 2 - q) if q < 2 else 2 * gaps
        if cost < best:
            cost += _layout_bound(w)
            if cost < best:
                best = cost
    return remember(_bound_memo, v, best)


class _RowBounds(dict[int, int]):
    """``bounds[key]``: a row's least ``d + 2 * front[d]``, computed when first asked.

    Three times a hand's drops is at least its set gaps and rows' gaps counted
    twice, plus its drops, less twice the room (see :mod:`okey.hand.solver`); this is
    the rows' share of that bound. A dict whose misses fill it keeps a hit a
    single lookup.
    """

    def __missing__(self, key: int) -> int:
        bound = min(_layout_bound(layout) for layout in layouts(key))
        return remember(self, key, bound)


row_bounds: Final = _RowBounds()


def clear_caches() -> None:
    """Forget every memoised row result (for benchmarks measuring a cold start)."""
    _cost_memo.clear()
    _front_memo.clear()
    _row_cost.clear()
    _row_front.clear()
    _row_tradeoffs.clear()
    _bound_memo.clear()
    row_bounds.clear()


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
