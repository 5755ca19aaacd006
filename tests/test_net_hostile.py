"""Hostile clients on 127.0.0.1: each is refused or cut off, alone, and the match finishes.

Raw bytes go through a plain socket; well-framed but malicious messages through
the websockets client library (and one hand-made frame for a peer that stops
answering pings).
"""

from __future__ import annotations

import asyncio
import base64
import json
import os
from collections.abc import Awaitable, Callable
from dataclasses import replace

import pytest
from test_net_support import (
    CODE,
    FAST,
    async_test,
    client,
    close_all,
    config,
    eventually,
    play,
    running,
    within,
)
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from okey.engine.actions import DrawFromPile
from okey.engine.events import MatchOver
from okey.net.client import Client, Disconnected, Lost
from okey.net.protocol import (
    PROTOCOL,
    Goodbye,
    Hello,
    Ping,
    Pong,
    Reason,
    Refused,
    Seated,
    ServerMessage,
    Update,
    dumps,
    read_server,
)
from okey.net.server import Hosted, Limits

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
