"""Laying every tile but at most one in new runs and sets: the new combinations of a finish.

As in :mod:`okey.hand.opening`, sets are chosen number by number and each
colour's leftover row is asked for runs, but here every real tile must be
laid except at most one (the discard), and the okeys laid are counted exactly.
A finish before opening must also reach the opening value; an okey taken back
from the table in that turn only comes after the opening, so a combination
holding one does not count toward it. The okeys are therefore of two kinds,
the hand's own and the taken-back ones; a usage counts both, the tiles left
out, and whether a tile that must be laid (a taken discard) is in a
combination that counts toward the opening.

A profile maps each usage to the best opening value reachable with it. Inside
a run a place takes a real tile whenever one is left (``greedy``): the okey
it would take instead can swap with that tile for the same value, unless the
okey's kind matters; then every choice is tried.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import product
from typing import Final

from okey.hand.columns import ColumnOption, column, column_options, stuck_tiles
from okey.hand.rows import POW3, remember
from okey.hand.runvalue import MAX_GAPS, layouts, lowest, places_of, runs_from_lowest, top_place
from okey.hand.solver import row_keys

# Own okeys laid, taken-back okeys laid, real tiles left out, 1 when the tile that must
# be laid is in a combination counting toward the opening.
Usage = tuple[int, int, int, int]
Profile = dict[Usage, int]  # best opening value by usage
EMPTY: Final[Profile] = {(0, 0, 0, 0): 0}
MAX_DROPS: Final = 1
NEED_OKEY: Final = -1  # ``need`` for an okey that must be laid (a taken okey discard)
_OKEY_BIT: Final = 1 << 14  # in a row's ``need`` mask: an own okey must be laid


def _add(profile: Profile, usage: Usage, value: int) -> None:
    if value > profile.get(usage, -1):
        profile[usage] = value


def merge(left: Profile, right: Profile, own: int, gained: int) -> Profile:
    """Both profiles together (usages added) within the okeys held and one tile left out."""
    merged: Profile = {}
    for (o1, g1, d1, m1), v1 in left.items():
        for (o2, g2, d2, m2), v2 in right.items():
            o, g, d = o1 + o2, g1 + g2, d1 + d2
            if o <= own and g <= gained and d <= MAX_DROPS:
                _add(merged, (o, g, d, m1 | m2), v1 + v2)
    return merged


def _splits(okeys: int, typed: bool) -> Iterator[tuple[int, int]]:
    """The ways ``okeys`` okeys are own or taken back: (own, taken back)."""
    for gained in range(okeys + 1 if typed else 1):
        yield okeys - gained, gained


def _meets(real: int, need: int, own: int, gained: int) -> int:
    """1 when a run (its real places, its okeys of each kind) lays what ``need`` asks for
    in a combination counting toward the opening."""
    if gained:
        return 0
    return int(bool(real & need) or (own > 0 and bool(need & _OKEY_BIT)))


_profile_memo: dict[tuple[int, int, int, bool], Profile] = {}


def layout_profile(layout: int, top: int, need: int, typed: bool) -> Profile:
    """The profile of laying every tile of a layout in runs but at most one.

    ``need``: places (a bit mask) of the tile that must be laid, and bit 14 when it
    is an own okey (a combination counts for it when it holds one). ``typed``:
    taken-back okeys may be laid (a run holding one is worth nothing toward
    the opening), and runs try every okey choice.
    """
    if not layout:
        return EMPTY
    key = (layout, top, need, typed)
    cached = _profile_memo.get(key)
    if cached is not None:
        return cached
    p = lowest(layout)
    profile: Profile = {}
    for (o, g, d, m), v in layout_profile(layout - POW3[p], top, need, typed).items():
        if d < MAX_DROPS:
            _add(profile, (o, g, d + 1, m), v)
    for start, end, gaps, value, rest in runs_from_lowest(layout, top, greedy=not typed):
        okeys = gaps.bit_count()
        real = ((1 << (end + 1)) - (1 << start)) & ~gaps
        sub = layout_profile(rest, top, need, typed)
        for own, gained in _splits(okeys, typed):
            worth = value if gained == 0 else 0
            meets = _meets(real, need, own, gained)
            for (o, g, d, m), v in sub.items():
                if o + own + g + gained <= MAX_GAPS:
                    _add(profile, (o + own, g + gained, d, m | meets), v + worth)
    return remember(_profile_memo, key, profile)


def row_profile(key: int, wrap: bool, need: int, typed: bool) -> Profile:
    """The profile of a packed row (each 1 low or, with ``wrap``, high)."""
    top = top_place(wrap)
    found = [layout_profile(layout, top, need, typed) for layout in layouts(key, wrap)]
    if len(found) == 1:
        return found[0]
    best: Profile = {}
    for profile in found:
        for usage, value in profile.items():
            _add(best, usage, value)
    return best


# A typing of a column option: own okeys, taken-back okeys, opening value, whether the
# tile that must be laid is in a set that counts, and the taken-back okeys of each set.
SetTyping = tuple[int, int, int, int, tuple[int, ...]]


_typings_memo: dict[tuple[ColumnOption, int, bool, int | None, bool], list[SetTyping]] = {}


def _set_typings(
    option: ColumnOption, number: int, typed: bool, need_colour: int | None, need_okey: bool
) -> list[SetTyping]:
    """The ways to type an option's okeys, the best of each (own, taken back, need met).

    A set holding a taken-back okey is worth nothing toward the opening.
    """
    key = (option, number, typed, need_colour, need_okey)
    cached = _typings_memo.get(key)
    if cached is None:
        cached = _typings_memo[key] = _type_sets(option, number, typed, need_colour, need_okey)
    return cached


def _type_sets(
    option: ColumnOption, number: int, typed: bool, need_colour: int | None, need_okey: bool
) -> list[SetTyping]:
    best: dict[tuple[int, int, int], SetTyping] = {}
    for held in product(*(range(k + 1 if typed else 1) for _, k in option.sets)):
        worth = 0
        meets = 0
        for (mask, okeys), gained in zip(option.sets, held, strict=True):
            if not gained:
                worth += number * (mask.bit_count() + okeys)
                if need_colour is not None and mask >> need_colour & 1:
                    meets = 1
                if need_okey and okeys:
                    meets = 1
        key = (option.okeys - sum(held), sum(held), meets)
        if key not in best or worth > best[key][2]:
            best[key] = (key[0], key[1], worth, meets, held)
    return list(best.values())


# A choice of sets: own and taken-back okeys in them, their opening value, whether the
# tile that must be laid is in one that counts, each colour's row left, and the options
# taken (number index, option, taken-back okeys of each set).
CoverState = tuple[
    int, int, int, int, tuple[int, ...], tuple[tuple[int, ColumnOption, tuple[int, ...]], ...]
]


def _states(
    counts: Sequence[int],
    own: int,
    gained: int,
    set_okeys: int,
    typed: bool,
    need: int | None,
    wrap: bool,
) -> list[CoverState]:
    """Every choice of sets holding exactly ``set_okeys`` okeys (of ``own`` and ``gained``),
    but those leaving two tiles no run can hold (one may be the discard). The runs have
    the okeys left; with two, any tile can be in a run."""
    okeys = set_okeys
    row_okeys = own + gained - set_okeys
    stuck = stuck_tiles(counts, row_okeys, wrap) if row_okeys < MAX_GAPS else [0] * 13
    # A choice as built: a CoverState and the stuck tiles it leaves out of sets.
    states: list[tuple[CoverState, int]] = [((0, 0, 0, 0, tuple(row_keys(counts)), ()), 0)]
    for n0 in range(13):
        options = column_options().get(column(counts, n0))
        if options is None:
            continue
        p = POW3[n0]
        need_colour = need // 13 if need is not None and need >= 0 and need % 13 == n0 else None
        stuck_here = [counts[c * 13 + n0] if stuck[n0] >> c & 1 else 0 for c in range(4)]
        grown = [(state, lost + sum(stuck_here)) for state, lost in states]
        for option in options:
            if option.okeys > okeys:
                break
            left = sum(max(0, s - u) for s, u in zip(stuck_here, option.used, strict=True))
            for o_set, g_set, worth, meets, held in _set_typings(
                option, n0 + 1, typed, need_colour, need == NEED_OKEY
            ):
                step = (n0, option, held)
                grown += [
                    (
                        (
                            o + o_set,
                            g + g_set,
                            v + worth,
                            m | meets,
                            tuple(k - u * p for k, u in zip(keys, option.used, strict=True)),
                            (*t, step),
                        ),
                        lost + left,
                    )
                    for (o, g, v, m, keys, t), lost in states
                    if o + o_set <= own
                    and g + g_set <= gained
                    and o + o_set + g + g_set <= okeys
                    and lost + left <= MAX_DROPS
                ]
        states = [(state, lost) for state, lost in grown if lost <= MAX_DROPS]
    return [state for state, _ in states if state[0] + state[1] == set_okeys]


@dataclass(frozen=True, slots=True)
class Cover:
    """A way to lay new combinations: the sets chosen, each row's usage, the total."""

    usage: Usage
    value: int
    sets: tuple[tuple[int, ColumnOption, tuple[int, ...]], ...]
    rows: tuple[tuple[int, int, Usage, int], ...]  # per colour: row key, need, usage, value
    typed: bool  # the search tried every okey choice (see ``row_cover_plan``)


