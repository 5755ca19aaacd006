"""Exact combination deficiency for bots, answering many related questions at once.

The solver (:func:`okey.hand.solver.combination_deficiency`) chooses sets column
by column and leaves the rest of each colour to a memoised row; the fewest
tiles left out (``drops``) under a gap budget gives the deficiency. A bot asks
the same question for every discard of a 15-tile hand and for every tile that
might be drawn, so :class:`Need` enumerates the set choices once and answers
the variants from them:

* discarding one tile only removes it from a row (choices that used it in a
  set are the same choices without it), and moves ``drops`` by at most one, so
  only choices within one of the best matter;
* drawing a tile never lowers ``drops`` for any choice; it lowers the need
  only through a choice that was already best, with the new tile added to its
  row or to a set of its column.

The tests check every answer against the solver.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import product
from typing import Final

from okey.hand.rows import POW3, remember, row_tradeoffs
from okey.hand.solver import HAND_SIZE, column_set_options, row_keys

Usage = tuple[int, int, int, int]
Option = tuple[int, Usage]  # (gaps, tiles used per colour)
NONE: Final[Option] = (0, (0, 0, 0, 0))


@cache
def column_options() -> tuple[tuple[Option, ...], ...]:
    """The solver's set choices for each column of colour counts (code = base 3), none first."""
    table: list[tuple[Option, ...]] = []
    for code in range(81):
        column = (code % 3, code // 3 % 3, code // 9 % 3, code // 27)
        options = column_set_options().get(column, ((0, (0, 0, 0, 0), ()),))
        table.append(tuple((gaps, usage) for gaps, usage, _ in options))
    return tuple(table)


def column_code(counts: Sequence[int], n0: int) -> int:
    return counts[n0] + 3 * counts[13 + n0] + 9 * counts[26 + n0] + 27 * counts[39 + n0]


Tradeoffs = tuple[tuple[int, int], ...]
_PAIRS: dict[int, Tradeoffs] = {}
# Pairs met are rarely met again a few rounds later: a small memo keeps the bot as fast
# (measured: the same CPU over 32 rounds of hard x4) and its memory flat (64 MB, not 154).
_PAIR_LIMIT: Final = 50_000
_ROW_SPAN: Final = 3**13


def pair_tradeoffs(key_a: int, key_b: int) -> Tradeoffs:
    """Two rows taken together: for each total left out ``d`` that helps, the least
    ``gaps - d`` (memoised; see :func:`okey.hand.rows.row_tradeoffs`)."""
    memo = key_a * _ROW_SPAN + key_b
    cached = _PAIRS.get(memo)
    if cached is None:
        lowest: dict[int, int] = {}
        for d_a, v_a in row_tradeoffs(key_a):
            for d_b, v_b in row_tradeoffs(key_b):
                d = d_a + d_b
                v = v_a + v_b
                if d not in lowest or v < lowest[d]:
                    lowest[d] = v
        useful = []
        floor = 1 << 30
        for d in sorted(lowest):
            if lowest[d] < floor:
                floor = lowest[d]
                useful.append((d, floor))
        cached = remember(_PAIRS, memo, tuple(useful), _PAIR_LIMIT)
    return cached


def least_drops(keys: Sequence[int], budget: int, limit: int) -> int:
    """Fewest tiles left out of the rows so that their gaps fit ``budget``; ``limit``
    when no number below it does."""
    best = limit
    right = pair_tradeoffs(keys[2], keys[3])
    for d_a, v_a in pair_tradeoffs(keys[0], keys[1]):
        if d_a >= best:
            break
        left = budget - v_a
        for d_b, v_b in right:
            if d_a + d_b >= best:
                break
            if v_b <= left:
                best = d_a + d_b
                break
    return best


# A choice of sets: (set gaps, row keys, option per column 0..12, drops).
Choice = tuple[int, tuple[int, int, int, int], tuple[Option, ...], int]


def _by_drops(choice: Choice) -> int:
    return choice[3]


class Need:
    """The combination deficiency of one hand and of its one-tile neighbours."""

    __slots__ = ("best", "choices", "complete", "counts", "floor", "jokers", "real", "room")

    def __init__(
        self,
        counts: Sequence[int],
        jokers: int,
        choices: list[Choice] | None = None,
        complete: bool = True,
    ) -> None:
        self.counts = list(counts)
        self.jokers = jokers
        self.real = sum(self.counts)
        self.room = HAND_SIZE - self.real
        self.floor = self.real + jokers - HAND_SIZE
        self.complete = complete  # False: only the best choices were kept
        if choices is None:
            choices = self._enumerate()
        self.choices = choices
        self.best = min((choice[3] for choice in choices), default=self.real)

    def _enumerate(self) -> list[Choice]:
        counts = self.counts
        keys = row_keys(counts)
        options = column_options()
        columns = [options[column_code(counts, n0)] for n0 in range(13)]
        active = [n0 for n0 in range(13) if len(columns[n0]) > 1]
        result: list[Choice] = []
        room = self.room
        limit = self.real + 1
        for picked in product(*(columns[n0] for n0 in active)):
            gaps = 0
            k = list(keys)
            per_column = [NONE] * 13
            for n0, option in zip(active, picked, strict=True):
                option_gaps, used = option
                if option_gaps or used != (0, 0, 0, 0):
                    gaps += option_gaps
                    step = POW3[n0]
                    k[0] -= used[0] * step
                    k[1] -= used[1] * step
                    k[2] -= used[2] * step
                    k[3] -= used[3] * step
                    per_column[n0] = option
            row = (k[0], k[1], k[2], k[3])
            drops = least_drops(row, room - gaps, limit)
            result.append((gaps, row, tuple(per_column), drops))
        result.sort(key=_by_drops)  # fewest drops first: without() stops early
        return result

    @property
    def value(self) -> int:
        """Fewest tiles to exchange before every tile is in runs and sets."""
        return self.room + max(self.best, self.floor) - self.jokers

    def without(self, face: int) -> Need:
        """The same analysis after discarding one tile of ``face`` (which the hand holds).

        Only the new hand's best choices are kept: enough for :meth:`improves`
        and :attr:`value`, not for another :meth:`without`.
        """
        if not self.complete:
            raise ValueError("without() needs an analysis that kept every choice")
        if not self.counts[face]:
            raise ValueError(f"the hand holds no face {face}")
        colour, n0 = divmod(face, 13)
        step = POW3[n0]
        room = self.room + 1
        have = self.counts[face]
        best = self.real - 1
        kept: list[Choice] = []
        for gaps, keys, per_column, drops in self.choices:
            if drops - 1 > best:
                break
            if per_column[n0][1][colour] >= have:
                continue  # every copy of the face sits in a set of this choice
            row = list(keys)
            row[colour] -= step
            new_keys = (row[0], row[1], row[2], row[3])
            new_drops = least_drops(new_keys, room - gaps, best + 1)
            if new_drops <= best:
                best = new_drops
                kept.append((gaps, new_keys, per_column, new_drops))
        counts = list(self.counts)
        counts[face] -= 1
        return Need(counts, self.jokers, [c for c in kept if c[3] == best], complete=False)

    def improves(self, face: int) -> bool:
        """True when drawing one more tile of ``face`` lowers :attr:`value`."""
        counts = self.counts
        if counts[face] >= 2:
            return False
        if self.floor >= self.best:
            return False  # the floor binds: a bigger hand only needs more
        colour, n0 = divmod(face, 13)
        step = POW3[n0]
        code = column_code(counts, n0)
        grown = column_options()[code + POW3[colour]]
        room = self.room - 1
        best = self.best
        for gaps, keys, per_column, drops in self.choices:
            if drops != best:
                continue
            current_gaps, current = per_column[n0]
            base_gaps = gaps - current_gaps
            for option_gaps, used in grown:
                row = (
                    keys[0] + (current[0] - used[0]) * step,
                    keys[1] + (current[1] - used[1]) * step,
                    keys[2] + (current[2] - used[2]) * step,
                    keys[3] + (current[3] - used[3]) * step,
                )
                if colour == 0:
                    row = (row[0] + step, row[1], row[2], row[3])
                elif colour == 1:
                    row = (row[0], row[1] + step, row[2], row[3])
                elif colour == 2:
                    row = (row[0], row[1], row[2] + step, row[3])
                else:
                    row = (row[0], row[1], row[2], row[3] + step)
                if least_drops(row, room - base_gaps - option_gaps, best + 1) <= best:
                    return True
        return False
