"""Okey 101's laid combinations (melds), their places and values, and the rule options.

A meld is a run or a set on the table. It keeps its tiles in playing order and
the face each tile plays as: a false joker plays as the okey's face; in a run
an okey's face is its place (fixed once laid); in a set an okey stands for a
colour the set lacks (the lacking colours in colour order, so any of them may
still be added). A meld's value is the sum of its faces' numbers: an okey
counts as the tile it stands for. A 1 after 13 (12-13-1, only when
``wrap_runs``) counts 1.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from okey.hand.combinations import MAX_RUN, MAX_SET, MIN_GROUP, GroupKind
from okey.tiles import FALSE_JOKER_CODE, Colour, Tile, is_okey, stand_in

HIGH_ONE: Final = 14  # the place of a 1 that ends a run after 13


@dataclass(frozen=True, slots=True)
class OpeningRules:
    """The rule options of Okey 101's hand logic.

    ``threshold``: the least total value of a combinations opening; ``pairs``:
    the fewest pairs of a pairs opening; ``wrap_runs``: 12-13-1 is a run (a 1
    may end a run after 13, never bridge 13-1-2); ``take_back_okey``: an okey
    on the table may be taken back by putting the tile it stands for in its
    place.
    """

    threshold: int = 101
    pairs: int = 5
    wrap_runs: bool = False
    take_back_okey: bool = True


@dataclass(frozen=True, slots=True)
class Meld:
    """A run or a set: tiles in playing order (a run from its low end) and their faces."""

    kind: GroupKind
    tiles: tuple[Tile, ...]
    faces: tuple[Tile, ...]

    @property
    def value(self) -> int:
        return sum(face.number for face in self.faces)

    @property
    def colour(self) -> Colour:
        """A run's colour."""
        return Colour(self.faces[0].code // 13)

    @property
    def number(self) -> int:
        """A set's number, or a run's first number."""
        return self.faces[0].code % 13 + 1

    @property
    def low(self) -> int:
        """A run's first place (1..13)."""
        return self.faces[0].code % 13 + 1

    @property
    def high(self) -> int:
        """A run's last place: 1..13, or 14 for a 1 after 13."""
        return self.faces[0].code % 13 + len(self.tiles)


@dataclass(frozen=True, slots=True)
class LaidMeld:
    """A run or a set on the table and the seat that laid it first."""

    owner: int
    meld: Meld


def number_at(place: int) -> int:
    """The number on a run's place (place 14 is a 1 after 13)."""
    return 1 if place == HIGH_ONE else place


def run_face(colour: int, place: int) -> Tile:
    """The face on a run's place (1..14) in a colour."""
    return Tile(colour * 13 + number_at(place) - 1)


def tile_points(tile: Tile, okey: Tile) -> int:
    """A tile's face value in hand (a false joker as the okey's face; an okey as its own face)."""
    return stand_in(tile, okey).number


def run_meld(tiles: Sequence[Tile], okey: Tile, rules: OpeningRules) -> Meld | None:
    """The run these tiles make in this order, low end first (None when they make none)."""
    if not MIN_GROUP <= len(tiles) <= MAX_RUN:
        return None
    real = [(i, stand_in(tile, okey)) for i, tile in enumerate(tiles) if not is_okey(tile, okey)]
    if not real or len({face.colour for _, face in real}) != 1:
        return None
    colour = real[0][1].colour
    for ones_high in (False, True) if rules.wrap_runs else (False,):
        places = [HIGH_ONE if ones_high and f.number == 1 else f.number for _, f in real]
        starts = {place - i for (i, _), place in zip(real, places, strict=True)}
        if len(starts) == 1:
            low = starts.pop()
            high = low + len(tiles) - 1
            if low >= 1 and high <= (HIGH_ONE if rules.wrap_runs else 13):
                faces = tuple(run_face(colour, low + i) for i in range(len(tiles)))
                return Meld(GroupKind.RUN, tuple(tiles), faces)
    return None


def set_meld(tiles: Sequence[Tile], okey: Tile) -> Meld | None:
    """The set these tiles make (None when they make none); okeys take the lacking colours."""
    if not MIN_GROUP <= len(tiles) <= MAX_SET:
        return None
    wild = okey.code
    codes = [wild if t.code == FALSE_JOKER_CODE else t.code for t in tiles if t.code != wild]
    if not codes or len({code % 13 for code in codes}) != 1:
        return None
    colours = [code // 13 for code in codes]
    if len(set(colours)) != len(colours):
        return None
    number = codes[0] % 13
    lacking = iter(colour for colour in range(4) if colour not in colours)
    faces = tuple(
        Tile(next(lacking) * 13 + number if t.code == wild else stand_in(t, okey).code)
        for t in tiles
    )
    return Meld(GroupKind.SET, tuple(tiles), faces)


def make_meld(
    kind: GroupKind, tiles: Sequence[Tile], okey: Tile, rules: OpeningRules
) -> Meld | None:
    """The meld of this kind the tiles make (a run in the order given), or None."""
    if kind is GroupKind.RUN:
        return run_meld(tiles, okey, rules)
    if kind is GroupKind.SET:
        return set_meld(tiles, okey)
    return None


def melds_value(melds: Iterable[Meld]) -> int:
    return sum(meld.value for meld in melds)


@dataclass(frozen=True, slots=True)
class HandValue:
    """What a hand holds in points: the face values of its tiles but okeys, and its okeys.

    Most 101 tables charge an okey left in hand a penalty of its own (101 in
    seed 004) rather than its face, so the okeys are counted apart.
    """

    points: int
    okeys: int


def hand_value(hand: Iterable[Tile], okey: Tile) -> HandValue:
    """The face values of the hand's tiles (false jokers as the okey's face) and its okeys."""
    points = 0
    okeys = 0
    for tile in hand:
        if is_okey(tile, okey):
            okeys += 1
        else:
            points += tile_points(tile, okey)
    return HandValue(points, okeys)
