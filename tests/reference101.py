"""A slow, obviously correct reference for Okey 101's hand logic, straight from the rules.

Every run and set is listed as a template of faces with its value (the sum of
its faces' numbers). A laying deals tiles into templates one at a time: the
lowest tile left is either kept in hand or goes into a template that holds its
face, every other place of the template taking a real tile or an okey. No
cleverness and no code shared with the solver beyond tiles.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations

from reference import faces_at_hand, split, within_reach

from okey.tiles import Tile

Faces = tuple[int, ...]
NO = -1_000_000  # no laying meets the condition


def numbers_of_run(start: int, length: int) -> list[int]:
    """A run's numbers from ``start`` (a 1 after 13 is 1)."""
    return [n if n <= 13 else 1 for n in range(start, start + length)]


@cache
def templates(wrap: bool) -> tuple[tuple[Faces, int], ...]:
    """Every run and set as (faces, value)."""
    result: list[tuple[Faces, int]] = []
    top = 14 if wrap else 13
    for colour in range(4):
        for start in range(1, 14):
            for length in range(3, 14):
                if start + length - 1 > top:
                    break
                numbers = numbers_of_run(start, length)
                result.append((tuple(colour * 13 + n - 1 for n in numbers), sum(numbers)))
    for number in range(1, 14):
        for size in (3, 4):
            for colours in combinations(range(4), size):
                result.append((tuple(c * 13 + number - 1 for c in colours), number * size))
    return tuple(result)


@cache
def templates_with(face: int, wrap: bool) -> tuple[tuple[Faces, int], ...]:
    return tuple(t for t in templates(wrap) if face in t[0])


def typed_fills(
    template: Faces, first: int, rest: Counter[int], own: int, gained: int
) -> Iterator[tuple[Counter[int], int, int]]:
    """Every way to fill a template holding ``first``: (faces left, own okeys left,
    taken-back okeys left)."""
    slots = list(template)
    slots.remove(first)

    def go(i: int, left: Counter[int], o: int, g: int) -> Iterator[tuple[Counter[int], int, int]]:
        if i == len(slots):
            yield left, o, g
            return
        face = slots[i]
        if left[face] > 0:
            left[face] -= 1
            yield from go(i + 1, left, o, g)
            left[face] += 1
        if o > 0:
            yield from go(i + 1, left, o - 1, g)
        if g > 0:
            yield from go(i + 1, left, o, g - 1)

    yield from go(0, rest, own, gained)


def _remaining(left: Counter[int]) -> Faces:
    return tuple(sorted(left.elements()))


@cache
def best_value(faces: Faces, jokers: int, wrap: bool, need: int | None = None) -> int:
    """Most value of runs and sets from these tiles (NO when ``need`` cannot be laid).

    ``need``: a face that must be laid, or -1 for an okey.
    """
    if not faces:
        return NO if need is not None else 0
    first = faces[0]
    rest = Counter(faces[1:])
    best = best_value(faces[1:], jokers, wrap, need)
    held = rest[need] if need is not None and need >= 0 else 0
    at_hand = faces_at_hand(first, rest)
    for template, value in templates_with(first, wrap):
        if not within_reach(template, at_hand, jokers):
            continue
        for left, j, _ in typed_fills(template, first, rest, jokers, 0):
            used = jokers - j
            still = need
            laid = need == first or (need is not None and need >= 0 and left[need] < held)
            if laid or (need == -1 and used > 0):
                still = None
            best = max(best, value + best_value(_remaining(left), j, wrap, still))
    return best


def opening_value(
    hand: Sequence[Tile], okey: Tile, wrap: bool = False, must_use: Tile | None = None
) -> int | None:
    faces, jokers = split(hand, okey)
    need = None
    if must_use is not None:
        need = -1 if must_use == okey else split([must_use], okey)[0][0]
    value = best_value(faces, jokers, wrap, need)
    return None if value < 0 else value


