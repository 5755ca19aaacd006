"""Runs within one colour for Okey 101: the most face value a row can lay.

A row is packed base 3 as in :mod:`okey.hand.rows` (number ``n`` as digit
``n - 1``). A layout puts it on places 0..13 (place ``p`` as digit ``p`` is
the number ``p + 1``; place 13 is a 1 after 13, used only when 12-13-1 is a
run), packed the same way. A run is a stretch of 3..13 places; each place
holds a real tile or a gap (an okey, worth the number of its place).

Every run holds a real tile (there are only two okeys), so a search that
takes the lowest tile left either leaves it out or starts a run with it
(okeys may pad up to two places below it) meets every laying. Inside a run a
place takes a real tile when one is left: if it took an okey instead, the
okey and that tile (left out or in a later run) can change places, for the
same value and no more okeys.

``row_values`` answers the best value with at most 0, 1 or 2 okeys;
``row_values_using`` the same when a tile at given places must be laid
(a taken discard); ``row_plan`` an arrangement reaching a value. The results
are memoised per layout (bounded by :func:`okey.hand.rows.remember`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from okey.hand.rows import POW3, remember

NUMBER_AT: Final = (*range(1, 14), 1)
NEG: Final = -1_000_000  # no laying meets the condition
MAX_GAPS: Final = 2
MAX_LENGTH: Final = 13
_HIGH_ONES: Final = POW3[13] - 1  # added to a layout, moves a 1 from place 0 to place 13

Values = tuple[int, int, int]  # best value with at most 0, 1, 2 okeys
ZERO: Final[Values] = (0, 0, 0)
NONE: Final[Values] = (NEG, NEG, NEG)
# A run found by the search: first place, last place, gap places (a bit mask), value, and
# the layout left once its real tiles are taken.
Run = tuple[int, int, int, int, int]


def top_place(wrap: bool) -> int:
    """The highest place a run may reach: 13 (a 1 after 13) only when 12-13-1 is a run."""
    return 13 if wrap else 12


def layouts(key: int, wrap: bool) -> list[int]:
    """Every way to put a packed row on places (each 1 low or, with ``wrap``, high)."""
    if not wrap:
        return [key]
    return [key + high * _HIGH_ONES for high in range(key % 3 + 1)]


def lowest(layout: int) -> int:
    """The first occupied place of a non-empty layout."""
    p = 0
    while not layout // POW3[p] % 3:
        p += 1
    return p


def runs_from_lowest(layout: int, top: int, greedy: bool = True) -> Iterator[Run]:
    """Every run whose lowest real tile is the layout's lowest tile.

    ``greedy``: a place takes a real tile whenever one is left (enough for the
    best value, see the module text); otherwise it may take an okey instead.
    """
    p = lowest(layout)
    rest = layout - POW3[p]
    for lead in range(MAX_GAPS + 1):
        start = p - lead
        if start < 0:
            break
        gaps = sum(1 << q for q in range(start, p))
        value = sum(NUMBER_AT[start : p + 1])
        yield from _extend(rest, start, p, top, gaps, lead, value, greedy)


def _extend(
    rest: int, start: int, end: int, top: int, gaps: int, count: int, value: int, greedy: bool
) -> Iterator[Run]:
    if end - start >= 2:
        yield start, end, gaps, value, rest
    if end == top or end - start + 1 == MAX_LENGTH:
        return
    q = end + 1
    value += NUMBER_AT[q]
    held = rest // POW3[q] % 3
    if held:
        yield from _extend(rest - POW3[q], start, q, top, gaps, count, value, greedy)
    if (not held or not greedy) and count < MAX_GAPS:
        yield from _extend(rest, start, q, top, gaps | 1 << q, count + 1, value, greedy)


def _best(values: list[int]) -> Values:
    """At most j okeys: each entry no worse than the one before."""
    v0 = values[0]
    v1 = max(v0, values[1])
    return v0, v1, max(v1, values[2])


_values_memo: tuple[dict[int, Values], dict[int, Values]] = ({}, {})


def layout_values(layout: int, top: int) -> Values:
    """Best value of runs from a layout with at most 0, 1, 2 okeys (tiles may stay out).

    The hot path of :mod:`okey.hand.opening`: :func:`runs_from_lowest` written out
    as loops (with ``greedy`` a run has no choice to make but where it ends).
    """
    if not layout:
        return ZERO
    memo = _values_memo[top - 12]
    cached = memo.get(layout)
    if cached is not None:
        return cached
    p = 0
    while not layout // POW3[p] % 3:
        p += 1
    rest0 = layout - POW3[p]
    b0, b1, b2 = layout_values(rest0, top)
    for lead in range(MAX_GAPS + 1):
        start = p - lead
        if start < 0:
            break
        gaps = lead
        value = sum(NUMBER_AT[start : p + 1])
        rest = rest0
        last = min(top, start + MAX_LENGTH - 1)
        q = p
        while True:
            if q - start >= 2:
                s0, s1, s2 = layout_values(rest, top)
                if gaps == 0:
                    b0 = max(b0, value + s0)
                    b1 = max(b1, value + s1)
                    b2 = max(b2, value + s2)
                elif gaps == 1:
                    b1 = max(b1, value + s0)
                    b2 = max(b2, value + s1)
                else:
                    b2 = max(b2, value + s0)
            if q == last:
                break
            q += 1
            value += NUMBER_AT[q]
            if rest // POW3[q] % 3:
                rest -= POW3[q]
            elif gaps < MAX_GAPS:
                gaps += 1
            else:
                break
    b1 = max(b0, b1)
    return remember(memo, layout, (b0, b1, max(b1, b2)))


class _RowValues(dict[int, Values]):
    """``values[key]``: a packed row's best values, computed when first asked.

    A dict whose misses fill it keeps a hit a single lookup (the search asks
    four rows for every choice of sets).
    """

    def __init__(self, wrap: bool) -> None:
        super().__init__()
        self.wrap = wrap

    def __missing__(self, key: int) -> Values:
        top = top_place(self.wrap)
        found = [layout_values(layout, top) for layout in layouts(key, self.wrap)]
        best = found[0] if len(found) == 1 else tuple(map(max, *found))
        return remember(self, key, (best[0], best[1], best[2]))


ROW_VALUES: Final = (_RowValues(wrap=False), _RowValues(wrap=True))


def row_values(key: int, wrap: bool) -> Values:
    """Best value of runs from a packed row with at most 0, 1, 2 okeys."""
    return ROW_VALUES[wrap][key]


_using_memo: dict[tuple[int, int, int], Values] = {}


def layout_values_using(layout: int, top: int, places: int) -> Values:
    """As :func:`layout_values`, when a real tile on one of ``places`` (a bit mask) is laid."""
    if not layout:
        return NONE
    key = (layout, top, places)
    cached = _using_memo.get(key)
    if cached is not None:
        return cached
    p = lowest(layout)
    best = list(layout_values_using(layout - POW3[p], top, places))
    for start, end, gaps, value, rest in runs_from_lowest(layout, top):
        used = gaps.bit_count()
        real = ((1 << (end + 1)) - (1 << start)) & ~gaps
        sub = layout_values(rest, top) if real & places else layout_values_using(rest, top, places)
        for j in range(used, MAX_GAPS + 1):
            total = value + sub[j - used]
            if total > best[j]:
                best[j] = total
    return remember(_using_memo, key, _best(best))


def places_of(number: int, wrap: bool) -> int:
    """The places (a bit mask) a tile of this number may take in a row."""
    if number == 1 and wrap:
        return 1 | 1 << 13
    return 1 << (number - 1)


def row_values_using(key: int, wrap: bool, number: int) -> Values:
    """Best value of runs from a packed row when a tile of ``number`` in it is laid."""
    top = top_place(wrap)
    places = places_of(number, wrap)
    found = [layout_values_using(layout, top, places) for layout in layouts(key, wrap)]
    best = found[0] if len(found) == 1 else tuple(map(max, *found))
    return best[0], best[1], best[2]


# A planned run: first place and, for each place, True for a real tile, False for an okey.
PlannedRun = tuple[int, tuple[bool, ...]]


def row_plan(key: int, wrap: bool, okeys: int, target: int, places: int = 0) -> list[PlannedRun]:
    """Runs from a packed row worth ``target`` with at most ``okeys`` okeys.

    ``places``: a real tile on one of these places (a bit mask) must be laid;
    ``target`` must be the matching ``row_values``/``row_values_using`` entry.
    """
    top = top_place(wrap)
    for layout in layouts(key, wrap):
        plan = _layout_plan(layout, top, okeys, target, places)
        if plan is not None:
            return plan
    raise AssertionError(f"no runs worth {target} in row {key}")


def _value(layout: int, top: int, places: int) -> Values:
    return layout_values_using(layout, top, places) if places else layout_values(layout, top)


def _layout_plan(
    layout: int, top: int, okeys: int, target: int, places: int
) -> list[PlannedRun] | None:
    if _value(layout, top, places)[okeys] != target:
        return None
    if not layout:
        return []
    plan = _layout_plan(layout - POW3[lowest(layout)], top, okeys, target, places)
    if plan is not None:
        return plan
    for start, end, gaps, value, rest in runs_from_lowest(layout, top):
        used = gaps.bit_count()
        if used > okeys:
            continue
        real = ((1 << (end + 1)) - (1 << start)) & ~gaps
        left = places if places and not real & places else 0
        plan = _layout_plan(rest, top, okeys - used, target - value, left)
        if plan is not None:
            cells = tuple(not gaps >> q & 1 for q in range(start, end + 1))
            return [(start, cells), *plan]
    return None


def clear_caches() -> None:
    """Forget every memoised row value (for benchmarks measuring a cold start)."""
    for memo in (*_values_memo, *ROW_VALUES):
        memo.clear()
    _using_memo.clear()
