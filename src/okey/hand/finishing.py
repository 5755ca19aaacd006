"""Finishing this turn in Okey 101: lay every tile but one, then discard the last.

A player finishes by laying tiles (an opening if not yet opened, new runs and
sets, tiles added to the table's combinations, okeys taken back) until one
tile is left, and discarding it. Not yet opened, the turn's opening must reach
the threshold by itself, with the player's own tiles, and hold a taken discard;
additions to the table and combinations holding an okey taken back come after
it. A player who opened with pairs lays pairs and adds to the table, never
new runs or sets.

The search tries every way to take okeys back and to extend the table's
combinations with tiles of the hand (a run grows outward from its ends, each
stretch ending on a real tile, okeys only in the holes before one; a set takes
colours it lacks), and asks :mod:`okey.hand.cover` whether the rest is laid
as new combinations (or counts the pairs). Okeys that go nowhere else fill
free places on the table. A place takes a real tile whenever one is held
(the okey it would take instead can swap with that tile), unless the okeys'
kinds matter, when both are tried.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from enum import Enum
from itertools import combinations, product
from typing import Final

from okey.hand.combinations import GroupKind
from okey.hand.cover import NEED_OKEY, Cover, Covers, Usage, covers, row_cover_plan
from okey.hand.layoff import (
    Addition,
    Place,
    add_to,
    apply,
    lacking,
    meld_additions,
    okey_places,
    room,
    run_ends,
)
from okey.hand.melds import Meld, OpeningRules, run_face, set_meld
from okey.hand.opening import best_opening_value
from okey.hand.pairs import best_pairs
from okey.hand.reach import hopeless, reachable_okeys
from okey.hand.solver import face_tile, hand_counts
from okey.tiles import Tile, is_okey, stand_in

DEFAULT_RULES: Final = OpeningRules()
Pair = tuple[Tile, Tile]


class Opened(Enum):
    """How far a player has opened."""

    NOT_YET = "not yet"
    COMBINATIONS = "combinations"
    PAIRS = "pairs"


@dataclass(frozen=True, slots=True)
class FinishPlan:
    """A turn that finishes, in the order to play it.

    First ``opening`` (runs and sets) or ``opening_pairs``: when the player
    had not opened, these alone reach the threshold. Then ``additions`` to the
    table's combinations in order (okeys taken back first; each refers to a
    combination of the table as the additions before it left it). Then
    ``later`` and ``later_pairs``, which may hold okeys taken back (for a
    player already opened, all the new runs and sets). Then ``discard``.
    """

    opening: tuple[Meld, ...]
    opening_pairs: tuple[Pair, ...]
    additions: tuple[Addition, ...]
    later: tuple[Meld, ...]
    later_pairs: tuple[Pair, ...]
    discard: Tile


@dataclass(frozen=True, slots=True)
class _Table:
    """The table and the hand while the search lays tiles on the table."""

    melds: tuple[Meld, ...]
    counts: tuple[int, ...]  # real faces left in hand (a false joker as the okey's face)
    gained: int  # okeys taken back
    holes: int  # okeys laid on the table
    additions: tuple[Addition, ...]
    must_laid: bool  # a tile of the face that must be laid went onto the table


def _add(state: _Table, addition: Addition, okey: Tile, must: int | None) -> _Table:
    meld, taken = apply(state.melds[addition.meld], addition, okey)
    melds = list(state.melds)
    melds[addition.meld] = meld
    counts = list(state.counts)
    holes = state.holes
    must_laid = state.must_laid
    if is_okey(addition.tile, okey):
        holes += 1
    else:
        code = stand_in(addition.tile, okey).code
        counts[code] -= 1
        must_laid = must_laid or code == must
    return _Table(
        tuple(melds),
        tuple(counts),
        state.gained + (taken is not None),
        holes,
        (*state.additions, addition),
        must_laid,
    )


def _take_backs(
    state: _Table, okey: Tile, rules: OpeningRules, must: int | None, m: int = 0, first: int = 0
) -> Iterator[_Table]:
    """Every way to take okeys back, from combination ``m`` (its okeys from ``first``) on."""
    if m == len(state.melds):
        yield state
        return
    yield from _take_backs(state, okey, rules, must, m + 1)
    for index, faces in okey_places(state.melds[m], okey):
        if index < first:
            continue
        for face in faces:
            if state.counts[face.code]:
                addition = Addition(m, face_tile(face.code, okey), Place.OKEY, face, index)
                taken = _add(state, addition, okey, must)
                yield from _take_backs(taken, okey, rules, must, m, index + 1)


def _grow(
    state: _Table,
    m: int,
    place: Place,
    okeys: int,
    okey: Tile,
    rules: OpeningRules,
    must: int | None,
    greedy: bool,
) -> Iterator[_Table]:
    """Every way to grow run ``m`` by one place or more at one end, ending on a real tile."""
    face = run_ends(state.melds[m], rules)[place is Place.HIGH]
    if face is None:
        return
    held = state.counts[face.code]
    if held:
        real = _add(state, Addition(m, face_tile(face.code, okey), place, face), okey, must)
        yield real
        yield from _grow(real, m, place, okeys, okey, rules, must, greedy)
    if okeys and (not held or not greedy):
        holed = _add(state, Addition(m, okey, place, face), okey, must)
        yield from _grow(holed, m, place, okeys - 1, okey, rules, must, greedy)


def _extensions(
    state: _Table,
    okeys: int,
    okey: Tile,
    rules: OpeningRules,
    must: int | None,
    greedy: bool,
    m: int = 0,
) -> Iterator[_Table]:
    """Every way to add the hand's tiles to combinations ``m`` on (``okeys`` held)."""
    if m == len(state.melds):
        yield state
        return
    meld = state.melds[m]
    if meld.kind is GroupKind.RUN:
        for low in (state, *_grow(state, m, Place.LOW, okeys, okey, rules, must, greedy)):
            left = okeys - (low.holes - state.holes)
            for high in (low, *_grow(low, m, Place.HIGH, left, okey, rules, must, greedy)):
                rest = left - (high.holes - low.holes)
                yield from _extensions(high, rest, okey, rules, must, greedy, m + 1)
        return
    faces = [face for face in lacking(meld, okey) if state.counts[face.code]]
    for size in range(min(len(faces), room(meld, rules)) + 1):
        for chosen in combinations(faces, size):
            grown = state
            for face in chosen:
                addition = Addition(m, face_tile(face.code, okey), Place.SET, face)
                grown = _add(grown, addition, okey, must)
            yield from _extensions(grown, okeys, okey, rules, must, greedy, m + 1)


