"""What a server reads is checked key by key (the moves of every game read as the log
writes them; oversized or malformed 101 moves refused before they reach a table); codes,
tokens and rate limits; the catalogue."""

from __future__ import annotations

import contextlib
import json
import math
import random
import string

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_net_support import one_round_101

from okey.engine.actions import (
    DeclineDiscard,
    Discard,
    DrawFromPile,
    Finish,
    Resume,
    ShowIndicator,
    TakeDiscard,
)
from okey.engine.match import Match
from okey.engine.view import PlayerView
from okey.games.okey101.actions import Add, GiveBack, Lay, Open
from okey.games.okey101.view import View101
from okey.messages import load_catalogue
from okey.net.client import Lost
from okey.net.codes import (
    ALPHABET,
    CODE_BITS,
    code_key,
    fixed_code,
    new_code,
    new_token,
    normal_code,
    same_code,
    token_digest,
    token_matches,
)
from okey.net.limits import Bucket, FailedJoins
from okey.net.protocol import (
    MAX_ACTION_TEXT,
    MAX_ACTION_TILES,
    MAX_CLIENT_MESSAGE,
    PROTOCOL,
    Act,
    AskReview,
    Chat,
    Detail,
    Hello,
    Ping,
    ProtocolError,
    Reason,
    Refused,
    Start,
    Update,
    action_tiles,
    dumps,
    read_client,
    read_server,
)
from okey.tiles import Tile
from okey.wire.codec import CodecError, decode
from okey.wire.notation import action_from_text, action_text


def reason_of(frame: str | bytes) -> Reason:
    with pytest.raises(ProtocolError) as caught:
        read_client(frame)
    return caught.value.reason


def test_client_messages_are_read() -> None:
    assert read_client('{"type":"Hello","protocol":1,"code":"AB","name":"Ayşe"}') == Hello(
        1, "AB", "Ayşe"
    )
    assert read_client('{"type":"Act","action":"discard r5","ref":3}') == Act(Discard(Tile(4)), 3)
    assert read_client('{"type":"Act","action":"draw pile"}') == Act(DrawFromPile())
    assert read_client('{"type":"Start"}') == Start()
    assert read_client('{"type":"Chat","text":"iyi oyunlar"}') == Chat("iyi oyunlar")
    assert read_client('{"type":"AskReview","number":2}') == AskReview(2)
    messages = (
        Hello(PROTOCOL, "K7QF-2M9X", "Bora", "t" * 43, 12),
        Ping(5),
        Start(),
        AskReview(1, 4),
    )
    for message in messages:
        assert read_client(dumps(message)) == message


@pytest.mark.parametrize(
    ("frame", "reason"),
    [
        (b'{"type":"Start"}', Reason.BAD_JSON),  # a binary frame
        ("not json", Reason.BAD_JSON),
        ("[1, 2]", Reason.BAD_JSON),
        ('"Start"', Reason.BAD_JSON),
        ("[" * 100_000, Reason.BAD_JSON),  # nested too deep for the parser
        (
            '{"type":"Hello","protocol":1,"code":"' + "x" * MAX_CLIENT_MESSAGE + '"}',
            Reason.BAD_JSON,
        ),
        ("{}", Reason.UNKNOWN_TYPE),
        ('{"type":"Shutdown"}', Reason.UNKNOWN_TYPE),
        ('{"type":["Start"]}', Reason.UNKNOWN_TYPE),
        ('{"type":"Start","sudo":true}', Reason.BAD_MESSAGE),
        ('{"type":"Act"}', Reason.BAD_MESSAGE),
        ('{"type":"Act","action":"discard z9"}', Reason.BAD_MESSAGE),
        ('{"type":"Act","action":"fly away"}', Reason.BAD_MESSAGE),
        ('{"type":"Act","action":7}', Reason.BAD_MESSAGE),
        ('{"type":"Hello","protocol":"1","code":"AB"}', Reason.BAD_MESSAGE),
        ('{"type":"Hello","protocol":1,"code":"' + "A" * 65 + '"}', Reason.BAD_MESSAGE),
        ('{"type":"Hello","protocol":1,"code":"AB","since":-1}', Reason.BAD_MESSAGE),
        ('{"type":"Chat","text":null}', Reason.BAD_MESSAGE),
        ('{"type":"AskReview","number":0}', Reason.BAD_MESSAGE),
        ('{"type":"AskReview","number":1e9}', Reason.BAD_MESSAGE),
        ('{"type":"AskReview","number":99999999}', Reason.BAD_MESSAGE),
    ],
)
def test_bad_messages_are_refused_with_a_reason(frame: str | bytes, reason: Reason) -> None:
    assert reason_of(frame) is reason


def test_a_refusal_gives_the_ref_back() -> None:
    with pytest.raises(ProtocolError) as caught:
        read_client('{"type":"Act","action":"nothing","ref":41}')
    assert caught.value.ref == 41


@given(st.text(max_size=200) | st.binary(max_size=200))
def test_any_frame_is_a_message_or_a_protocol_error(frame: str | bytes) -> None:
    with contextlib.suppress(ProtocolError):
        read_client(frame)


