"""The JSON codec: real views and events of simulated matches, and of a played round of each
game, go there and back unchanged (by their type names)."""

from __future__ import annotations

import contextlib
import json
import random
from dataclasses import dataclass
from enum import Enum

import pytest
from hypothesis import given
from hypothesis import strategies as st
from sizes import exhaustive
from test_net_support import GAMES, Game

from okey.bots import make_bot
from okey.engine.events import EndsRound, Event, GameEvent, seen_by
from okey.engine.match import Match
from okey.engine.view import PlayerView, TableView
from okey.net.protocol import (
    PROTOCOLS,
    Brief,
    Lobby,
    Reason,
    Refused,
    SeatInfo,
    SeatKind,
    Update,
    dumps,
    read_server,
)
from okey.rules import available_rule_sets, load_rules
from okey.tiles import Tile
from okey.wire.codec import (
    CodecError,
    decode,
    decode_as,
    decode_event,
    encode,
    encode_json,
    event_types,
)
from okey.wire.kit import net_part

# The net serves Okey's tables (Okey 101 at the table and on the net: issue 13).
RULE_SETS = [name for name in available_rule_sets() if load_rules(name).game == "okey"]


def through_json(value: object) -> object:
    return json.loads(json.dumps(encode(value)))


def simulated(rules: str, seed: int, moves: int) -> Match:
    """A match of random bots, ``moves`` actions in (new rounds dealt as they end)."""
    match = Match(load_rules(rules), random.Random(seed))
    bots = [make_bot("random", random.Random(seed + s)) for s in range(match.players)]
    match.start_round()
    for _ in range(moves):
        if match.over:
            break
        if match.round_over:
            match.start_round()
            continue
        seat = match.turn
        match.apply(seat, bots[seat].choose(match.view(seat)))
    return match


@exhaustive(20)
@given(
    rules=st.sampled_from(RULE_SETS),
    seed=st.integers(0, 10_000),
    moves=st.integers(0, 400),
)
def test_views_and_events_of_simulated_matches_come_back_unchanged(
    rules: str, seed: int, moves: int
) -> None:
    match = simulated(rules, seed, moves)
    for event in match.events:
        assert decode_event(through_json(event)) == event
        for seat in range(match.players):
            seen = seen_by(event, seat)
            if seen is not None:
                assert decode_event(through_json(seen)) == seen
    for seat in range(match.players):
        view = match.view(seat)
        assert decode_as(through_json(view), PlayerView) == view


def test_every_event_type_of_the_engine_travels_under_its_name() -> None:
    match = simulated("salon", 3, 2000)
    names = {type(event).__name__ for event in match.events}
    assert names <= set(event_types())
    assert {"RoundStarted", "Dealt", "Drew", "Discarded", "IndicatorTurned"} <= names


def test_protocol_messages_come_back_unchanged() -> None:
    match = simulated("classic", 5, 60)
    view = match.view(2)
    events = tuple(e for event in match.events[-6:] if (e := seen_by(event, 2)) is not None)
    seats = tuple(SeatInfo(s, SeatKind.PERSON, f"p{s}", s % 2 == 0) for s in range(4))
    for message in (
        Update(len(match.events), events, view, 12),
        Update(0, (), None),
        Brief(3, events, 2),
        Lobby(seats, 0, False),
        Refused(Reason.ILLEGAL_MOVE, "not_your_turn", 7),
    ):
        assert read_server(dumps(message)) == message


OWN_KINDS = {"okey": {"Drew", "Discarded"}, "101": {"Opened101", "Added101", "RoundScored101"}}


@pytest.mark.parametrize("game", GAMES, ids=str)
def test_views_and_events_of_a_played_round_come_back_unchanged(game: Game) -> None:
    match = Match(game.rules(), random.Random(17))
    bots = [game.bot(s) for s in range(match.players)]
    match.start_round()
    kinds: set[str] = set()
    while not match.over:
        seat = match.turn
        view = match.table_view(seat)
        assert isinstance(view, game.view)
        events = match.apply(seat, bots[seat].choose(view))
        update = Update(len(match.events), tuple(events), view, 30)
        back = read_server(dumps(update))
        assert back == update and isinstance(back, Update) and isinstance(back.view, game.view)
        kinds |= {type(e).__name__ for e in events}
        for event in events:
            assert decode(json.loads(json.dumps(encode(event))), Event) == event
    assert OWN_KINDS[game.name] <= kinds


