"""Hostile clients on 127.0.0.1: each is refused or cut off, alone, and the match finishes.

Raw bytes go through a plain socket; well-framed but malicious messages through
the websockets client library (and one hand-made frame for a peer that stops
answering pings). At Okey 101, malformed moves (tiles it does not hold, a huge list
of combinations, nonsense) are each refused to their sender alone with a clear reason.
"""

from __future__ import annotations

import asyncio
import base64
import json
import logging
import os
import random
import time
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any

import pytest
from test_net_support import (
    CODE,
    FAST,
    WAIT,
    async_test,
    client,
    close_all,
    config,
    config101,
    eventually,
    play,
    play101,
    running,
    within,
)
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from okey.engine.actions import DrawFromPile
from okey.engine.events import MatchOver
from okey.engine.view import Phase
from okey.games.okey101.levels import make_bot101
from okey.games.okey101.view import View101
from okey.hand.notation import format_tile
from okey.net.client import Client, Disconnected, Lost
from okey.net.protocol import (
    MAX_ACTION_TILES,
    MAX_CLIENT_MESSAGE,
    PROTOCOL,
    Act,
    Goodbye,
    Hello,
    Ping,
    Pong,
    Reason,
    Refused,
    Seated,
    ServerMessage,
    Start,
    Update,
    dumps,
    read_server,
)
from okey.net.server import Hosted, Limits
from okey.tiles import Tile

HOSTILE = replace(
    FAST,
    messages_per_second=100.0,
    burst=100.0,
    flood=Limits().flood,
    failed_joins=5,
    open_timeout=0.5,
    hello_timeout=0.5,
    ping_interval=0.3,
    ping_timeout=0.3,
)
"""The real limits, but a rate that good bots playing quickly stay under (the defaults are
for people), and short timeouts so that idle connections are closed within the test."""

THINK = 0.01  # seconds a good client thinks: it sends under 50 messages a second

Attack = Callable[[str, list[Hosted], Client], Awaitable[None]]


def port_of(url: str) -> int:
    return int(url.rsplit(":", 1)[1])


async def raw(url: str) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    return await asyncio.open_connection("127.0.0.1", port_of(url))


async def closed_by_server(reader: asyncio.StreamReader) -> bytes:
    """Everything the server sends until it closes the connection."""
    return await within(reader.read(), 5.0)


async def websocket(url: str) -> ClientConnection:
    return await connect(url, compression=None, proxy=None, max_size=2**20)


async def answer(ws: ClientConnection) -> ServerMessage:
    return read_server(await within(ws.recv(), 5.0))


# -- the attacks -------------------------------------------------------------------------


async def garbage_bytes(url: str, hosted: list[Hosted], victim: Client) -> None:
    reader, writer = await raw(url)
    writer.write(os.urandom(4096) + b"\r\n\r\n" + b"\x00\xff" * 1000)
    await writer.drain()
    reply = await closed_by_server(reader)
    assert reply == b"" or reply.startswith(b"HTTP/1.1 400")
    writer.close()


async def not_json(url: str, hosted: list[Hosted], victim: Client) -> None:
    ws = await websocket(url)
    for frame, reason in (
        ("this is not json", Reason.BAD_JSON),
        (b"\x00\x01binary", Reason.BAD_JSON),
        ("[1,2,3]", Reason.BAD_JSON),
        ('{"type":"Teleport"}', Reason.UNKNOWN_TYPE),
        ('{"type":"Hello","protocol":1}', Reason.BAD_MESSAGE),
        ('{"type":"Act","action":"draw pile"}', Reason.NOT_SEATED),
        (dumps(Hello(PROTOCOL + 1, CODE, "Eve")), Reason.PROTOCOL),
    ):
        await ws.send(frame)
        assert await answer(ws) == Refused(reason)
    await ws.close()


async def huge_frame(url: str, hosted: list[Hosted], victim: Client) -> None:
    ws = await websocket(url)
    try:
        await ws.send("x" * 10_000_000)
        await within(ws.recv(), 5.0)
    except ConnectionClosed:
        pass
    await within(ws.wait_closed(), 5.0)
    assert ws.close_code == 1009  # message too big: the server read no more of it


