"""Hand sorting modes: by colour, by number up or down, and smart grouping.

A pure module: a hand and the okey in, the tiles in order and their sections
(colour groups, number groups, or combinations and spares) out. At Okey 101
(``opening`` given: the table's options) smart grouping puts the hand's best
opening first, its runs and sets, then the other tiles by colour. Okeys, being
wild, always sit at the end of the by-colour and by-number orders; a false
joker sorts as the face it plays (the okey's).
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter

from okey.hand.combinations import GroupKind
from okey.hand.melds import OpeningRules
from okey.hand.opening import best_opening
from okey.hand.solver import Grouping, combination_grouping, pairs_grouping

# The types live in okey.table.sorted_hand; named here too, as they always were.
from okey.table.sorted_hand import Section as Section
from okey.table.sorted_hand import SectionKind as SectionKind
from okey.table.sorted_hand import SortedHand as SortedHand
from okey.table.sorted_hand import SortMode as SortMode
from okey.tiles import COLOUR_AND_NUMBER, FALSE_JOKER_CODE, Tile

PAIRS_PREFERRED_FROM = 5  # smart grouping shows pairs when this many pairs beat the runs and sets


_GROUP_SECTIONS = {
    GroupKind.RUN: SectionKind.RUN,
    GroupKind.SET: SectionKind.SET,
    GroupKind.PAIR: SectionKind.PAIR,
}

# A tile's sort key: okeys last, then a face's colour or number, which its section is
# named by (the key's first two parts), then the rest of the order.
_OKEY_LAST = (1, 0, 0, 0)
_KEY = itemgetter(0)


def colour_key(tile: Tile, okey: Tile) -> tuple[int, int, int, int]:
    """Okeys last; otherwise the face played (colour then number), a false joker after it."""
    code = tile.code
    if code == okey.code:
        return _OKEY_LAST
    joker = code == FALSE_JOKER_CODE
    colour, number = COLOUR_AND_NUMBER[okey.code if joker else code]
    return (0, colour, number, int(joker))


def number_key(tile: Tile, okey: Tile) -> tuple[int, int, int, int]:
    """Okeys last; otherwise number, then colour, a false joker after its face."""
    last, colour, number, joker = colour_key(tile, okey)
    return (last, number, colour, joker)


def smart_grouping(hand: Sequence[Tile], okey: Tile) -> Grouping:
    """Runs and sets leaving the fewest spares; seven pairs when clearly closer."""
    combos = combination_grouping(hand, okey)
    pairs = pairs_grouping(hand, okey)
    if len(pairs.groups) >= PAIRS_PREFERRED_FROM and len(pairs.spares) < len(combos.spares):
        return pairs
    return combos


def sort_hand(
    hand: Sequence[Tile], okey: Tile, mode: SortMode, opening: OpeningRules | None = None
) -> SortedHand:
    """The hand in the order of ``mode``, with its sections (``opening``: at Okey 101)."""
    if mode is SortMode.SMART:
        return _smart(hand, okey) if opening is None else _smart_opening(hand, okey, opening)
    if mode is SortMode.COLOUR:
        key, kind = colour_key, SectionKind.COLOUR
    else:
        key, kind = number_key, SectionKind.NUMBER
    keyed = sorted([(key(tile, okey), tile) for tile in hand], key=_KEY)
    if mode is SortMode.DESCENDING:
        faces = [item for item in keyed if not item[0][0]]
        keyed = faces[::-1] + keyed[len(faces) :]
    return SortedHand(mode, tuple([tile for _, tile in keyed]), _sections(keyed, kind))


def _sections(
    keyed: Sequence[tuple[tuple[int, ...], Tile]], kind: SectionKind
) -> tuple[Section, ...]:
    """Runs of tiles whose keys begin alike (one colour, or one number), the okeys as
    one section of their own."""
    heads = [key[:2] for key, _ in keyed]
    sections: list[Section] = []
    start = 0
    for index in range(1, len(heads) + 1):
        if index < len(heads) and heads[index] == heads[start]:
            continue
        sections.append(
            Section(SectionKind.OKEYS if heads[start][0] else kind, start, index - start)
        )
        start = index
    return tuple(sections)


def _smart(hand: Sequence[Tile], okey: Tile) -> SortedHand:
    grouping = smart_grouping(hand, okey)
    tiles: list[Tile] = []
    sections: list[Section] = []
    for group in grouping.groups:
        sections.append(Section(_GROUP_SECTIONS[group.kind], len(tiles), len(group.tiles)))
        tiles.extend(group.tiles)
    spares = sorted(grouping.spares, key=lambda t: colour_key(t, okey))
    if spares:
        sections.append(Section(SectionKind.SPARES, len(tiles), len(spares)))
        tiles.extend(spares)
    return SortedHand(SortMode.SMART, tuple(tiles), tuple(sections))


def _smart_opening(hand: Sequence[Tile], okey: Tile, opening: OpeningRules) -> SortedHand:
    """The best opening's runs and sets first (most value), then the rest by colour."""
    best = best_opening(hand, okey, opening)
    tiles: list[Tile] = []
    sections: list[Section] = []
    left: Sequence[Tile] = hand
    if best is not None:
        for meld in best.melds:
            sections.append(Section(_GROUP_SECTIONS[meld.kind], len(tiles), len(meld.tiles)))
            tiles.extend(meld.tiles)
        left = best.left
    spares = sorted(left, key=lambda t: colour_key(t, okey))
    if spares:
        sections.append(Section(SectionKind.SPARES, len(tiles), len(spares)))
        tiles.extend(spares)
    return SortedHand(SortMode.SMART, tuple(tiles), tuple(sections))
