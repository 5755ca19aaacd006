"""The hand solver: finished hands, winning discards, grouping, waits, deficiency.

A hand is reduced to counts of real faces (a false joker counts as the okey's
face) and a number of okeys (jokers). Sets join tiles of one number across
colours; runs stay within a colour. So the solver chooses the sets column by
column (each number), and what is left of each colour is a row whose cost in
gaps is memoised (see :mod:`okey.hand.rows`). A hand wins as combinations when
some choice of sets costs no more gaps than it has okeys.

The deficiency asks instead how many real tiles groups of 14 places in all can
hold (:func:`most_kept`): the rows' tables summed, and a choice of sets only when
its bound beats that.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations_with_replacement
from operator import mul
from typing import Final

from okey.hand.combinations import GroupKind
from okey.hand.rows import (
    INFINITY,
    KEEPS_LIMIT,
    POW3,
    SIZE,
    Front,
    keeps_steps,
    keeps_sum,
    keeps_tables,
    keeps_total,
    remember,
    row_cost,
    row_costs,
    row_digits,
    row_front,
    row_fronts,
    row_keeps,
    row_plan,
)
from okey.hand.rows import clear_caches as clear_row_caches
from okey.hand.scoring import FinishKind, finish_points
from okey.rules import ScoringRules
from okey.tiles import ALL_FACES, FALSE_JOKER, FALSE_JOKER_CODE, Tile

HAND_SIZE: Final = 14
Column = tuple[int, int, int, int]
Usage = tuple[int, int, int, int]
SetOption = tuple[int, Usage, tuple[int, ...]]


def _column_options() -> dict[Column, tuple[SetOption, ...]]:
    """For each column of colour counts, every way to take 0, 1 or 2 sets from it.

    An option is (gaps, tiles used per colour, colour masks of the sets). A set
    of two colours needs one gap; a lone tile with two gaps is never better than
    the same tile padded into a run, so it is not an option.
    """
    masks = [m for m in range(1, 16) if bin(m).count("1") >= 2]
    table: dict[Column, tuple[SetOption, ...]] = {}
    for code in range(81):
        column = (code % 3, code // 3 % 3, code // 9 % 3, code // 27)
        best: dict[Usage, SetOption] = {(0, 0, 0, 0): (0, (0, 0, 0, 0), ())}
        for count in (1, 2):
            for chosen in combinations_with_replacement(masks, count):
                used = tuple(sum(m >> c & 1 for m in chosen) for c in range(4))
                if any(u > have for u, have in zip(used, column, strict=True)):
                    continue
                gaps = sum(1 for m in chosen if bin(m).count("1") == 2)
                usage: Usage = (used[0], used[1], used[2], used[3])
                if usage not in best or gaps < best[usage][0]:
                    best[usage] = (gaps, usage, chosen)
        if len(best) > 1:
            table[column] = tuple(sorted(best.values()))
    return table


@cache
def column_set_options() -> dict[Column, tuple[SetOption, ...]]:
    """The set choices of every column of colour counts, built on first use (not at
    import: ``okey play`` speaks before it needs them)."""
    return _column_options()


def hand_counts(hand: Sequence[Tile], okey: Tile) -> tuple[list[int], int]:
    """Counts of real faces (false jokers as the okey's face) and the number of okeys."""
    counts = [0] * 52
    jokers = 0
    okey_code = okey.code
    for tile in hand:
        code = tile.code
        if code == okey_code:
            jokers += 1
        elif code == FALSE_JOKER_CODE:
            counts[okey_code] += 1
        else:
            counts[code] += 1
    return counts, jokers


def row_keys(counts: Sequence[int]) -> list[int]:
    """The packed row (base 3, number n as digit n - 1) of each colour."""
    return [
        sum(map(mul, counts[0:13], POW3)),
        sum(map(mul, counts[13:26], POW3)),
        sum(map(mul, counts[26:39], POW3)),
        sum(map(mul, counts[39:52], POW3)),
    ]


RowState = tuple[int, int, int, int, int]


@cache
def _column_steps() -> dict[tuple[Column, int], tuple[tuple[int, ...], ...]]:
    return {
        (column, n0): tuple(
            (gaps, *(used[c] * POW3[n0] for c in range(4))) for gaps, used, _ in options
        )
        for column, options in column_set_options().items()
        for n0 in range(13)
    }


_last_states: list[tuple[tuple[tuple[int, ...], int], list[RowState]]] = []


def _row_states(counts: list[int], budget: int = INFINITY) -> list[RowState]:
    """(set gaps, row keys of the four colours) for every choice of sets within budget.

    The last answer is kept: a hand's analysis asks for its winning discards and its
    grouping with the same counts and budget. Callers never change the list.
    """
    asked = (tuple(counts), budget)
    if _last_states and _last_states[0][0] == asked:
        return _last_states[0][1]
    states = _new_row_states(counts, budget)
    _last_states[:] = [(asked, states)]
    return states


def _new_row_states(counts: list[int], budget: int) -> list[RowState]:
    k0, k1, k2, k3 = row_keys(counts)
    states: list[RowState] = [(0, k0, k1, k2, k3)]
    column_steps = _column_steps()
    for n0 in range(13):
        steps = column_steps.get(
            ((counts[n0], counts[13 + n0], counts[26 + n0], counts[39 + n0]), n0)
        )
        if steps is None:
            continue
        states = [
            (g + sg, a - s0, b - s1, c - s2, d - s3)
            for g, a, b, c, d in states
            for sg, s0, s1, s2, s3 in steps
            if g + sg <= budget
        ]
    return states


def combination_cost(counts: list[int], budget: int = INFINITY) -> int:
    """Fewest gaps that put every real tile into runs and sets (> budget: gave up)."""
    best = budget + 1 if budget < INFINITY else INFINITY
    for gaps, k0, k1, k2, k3 in _row_states(counts, budget):
        total = gaps + row_cost(k0) + row_cost(k1) + row_cost(k2)
        if total < best:
            total += row_cost(k3)
            if total < best:
                best = total
                if best == 0:
                    break
    return best


def _singles(counts: list[int]) -> int:
    return counts.count(1)


def winning_kinds(hand: Sequence[Tile], okey: Tile) -> list[FinishKind]:
    """How a 14-tile hand is finished: combinations, seven pairs, both or neither."""
    if len(hand) != HAND_SIZE:
        return []
    counts, jokers = hand_counts(hand, okey)
    kinds = []
    if combination_cost(counts, jokers) <= jokers:
        kinds.append(FinishKind.COMBINATIONS)
    if _singles(counts) <= jokers:
        kinds.append(FinishKind.PAIRS)
    return kinds


def is_winning(hand: Sequence[Tile], okey: Tile) -> bool:
    """True when 14 tiles are a finished hand."""
    return bool(winning_kinds(hand, okey))


def kinds_after_discard(hand: Sequence[Tile], tile: Tile, okey: Tile) -> list[FinishKind]:
    """How the hand left by discarding ``tile`` is finished (none when it is not held)."""
    rest = list(hand)
    if tile not in rest:
        return []
    rest.remove(tile)
    return winning_kinds(rest, okey)


@dataclass(frozen=True, slots=True)
class Finish:
    """A discard that leaves a finished hand, and what it costs each other player."""

    discard: Tile
    kind: FinishKind
    points: int


class _RowMinus(dict[int, tuple[tuple[int, int], ...]]):
    """``_row_minus[key]``: for each number present in a row, (number index, the row's
    cost without one of it); a dict whose misses fill it (bounded by rows.remember)."""

    def __missing__(self, key: int) -> tuple[tuple[int, int], ...]:
        digits = row_digits(key)
        known = row_costs
        costs = tuple((n0, known[key - POW3[n0]]) for n0 in range(13) if digits[n0])
        return remember(self, key, costs)


_row_minus: Final = _RowMinus()


def winning_discard_codes(counts: list[int], jokers: int) -> tuple[set[int], bool]:
    """Faces whose discard leaves a combinations win, and whether an okey discard does."""
    winners: set[int] = set()
    okey_wins = False
    known = row_costs
    minus = _row_minus
    for gaps, k0, k1, k2, k3 in _row_states(counts, jokers):
        costs = (known[k0], known[k1], known[k2], known[k3])
        total = gaps + costs[0] + costs[1] + costs[2] + costs[3]
        if total - max(costs) > jokers:
            continue  # no row can give enough back
        keys = (k0, k1, k2, k3)
        if total < jokers:
            okey_wins = True
        for colour in range(4):
            others = total - costs[colour]
            if others > jokers:
                continue
            base = colour * 13
            for n0, cost in minus[keys[colour]]:
                if others + cost <= jokers:
                    winners.add(base + n0)
    return winners, okey_wins


def face_tile(code: int, okey: Tile) -> Tile:
    """The physical tile that plays as face ``code`` (a false joker at the okey's face)."""
    return FALSE_JOKER if code == okey.code else ALL_FACES[code]


def finishes(hand: Sequence[Tile], okey: Tile, scoring: ScoringRules) -> list[Finish]:
    """Every winning discard of a 15-tile hand, one entry per distinct tile and kind."""
    if len(hand) != HAND_SIZE + 1:
        return []
    counts, jokers = hand_counts(hand, okey)
    result: list[Finish] = []

    def add(tile: Tile, kind: FinishKind) -> None:
        result.append(Finish(tile, kind, finish_points(scoring, kind, tile, okey)))

    winners, okey_wins = winning_discard_codes(counts, jokers)
    if okey_wins:
        add(okey, FinishKind.COMBINATIONS)
    for code in sorted(winners):
        add(face_tile(code, okey), FinishKind.COMBINATIONS)
    singles = _singles(counts)
    if jokers and singles <= jokers - 1:
        add(okey, FinishKind.PAIRS)
    for code in range(52):
        count = counts[code]
        if count and (singles - 1 if count == 1 else singles + 1) <= jokers:
            add(face_tile(code, okey), FinishKind.PAIRS)
    # Most points first; among equals an okey discard first (it also keeps the okey
    # from the next player), then runs and sets.
    result.sort(key=lambda f: (-f.points, f.discard != okey, f.kind.value, f.discard))
    return result


_finishing: dict[tuple[tuple[int, ...], int], bool] = {}  # has_finish's answers
_FINISHING_MOST: Final = 4096


def has_finish(counts: list[int], jokers: int) -> bool:
    """True when some discard from these 15 tiles leaves a finished hand (the answers
    are kept: a table asks it of the same hand for its prompt, its screen and its
    actions; the oldest are forgotten past a few thousand)."""
    asked = (tuple(counts), jokers)
    found = _finishing.get(asked)
    if found is None:
        if len(_finishing) >= _FINISHING_MOST:
            del _finishing[next(iter(_finishing))]
        found = _finishing[asked] = _has_finish(counts, jokers)
    return found


def _has_finish(counts: list[int], jokers: int) -> bool:
    singles = _singles(counts)
    if singles <= jokers + 1:
        for code in range(52):
            count = counts[code]
            if count and (singles - 1 if count == 1 else singles + 1) <= jokers:
                return True
        if jokers and singles <= jokers - 1:
            return True
    known = row_costs
    for gaps, k0, k1, k2, k3 in _row_states(counts, jokers):
        costs = (known[k0], known[k1], known[k2], known[k3])
        total = gaps + costs[0] + costs[1] + costs[2] + costs[3]
        if total - max(costs) > jokers:
            continue  # no row can give enough back
        keys = (k0, k1, k2, k3)
        if total < jokers:
            return True
        for colour in range(4):
            others = total - costs[colour]
            if others <= jokers:
                for _, cost in _row_minus[keys[colour]]:
                    if others + cost <= jokers:
                        return True
    return False


def waits(hand: Sequence[Tile], okey: Tile) -> list[Tile]:
    """Every tile that, drawn into this 14-tile hand, lets it finish."""
    if len(hand) != HAND_SIZE:
        return []
    counts, jokers = hand_counts(hand, okey)
    if not has_finish(counts, jokers + 1):
        return []
    result = []
    if jokers < 2:
        result.append(okey)
    for code in range(52):
        if code == okey.code or counts[code] >= 2:
            continue
        counts[code] += 1
        if has_finish(counts, jokers):
            result.append(ALL_FACES[code])
        counts[code] -= 1
    if counts[okey.code] < 2:
        counts[okey.code] += 1
        if has_finish(counts, jokers):
            result.append(FALSE_JOKER)
        counts[okey.code] -= 1
    return result


def pairs_deficiency(counts: list[int], jokers: int) -> int:
    """Fewest tiles to exchange before the hand is seven pairs."""
    pairs = counts.count(2)
    singles = counts.count(1)
    matched = min(jokers, singles)
    full = pairs + matched + (jokers - matched) // 2
    halves = singles - matched + (jokers - matched) % 2
    full = min(full, 7)
    return HAND_SIZE - 2 * full - min(halves, 7 - full)


# A choice of sets packed in one integer for speed: the places its sets take (gaps
# included) from bit 89, the real tiles they hold from bit 84, then the rows of colours
# 0..3 in 21 bits each (3**13 < 2**21), colour 3 lowest. A column's choice adds one packed
# step; rows never go below zero, so no field borrows from the next.
_FIELD: Final = 21
_FIELD_MASK: Final = (1 << _FIELD) - 1
_HELD_SHIFT: Final = 4 * _FIELD
_PLACES_SHIFT: Final = _HELD_SHIFT + 5


def _useful_options(options: tuple[SetOption, ...]) -> list[tuple[int, Usage]]:
    """A column's set choices (places taken, tiles used per colour) that no other beats.

    A choice that uses every tile another uses, and more, in no more places is as good:
    wherever the other leaves such a tile to a run, the run can hold a gap there instead,
    as many tiles are held in as many places. So the other is dropped.
    """
    every = [(gaps + sum(used), used) for gaps, used, _ in options]
    if (0, (0, 0, 0, 0)) not in every:
        every.insert(0, (0, (0, 0, 0, 0)))
    return [
        (places, used)
        for places, used in every
        if places <= SIZE
        and not any(
            other != used
            and other_places <= places
            and all(o >= u for o, u in zip(other, used, strict=True))
            for other_places, other in every
        )
    ]


@cache
def _kept_steps() -> tuple[tuple[int, ...] | None, ...]:
    """For each column (base-3 code of its colour counts, colour 0 lowest) and number
    index ``n0``, at ``code * 13 + n0``: the packed steps of its useful set choices,
    none first; None when sets cannot help there."""
    steps: list[tuple[int, ...] | None] = []
    options = column_set_options()
    for code in range(81):
        column = (code % 3, code // 3 % 3, code // 9 % 3, code // 27)
        useful = _useful_options(options.get(column, ()))
        for n0 in range(13):
            if len(useful) < 2:
                steps.append(None)
                continue
            steps.append(
                tuple(
                    (places << _PLACES_SHIFT)
                    + (sum(used) << _HELD_SHIFT)
                    - sum(used[c] * POW3[n0] << (3 - c) * _FIELD for c in range(4))
                    for places, used in useful
                )
            )
    return tuple(steps)


def most_kept(keys: Sequence[int], columns: Sequence[int], cap: int = SIZE) -> int:
    """The most real tiles that groups of 14 places in all (gaps included) can hold, or
    ``cap`` when that many or more can. ``keys``: the four rows (:func:`row_keys`);
    ``columns``: each number's column, its colour counts in base 3 (colour 0 lowest).
    """
    k0, k1, k2, k3 = keys
    packed = k0 << 3 * _FIELD | k1 << 2 * _FIELD | k2 << _FIELD | k3
    held = 0
    for n0 in range(13):
        held |= columns[n0] << 7 * n0
    return _most_kept(packed, held, cap)


def _most_kept(packed: int, columns: int, cap: int) -> int:
    """:func:`most_kept` of the rows packed in one integer (see ``_FIELD``) and the
    columns packed 7 bits each, number index 0 lowest.

    Without sets, the four rows' tables (:data:`okey.hand.rows.row_keeps`) summed say
    it. A choice of sets holding ``held`` tiles in ``places`` leaves each row no more
    than it had: ``held + total[14 - places]`` bounds what the choice can reach. The
    choices are summed exactly best bound first, until no bound beats the best found.
    """
    if len(keeps_tables()) >= KEEPS_LIMIT:
        clear_row_caches()  # before any id is held: ids must fit the 20 bits of a sum key
    rows = row_keeps
    sums = keeps_sum
    totals = keeps_total
    mask = _FIELD_MASK
    total = totals[
        sums[rows[packed >> 3 * _FIELD] << 20 | rows[packed >> 2 * _FIELD & mask]] << 20
        | sums[rows[packed >> _FIELD & mask] << 20 | rows[packed & mask]]
    ]
    best = total[SIZE]
    if best >= cap:
        return cap
    columns_steps = _kept_steps()
    states = [packed]
    n0 = 0
    while columns:
        column = columns_steps[(columns & 127) * 13 + n0]
        if column is not None:
            states = [state + step for state in states for step in column]
        columns >>= 7
        n0 += 1
    ranked = []
    for state in states:
        places = state >> _PLACES_SHIFT
        if places <= SIZE:
            bound = (state >> _HELD_SHIFT & 31) + total[SIZE - places]
            if bound > best:
                ranked.append((bound, state))
    if not ranked:
        return best
    ranked.sort(reverse=True)
    tables = keeps_tables()
    steps = keeps_steps()
    for bound, state in ranked:
        if bound <= best:
            break
        room = SIZE - (state >> _PLACES_SHIFT)
        right = tables[sums[rows[state >> _FIELD & mask] << 20 | rows[state & mask]]]
        most = right[room]
        for places, held in steps[
            sums[rows[state >> 3 * _FIELD & mask] << 20 | rows[state >> 2 * _FIELD & mask]]
        ]:
            if places > room:
                break
            if held + right[room - places] > most:
                most = held + right[room - places]
        kept = (state >> _HELD_SHIFT & 31) + most
        if kept > best:
            best = kept
            if best >= cap:
                return cap
    return best


def column_codes(counts: Sequence[int]) -> list[int]:
    """Each number's column: its colour counts in base 3, colour 0 lowest."""
    return [
        counts[n0] + 3 * counts[13 + n0] + 9 * counts[26 + n0] + 27 * counts[39 + n0]
        for n0 in range(13)
    ]


def combination_deficiency(counts: list[int], jokers: int) -> int:
    """Fewest tiles to exchange before every tile is in runs and sets.

    Keeping ``k`` real tiles in groups that ``g`` gaps complete takes ``14 - k -
    jokers`` exchanges, and works when the okeys and the new tiles can fill the
    gaps: when the groups take no more than 14 places, ``k + g <= 14``. So the
    answer follows from the most tiles groups of 14 places can hold
    (:func:`most_kept`); keeping more than ``14 - jokers`` never helps.
    """
    cap = HAND_SIZE - jokers
    return cap - most_kept(row_keys(counts), column_codes(counts), cap)


# For each face code: what one tile of it adds to the packed rows (see ``_FIELD``) and
# to the packed columns (see ``_most_kept``).
_ROW_STEPS: Final = tuple(POW3[code % 13] << (3 - code // 13) * _FIELD for code in range(52))
_COLUMN_STEPS: Final = tuple(3 ** (code // 13) << 7 * (code % 13) for code in range(52))


def deficiency(hand: Sequence[Tile], okey: Tile) -> int:
    """Fewest tiles to exchange to reach a finished hand (0: finished, or can finish now)."""
    # hand_counts, the packed rows and the packed columns in one pass over the tiles
    counts = [0] * 52
    packed = columns = jokers = 0
    okey_code = okey.code
    row_steps = _ROW_STEPS
    column_steps = _COLUMN_STEPS
    for tile in hand:
        code = tile.code
        if code == okey_code:
            jokers += 1
            continue
        if code == FALSE_JOKER_CODE:
            code = okey_code
        counts[code] += 1
        packed += row_steps[code]
        columns += column_steps[code]
    cap = HAND_SIZE - jokers
    combination = cap - _most_kept(packed, columns, cap)
    return min(combination, pairs_deficiency(counts, jokers))


@dataclass(frozen=True, slots=True)
class Group:
    """One combination (or pair) of a grouping, its tiles in playing order."""

    kind: GroupKind
    tiles: tuple[Tile, ...]


@dataclass(frozen=True, slots=True)
class Grouping:
    """An arrangement of a hand: groups first, then the spare tiles."""

    groups: tuple[Group, ...]
    spares: tuple[Tile, ...]

    def tiles(self) -> Iterator[Tile]:
        for group in self.groups:
            yield from group.tiles
        yield from self.spares


def _spares(hand: Sequence[Tile], used: list[Tile]) -> tuple[Tile, ...]:
    """The hand's tiles not in ``used``, in the hand's own order."""
    left = Counter(tile.code for tile in used)  # tiles are equal when their codes are
    spares = []
    for tile in hand:
        code = tile.code
        if left[code]:
            left[code] -= 1
        else:
            spares.append(tile)
    return tuple(spares)


def _face_code(colour: int, position: int) -> int:
    """Face code of a row position (0..12 for 1..13, 13 for a 1 after 13)."""
    return colour * 13 + (position if position < 13 else 0)


def _least_gaps(fronts: tuple[Front, Front, Front, Front], d: int) -> int:
    """The fewest gaps of four rows with exactly ``d`` tiles left out of them (their
    fronts' min-plus merge at ``d``)."""
    f0, f1, f2, f3 = fronts
    g0, g1, g2, g3 = f0[0], f1[0], f2[0], f3[0]
    if d == 0:
        return g0 + g1 + g2 + g3
    n0, n1, n2, n3 = len(f0), len(f1), len(f2), len(f3)
    if d == 1:
        return min(
            f0[1] + g1 + g2 + g3 if n0 > 1 else INFINITY,
            g0 + f1[1] + g2 + g3 if n1 > 1 else INFINITY,
            g0 + g1 + f2[1] + g3 if n2 > 1 else INFINITY,
            g0 + g1 + g2 + f3[1] if n3 > 1 else INFINITY,
        )
    least = INFINITY
    for d0 in range(min(d, n0 - 1) + 1):
        a = f0[d0]
        if a >= least:
            continue
        r0 = d - d0
        for d1 in range(min(r0, n1 - 1) + 1):
            b = a + f1[d1]
            if b >= least:
                continue
            r1 = r0 - d1
            for d2 in range(max(0, r1 - n3 + 1), min(r1, n2 - 1) + 1):
                g = b + f2[d2] + f3[r1 - d2]
                if g < least:
                    least = g
    return least


def combination_grouping(hand: Sequence[Tile], okey: Tile) -> Grouping:
    """The runs and sets that leave the fewest tiles outside them, spares last.

    Among the choices of sets (in :func:`_row_states` order) the first with the fewest
    tiles left out, then the fewest gaps, is laid: the fewest left out is the least
    ``d`` at which some choice's rows fit the okeys, so the choices are tried at
    ``d = 0, 1, ...`` in turn.
    """
    counts, jokers = hand_counts(hand, okey)
    known = row_fronts
    choices = [
        (gaps, (known[k0], known[k1], known[k2], known[k3]), state)
        for state in _row_states(counts, jokers)
        for gaps, k0, k1, k2, k3 in (state,)
    ]
    for drops in range(sum(counts) + 1):
        best: tuple[int, RowState] | None = None
        if drops == 0:  # the rows' costs: each front at 0
            for gaps, (f0, f1, f2, f3), state in choices:
                used_gaps = gaps + f0[0] + f1[0] + f2[0] + f3[0]
                if used_gaps <= jokers and (best is None or used_gaps < best[0]):
                    best = (used_gaps, state)
        else:
            for gaps, fronts, state in choices:
                used_gaps = gaps + _least_gaps(fronts, drops)
                if used_gaps <= jokers and (best is None or used_gaps < best[0]):
                    best = (used_gaps, state)
        if best is not None:
            used_gaps, (_, *keys) = best
            chosen = _sets_taken(counts, keys)
            return _build_grouping(hand, okey, jokers, drops, used_gaps, chosen, keys)
    raise AssertionError("no grouping found")  # pragma: no cover - leaving all out fits


def _sets_taken(counts: list[int], keys: list[int]) -> list[tuple[int, SetOption]]:
    """The set choice behind a state's row keys: what each column gave to sets."""
    used = [[0, 0, 0, 0] for _ in range(13)]
    for colour, (whole, left) in enumerate(zip(row_keys(counts), keys, strict=True)):
        taken = whole - left  # the row's tiles in sets, as a row of their own
        n0 = 0
        while taken:
            taken, digit = divmod(taken, 3)
            used[n0][colour] = digit
            n0 += 1
    by_usage = _options_by_usage()
    chosen = []
    for n0 in range(13):
        a, b, c, d = used[n0]
        if a or b or c or d:
            column = (counts[n0], counts[13 + n0], counts[26 + n0], counts[39 + n0])
            chosen.append((n0, by_usage[column, (a, b, c, d)]))
    return chosen


@cache
def _options_by_usage() -> dict[tuple[Column, Usage], SetOption]:
    """Each column's set choices by the tiles they use (each usage has one, the fewest
    gaps)."""
    return {
        (column, option[1]): option
        for column, options in column_set_options().items()
        for option in options
    }


def _splits(total: int, sizes: list[int]) -> Iterator[tuple[int, int, int, int]]:
    """Every way to leave ``total`` tiles out of four rows of ``sizes`` possible counts
    (each row ``0..size - 1``), in lexicographic order."""
    s0, s1, s2, s3 = sizes
    for d0 in range(min(total, s0 - 1) + 1):
        r0 = total - d0
        for d1 in range(min(r0, s1 - 1) + 1):
            r1 = r0 - d1
            for d2 in range(max(0, r1 - s3 + 1), min(r1, s2 - 1) + 1):
                yield d0, d1, d2, r1 - d2


def _build_grouping(
    hand: Sequence[Tile],
    okey: Tile,
    jokers: int,
    drops: int,
    used_gaps: int,
    chosen: list[tuple[int, SetOption]],
    keys: list[int],
) -> Grouping:
    okey_code = okey.code
    pools: dict[int, list[Tile]] = {}
    wild: list[Tile] = []
    for tile in hand:
        code = tile.code
        if code == okey_code:
            wild.append(tile)
        else:
            pools.setdefault(okey_code if code == FALSE_JOKER_CODE else code, []).append(tile)
    set_gaps = sum(option[0] for _, option in chosen)
    fronts = [row_front(key) for key in keys]
    split = next(
        ds
        for ds in _splits(drops, [len(front) for front in fronts])
        if set_gaps + sum(f[d] for f, d in zip(fronts, ds, strict=True)) == used_gaps
    )
    sets: list[list[Tile]] = []
    for n0, (_, _, masks) in chosen:
        for mask in masks:
            tiles = [pools[c * 13 + n0].pop() for c in range(4) if mask >> c & 1]
            if len(tiles) == 2:
                tiles.append(wild.pop())
            sets.append(tiles)
    runs: list[tuple[int, list[Tile]]] = []
    for colour, (key, row_drops) in enumerate(zip(keys, split, strict=True)):
        plan, _ = row_plan(key, row_drops)
        for start, cells in plan:
            tiles = [
                pools[_face_code(colour, start + i)].pop() if real else wild.pop()
                for i, real in enumerate(cells)
            ]
            runs.append((start, tiles))
    while wild:
        for index, (start, tiles) in enumerate(runs):
            end = start + len(tiles) - 1
            if len(tiles) < 13 and end < 13 and not (start == 0 and end == 12):
                tiles.append(wild.pop())
                break
            if len(tiles) < 13 and start > 0:
                runs[index] = (start - 1, [wild.pop(), *tiles])
                break
        else:
            three = next((tiles for tiles in sets if len(tiles) == 3), None)
            four = next((tiles for tiles in sets if len(tiles) == 4), None)
            if four is not None and len(wild) >= 2:
                # No run takes them: two wilds split a 4-set into two 3-sets (filling a
                # 3-set first could leave the second wild with nowhere to go).
                sets.remove(four)
                sets += [[*four[:2], wild.pop()], [*four[2:], wild.pop()]]
            elif three is not None:
                three.append(wild.pop())
            else:
                break
    groups = [Group(GroupKind.RUN, tuple(tiles)) for _, tiles in runs]
    groups += [Group(GroupKind.SET, tuple(tiles)) for tiles in sets]
    groups.sort(key=lambda g: min((t.code for t in g.tiles if t.code != okey_code), default=99))
    used = [tile for group in groups for tile in group.tiles]
    return Grouping(tuple(groups), _spares(hand, used))


def pairs_grouping(hand: Sequence[Tile], okey: Tile) -> Grouping:
    """Identical pairs first (okeys completing singles, then each other), spares last."""
    pools: dict[Tile, list[Tile]] = {}
    wild = []
    for tile in hand:
        if tile == okey:
            wild.append(tile)
        else:
            pools.setdefault(tile, []).append(tile)
    pairs = []
    singles = []
    for tile in sorted(pools):
        same = pools[tile]
        if len(same) >= 2:
            pairs.append((same[0], same[1]))
        else:
            singles.append(same[0])
    for single in singles:
        if wild:
            pairs.append((single, wild.pop()))
    while len(wild) >= 2:
        pairs.append((wild.pop(), wild.pop()))
    pairs = pairs[:7]
    groups = tuple(Group(GroupKind.PAIR, pair) for pair in pairs)
    used = [tile for pair in pairs for tile in pair]
    return Grouping(groups, _spares(hand, used))


def clear_caches() -> None:
    """Forget memoised row results (for benchmarks measuring a cold start)."""
    _row_minus.clear()
    _last_states.clear()
    _finishing.clear()
    clear_row_caches()