async def flood(url: str, hosted: list[Hosted], victim: Client) -> None:
    ws = await websocket(url)
    await ws.send(dumps(Hello(PROTOCOL, CODE, "Eve")))  # refused: the match has started
    assert await answer(ws) == Refused(Reason.STARTED)
    await ws.send(dumps(Hello(PROTOCOL, "OTHER-TABLE", "Eve")))  # seated at the other table
    assert isinstance(await answer(ws), Seated)
    try:
        for n in range(1000):  # as fast as the socket takes them: well over 1,000 a second
            await ws.send(dumps(Ping(n)))
    except ConnectionClosed:
        pass
    heard: list[ServerMessage] = []
    try:
        while True:
            heard.append(read_server(await within(ws.recv(), 5.0)))
    except ConnectionClosed:
        pass
    assert Refused(Reason.RATE_LIMITED) in heard
    assert heard[-1] == Goodbye(Reason.RATE_LIMITED)
    assert ws.close_code == 1008
    assert Pong(0) in heard  # the first ones were answered, then no more
    assert len(heard) < 1000


async def wrong_codes(url: str, hosted: list[Hosted], victim: Client) -> None:
    for attempt in range(HOSTILE.failed_joins):
        guess = client(url, "Eve", code=f"GUESS-{attempt:04d}")
        with pytest.raises(Disconnected) as caught:
            await within(guess.join())
        assert (caught.value.lost, caught.value.reason) == (Lost.REFUSED, Reason.WRONG_CODE)
    blocked = client(url, "Eve", code=CODE)  # even the right code, from this address, for now
    with pytest.raises(Disconnected) as caught:
        await within(blocked.join())
    assert (caught.value.lost, caught.value.reason) == (Lost.CLOSED, Reason.TOO_MANY_FAILURES)


async def other_tokens(url: str, hosted: list[Hosted], victim: Client) -> None:
    assert victim.token is not None
    forged = victim.token[:-1] + ("A" if victim.token[-1] != "A" else "B")
    for token in (forged, "", "x" * 128, victim.token.upper()):
        thief = client(url, "", token=token)
        with pytest.raises(Disconnected) as caught:
            await within(thief.join())
        assert caught.value.reason is Reason.BAD_TOKEN
    elsewhere = client(url, "Eve", code="OTHER-TABLE")  # a seat at another table...
    await within(elsewhere.join())
    stolen = client(url, "", code=CODE, token=elsewhere.token)  # ...is no seat at this one
    with pytest.raises(Disconnected) as caught:
        await within(stolen.join())
    assert caught.value.reason is Reason.BAD_TOKEN
    await elsewhere.close()
    assert hosted[0].table.seats[victim.seat or 0].connected


async def out_of_turn(url: str, hosted: list[Hosted], victim: Client) -> None:
    match = hosted[0].table.match
    # The seat after the victim's (Bora, who thinks before each move): the turn cannot come
    # back to the victim before the draw below reaches the table, as it could from a bot's.
    after = ((victim.seat or 0) + 1) % match.rules.table.players
    await eventually(lambda: match.started and not match.round_over and match.turn == after)
    await victim.act(DrawFromPile(), ref=77)
    await victim.start()  # the host starting a started match


async def idle_connections(url: str, hosted: list[Hosted], victim: Client) -> None:
    reader, writer = await raw(url)  # connects, never shakes hands
    assert await closed_by_server(reader) == b""
    writer.close()
    ws = await websocket(url)  # shakes hands, never says hello
    assert await answer(ws) == Goodbye(Reason.HELLO_TIMEOUT)
    with pytest.raises(ConnectionClosed):
        await within(ws.recv(), 5.0)
    assert ws.close_code == 1008


# -- the match goes on -------------------------------------------------------------------