@cache
def most_pairs(faces: Faces, jokers: int, need: int | None = None) -> int:
    """Most pairs of identical tiles, an okey completing any pair (NO when ``need``, a face
    or -1 for an okey, cannot be in one)."""
    if not faces:
        if need == -1 and jokers < 2:
            return NO
        return jokers // 2 if need in (None, -1) else NO
    first, rest = faces[0], faces[1:]
    best = most_pairs(rest, jokers, need)
    if rest and rest[0] == first:
        best = max(best, 1 + most_pairs(rest[1:], jokers, None if need == first else need))
    if jokers:
        still = None if need in (first, -1) else need
        best = max(best, 1 + most_pairs(rest, jokers - 1, still))
    return best


def pairs_count(hand: Sequence[Tile], okey: Tile, must_use: Tile | None = None) -> int | None:
    faces, jokers = split(hand, okey)
    need = None
    if must_use is not None:
        need = -1 if must_use == okey else split([must_use], okey)[0][0]
    count = most_pairs(faces, jokers, need)
    return None if count < 0 else count


# --- New combinations laying every tile, typed okeys -------------------------------------


@cache
def cover_value(faces: Faces, own: int, gained: int, need: int | None, wrap: bool) -> int:
    """Every tile and okey dealt into runs and sets: the most value of the groups holding
    no taken-back okey (NO when impossible). ``need``: a face that must be in such a
    group, or -1 for an own okey."""
    if not faces:
        return 0 if own == 0 and gained == 0 and need is None else NO
    first = faces[0]
    rest = Counter(faces[1:])
    held = rest[need] if need is not None and need >= 0 else 0
    best = NO
    at_hand = faces_at_hand(first, rest)
    for template, value in templates_with(first, wrap):
        if not within_reach(template, at_hand, own + gained):
            continue
        for left, o, g in typed_fills(template, first, rest, own, gained):
            counted = g == gained
            still = need
            if counted and need is not None:
                if need == -1 and o < own:
                    still = None
                if need >= 0 and (need == first or left[need] < held):
                    still = None
            sub = cover_value(_remaining(left), o, g, still, wrap)
            if sub >= 0:
                best = max(best, sub + (value if counted else 0))
    return best