def _needs(keys: Sequence[int], wrap: bool, need: int | None) -> list[int]:
    """Each colour's ``need`` mask for :func:`layout_profile` (0 for none)."""
    if need == NEED_OKEY:
        return [_OKEY_BIT] * len(keys)
    return [
        places_of(need % 13 + 1, wrap) if need is not None and need // 13 == colour else 0
        for colour in range(len(keys))
    ]


@dataclass(frozen=True, slots=True)
class Covers:
    """What the new combinations can lay: the best opening value for each usage, and the
    cover reaching it (built when asked)."""

    values: dict[Usage, int]
    states: dict[Usage, CoverState]
    wrap: bool
    need: int | None
    typed: bool

    def cover(self, usage: Usage) -> Cover:
        """The sets and each row's share of the best cover with this usage."""
        value = self.values[usage]
        o_sets, g_sets, worth, m_sets, keys, chosen = self.states[usage]
        needs = _needs(keys, self.wrap, self.need)
        profiles = [
            row_profile(key, self.wrap, places, self.typed)
            for key, places in zip(keys, needs, strict=True)
        ]
        for entries in product(*(profile.items() for profile in profiles)):
            o = o_sets + sum(u[0] for u, _ in entries)
            g = g_sets + sum(u[1] for u, _ in entries)
            d = sum(u[2] for u, _ in entries)
            m = m_sets | max(u[3] for u, _ in entries)
            if (o, g, d, m) == usage and worth + sum(v for _, v in entries) == value:
                rows = tuple(
                    (key, places, u, v)
                    for key, places, (u, v) in zip(keys, needs, entries, strict=True)
                )
                return Cover(usage, value, chosen, rows, self.typed)
        raise AssertionError("a cover's rows were not found again")


