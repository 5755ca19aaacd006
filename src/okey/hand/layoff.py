"""Adding tiles to the combinations on the table (laying off) in Okey 101.

A run takes the tile below its first place or above its last (never past 13,
or past a 1 after 13 when 12-13-1 is a run; never longer than 13 tiles). A
set takes a tile of its number in a colour none of its real tiles has, until
it holds four. An okey goes to any of those places. With
``take_back_okey``, an okey on the table is taken back by putting the tile
it stands for in its place: in a run the tile of its place, in a set a tile
of a colour the set's real tiles lack.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Final, assert_never

from okey.hand.combinations import MAX_RUN, MAX_SET, GroupKind
from okey.hand.melds import HIGH_ONE, Meld, OpeningRules, run_face, set_meld
from okey.tiles import Colour, Tile, is_okey, stand_in

DEFAULT_RULES: Final = OpeningRules()


class Place(Enum):
    """Where a tile goes on a combination of the table."""

    LOW = "low"  # before a run's first tile
    HIGH = "high"  # after a run's last tile
    SET = "set"  # a colour the set lacks
    OKEY = "okey"  # in an okey's place, taking the okey back


@dataclass(frozen=True, slots=True)
class Addition:
    """One tile from the hand onto combination ``meld`` (an index into the table).

    ``face``: what the tile plays as there; ``index``: for ``Place.OKEY``, the
    position in the combination's tiles of the okey taken back.
    """

    meld: int
    tile: Tile
    place: Place
    face: Tile
    index: int | None = None


def top_place(rules: OpeningRules) -> int:
    """The highest place a run may reach: 13, or 14 (a 1 after 13) with ``wrap_runs``."""
    return HIGH_ONE if rules.wrap_runs else 13


def run_ends(meld: Meld, rules: OpeningRules) -> tuple[Tile | None, Tile | None]:
    """The faces a run takes next below and above (None where it cannot grow)."""
    if len(meld.tiles) >= MAX_RUN:
        return None, None
    first = meld.faces[0].code
    colour, low = divmod(first, 13)  # low: the first place less one
    high = low + len(meld.tiles) + 1
    below = Tile(first - 1) if low else None
    above = run_face(colour, high) if high <= top_place(rules) else None
    return below, above


def lacking(meld: Meld, okey: Tile) -> list[Tile]:
    """The faces of a set's number in the colours none of its real tiles has."""
    present = {stand_in(t, okey).colour for t in meld.tiles if not is_okey(t, okey)}
    return [Tile.face(colour, meld.number) for colour in Colour if colour not in present]


def room(meld: Meld, rules: OpeningRules) -> int:
    """How many more tiles (okeys, say) the combination can take."""
    if meld.kind is GroupKind.SET:
        return MAX_SET - len(meld.tiles)
    free = meld.low - 1 + top_place(rules) - meld.high
    return min(MAX_RUN - len(meld.tiles), free)


def okey_places(meld: Meld, okey: Tile) -> list[tuple[int, list[Tile]]]:
    """Each okey of the combination: its position and the faces that take it back."""
    found = []
    for index, tile in enumerate(meld.tiles):
        if is_okey(tile, okey):
            faces = lacking(meld, okey) if meld.kind is GroupKind.SET else [meld.faces[index]]
            found.append((index, faces))
    return found


def meld_additions(
    meld: Meld, index: int, tiles: Iterable[Tile], okey: Tile, rules: OpeningRules = DEFAULT_RULES
) -> list[Addition]:
    """Every single tile of ``tiles`` that combination ``index`` takes, and where."""
    distinct = list(dict.fromkeys(tiles))
    found: list[Addition] = []
    okeys = [t for t in distinct if is_okey(t, okey)]
    real = [t for t in distinct if not is_okey(t, okey)]
    if meld.kind is GroupKind.RUN:
        for place, face in zip((Place.LOW, Place.HIGH), run_ends(meld, rules), strict=True):
            if face is None:
                continue
            found += [Addition(index, t, place, face) for t in okeys]
            found += [Addition(index, t, place, face) for t in real if stand_in(t, okey) == face]
    elif len(meld.tiles) < MAX_SET:
        faces = lacking(meld, okey)
        held_by_okeys = sum(1 for t in meld.tiles if is_okey(t, okey))
        if okeys:
            found.append(Addition(index, okeys[0], Place.SET, faces[held_by_okeys]))
        found += [Addition(index, t, Place.SET, stand_in(t, okey)) for t in real]
        found = [a for a in found if a.face in faces]
    if rules.take_back_okey:
        for position, faces in okey_places(meld, okey):
            found += [
                Addition(index, t, Place.OKEY, stand_in(t, okey), position)
                for t in real
                if stand_in(t, okey) in faces
            ]
    return found


def additions(
    hand: Iterable[Tile], table: Sequence[Meld], okey: Tile, rules: OpeningRules = DEFAULT_RULES
) -> list[Addition]:
    """Every single tile of the hand that a combination of the table takes, and where."""
    tiles = list(hand)
    return [a for i, meld in enumerate(table) for a in meld_additions(meld, i, tiles, okey, rules)]


def can_add(
    tile: Tile,
    table: Sequence[Meld],
    okey: Tile,
    rules: OpeningRules = DEFAULT_RULES,
    take_back: bool = True,
) -> bool:
    """True when some combination of the table takes ``tile`` (``take_back``: counting
    putting it in an okey's place, when the rules allow that)."""
    return any(
        take_back or a.place is not Place.OKEY for a in additions([tile], table, okey, rules)
    )


def add_to(
    meld: Meld, addition: Addition, okey: Tile, rules: OpeningRules = DEFAULT_RULES
) -> tuple[Meld, Tile | None] | None:
    """The combination once the addition is made, and the okey taken back (if any).

    None when the combination does not take that tile there.
    """
    wanted = [
        a
        for a in meld_additions(meld, addition.meld, [addition.tile], okey, rules)
        if (a.place, a.face, a.index) == (addition.place, addition.face, addition.index)
    ]
    return apply(meld, addition, okey) if wanted else None


def apply(meld: Meld, addition: Addition, okey: Tile) -> tuple[Meld, Tile | None]:
    """The combination once an addition it takes is made, and the okey taken back (if any)."""
    tile = addition.tile
    match addition.place:
        case Place.LOW:
            return Meld(meld.kind, (tile, *meld.tiles), (addition.face, *meld.faces)), None
        case Place.HIGH:
            return Meld(meld.kind, (*meld.tiles, tile), (*meld.faces, addition.face)), None
        case Place.SET:
            grown = set_meld([*meld.tiles, tile], okey)
            assert grown is not None
            return grown, None
        case Place.OKEY:
            assert addition.index is not None
            tiles = list(meld.tiles)
            taken = tiles[addition.index]
            tiles[addition.index] = tile
            if meld.kind is GroupKind.SET:
                rebuilt = set_meld(tiles, okey)
                assert rebuilt is not None
                return rebuilt, taken
            return Meld(meld.kind, tuple(tiles), meld.faces), taken
        case _:
            assert_never(addition.place)
