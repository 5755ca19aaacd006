"""The notation of actions: one line each, read back as written, for every action."""

from __future__ import annotations

import sys
import typing

import pytest
from hypothesis import given
from hypothesis import strategies as st

from okey.engine import format_action, parse_action
from okey.engine.actions import (
    Action,
    DeclarePairs,
    DeclineDiscard,
    Discard,
    DrawFromPile,
    Finish,
    Resume,
    ShowIndicator,
    TakeDiscard,
    TimeOut,
    TurnToOkey,
)
from okey.games.okey101.actions import Add, GiveBack, Lay, Open
from okey.hand.combinations import GroupKind
from okey.hand.layoff import Addition, Place
from okey.hand.melds import Meld
from okey.hand.notation import TileNotationError
from okey.tiles import FALSE_JOKER_CODE, Tile

TILES = st.builds(Tile, st.integers(0, FALSE_JOKER_CODE))
SIMPLE = (
    DrawFromPile,
    TakeDiscard,
    ShowIndicator,
    DeclineDiscard,
    TurnToOkey,
    DeclarePairs,
    TimeOut,
    Resume,
)
FACES = st.builds(Tile, st.integers(0, FALSE_JOKER_CODE - 1))


@st.composite
def melds(draw: st.DrawFn) -> Meld:
    """A run or a set as the notation writes it: faces, and tiles playing as them."""
    if draw(st.booleans()):
        colour, low = draw(st.integers(0, 3)), draw(st.integers(1, 11))
        length = draw(st.integers(3, 14 - low))
        faces = tuple(Tile(colour * 13 + low - 1 + i) for i in range(length))
        kind = GroupKind.RUN
    else:
        number = draw(st.integers(0, 12))
        colours = draw(st.lists(st.integers(0, 3), min_size=3, max_size=4, unique=True))
        faces = tuple(Tile(c * 13 + number) for c in colours)
        kind = GroupKind.SET
    tiles = tuple(draw(st.one_of(st.just(face), TILES)) for face in faces)
    return Meld(kind, tiles, faces)


PAIRS = st.lists(st.tuples(TILES, TILES), min_size=1, max_size=6).map(tuple)
MELDS = st.lists(melds(), min_size=1, max_size=5).map(tuple)
ADDITIONS = st.builds(
    Addition,
    st.integers(0, 30),
    TILES,
    st.sampled_from([Place.LOW, Place.HIGH, Place.SET]),
    FACES,
) | st.builds(Addition, st.integers(0, 30), TILES, st.just(Place.OKEY), FACES, st.integers(0, 12))
ACTIONS_101: st.SearchStrategy[Action] = st.one_of(
    st.builds(Open, MELDS),
    st.builds(Open, st.just(()), PAIRS),
    st.builds(Lay, MELDS),
    st.builds(Lay, st.just(()), PAIRS),
    st.builds(Add, ADDITIONS),
    st.just(GiveBack()),
)
ACTIONS: st.SearchStrategy[Action] = st.one_of(
    st.builds(Discard, TILES),
    st.builds(Finish, TILES),
    *(st.just(kind()) for kind in SIMPLE),
    ACTIONS_101,
)


def _leaves(kind: type[object]) -> set[type[object]]:
    """The concrete kinds under ``kind`` (a slotted dataclass leaves its first class
    behind as a subclass too: only the one its module names counts)."""
    below: list[type[object]] = [sub for sub in kind.__subclasses__() if _named(sub)]
    return {kind} if not below else {leaf for sub in below for leaf in _leaves(sub)}


def _named(kind: type[object]) -> bool:
    return getattr(sys.modules[kind.__module__], kind.__qualname__, None) is kind


def test_the_strategy_draws_every_kind_of_action() -> None:
    kinds = {leaf for member in typing.get_args(Action) for leaf in _leaves(member)}
    assert kinds == {Discard, Finish, *SIMPLE, Open, Lay, Add, GiveBack}


@given(ACTIONS)
def test_every_action_round_trips(action: Action) -> None:
    text = format_action(action)
    assert parse_action(text) == action
    assert parse_action(f"  {text.upper()}  ") == action  # case and spacing do not matter
    assert "\n" not in text and text == " ".join(text.split())


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("draw pile", DrawFromPile()),
        ("draw", DrawFromPile()),
        ("take", TakeDiscard()),
        ("discard r5", Discard(Tile(4))),
        ("Discard K13", Discard(Tile(38))),
        ("finish fj", Finish(Tile(FALSE_JOKER_CODE))),
        ("turn-to-okey", TurnToOkey()),
    ],
)
def test_action_values(text: str, action: Action) -> None:
    assert parse_action(text) == action


@pytest.mark.parametrize("text", ["jump", "discard", "draw the pile", "finish r5 r6", ""])
def test_what_is_no_action_is_refused(text: str) -> None:
    with pytest.raises(ValueError):
        parse_action(text)


def test_a_bad_tile_is_refused_with_its_token() -> None:
    with pytest.raises(TileNotationError) as caught:
        parse_action("discard q5")
    assert caught.value.token == "q5"
