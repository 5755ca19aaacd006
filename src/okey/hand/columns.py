"""Sets in Okey 101's searches: every way to take sets from the tiles of one number.

A column is the count (0..2) of one number's tile in each colour. Up to three
sets fit one column (three only with the okeys' help), each with at least one
real tile. The searches of :mod:`okey.hand.opening` and :mod:`okey.hand.cover`
try the options column by column; a tile no run can hold lets them skip the
options that leave it out of a set for nothing.

A set of four holding an okey is a set of three and an okey added to it, which
changes no row: the opening search chooses the sets of three (``column_options(base=True)``)
and adds such okeys when it counts a choice's value.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations_with_replacement, product
from typing import Final

MAX_OKEYS: Final = 2
Usage = tuple[int, int, int, int]  # per colour
SetSpec = tuple[int, int]  # colours of its real tiles (a bit mask), okeys in it


@dataclass(frozen=True, slots=True)
class ColumnOption:
    """One way to take sets from one number's tiles: what it uses and lays."""

    okeys: int
    used: Usage  # real tiles taken from each colour
    tiles: int  # tiles laid, okeys included (the value is the number times this)
    sets: tuple[SetSpec, ...]

    @property
    def threes(self) -> int:
        """Its sets of three tiles (each could take one more okey)."""
        return sum(1 for mask, okeys in self.sets if mask.bit_count() + okeys == 3)


def _set_specs() -> list[SetSpec]:
    specs = []
    for mask in range(1, 16):
        for okeys in range(MAX_OKEYS + 1):
            if 3 <= mask.bit_count() + okeys <= 4:
                specs.append((mask, okeys))
    return specs


def _column_options(base: bool) -> dict[Usage, tuple[ColumnOption, ...]]:
    """For each column, every way to take 1..3 sets from it, told apart by what they use
    (tiles per colour, okeys): the value follows from that. ``base``: no set of four
    holding an okey.

    The choices of sets are worked out once, each usage kept with the first choice
    found for it; a column's options are those that fit it (the first choice that fits a
    column for a usage is the first of all, as every choice for a usage uses the same)."""
    specs = [
        (mask, k) for mask, k in _set_specs() if not (base and k and mask.bit_count() + k == 4)
    ]
    first: dict[tuple[Usage, int], ColumnOption] = {}
    for count in (1, 2, 3):
        for chosen in combinations_with_replacement(specs, count):
            okeys = sum(k for _, k in chosen)
            if okeys > MAX_OKEYS:
                continue
            used = [0, 0, 0, 0]
            for mask, _ in chosen:
                for c in range(4):
                    used[c] += mask >> c & 1
            if max(used) > 2:
                continue  # no column holds three tiles of a colour
            usage: Usage = (used[0], used[1], used[2], used[3])
            if (usage, okeys) not in first:
                first[usage, okeys] = ColumnOption(okeys, usage, sum(used) + okeys, chosen)
    ordered = sorted(first.values(), key=lambda o: (o.okeys, o.used))
    table: dict[Usage, tuple[ColumnOption, ...]] = {}
    for column in product(range(3), repeat=4):
        fitting = tuple(
            option
            for option in ordered
            if all(u <= have for u, have in zip(option.used, column, strict=True))
        )
        if fitting:
            key: Usage = (column[0], column[1], column[2], column[3])
            table[key] = fitting
    return table


@cache
def column_options(base: bool = False) -> dict[Usage, tuple[ColumnOption, ...]]:
    """Every column's options (``base``: the opening search's, sets of three only), built
    on first use (a hundredth of a second; no command but Okey 101's needs them)."""
    return _column_options(base=base)


NO_SETS: Final = ColumnOption(0, (0, 0, 0, 0), 0, ())


def column(counts: Sequence[int], n0: int) -> Usage:
    """The column of number ``n0 + 1``."""
    return counts[n0], counts[13 + n0], counts[26 + n0], counts[39 + n0]


def stuck_tiles(counts: Sequence[int], okeys: int, wrap: bool) -> list[int]:
    """For each number index, the colours (a bit mask) whose tile there no run can hold.

    With at most ``okeys`` okeys in runs, and at least two real tiles in each
    run, a run holding a tile holds three or four places in a row around it
    with two real tiles of the hand and no more gaps than okeys (a run's real
    tile nearest to it is at most three places away). Conservative: tiles
    that sets take are still counted.
    """
    stuck = [0] * 13
    for colour in range(4):
        held = 0  # places 1..14 (bit p), a 1 also at 14 with wrap
        for n0 in range(13):
            if counts[colour * 13 + n0]:
                held |= 1 << (n0 + 1)
        if wrap and held & 2:
            held |= 1 << 14
        free = _free_places(held, okeys, wrap)
        for n0 in range(13):
            place = 1 << (n0 + 1) | (1 << 14 if wrap and n0 == 0 else 0)
            if held & place and not free & place:
                stuck[n0] |= 1 << colour
    return stuck


_free_memo: dict[tuple[int, int, bool], int] = {}


def _free_places(held: int, okeys: int, wrap: bool) -> int:
    """The held places (bits 1..14) some run could hold, with ``okeys`` okeys."""
    key = (held, okeys, wrap)
    cached = _free_memo.get(key)
    if cached is None:
        top = 14 if wrap else 13
        cached = 0
        for length in (3, 4):
            window = (1 << length) - 1
            for low in range(1, top - length + 2):
                real = (held >> low & window).bit_count()
                if real >= 2 and length - real <= okeys:
                    cached |= window << low
        cached &= held
        _free_memo[key] = cached
    return cached


_choices_memo: dict[tuple[Usage, int, bool], tuple[ColumnOption, ...]] = {}


def column_choices(column: Usage, stuck: int, base: bool = False) -> tuple[ColumnOption, ...]:
    """The options (``column_options(base)``) worth trying for a column, no sets first.

    ``stuck``: the colours (a bit mask) whose tile there no run can hold. An
    option is dropped when another with the same okeys takes all its tiles and
    more, the more being stuck tiles: they are worth more in the sets, and the
    rows lose nothing.
    """
    key = (column, stuck, base)
    cached = _choices_memo.get(key)
    if cached is not None:
        return cached
    options = column_options(base).get(column, ())

    def covers(big: ColumnOption, small: ColumnOption) -> bool:
        extra = [b - s for b, s in zip(big.used, small.used, strict=True)]
        return (
            big.okeys == small.okeys
            and any(extra)
            and all(e == 0 or (e > 0 and stuck >> c & 1) for c, e in enumerate(extra))
        )

    every = (NO_SETS, *options)
    kept = tuple(a for a in every if not any(covers(b, a) for b in options if b is not a))
    _choices_memo[key] = kept
    return kept