@pytest.mark.parametrize("game", GAMES, ids=str)
def test_each_game_gives_the_wire_its_view_and_events(game: Game) -> None:
    part = net_part(game.name)
    assert part.protocol in PROTOCOLS and part.view is game.view
    assert issubclass(part.view, TableView)
    names = event_types()
    for cls in part.events:
        assert issubclass(cls, GameEvent) and cls.game == game.name
        assert names[cls.__name__] is cls  # no two games' events share a name
    for end in game.ends:
        assert isinstance(end, type) and issubclass(end, EndsRound)  # the round's end, marked
    match = Match(game.rules(), random.Random(2))
    match.start_round()
    view = match.table_view(0)
    assert decode_as(through_json(view), TableView) == view  # read as its game's view


class Mood(Enum):
    HAPPY = "happy"
    GRIM = "grim"


@dataclass(frozen=True, slots=True)
class LaidMeld:
    """A stand-in for an event of another game (Okey 101's melds): no codec code for it."""

    seat: int
    tiles: tuple[Tile, ...]
    mood: Mood
    note: str | None = None
    extra: tuple[tuple[int, Tile | None], ...] = ()


def test_a_new_frozen_dataclass_travels_with_no_new_code() -> None:
    meld = LaidMeld(1, (Tile(3), Tile(52)), Mood.GRIM, None, ((2, Tile(7)), (3, None)))
    data = through_json(meld)
    assert data == {
        "type": "LaidMeld",
        "seat": 1,
        "tiles": ["r4", "fj"],
        "mood": "grim",
        "note": None,
        "extra": [[2, "r8"], [3, None]],
    }
    assert decode(data, LaidMeld) == meld


@pytest.mark.parametrize(
    "data",
    [
        None,
        [],
        "Drew",
        {"type": "Drew"},
        {"type": "Drew", "seat": "1", "tile": None, "pile_count": 3},
        {"type": "Drew", "seat": 1, "tile": "z9", "pile_count": 3},
        {"type": "Drew", "seat": True, "tile": None, "pile_count": 3},
        {"type": "NoSuchEvent", "seat": 1},
        {"type": "Dealt", "seat": 1, "hand": "r1 r2"},
    ],
)
def test_malformed_events_are_refused_naming_where(data: object) -> None:
    with pytest.raises(CodecError):
        decode(data, Event)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5) | st.sampled_from(["r5", "fj"]),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.sampled_from(["type", "seat", "hand", "tile", "x"]), inner, max_size=4)
    ),
    max_leaves=20,
)


@given(json_values)
def test_any_json_decodes_or_is_refused_with_a_codec_error(data: object) -> None:
    for kind in (Event, PlayerView):
        with contextlib.suppress(CodecError):
            decode(data, kind)


def test_encoding_refuses_what_is_not_a_value() -> None:
    with pytest.raises(TypeError):
        encode(object())


def _json_text(value: object) -> str:
    return json.dumps(encode(value), ensure_ascii=False, separators=(",", ":"))


@pytest.mark.parametrize("game", GAMES, ids=str)
def test_the_frames_text_is_written_as_json_writes_it(game: Game) -> None:
    """encode_json (one pass, an event or the rules written once) gives json.dumps's text,
    byte for byte: every seat's Update of a played round, its brief, its lobby."""
    match = Match(game.rules(), random.Random(23))
    bots = [game.bot(s) for s in range(match.players)]
    match.start_round()
    while not match.over:
        seat = match.turn
        events = match.apply(seat, bots[seat].choose(match.table_view(seat)))
        for other in range(match.players):
            seen = tuple(e for event in events if (e := seen_by(event, other)) is not None)
            update = Update(len(match.events), seen, match.table_view(other), 30)
            assert encode_json(update) == _json_text(update)
            assert encode_json(update) == _json_text(update)  # its events and rules kept
    brief = Brief(0, tuple(match.events), 1)
    assert encode_json(brief) == _json_text(brief)


@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
        lambda inner: st.lists(inner, max_size=4) | st.tuples(inner, inner),
        max_leaves=20,
    )
)
def test_plain_values_are_written_as_json_writes_them(value: object) -> None:
    meld = LaidMeld(1, (Tile(3), Tile(52)), Mood.GRIM, value, ((2, Tile(7)), (3, None)))  # type: ignore[arg-type]
    assert encode_json(meld) == _json_text(meld)
    assert encode_json(value) == _json_text(value)
    with pytest.raises(TypeError):
        encode_json(object())