def _rows_held(counts: Sequence[int], wrap: bool) -> list[list[bool]]:
    """For each colour, whether the hand holds the tile of each place (1..13, 14: a 1 after
    13 with ``wrap``; place 0 is never held)."""
    top = 14 if wrap else 13
    return [
        [False] + [bool(counts[colour * 13 + (place - 1) % 13]) for place in range(1, top + 1)]
        for colour in range(4)
    ]


def _places(n0: int, wrap: bool) -> tuple[int, ...]:
    return (1, 14) if wrap and n0 == 0 else (n0 + 1,)


def _real_combination(counts: Sequence[int], held: list[list[bool]], code: int) -> bool:
    """True when a run or set of real tiles of the hand alone can hold tile ``code``."""
    colour, n0 = divmod(code, 13)
    if sum(1 for c in range(4) if counts[c * 13 + n0]) >= 3:
        return True
    row = held[colour]
    top = len(row) - 1
    for place in _places(n0, top == 14):
        for low in range(max(1, place - 2), min(place, top - 2) + 1):
            if row[low] and row[low + 1] and row[low + 2]:
                return True
    return False


def _apart(held: list[list[bool]], a: int, b: int, okeys: int) -> bool:
    """True when no combination can hold both tiles: two copies of a face, two faces
    of other colours and numbers, or of one colour with more empty places between
    them than ``okeys`` can fill."""
    if a == b:
        return True
    colour, n_a = divmod(a, 13)
    other, n_b = divmod(b, 13)
    if colour != other:
        return n_a != n_b
    row = held[colour]
    wrap = len(row) == 15
    for p in _places(n_a, wrap):
        for q in _places(n_b, wrap):
            low, high = min(p, q), max(p, q)
            if sum(1 for place in range(low + 1, high) if not row[place]) <= okeys:
                return False
    return True


