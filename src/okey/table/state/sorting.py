"""Hand sorting modes: by colour, by number up or down, and smart grouping.

A pure module: a hand and the okey in, the tiles in order and their sections
(colour groups, number groups, or combinations and spares) out. At Okey 101
(``opening`` given: the table's options) smart grouping puts the hand's best
opening first, its runs and sets, then the other tiles by colour. Okeys, being
wild, always sit at the end of the by-colour and by-number orders; a false
joker sorts as the face it plays (the okey's).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from okey.hand.combinations import GroupKind
from okey.hand.melds import OpeningRules
from okey.hand.opening import best_opening
from okey.hand.solver import Grouping, combination_grouping, pairs_grouping

# The types live in okey.table.sorted_hand; named here too, as they always were.
from okey.table.sorted_hand import Section as Section
from okey.table.sorted_hand import SectionKind as SectionKind
from okey.table.sorted_hand import SortedHand as SortedHand
from okey.table.sorted_hand import SortMode as SortMode
from okey.tiles import Tile, stand_in

PAIRS_PREFERRED_FROM = 5  # smart grouping shows pairs when this many pairs beat the runs and sets


_GROUP_SECTIONS = {
    GroupKind.RUN: SectionKind.RUN,
    GroupKind.SET: SectionKind.SET,
    GroupKind.PAIR: SectionKind.PAIR,
}


def colour_key(tile: Tile, okey: Tile) -> tuple[int, int, int]:
    """Okeys last; otherwise the face played (colour then number), a false joker after it."""
    if tile == okey:
        return (1, 0, 0)
    return (0, stand_in(tile, okey).code, int(tile.is_false_joker))


def number_key(tile: Tile, okey: Tile) -> tuple[int, int, int, int]:
    """Okeys last; otherwise number, then colour, a false joker after its face."""
    if tile == okey:
        return (1, 0, 0, 0)
    face = stand_in(tile, okey)
    return (0, face.number, int(face.colour), int(tile.is_false_joker))


def _sections_by(
    tiles: Sequence[Tile], okey: Tile, kind: SectionKind, label: Callable[[Tile], int]
) -> tuple[Section, ...]:
    """Runs of equal labels (okeys as one section of their own)."""
    sections: list[Section] = []
    start = 0
    for index in range(1, len(tiles) + 1):
        if index < len(tiles) and _label(tiles[index], okey, label) == _label(
            tiles[start], okey, label
        ):
            continue
        section_kind = SectionKind.OKEYS if tiles[start] == okey else kind
        sections.append(Section(section_kind, start, index - start))
        start = index
    return tuple(sections)


def _label(tile: Tile, okey: Tile, label: Callable[[Tile], int]) -> int:
    return -1 if tile == okey else label(stand_in(tile, okey))


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
        tiles = sorted(hand, key=lambda t: colour_key(t, okey))
        return SortedHand(
            mode, tuple(tiles), _sections_by(tiles, okey, SectionKind.COLOUR, _colour_of)
        )
    ordered = sorted(hand, key=lambda t: number_key(t, okey))
    if mode is SortMode.DESCENDING:
        faces = [t for t in ordered if t != okey]
        ordered = faces[::-1] + [t for t in ordered if t == okey]
    return SortedHand(
        mode, tuple(ordered), _sections_by(ordered, okey, SectionKind.NUMBER, _number_of)
    )


def _colour_of(tile: Tile) -> int:
    return int(tile.colour)


def _number_of(tile: Tile) -> int:
    return tile.number


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