@pytest.mark.parametrize(
    "attack",
    [
        garbage_bytes,
        not_json,
        huge_frame,
        flood,
        wrong_codes,
        other_tokens,
        out_of_turn,
        idle_connections,
    ],
    ids=lambda attack: attack.__name__,
)
@async_test
async def test_a_hostile_client_is_refused_and_the_match_finishes(attack: Attack) -> None:
    tables = (config("one-round", seed=11), config("one-round", code="OTHER-TABLE"))
    async with running(*tables, limits=HOSTILE) as (server, url, hosted):
        heard: list[ServerMessage] = []
        ayse = client(url, "Ayşe", on_frame=lambda frame: heard.append(read_server(frame)))
        bora = client(url, "Bora")
        await within(ayse.join())
        await within(bora.join())
        game = asyncio.gather(  # at a person's pace, within the real rate limit
            play(ayse, 1, start_with=2, think=THINK), play(bora, 2, think=THINK)
        )
        await within(attack(url, hosted, ayse))
        results = await within(game)
        await close_all(ayse, bora)
        assert isinstance(results[0], MatchOver) and results[0] == results[1]
        assert hosted[0].table.match.over
        if attack is out_of_turn:
            assert Refused(Reason.ILLEGAL_MOVE, "not_your_turn", 77) in heard
            assert Refused(Reason.STARTED) in heard
        refusals = [m for m in heard if isinstance(m, Refused)]
        if attack is not out_of_turn:
            assert not refusals  # the attack was refused to the attacker alone
        assert server.address is not None


@async_test
async def test_a_seated_peer_that_stops_answering_pings_is_dropped() -> None:
    async with running(config("one-round", seed=12), limits=HOSTILE) as (_, url, hosted):
        ayse = client(url, "Ayşe")
        await within(ayse.join())
        reader, writer = await raw(url)
        key = base64.b64encode(os.urandom(16)).decode()
        writer.write(
            (
                f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port_of(url)}\r\nUpgrade: websocket\r\n"
                f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                "Sec-WebSocket-Version: 13\r\n\r\n"
            ).encode()
        )
        head = await within(reader.readuntil(b"\r\n\r\n"), 5.0)
        assert head.startswith(b"HTTP/1.1 101")
        writer.write(masked_text(dumps(Hello(PROTOCOL, CODE, "Silent")).encode()))
        await writer.drain()
        table = hosted[0].table
        await eventually(lambda: table.seats[1].connected)
        assert table.seats[1].name == "Silent"
        # It never reads again, so it never answers a ping: dropped after interval + timeout.
        await eventually(lambda: not table.seats[1].connected)
        writer.close()
        result = await within(play(ayse, 3, start_with=1, think=THINK))  # autopilot plays "Silent"
        await ayse.close()
        assert isinstance(result, MatchOver)


def masked_text(payload: bytes) -> bytes:
    """One masked text frame, as a client must send it (RFC 6455, 5.2)."""
    mask = os.urandom(4)
    size = len(payload)
    if size < 126:
        header = bytes([0x81, 0x80 | size])
    elif size < 1 << 16:
        header = bytes([0x81, 0x80 | 126]) + size.to_bytes(2, "big")
    else:
        header = bytes([0x81, 0x80 | 127]) + size.to_bytes(8, "big")
    return header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def test_the_default_limits_are_strict_enough() -> None:
    limits = Limits()
    assert limits.max_message <= 64 * 1024
    assert limits.hello_timeout <= 30 and limits.open_timeout <= 30
    assert limits.ping_interval and limits.ping_timeout
    assert limits.failed_joins <= 20
    assert json.dumps(Update.__name__)


# -- malformed Okey 101 moves over a socket ------------------------------------------------
def act(action: str, ref: int, **more: Any) -> str:
    return json.dumps({"type": "Act", "action": action, "ref": ref, **more})