def okey_bound(counts: Sequence[int], okeys: int, wrap: bool) -> int:
    """The fewest okeys a cover of the hand could lay (a lower bound). A tile no run or
    set of real tiles holds needs a combination holding an okey; two okeys when no other
    tile of the hand can share a combination with it. Of such tiles no two of which one
    combination can hold (chosen greedily: the two-okey ones, then those sharing a
    combination with fewest others), each but the discard has a combination of its own,
    so the cover lays their okeys, less the discard's."""
    held = _rows_held(counts, wrap)
    tiles = [code for code in range(52) for _ in range(counts[code])]
    lone = [code for code in tiles if not _real_combination(counts, held, code)]
    if len(lone) <= 1:
        return 0
    needs: dict[int, int] = {}
    for index, code in enumerate(tiles):
        if code in lone and code not in needs:
            others = tiles[:index] + tiles[index + 1 :]
            needs[code] = 2 if all(_apart(held, code, other, okeys) for other in others) else 1
    sharing = {
        code: sum(1 for other in lone if not _apart(held, code, other, okeys)) for code in lone
    }
    chosen: list[int] = []
    for code in sorted(lone, key=lambda code: (-needs[code], sharing[code])):
        if all(_apart(held, code, other, okeys) for other in chosen):
            chosen.append(code)
    wanted = [needs[code] for code in chosen]
    return sum(wanted) - max(wanted)


def covers(
    counts: Sequence[int],
    own: int,
    gained: int,
    wrap: bool,
    need: int | None = None,
    greedy: bool = True,
) -> Covers:
    """For each usage, the best opening value laying every real tile but at most one.

    ``own``/``gained``: the most okeys of each kind that may be laid (they need
    not all be); ``need``: the face of a tile that must be laid, or
    ``NEED_OKEY`` for an own okey (its usage says whether it is, in a
    combination counting toward the opening).
    ``greedy=False`` tries every okey choice inside runs (when which tiles the
    okeys replace matters, as when an okey must be laid).
    """
    okeys = min(own + gained, MAX_GAPS)
    if okey_bound(counts, okeys, wrap) > okeys:  # no cover: no search
        return Covers({}, {}, wrap, need, gained > 0 or not greedy)
    return _search_covers(counts, own, gained, wrap, need, greedy)


def _search_covers(
    counts: Sequence[int], own: int, gained: int, wrap: bool, need: int | None, greedy: bool
) -> Covers:
    """:func:`covers`, by trying every choice of sets."""
    typed = gained > 0 or not greedy
    values: dict[Usage, int] = {}
    states: dict[Usage, CoverState] = {}
    every = (
        state
        for set_okeys in range(min(own + gained, MAX_GAPS) + 1)
        for state in _states(counts, own, gained, set_okeys, typed, need, wrap)
    )
    for state in every:
        o_sets, g_sets, worth, m_sets, keys, _ = state
        total: Profile = {(o_sets, g_sets, 0, m_sets): worth}
        for key, places in zip(keys, _needs(keys, wrap, need), strict=True):
            total = merge(total, row_profile(key, wrap, places, typed), own, gained)
            if not total:
                break
        for usage, value in total.items():
            if value > values.get(usage, -1):
                values[usage] = value
                states[usage] = state
    return Covers(values, states, wrap, need, typed)


# A planned run: first place (0..13), cells (True for a real tile), and whether it holds
# a taken-back okey.
CoverRun = tuple[int, tuple[bool, ...], bool]


def row_cover_plan(
    key: int, wrap: bool, need: int, typed: bool, usage: Usage, target: int
) -> tuple[list[CoverRun], list[int]]:
    """Runs and left-out places of a packed row matching a profile entry."""
    top = top_place(wrap)
    for layout in layouts(key, wrap):
        plan = _plan(layout, top, need, typed, usage, target)
        if plan is not None:
            return plan
    raise AssertionError(f"no cover of row {key} with usage {usage} worth {target}")


def _plan(
    layout: int, top: int, need: int, typed: bool, usage: Usage, target: int
) -> tuple[list[CoverRun], list[int]] | None:
    if layout_profile(layout, top, need, typed).get(usage) != target:
        return None
    if not layout:
        return [], []
    o, g, d, m = usage
    p = lowest(layout)
    if d:
        plan = _plan(layout - POW3[p], top, need, typed, (o, g, d - 1, m), target)
        if plan is not None:
            plan[1].append(p)
            return plan
    for start, end, gaps, value, rest in runs_from_lowest(layout, top, greedy=not typed):
        okeys = gaps.bit_count()
        real = ((1 << (end + 1)) - (1 << start)) & ~gaps
        for own, gained in _splits(okeys, typed):
            if own > o or gained > g:
                continue
            worth = value if gained == 0 else 0
            meets = _meets(real, need, own, gained)
            if meets > m:
                continue
            for m_rest in (1, 0) if meets else (m,):
                left = (o - own, g - gained, d, m_rest)
                plan = _plan(rest, top, need, typed, left, target - worth)
                if plan is not None:
                    cells = tuple(not gaps >> q & 1 for q in range(start, end + 1))
                    plan[0].append((start, cells, gained > 0))
                    return plan
    return None


def clear_caches() -> None:
    _profile_memo.clear()
