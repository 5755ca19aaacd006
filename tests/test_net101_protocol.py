"""Okey 101 on the wire: its moves read as the log writes them, its views and events come
back unchanged by their type names, and oversized or malformed 101 moves are refused
before they reach a table."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_net101_support import one_round_101

from okey.engine.events import Event
from okey.engine.match import Match
from okey.engine.view import PlayerView
from okey.games.okey101.actions import Add, GiveBack, Lay, Open
from okey.games.okey101.levels import make_bot101
from okey.games.okey101.view import View101
from okey.net.codec import CodecError, decode, encode
from okey.net.notation import action_from_text, action_text
from okey.net.protocol import (
    MAX_ACTION_TEXT,
    MAX_ACTION_TILES,
    Act,
    Detail,
    ProtocolError,
    Reason,
    Refused,
    Update,
    action_tiles,
    dumps,
    read_client,
    read_server,
)

MOVES_101 = [
    "open r9 r10 r11 | k13 b13 r13 | r5 b5 y7=k5",
    "open pairs b3 b3 | k9 k9 | y11 y11 | r2 r2 | b13 y7",
    "lay k4 k5 k6",
    "lay pairs r7 r7",
    "add k8 2 high",
    "add r7=k9 2 low",
    "add b6 0 okey 1",
    "add r8 2 set",
    "give back",
]


def reason_of(frame: str) -> Reason:
    with pytest.raises(ProtocolError) as caught:
        read_client(frame)
    return caught.value.reason


@pytest.mark.parametrize("text", MOVES_101)
def test_101_moves_are_read_as_the_log_writes_them(text: str) -> None:
    action = action_from_text(text)
    assert isinstance(action, Open | Lay | Add | GiveBack)
    assert action_text(action) == text
    frame = json.dumps({"type": "Act", "action": text, "ref": 4})
    assert read_client(frame) == Act(action, 4)
    assert read_client(dumps(Act(action, 4))) == Act(action, 4)


def test_a_move_of_more_tiles_than_a_hand_or_of_a_long_text_is_a_bad_message() -> None:
    melds = " | ".join("r10=k12 b10=k12 y10=k12 k10=k12" for _ in range(MAX_ACTION_TILES // 4))
    longest = f"open {melds}"
    assert len(longest) <= MAX_ACTION_TEXT
    act = read_client(json.dumps({"type": "Act", "action": longest}))
    assert isinstance(act, Act) and action_tiles(act.action) == MAX_ACTION_TILES
    pairs = "lay pairs " + "r1 r1 | " * 16 + "b1 b1"  # 17 pairs: 34 tiles
    for text in (f"{longest} | r1", pairs):
        assert reason_of(json.dumps({"type": "Act", "action": text})) is Reason.BAD_MESSAGE
    huge = "open " + " ".join(["r1"] * 5000)  # refused by its length, before it is parsed
    assert reason_of(json.dumps({"type": "Act", "action": huge, "ref": 2})) is Reason.BAD_MESSAGE
    spaces = "give" + " " * MAX_ACTION_TEXT + "back"
    assert reason_of(json.dumps({"type": "Act", "action": spaces})) is Reason.BAD_MESSAGE


@pytest.mark.parametrize(
    "text",
    [
        "open",
        "open |",
        "open r1 | | r2",
        "open pairs r1",
        "open pairs r1 r1 r1",
        "open r99",
        "open r5==k6",
        "lay r5=fj r6 r7",
        "add r5",
        "add r5 x high",
        "add r5 0 sideways",
        "add r5 0 okey",
        "add r5 0 high 1",
        "add r5 0 okey one",
        "add r5 1e3 high",
        "give",
        "give back now",
    ],
)
def test_malformed_101_notation_is_a_bad_message(text: str) -> None:
    assert reason_of(json.dumps({"type": "Act", "action": text, "ref": 1})) is Reason.BAD_MESSAGE


WORDS = st.sampled_from(
    ["open", "lay", "add", "give", "back", "pairs", "|", "high", "low", "set", "okey",
     "r5", "k13", "fj", "r5=k9", "=", "0", "-1", "9" * 30, "", "\u0131", "r\u0665"]
)  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(st.lists(WORDS, max_size=40))
def test_any_101_ish_act_is_read_or_refused_with_a_reason(words: list[str]) -> None:
    frame = json.dumps({"type": "Act", "action": " ".join(words)})
    try:
        message = read_client(frame)
    except ProtocolError as refused:
        assert refused.reason is Reason.BAD_MESSAGE
    else:
        assert isinstance(message, Act)


def test_101_views_and_events_of_a_played_round_come_back_unchanged() -> None:
    match = Match(one_round_101(), random.Random(17))
    bots = [make_bot101("medium", random.Random(s)) for s in range(4)]
    match.start_round()
    kinds: set[str] = set()
    while not match.over:
        seat = match.turn
        view = match.table_view(seat)
        assert isinstance(view, View101)
        events = match.apply(seat, bots[seat].choose(view))
        update = Update(len(match.events), tuple(events), view, 30)
        back = read_server(dumps(update))
        assert back == update and isinstance(back, Update) and isinstance(back.view, View101)
        kinds |= {type(e).__name__ for e in events}
        for event in events:
            assert decode(json.loads(json.dumps(encode(event))), Event) == event
    assert {"Opened101", "Added101", "RoundScored101"} <= kinds


def test_a_version_1_reader_could_not_read_a_view101() -> None:
    """Why a 101 table needs version 2: okey before it decoded the view as Okey's."""
    match = Match(one_round_101(), random.Random(1))
    match.start_round()
    view = match.table_view(0)
    assert isinstance(view, View101)
    data = json.loads(dumps(Update(6, (), view)))
    with pytest.raises(CodecError):
        decode(data["view"], PlayerView | None)
    assert decode(data["view"], PlayerView | View101 | None) == view


def test_refusal_details_travel() -> None:
    refused = Refused(
        Reason.ILLEGAL_MOVE, "below_threshold", 6, (Detail("value", 96), Detail("threshold", 101))
    )
    assert read_server(dumps(refused)) == refused
    old = json.loads(dumps(Refused(Reason.PROTOCOL)))
    del old["details"]  # what an older server sends
    assert read_server(json.dumps(old)) == Refused(Reason.PROTOCOL)
