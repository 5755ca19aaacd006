"""Tiles, the indicator and okey, the notation and spoken names."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from okey.hand.notation import TileNotationError, format_tile, format_tiles, parse_tile, parse_tiles
from okey.messages import load_catalogue
from okey.tiles import (
    ALL_FACES,
    FALSE_JOKER,
    Colour,
    Tile,
    full_set,
    indicator_for,
    is_okey,
    okey_for,
    stand_in,
)

EN = load_catalogue("en")


def test_full_set_has_106_tiles_two_of_each_face_and_two_false_jokers() -> None:
    tiles = full_set()
    assert len(tiles) == 106
    counts = Counter(tiles)
    assert counts[FALSE_JOKER] == 2
    assert all(counts[face] == 2 for face in ALL_FACES)
    assert len(ALL_FACES) == 52


@pytest.mark.parametrize(
    ("indicator", "okey"),
    [("r5", "r6"), ("r7", "r8"), ("b12", "b13"), ("y13", "y1"), ("k13", "k1"), ("b8", "b9")],
)
def test_okey_is_indicator_plus_one_wrapping(indicator: str, okey: str) -> None:
    assert okey_for(parse_tile(indicator)) == parse_tile(okey)
    assert indicator_for(parse_tile(okey)) == parse_tile(indicator)


def test_false_joker_cannot_be_indicator() -> None:
    with pytest.raises(ValueError):
        okey_for(FALSE_JOKER)


def test_false_joker_stands_in_for_the_okey_face_only() -> None:
    okey = parse_tile("r6")
    assert stand_in(FALSE_JOKER, okey) == okey
    assert not is_okey(FALSE_JOKER, okey)
    assert is_okey(parse_tile("r6"), okey)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("r5", Tile.face(Colour.RED, 5)),
        ("K13", Tile.face(Colour.BLACK, 13)),
        ("b1", Tile.face(Colour.BLUE, 1)),
        ("Y7", Tile.face(Colour.YELLOW, 7)),
        ("fj", FALSE_JOKER),
        ("FJ", FALSE_JOKER),
    ],
)
def test_parse_tile(text: str, expected: Tile) -> None:
    assert parse_tile(text) == expected


def test_parse_tiles_accepts_spaces_and_commas() -> None:
    assert format_tiles(parse_tiles("r5, k13 fj,,b1")) == "r5 k13 fj b1"
    assert parse_tiles(["r1 r2", "r3"]) == parse_tiles("r1,r2,r3")


@pytest.mark.parametrize("bad", ["r0", "r14", "g5", "5r", "rr", "", "fjj", "r", "x3", "r-1"])
def test_bad_tokens_are_refused_naming_the_token(bad: str) -> None:
    with pytest.raises(TileNotationError) as caught:
        parse_tile(bad)
    assert repr(bad) in str(caught.value)
    assert isinstance(caught.value, ValueError)


def test_parse_tiles_names_the_bad_token() -> None:
    with pytest.raises(TileNotationError, match="'q9'"):
        parse_tiles("r1 r2 q9 r4")


@given(st.sampled_from([*ALL_FACES, FALSE_JOKER]))
def test_notation_round_trips(tile: Tile) -> None:
    assert parse_tile(format_tile(tile)) == tile
    assert parse_tile(format_tile(tile).upper()) == tile


def test_spoken_names_carry_the_role() -> None:
    okey = okey_for(parse_tile("r5"))
    assert EN.tile(parse_tile("r5"), okey) == "red 5"
    assert EN.tile(parse_tile("r6"), okey) == "red 6 okey"
    assert EN.tile(FALSE_JOKER, okey) == "red 6 false"
    assert EN.tile(parse_tile("k13")) == "black 13"
    assert EN.tile(parse_tile("y1"), okey) == "yellow 1"
    assert EN.tile(parse_tile("b9"), okey) == "blue 9"