def finish_plan(
    hand: Sequence[Tile],
    table: Sequence[Meld],
    okey: Tile,
    rules: OpeningRules = DEFAULT_RULES,
    opened: Opened = Opened.NOT_YET,
    must_use: Tile | None = None,
) -> FinishPlan | None:
    """A way to finish this turn from ``hand`` (after the draw), or None.

    ``table``: the combinations on the table; ``opened``: how the player has
    opened before this turn; ``must_use``: a tile that must be laid (a taken
    discard; in the opening when not yet opened). A plan discarding an okey
    is chosen when there is one.
    """
    counts, own = hand_counts(hand, okey)
    must_okey = must_use is not None and is_okey(must_use, okey)
    must = None if must_use is None or must_okey else stand_in(must_use, okey).code
    if (must is not None and not counts[must]) or (must_okey and not own):
        return None
    if opened is Opened.NOT_YET and not _may_open(hand, okey, rules, must_use, must_okey):
        return None
    reach = reachable_okeys(own, table, okey, rules)
    combinations, pairs = opened is not Opened.PAIRS, opened is not Opened.COMBINATIONS
    if hopeless(counts, reach, table, okey, rules, combinations, pairs):
        return None
    start = _Table(tuple(table), tuple(counts), 0, 0, (), False)
    on_table = rules.take_back_okey and any(okey_places(meld, okey) for meld in table)
    taken_back = _take_backs(start, okey, rules, must) if on_table else iter([start])
    search = _Search(tuple(hand), own, okey, rules, opened, must, must_okey)
    fallback = None
    for taken in taken_back:
        greedy = not must_okey and not (opened is Opened.NOT_YET and taken.gained)
        okeys = own + taken.gained
        for state in _extensions(taken, okeys, okey, rules, must, greedy):
            plan = search.finish(state, greedy)
            if plan is None:
                continue
            if is_okey(plan.discard, okey) or not (own or on_table):
                return plan
            fallback = fallback or plan
    return fallback


def _may_open(
    hand: Sequence[Tile], okey: Tile, rules: OpeningRules, must_use: Tile | None, must_okey: bool
) -> bool:
    """False when the hand cannot open this turn, whatever it lays on the table: the
    opening is laid from the player's own tiles (no okey taken back counts in it), a part
    of the hand, so the whole hand's best opening and most pairs bound it. (The search
    over the table's choices takes seconds on a long hand and a full table.)"""
    value = best_opening_value(hand, okey, rules, None if must_okey else must_use)
    if value is not None and value >= max(1, rules.threshold):
        return True
    pairs = best_pairs(hand, okey, rules)
    return pairs is not None and len(pairs.pairs) >= max(1, rules.pairs)