@given(
    st.dictionaries(
        st.sampled_from(["type", "protocol", "code", "name", "token", "since", "action", "text"]),
        st.none() | st.integers() | st.text(max_size=8) | st.lists(st.integers(), max_size=2),
    )
)
def test_any_object_is_a_message_or_a_protocol_error(data: dict[str, object]) -> None:
    with contextlib.suppress(ProtocolError):
        read_client(json.dumps(data))


MOVES = [
    ("draw pile", DrawFromPile),
    ("take", TakeDiscard),
    ("discard r5", Discard),
    ("finish fj", Finish),
    ("show", ShowIndicator),
    ("decline", DeclineDiscard),
    ("resume", Resume),
    ("open r9 r10 r11 | k13 b13 r13 | r5 b5 y7=k5", Open),  # Okey 101's own moves
    ("open pairs b3 b3 | k9 k9 | y11 y11 | r2 r2 | b13 y7", Open),
    ("lay k4 k5 k6", Lay),
    ("lay pairs r7 r7", Lay),
    ("add k8 2 high", Add),
    ("add r7=k9 2 low", Add),
    ("add b6 0 okey 1", Add),
    ("add r8 2 set", Add),
    ("give back", GiveBack),
]


@pytest.mark.parametrize(("text", "kind"), MOVES)
def test_moves_of_every_game_are_read_as_the_match_log_writes_them(text: str, kind: type) -> None:
    action = action_from_text(text)
    assert isinstance(action, kind)
    assert action_text(action) == text
    frame = json.dumps({"type": "Act", "action": text, "ref": 4})
    assert read_client(frame) == Act(action, 4)
    assert read_client(dumps(Act(action, 4))) == Act(action, 4)


def test_a_move_without_its_tile_is_no_move() -> None:
    with pytest.raises(ValueError):
        action_from_text("discard")


# -- Okey 101's moves ----------------------------------------------------------------


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


# -- codes and tokens ---------------------------------------------------------------


def test_a_join_code_has_forty_random_bits_and_reads_aloud() -> None:
    assert CODE_BITS >= 40
    assert len(ALPHABET) == 32 and len(set(ALPHABET)) == 32
    assert 8 * math.log2(len(ALPHABET)) == CODE_BITS
    codes = {new_code() for _ in range(200)}
    assert len(codes) == 200
    for code in codes:
        head, tail = code.split("-")
        assert len(head) == len(tail) == 4
        assert set(head + tail) <= set(ALPHABET)
        assert not set(head + tail) & set("ILOU")


def test_codes_compare_without_case_dashes_or_look_alike_letters() -> None:
    assert normal_code(" k7qf-2m9x ") == "K7QF2M9X"
    assert same_code("k7qf 2m9x", "K7QF-2M9X")
    assert same_code("10O0-AAAA", "1000AAAA")
    assert same_code("L1I1-AAAA", "1111-AAAA")
    assert not same_code("K7QF-2M9Y", "K7QF-2M9X")
    assert code_key("k7qf-2m9x") == code_key("K7QF2M9X")


def test_a_fixed_code_must_be_reasonable() -> None:
    assert fixed_code("test-code") == "TEST-CODE"
    for bad in ("", "ab", "-abc", "a\nbcd", "x" * 65, "ab;cd"):
        with pytest.raises(ValueError):
            fixed_code(bad)


def test_seat_tokens_are_long_random_and_kept_as_digests() -> None:
    tokens = {new_token() for _ in range(100)}
    assert len(tokens) == 100
    for token in tokens:
        assert len(token) >= 43
        assert set(token) <= set(string.ascii_letters + string.digits + "-_")
        digest = token_digest(token)
        assert token not in digest and len(digest) == 64
        assert token_matches(token, digest)
        assert not token_matches(token[:-1], digest)
        assert not token_matches("", digest)


# -- rate limits --------------------------------------------------------------------


def test_a_bucket_allows_its_burst_then_its_rate() -> None:
    bucket = Bucket(rate=2.0, burst=3.0)
    assert [bucket.allow(10.0) for _ in range(4)] == [True, True, True, False]
    assert not bucket.allow(10.4)
    assert bucket.allow(10.6)
    assert not bucket.allow(10.6)


def test_failed_joins_block_an_address_for_a_while() -> None:
    joins = FailedJoins(most=3, window=60.0, addresses=2)
    for t in (0.0, 1.0, 2.0):
        assert not joins.blocked("a", t)
        joins.fail("a", t)
    assert joins.blocked("a", 3.0)
    assert not joins.blocked("b", 3.0)
    assert not joins.blocked("a", 61.5)
    joins.fail("b", 70.0)
    joins.fail("c", 70.0)  # only two addresses remembered: "a" is forgotten
    assert "a" not in joins._seen


# -- words ---------------------------------------------------------------------------


@pytest.mark.parametrize("code", ["en", "tr"])
def test_every_reason_and_loss_has_words(code: str) -> None:
    entries = load_catalogue(code).entries
    for reason in Reason:
        assert ("", f"net.reason.{reason.value}") in entries
    for lost in Lost:
        assert ("", f"net.lost.{lost.value}") in entries