@cache
def cover_pairs(faces: Faces, own: int, gained: int, need: int | None) -> int:
    """Every tile and okey dealt into pairs: the most pairs holding no taken-back okey
    (NO when impossible; ``need`` as for :func:`cover_value`)."""
    if not faces:
        if (own + gained) % 2:
            return NO
        best = NO
        for own_pairs in range(own // 2 + 1):
            mixed = own - 2 * own_pairs
            fits = mixed <= gained and (gained - mixed) % 2 == 0
            if fits and (need is None or (need == -1 and own_pairs)):
                best = max(best, own_pairs)
        return best
    first, rest = faces[0], faces[1:]
    best = NO
    if rest and rest[0] == first:
        sub = cover_pairs(rest[1:], own, gained, None if need == first else need)
        if sub >= 0:
            best = max(best, sub + 1)
    if own:
        sub = cover_pairs(rest, own - 1, gained, None if need in (first, -1) else need)
        if sub >= 0:
            best = max(best, sub + 1)
    if gained:
        sub = cover_pairs(rest, own, gained - 1, need)
        best = max(best, sub)
    return best


# --- The table: combinations as places ---------------------------------------------------


@dataclass(frozen=True)
class RefRun:
    colour: int
    low: int  # first place (1..14, 14 a 1 after 13)
    okeys: frozenset[int]  # places held by okeys
    length: int

    @property
    def high(self) -> int:
        return self.low + self.length - 1


@dataclass(frozen=True)
class RefSet:
    number: int
    colours: frozenset[int]  # of the real tiles
    okeys: int


RefMeld = RefRun | RefSet


def place_face(colour: int, place: int) -> int:
    return colour * 13 + (0 if place == 14 else place - 1)


def ref_meld(kind: str, tiles: Sequence[Tile], faces: Sequence[Tile], okey: Tile) -> RefMeld:
    """A laid combination as places (runs) or colours (sets), read from its tiles."""
    wild = [i for i, tile in enumerate(tiles) if tile == okey]
    if kind == "run":
        low = faces[0].number
        return RefRun(faces[0].colour, low, frozenset(low + i for i in wild), len(tiles))
    real = [split([tile], okey)[0][0] for tile in tiles if tile != okey]
    return RefSet(faces[0].number, frozenset(code // 13 for code in real), len(wild))


def run_takes(meld: RefRun, faces: Counter[int], okeys: int, wrap: bool) -> bool:
    """True when these real faces and okeys, all of them, extend the run at its ends."""
    top = 14 if wrap else 13
    count = sum(faces.values()) + okeys
    for low in range(1, meld.low + 1):
        high = meld.high + count - (meld.low - low)
        if high < meld.high or high > top or high - low + 1 > 13:
            continue
        places = [p for p in range(low, high + 1) if not meld.low <= p <= meld.high]
        wanted = Counter(place_face(meld.colour, p) for p in places)
        if all(wanted[f] >= n for f, n in faces.items()):
            return True
    return False


def set_takes(meld: RefSet, faces: Counter[int], okeys: int) -> bool:
    colours = [f // 13 for f in faces.elements()]
    return (
        all(f % 13 == meld.number - 1 for f in faces)
        and len(set(colours)) == len(colours)
        and not set(colours) & meld.colours
        and len(meld.colours) + meld.okeys + len(colours) + okeys <= 4
    )


def _set_lacks(meld: RefSet, face: int | None) -> bool:
    """True for a real face of the set's number in a colour its real tiles lack."""
    return face is not None and face % 13 == meld.number - 1 and face // 13 not in meld.colours


def ref_additions(
    hand: Sequence[Tile], melds: Sequence[RefMeld], okey: Tile, wrap: bool, take_back: bool
) -> set[tuple[int, Tile, str]]:
    """(combination, tile, how: 'add' or 'okey') for every single tile the table takes."""
    found = set()
    for tile in set(hand):
        is_wild = tile == okey
        face = None if is_wild else split([tile], okey)[0][0]
        for m, meld in enumerate(melds):
            faces = Counter() if face is None else Counter([face])
            okeys = 1 if is_wild else 0
            if isinstance(meld, RefRun):
                if run_takes(meld, faces, okeys, wrap):
                    found.add((m, tile, "add"))
                places = meld.okeys if take_back else frozenset()
                if face is not None and any(place_face(meld.colour, p) == face for p in places):
                    found.add((m, tile, "okey"))
            else:
                if set_takes(meld, faces, okeys):
                    found.add((m, tile, "add"))
                if take_back and meld.okeys and _set_lacks(meld, face):
                    found.add((m, tile, "okey"))
    return found


# --- Finishing this turn -----------------------------------------------------------------


def _take_backs(
    melds: tuple[RefMeld, ...], faces: Counter[int], m: int = 0
) -> Iterator[tuple[tuple[RefMeld, ...], Counter[int], int]]:
    """Every way to take okeys back: (table, faces left, okeys taken back)."""
    if m == len(melds):
        yield melds, faces, 0
        return
    meld = melds[m]
    options: list[tuple[RefMeld, Counter[int], int]] = [(meld, faces, 0)]
    if isinstance(meld, RefRun):
        for chosen in range(1, len(meld.okeys) + 1):
            for places in combinations(sorted(meld.okeys), chosen):
                need = Counter(place_face(meld.colour, p) for p in places)
                if all(faces[f] >= n for f, n in need.items()):
                    run = RefRun(meld.colour, meld.low, meld.okeys - set(places), meld.length)
                    options.append((run, faces - need, chosen))
    else:
        lacking = [c for c in range(4) if c not in meld.colours]
        for chosen in range(1, meld.okeys + 1):
            for colours in combinations(lacking, chosen):
                need = Counter(c * 13 + meld.number - 1 for c in colours)
                if all(faces[f] >= n for f, n in need.items()):
                    grown = RefSet(meld.number, meld.colours | set(colours), meld.okeys - chosen)
                    options.append((grown, faces - need, chosen))
    for replaced, left, taken in options:
        for table, rest, more in _take_backs((*melds[:m], replaced, *melds[m + 1 :]), left, m + 1):
            yield table, rest, taken + more


def _extensions(
    meld: RefMeld, faces: Counter[int], okeys: int, wrap: bool
) -> Iterator[tuple[Counter[int], int]]:
    """Every way the combination takes tiles: (real faces taken, okeys taken).

    A run takes a stretch of places below and above it, each place a real tile
    of its face or an okey; a set takes colours it lacks and okeys, up to four.
    """
    if isinstance(meld, RefSet):
        lacking = [c * 13 + meld.number - 1 for c in range(4) if c not in meld.colours]
        held = [face for face in lacking if faces[face]]
        room = 4 - len(meld.colours) - meld.okeys
        for size in range(len(held) + 1):
            for chosen in combinations(held, size):
                for k in range(min(okeys, room - size) + 1):
                    if size + k <= room:
                        yield Counter(chosen), k
        return
    top = 14 if wrap else 13
    for low in range(meld.low, 0, -1):
        for high in range(meld.high, top + 1):
            if high - low + 1 > 13:
                break
            places = [p for p in range(low, high + 1) if not meld.low <= p <= meld.high]
            held = [p for p in places if faces[place_face(meld.colour, p)]]
            forced = len(places) - len(held)  # places only an okey can take
            for extra in range(okeys - forced + 1):
                for wild in combinations(held, extra):
                    taken = Counter(place_face(meld.colour, p) for p in held if p not in wild)
                    yield taken, forced + extra


def _attachments(
    melds: Sequence[RefMeld], faces: Counter[int], own: int, gained: int, wrap: bool
) -> Iterator[tuple[Counter[int], int, int]]:
    """Every way to add tiles (okeys of either kind) to the combinations: what is left."""
    if not melds:
        yield faces, own, gained
        return
    for taken, k in _extensions(melds[0], faces, own + gained, wrap):
        # The table takes okeys of either kind: every split is tried.
        for from_gained in range(max(0, k - own), min(k, gained) + 1):
            yield from _attachments(
                melds[1:], faces - taken, own - (k - from_gained), gained - from_gained, wrap
            )


def can_finish(
    hand: Sequence[Tile],
    table: Sequence[RefMeld],
    okey: Tile,
    opened: str,
    must_use: Tile | None = None,
    threshold: int = 101,
    pairs: int = 5,
    wrap: bool = False,
    take_back: bool = True,
) -> bool:
    """Whether the hand lays every tile but one this turn and discards the last.

    ``opened``: 'no', 'combinations' or 'pairs'. Not opened: the runs and sets
    (or pairs) holding no taken-back okey reach the threshold and hold
    ``must_use``; opened: ``must_use`` is laid anywhere.
    """
    real, own = split(hand, okey)
    need: int | None = None
    if must_use is not None:
        need = -1 if must_use == okey else split([must_use], okey)[0][0]
    choices = (
        _take_backs(tuple(table), Counter(real))
        if take_back
        else iter([(tuple(table), Counter(real), 0)])
    )
    for melds, faces, gained in choices:
        used_back = Counter(real) - faces  # faces put in okeys' places
        discards: list[tuple[str, int]] = [("face", f) for f in sorted(+faces)]
        discards += [("own", 0)] * bool(own) + [("gained", 0)] * bool(gained)
        for kind, face in discards:
            left = faces - Counter([face]) if kind == "face" else faces
            o = own - (kind == "own")
            g = gained - (kind == "gained")
            for rest, o_left, g_left in _attachments(melds, left, o, g, wrap):
                if _lays(rest, o_left, g_left, o + g, left, used_back, opened, need, threshold,
                         pairs, wrap):  # fmt: skip
                    return True
    return False


def _lays(
    rest: Counter[int],
    own: int,
    gained: int,
    okeys_laid: int,
    laid: Counter[int],
    used_back: Counter[int],
    opened: str,
    need: int | None,
    threshold: int,
    pairs: int,
    wrap: bool,
) -> bool:
    """The tiles left after the table's share, laid as new groups, finish the turn."""
    faces = tuple(sorted(rest.elements()))
    if opened == "no":  # an opening lays something
        if cover_value(faces, own, gained, need, wrap) >= max(1, threshold):
            return True
        return cover_pairs(faces, own, gained, need) >= max(1, pairs)
    if need is not None:
        if need == -1 and okeys_laid == 0:
            return False
        if need >= 0 and laid[need] + used_back[need] == 0:
            return False
    if opened == "combinations":
        return cover_value(faces, own + gained, 0, None, wrap) >= 0
    return cover_pairs(faces, own + gained, 0, None) >= 0