def can_finish(
    hand: Sequence[Tile],
    table: Sequence[Meld],
    okey: Tile,
    rules: OpeningRules = DEFAULT_RULES,
    opened: Opened = Opened.NOT_YET,
    must_use: Tile | None = None,
) -> bool:
    """True when the hand can finish this turn (see :func:`finish_plan`)."""
    return finish_plan(hand, table, okey, rules, opened, must_use) is not None


@dataclass(frozen=True, slots=True)
class _Search:
    """What stays the same while the search tries the table's choices."""

    hand: tuple[Tile, ...]
    own: int
    okey: Tile
    rules: OpeningRules
    opened: Opened
    must: int | None
    must_okey: bool
    # What the new combinations can lay, by the tiles and okeys left for them (the
    # table's choices often leave the same).
    memo: dict[tuple[tuple[int, ...], int, int, int, int | None, bool], Covers] = field(
        default_factory=dict
    )

    def finish(self, state: _Table, greedy: bool) -> FinishPlan | None:
        """A finish once the table's choices are made (an okey discard first)."""
        found = None
        if self.opened is not Opened.PAIRS:
            found = self._with_combinations(state, greedy)
            if found is not None and is_okey(found.discard, self.okey):
                return found
        if self.opened is not Opened.COMBINATIONS:
            pairs = self._with_pairs(state)
            if pairs is not None and (found is None or is_okey(pairs.discard, self.okey)):
                return pairs
        return found

    def _free(self, state: _Table) -> int:
        return sum(room(meld, self.rules) for meld in state.melds)

    def _with_combinations(self, state: _Table, greedy: bool) -> FinishPlan | None:
        not_yet = self.opened is Opened.NOT_YET
        left = self.own + state.gained - state.holes  # okeys still in hand
        typed = not_yet and state.gained > 0
        own, gained = (self.own, state.gained) if typed else (left, 0)
        wrap = self.rules.wrap_runs
        need = self.must
        if self.must_okey and not_yet:
            need = NEED_OKEY  # an own okey in the opening
        # ``left`` is in the key: the quick test below depends on it, and with okeys taken
        # back (``typed``) it is not ``own + gained`` (okeys laid on the table differ).
        key = (state.counts, own, gained, left, need, greedy)
        found = self.memo.get(key)
        if found is None:
            # The table's choices are made: the rest must fit new combinations.
            if hopeless(state.counts, left, (), self.okey, self.rules, True, False):
                found = Covers({}, {}, wrap, need, typed=False)
            else:
                found = covers(state.counts, own, gained, wrap, need, greedy)
            self.memo[key] = found
        if not found.values:
            return None
        free = self._free(state)
        chosen: tuple[Usage, int] | None = None
        for (o, g, d, m), value in found.values.items():
            discard_okey = 1 - d
            spare = left - o - g - discard_okey  # okeys for free places on the table
            if not 0 <= spare <= free:
                continue
            if need is not None and not (m or (state.must_laid and not not_yet)):
                continue
            if self.must_okey and o + g + state.holes + spare == 0:
                continue
            if not_yet and value < max(1, self.rules.threshold):
                continue  # an opening lays something
            if chosen is None or discard_okey:
                chosen = ((o, g, d, m), spare)
                if discard_okey:
                    break
        if chosen is None:
            return None
        usage, spare = chosen
        return self._combinations_plan(state, found.cover(usage), spare)

    def _pools(self, state: _Table) -> dict[int, list[Tile]]:
        """The hand's real tiles by face, less those laid on the table."""
        pools: dict[int, list[Tile]] = {}
        for tile in self.hand:
            if not is_okey(tile, self.okey):
                pools.setdefault(stand_in(tile, self.okey).code, []).append(tile)
        for addition in state.additions:
            if not is_okey(addition.tile, self.okey):
                pools[stand_in(addition.tile, self.okey).code].remove(addition.tile)
        return pools

    def _combinations_plan(self, state: _Table, cover: Cover, spare: int) -> FinishPlan:
        okey = self.okey
        pools = self._pools(state)
        opening: list[Meld] = []
        later: list[Meld] = []
        not_yet = self.opened is Opened.NOT_YET
        for n0, option, held in cover.sets:
            for (mask, okeys), gained in zip(option.sets, held, strict=True):
                tiles = [pools[c * 13 + n0].pop() for c in range(4) if mask >> c & 1]
                meld = set_meld([*tiles, *[okey] * okeys], okey)
                assert meld is not None
                (later if gained or not not_yet else opening).append(meld)
        discard = okey
        for colour, (key, need, usage, value) in enumerate(cover.rows):
            runs, dropped = row_cover_plan(
                key, self.rules.wrap_runs, need, cover.typed, usage, value
            )
            for start, cells, gained in runs:
                faces = [run_face(colour, start + i + 1) for i in range(len(cells))]
                tiles = [
                    pools[face.code].pop() if real else okey
                    for face, real in zip(faces, cells, strict=True)
                ]
                meld = Meld(GroupKind.RUN, tuple(tiles), tuple(faces))
                (later if gained or not not_yet else opening).append(meld)
            for place in dropped:
                discard = pools[colour * 13 + (place if place < 13 else 0)].pop()
        additions = self._spare_okeys(state, spare)
        return FinishPlan(tuple(opening), (), additions, tuple(later), (), discard)

    def _spare_okeys(self, state: _Table, spare: int) -> tuple[Addition, ...]:
        """The additions, then ``spare`` okeys on free places of the table."""
        melds = list(state.melds)
        placed = list(state.additions)
        for m in range(len(melds)):
            while spare and room(melds[m], self.rules):
                addition = meld_additions(melds[m], m, [self.okey], self.okey, self.rules)[0]
                result = add_to(melds[m], addition, self.okey, self.rules)
                assert result is not None
                melds[m] = result[0]
                placed.append(addition)
                spare -= 1
        assert spare == 0
        return tuple(placed)

    def _with_pairs(self, state: _Table) -> FinishPlan | None:
        """A finish laying the rest in pairs: each okey is the discard, on a free place of
        the table, with a single tile, or with the other okey."""
        counts = state.counts
        not_yet = self.opened is Opened.NOT_YET
        must = self.must
        # The okeys laid on the table are the taken-back ones first (only own ones open).
        gained = max(0, state.gained - state.holes)
        own = self.own - max(0, state.holes - state.gained)
        kinds = (False,) * own + (True,) * gained  # True: taken back
        singles = [code for code in range(52) if counts[code] == 1]
        doubles = [code for code in range(52) if counts[code] == 2]
        free = self._free(state)
        for discard in [None, *singles, *doubles]:  # None: an okey
            left_singles = [code for code in singles if code != discard]
            left_doubles = [code for code in doubles if code != discard]
            if discard in doubles:
                left_singles.append(discard)
            if must is not None:
                held = must in left_singles or must in left_doubles
                if not held and (not_yet or not state.must_laid):
                    continue
            for roles in product(_ROLES, repeat=len(kinds)):
                if roles.count(_DISCARD) != (discard is None):
                    continue
                if roles.count(_SINGLE) != len(left_singles):
                    continue
                if roles.count(_TOGETHER) not in (0, 2) or roles.count(_SPARE) > free:
                    continue
                own_singles = sum(
                    1 for r, k in zip(roles, kinds, strict=True) if r == _SINGLE and not k
                )
                together = [k for r, k in zip(roles, kinds, strict=True) if r == _TOGETHER]
                own_together = bool(together) and not any(together)
                if not_yet:
                    count = len(left_doubles) + own_singles + own_together
                    if count < max(1, self.rules.pairs):
                        continue
                    if must is not None and must not in left_doubles and not own_singles:
                        continue
                    if self.must_okey and not (own_singles or own_together):
                        continue
                elif self.must_okey and not state.holes and all(r == _DISCARD for r in roles):
                    continue
                return self._pairs_plan(state, left_doubles, left_singles, roles, kinds, discard)
        return None

    def _pairs_plan(
        self,
        state: _Table,
        doubles: list[int],
        singles: list[int],
        roles: tuple[str, ...],
        kinds: tuple[bool, ...],
        discard: int | None,
    ) -> FinishPlan:
        okey = self.okey
        pools = self._pools(state)
        opening: list[Pair] = [(pools[code].pop(), pools[code].pop()) for code in doubles]
        later: list[Pair] = []
        # Own okeys go with the tile that must be laid first.
        single_kinds = sorted(k for r, k in zip(roles, kinds, strict=True) if r == _SINGLE)
        for code, gained in zip(
            sorted(singles, key=lambda c: c != self.must), single_kinds, strict=True
        ):
            (later if gained else opening).append((pools[code].pop(), okey))
        together = [k for r, k in zip(roles, kinds, strict=True) if r == _TOGETHER]
        if together:
            (later if any(together) else opening).append((okey, okey))
        thrown = okey if discard is None else pools[discard].pop()
        if self.opened is not Opened.NOT_YET:
            opening, later = [], opening + later
        additions = self._spare_okeys(state, roles.count(_SPARE))
        return FinishPlan((), tuple(opening), additions, (), tuple(later), thrown)


# What an okey left in hand does in a pairs finish.
_DISCARD: Final = "discard"
_SPARE: Final = "spare"  # on a free place of the table
_SINGLE: Final = "single"  # with a single tile
_TOGETHER: Final = "together"  # with the other okey
_ROLES: Final = (_DISCARD, _SPARE, _SINGLE, _TOGETHER)
