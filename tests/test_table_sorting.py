"""The sort modes (seed 000's example) and the rack's focus."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from okey.hand.notation import format_tiles, parse_tile, parse_tiles
from okey.table.state.rack import Rack
from okey.table.state.sorting import SectionKind, SortMode, sort_hand
from okey.tiles import FACE_COUNT, Tile, full_set

EXAMPLE = parse_tiles("y13 b5 k3 k4 k5 r5 k6")
OKEY = parse_tile("r11")


def order(mode: SortMode, tiles: str = "", okey: str = "r11") -> str:
    hand = parse_tiles(tiles) if tiles else EXAMPLE
    return format_tiles(sort_hand(hand, parse_tile(okey), mode).tiles)


def test_the_four_modes_of_the_seed_example() -> None:
    assert order(SortMode.COLOUR) == "r5 b5 k3 k4 k5 k6 y13"
    assert order(SortMode.ASCENDING) == "k3 k4 r5 b5 k5 k6 y13"
    assert order(SortMode.DESCENDING) == "y13 k6 k5 b5 r5 k4 k3"
    assert order(SortMode.SMART) == "k3 k4 k5 k6 r5 b5 y13"


def test_smart_sections_are_the_combinations_then_the_spares() -> None:
    hand = sort_hand(EXAMPLE, OKEY, SortMode.SMART)
    assert [(s.kind, s.start, s.length) for s in hand.sections] == [
        (SectionKind.RUN, 0, 4),
        (SectionKind.SPARES, 4, 3),
    ]


def test_okeys_go_last_and_false_jokers_sort_as_the_okey_face() -> None:
    assert order(SortMode.COLOUR, "r11 k2 fj r12 r10", okey="r11") == "r10 fj r12 k2 r11"
    assert order(SortMode.DESCENDING, "r11 k2 fj r1", okey="r11") == "fj k2 r1 r11"
    colour = sort_hand(parse_tiles("r11 k2 r10"), parse_tile("r11"), SortMode.COLOUR)
    assert [s.kind for s in colour.sections] == [
        SectionKind.COLOUR,
        SectionKind.COLOUR,
        SectionKind.OKEYS,
    ]


def test_smart_prefers_seven_pairs_when_they_are_closer() -> None:
    hand = parse_tiles("r1 r1 b2 b2 k3 k3 y4 y4 r9 r9 b13 k7 y11 r5")
    smart = sort_hand(hand, parse_tile("y1"), SortMode.SMART)
    assert [s.kind for s in smart.sections][:5] == [SectionKind.PAIR] * 5
    assert smart.sections[-1].kind is SectionKind.SPARES


def test_modes_cycle() -> None:
    assert [m.next() for m in SortMode] == [
        SortMode.ASCENDING,
        SortMode.DESCENDING,
        SortMode.SMART,
        SortMode.COLOUR,
    ]


def test_the_rack_keeps_its_focus_sensibly() -> None:
    rack = Rack(SortMode.COLOUR)
    rack.update(EXAMPLE, OKEY)
    assert rack.focused == parse_tile("r5")
    rack.move(-1)
    assert rack.focus == 0
    rack.end()
    assert rack.focused == parse_tile("y13")
    rack.move(1)
    assert rack.focused == parse_tile("y13")
    rack.next_section(-1)  # y13 starts its colour: the colour before
    assert rack.focused == parse_tile("k3")
    rack.move(2)
    rack.next_section(-1)  # inside a colour: its start
    assert rack.focused == parse_tile("k3")
    rack.next_section(1)
    assert rack.focused == parse_tile("y13")
    rack.set_mode(SortMode.SMART)  # the focused tile stays focused
    assert rack.focused == parse_tile("y13")
    drawn = parse_tile("k7")
    rack.update([*EXAMPLE, drawn], OKEY, follow=drawn)
    assert rack.focused == drawn
    assert rack.position_of(drawn) == 5
    rack.update(EXAMPLE, OKEY)  # the drawn tile left: the focus stays where it was
    assert rack.focus == 4


_FACES = st.integers(0, FACE_COUNT - 1).map(Tile)


def _hands(least: int) -> st.SearchStrategy[list[Tile]]:
    """Hands that could be dealt: up to 15 of the 106 tiles."""
    return st.tuples(st.permutations(full_set()), st.integers(least, 15)).map(
        lambda drawn: list(drawn[0][: drawn[1]])
    )


_KEYED = st.sampled_from([SortMode.COLOUR, SortMode.ASCENDING, SortMode.DESCENDING])


@given(
    hand=_hands(1),
    okey=_FACES,
    mode=_KEYED,
    data=st.data(),
)
def test_a_discard_leaves_the_rack_as_sorting_again_would(
    hand: list[Tile], okey: Tile, mode: SortMode, data: st.DataObject
) -> None:
    """The rack takes the discarded tile out instead of sorting again: the same order
    and sections as a new sort, whichever tile leaves."""
    rack = Rack(mode)
    rack.update(hand, okey)
    at = data.draw(st.integers(0, len(hand) - 1))
    gone = hand[at]
    rest = hand[:at] + hand[at + 1 :]
    rack.update(rest, okey, gone=gone)
    assert rack.sorted == sort_hand(rest, okey, mode)


@given(hand=_hands(2), okey=_FACES, data=st.data())
def test_the_rack_sorts_again_when_more_than_the_discard_changed(
    hand: list[Tile], okey: Tile, data: st.DataObject
) -> None:
    """Smart grouping, another okey, or a hand that is not the last one less the tile
    said gone: sorted again."""
    mode = data.draw(st.sampled_from(list(SortMode)))
    rack = Rack(mode)
    rack.update(hand, okey)
    gone = hand[0]
    other = data.draw(_hands(0))
    new_okey = data.draw(st.one_of(st.just(okey), _FACES))
    rack.update(other, new_okey, gone=gone)
    assert rack.sorted == sort_hand(other, new_okey, mode)
    rack.update(hand[1:], new_okey, gone=gone)
    assert rack.sorted == sort_hand(hand[1:], new_okey, mode)
    rack.set_mode(mode.next())
    assert rack.sorted == sort_hand(hand[1:], new_okey, mode.next())
