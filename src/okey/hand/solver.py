"""The hand solver: finished hands, winning discards, grouping, waits, deficiency.

A hand is reduced to counts of real faces (a false joker counts as the okey's
face) and a number of okeys (jokers). Sets join tiles of one number across
colours; runs stay within a colour. So the solver chooses the sets column by
column (each number), and what is left of each colour is a row whose cost in
gaps is memoised (see :mod:`okey.hand.rows`). A hand wins as combinations when
some choice of sets costs no more gaps than it has okeys.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations_with_replacement
from typing import Final

from okey.hand.combinations import GroupKind
from okey.hand.rows import (
    INFINITY,
    POW3,
    Front,
    _row_tradeoffs,
    remember,
    row_bounds,
    row_cost,
    row_digits,
    row_front,
    row_plan,
    row_tradeoffs,
)
from okey.hand.rows import clear_caches as clear_row_caches
from okey.hand.scoring import FinishKind, finish_points
from okey.hand.tiles import ALL_FACES, FALSE_JOKER, FALSE_JOKER_CODE, Tile
from okey.rules import ScoringRules

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
    keys = []
    for colour in range(4):
        base = colour * 13
        key = 0
        for n0 in range(12, -1, -1):
            key = key * 3 + counts[base + n0]
        keys.append(key)
    return keys


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


def _row_states(counts: list[int], budget: int = INFINITY) -> list[RowState]:
    """(set gaps, row keys of the four colours) for every choice of sets within budget."""
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
    return sum(1 for count in counts if count == 1)


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


_row_minus: dict[int, tuple[tuple[int, int], ...]] = {}  # bounded by rows.remember


def _row_minus_costs(key: int) -> tuple[tuple[int, int], ...]:
    """For each number present in a row: (number index, row cost without one of it)."""
    cached = _row_minus.get(key)
    if cached is None:
        digits = row_digits(key)
        costs = tuple((n0, row_cost(key - POW3[n0])) for n0 in range(13) if digits[n0])
        cached = remember(_row_minus, key, costs)
    return cached


def winning_discard_codes(counts: list[int], jokers: int) -> tuple[set[int], bool]:
    """Faces whose discard leaves a combinations win, and whether an okey discard does."""
    winners: set[int] = set()
    okey_wins = False
    for gaps, *keys in _row_states(counts, jokers):
        costs = [row_cost(key) for key in keys]
        total = gaps + costs[0] + costs[1] + costs[2] + costs[3]
        if total < jokers:
            okey_wins = True
        for colour in range(4):
            others = total - costs[colour]
            if others > jokers:
                continue
            base = colour * 13
            for n0, cost in _row_minus_costs(keys[colour]):
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


def has_finish(counts: list[int], jokers: int) -> bool:
    """True when some discard from these 15 tiles leaves a finished hand."""
    singles = _singles(counts)
    if singles <= jokers + 1:
        for code in range(52):
            count = counts[code]
            if count and (singles - 1 if count == 1 else singles + 1) <= jokers:
                return True
        if jokers and singles <= jokers - 1:
            return True
    for gaps, *keys in _row_states(counts, jokers):
        costs = [row_cost(key) for key in keys]
        total = gaps + costs[0] + costs[1] + costs[2] + costs[3]
        if total < jokers:
            return True
        for colour in range(4):
            others = total - costs[colour]
            if others <= jokers:
                for _, cost in _row_minus_costs(keys[colour]):
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
    pairs = sum(1 for count in counts if count == 2)
    singles = _singles(counts)
    matched = min(jokers, singles)
    full = pairs + matched + (jokers - matched) // 2
    halves = singles - matched + (jokers - matched) % 2
    full = min(full, 7)
    return HAND_SIZE - 2 * full - min(halves, 7 - full)


# A choice of sets packed in one integer for speed: its set gaps from bit 84, then
# the rows of colours 0..3 in 21 bits each (3**13 < 2**21), colour 3 lowest. A
# column's choice adds one packed step; rows never go below zero, so no field
# borrows from the next.
_FIELD: Final = 21
_FIELD_MASK: Final = (1 << _FIELD) - 1
_GAPS_SHIFT: Final = 4 * _FIELD


@cache
def _packed_steps() -> dict[tuple[Column, int], tuple[int, ...]]:
    return {
        (column, n0): tuple(
            (gaps << _GAPS_SHIFT) - sum(used[c] * POW3[n0] << (3 - c) * _FIELD for c in range(4))
            for gaps, used, _ in options
        )
        for column, options in column_set_options().items()
        for n0 in range(13)
    }


def _packed_states(counts: list[int]) -> list[int]:
    """Every choice of sets, packed (see ``_FIELD``); as :func:`_row_states`, unbudgeted."""
    k0, k1, k2, k3 = row_keys(counts)
    states = [k0 << 3 * _FIELD | k1 << 2 * _FIELD | k2 << _FIELD | k3]
    packed_steps = _packed_steps()
    for n0 in range(13):
        steps = packed_steps.get(
            ((counts[n0], counts[13 + n0], counts[26 + n0], counts[39 + n0]), n0)
        )
        if steps is not None:
            states = [state + step for state in states for step in steps]
    return states


def _fewest_drops(keys: tuple[int, int, int, int], budget: int, best: int) -> int:
    """Fewest tiles left out of four rows whose ``gaps - d`` then fit ``budget``
    (``best`` when no number below it does)."""
    known = _row_tradeoffs
    rows0, rows1, rows2, rows3 = (known.get(key) or row_tradeoffs(key) for key in keys)
    for d0, v0 in rows0:
        if d0 >= best:
            break
        for d1, v1 in rows1:
            d01 = d0 + d1
            if d01 >= best:
                break
            v01 = v0 + v1
            for d2, v2 in rows2:
                d012 = d01 + d2
                if d012 >= best:
                    break
                left = budget - v01 - v2
                for d3, v3 in rows3:
                    if d012 + d3 >= best:
                        break
                    if v3 <= left:
                        best = d012 + d3
                        break
    return best


def combination_deficiency(counts: list[int], jokers: int) -> int:
    """Fewest tiles to exchange before every tile is in runs and sets.

    Keeping ``k`` real tiles in partial groups that ``g`` gaps complete takes
    ``14 - k - jokers`` exchanges, and works when the okeys and the new tiles
    can fill the gaps: ``g <= 14 - k``. With ``d_c`` tiles of row ``c`` left
    out, that is ``set gaps + sum(front_c[d_c] - d_c) <= 14 - real``; the
    fewest ``sum(d_c)`` meeting it gives the answer. Leaving one more tile out
    never breaks it (some tile always costs at most one more gap), so the
    rule that at most 14 tiles are kept only raises ``d`` to its floor.

    Most choices of sets cannot beat the best, and a bound says so cheaply:
    adding ``d`` to twice the rule, ``3 d >= 2 set gaps + sum(d_c + 2
    front_c[d_c]) - 2 room``; call the right side but the room a choice's
    weight. Each row's least ``d_c + 2 front_c[d_c]`` is memoised
    (``rows.row_bounds``). The lightest choices get the exact search over the
    rows' trade-offs first; then, lightest first, only those whose bound is
    below the best found.
    """
    real = sum(counts)
    room = HAND_SIZE - real
    floor = max(0, real + jokers - HAND_SIZE)
    bounds = row_bounds
    mask = _FIELD_MASK
    states = _packed_states(counts)
    weights = [
        (state >> _GAPS_SHIFT) * 2
        + bounds[state >> 3 * _FIELD & mask]
        + bounds[state >> 2 * _FIELD & mask]
        + bounds[state >> _FIELD & mask]
        + bounds[state & mask]
        for state in states
    ]
    lightest = min(weights)
    chosen = [state for weight, state in zip(weights, states, strict=True) if weight == lightest]
    best = _search([(lightest, state) for state in chosen], room, floor, real)
    heaviest = 3 * best - 3 + 2 * room  # the heaviest weight whose bound is below best
    rest = [(w, s) for w, s in zip(weights, states, strict=True) if lightest < w <= heaviest]
    if rest:
        best = _search(sorted(rest), room, floor, best)
    return room + max(best, floor) - jokers


def _search(ranked: list[tuple[int, int]], room: int, floor: int, best: int) -> int:
    """The fewest drops over packed choices of sets, lightest first, from ``best``."""
    mask = _FIELD_MASK
    for weight, state in ranked:
        # The bound ceil((weight - 2 room) / 3) reaching best ends the search.
        if weight - 2 * room > 3 * best - 3 or best <= floor:
            break
        keys = (
            state >> 3 * _FIELD & mask,
            state >> 2 * _FIELD & mask,
            state >> _FIELD & mask,
            state & mask,
        )
        best = _fewest_drops(keys, room - (state >> _GAPS_SHIFT), best)
    return best


def deficiency(hand: Sequence[Tile], okey: Tile) -> int:
    """Fewest tiles to exchange to reach a finished hand (0: finished, or can finish now)."""
    counts, jokers = hand_counts(hand, okey)
    return min(combination_deficiency(counts, jokers), pairs_deficiency(counts, jokers))


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
    left = Counter(used)
    spares = []
    for tile in hand:
        if left[tile]:
            left[tile] -= 1
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
    choices = [
        (gaps, (row_front(k0), row_front(k1), row_front(k2), row_front(k3)), keys)
        for gaps, k0, k1, k2, k3 in _row_states(counts, jokers)
        for keys in ([k0, k1, k2, k3],)
    ]
    for drops in range(sum(counts) + 1):
        best: tuple[int, list[int]] | None = None
        for gaps, fronts, keys in choices:
            used_gaps = gaps + _least_gaps(fronts, drops)
            if used_gaps <= jokers and (best is None or used_gaps < best[0]):
                best = (used_gaps, keys)
        if best is not None:
            used_gaps, keys = best
            chosen = _sets_taken(counts, keys)
            return _build_grouping(hand, okey, jokers, drops, used_gaps, chosen, keys)
    raise AssertionError("no grouping found")  # pragma: no cover - leaving all out fits


def _sets_taken(counts: list[int], keys: list[int]) -> list[tuple[int, SetOption]]:
    """The set choice behind a state's row keys: what each column gave to sets."""
    left = [row_digits(key) for key in keys]
    chosen = []
    for n0 in range(13):
        column = (counts[n0], counts[13 + n0], counts[26 + n0], counts[39 + n0])
        used = tuple(have - left[c][n0] for c, have in enumerate(column))
        if any(used):
            option = next(o for o in column_set_options()[column] if o[1] == used)
            chosen.append((n0, option))
    return chosen


def _splits(total: int, sizes: list[int]) -> Iterator[tuple[int, ...]]:
    """Every way to leave ``total`` tiles out of rows of ``sizes`` possible counts (each
    row ``0..size - 1``), in lexicographic order."""
    if len(sizes) == 1:
        if total < sizes[0]:
            yield (total,)
        return
    for first in range(min(total, sizes[0] - 1) + 1):
        for rest in _splits(total - first, sizes[1:]):
            yield (first, *rest)


def _build_grouping(
    hand: Sequence[Tile],
    okey: Tile,
    jokers: int,
    drops: int,
    used_gaps: int,
    chosen: list[tuple[int, SetOption]],
    keys: list[int],
) -> Grouping:
    pools: dict[int, list[Tile]] = {}
    wild: list[Tile] = []
    for tile in hand:
        if tile == okey:
            wild.append(tile)
        else:
            pools.setdefault(okey.code if tile.is_false_joker else tile.code, []).append(tile)
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
    groups.sort(key=lambda g: min((t.code for t in g.tiles if t != okey), default=99))
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
    clear_row_caches()