def attacks(view: View101) -> list[tuple[str, str, str | None]]:
    """(frame, reason, engine reason) for a seat that has drawn and not yet opened."""
    mine = [format_tile(t) for t in view.hand]
    others = [format_tile(t) for t in map(Tile, range(52)) if t not in view.hand]
    too_many = " | ".join(" ".join(mine[:3]) for _ in range(MAX_ACTION_TILES // 3 + 1))
    biggest = "open " + " ".join(["r1"] * ((MAX_CLIENT_MESSAGE - 60) // 3))
    return [
        (act(f"open {' '.join(others[:3])}", 1), "illegal_move", "not_in_hand"),
        (act(f"open {mine[0]} {mine[0]} {mine[0]}", 2), "illegal_move", "not_in_hand"),
        (act(f"open {too_many}", 3), "bad_message", None),  # more tiles than a hand holds
        (act(biggest, 4), "bad_message", None),  # as big as a frame may be
        (act("open |", 5), "bad_message", None),
        (act("open pairs r1", 6), "bad_message", None),
        (act(f"add {mine[0]} x high", 7), "bad_message", None),
        (act(f"add {mine[0]} 0 sideways", 8), "bad_message", None),
        (act(f"add {mine[0]} 0 okey", 9), "bad_message", None),
        (act(f"lay {mine[0]}=fj {mine[1]} {mine[2]}", 10), "bad_message", None),
        (act("open r99 r100 r101", 11), "bad_message", None),
        (act(f"add {mine[0]} -1 high", 12), "illegal_move", "not_opened"),
        (act(f"add {mine[0]} {'9' * 400} high", 13), "illegal_move", "not_opened"),
        (act(f"add {mine[0]} {'9' * 5000} high", 14), "bad_message", None),  # too long to read
        (act("give back", 15), "illegal_move", "nothing_to_give_back"),
        (act("open r1 r2 r3", 16, extra=1), "bad_message", None),
        (json.dumps({"type": "Act", "action": ["open", "r1"], "ref": 17}), "bad_message", None),
        (act(f"open {' | '.join(mine)}", 18), "illegal_move", "keep_one"),
    ]


class Hostile:
    """A raw WebSocket seat that plays a 101 bot, but attacks once on its first drawn turn."""

    def __init__(self, socket: ClientConnection) -> None:
        self.socket = socket
        self.bot = make_bot101("medium", random.Random(11))
        self.answers: dict[int, tuple[Refused, float]] = {}
        self.attacked = False
        self.slowest = 0.0

    async def read(self) -> ServerMessage:
        return read_server(await within(self.socket.recv()))

    async def refusal(self, ref: int) -> Refused:
        while True:
            message = await self.read()
            if isinstance(message, Refused) and message.ref == ref:
                return message

    async def attack(self, view: View101) -> None:
        for frame, reason, move in attacks(view):
            ref = json.loads(frame)["ref"]
            sent = time.perf_counter()
            await self.socket.send(frame)
            refused = await self.refusal(ref)
            self.slowest = max(self.slowest, time.perf_counter() - sent)
            assert (refused.reason.value, refused.move) == (reason, move), frame[:60]
        self.attacked = True

    async def play(self) -> MatchOver:
        acted_at = -1
        while True:
            message = await self.read()
            if not isinstance(message, Update):
                continue
            for event in message.events:
                if isinstance(event, MatchOver):
                    return event
            view = message.view
            if not isinstance(view, View101) or view.turn != view.seat or not view.legal:
                continue
            if message.version <= acted_at:
                continue
            drawn = view.phase is Phase.DISCARD and DrawFromPile() not in view.legal
            if drawn and not self.attacked and len(view.hand) >= 21:
                await self.attack(view)
            acted_at = message.version
            await self.socket.send(dumps(Act(self.bot.choose(view), acted_at)))


@async_test
async def test_malformed_101_moves_are_refused_to_their_sender_and_the_round_finishes(
    caplog: pytest.LogCaptureFixture,
) -> None:
    async with running(config101(seed=4)) as (_, url, hosted):
        socket = await connect(url, compression=None, proxy=None)
        await socket.send(dumps(Hello(PROTOCOL, CODE, "Eve")))
        bora = client(url, "Bora")
        hostile = Hostile(socket)
        await within(hostile.read())  # Seated
        await within(bora.join())
        await socket.send(dumps(Start()))
        results = await within(asyncio.gather(hostile.play(), play101(bora, 2)), 3 * WAIT)
        await socket.close()
        await close_all(bora)
        assert hostile.attacked, "the hostile seat never had a drawn turn"
        assert results[0] == results[1] and hosted[0].table.match.over
        assert not hosted[0].table.closed or hosted[0].table.match.over
        assert hostile.slowest < WAIT
        assert not [r for r in caplog.records if r.levelno >= logging.ERROR]  # nothing raised
