"""Okey 101 over real loopback sockets: people (101 bots choosing from the View101 they are
sent) and server bots finish a 101 round, the review is answered, and clients of protocol
1 keep playing Okey (test_net_play.py checks leaks and drops at both games)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from test_net_play import events_of
from test_net_support import (
    CODE,
    LOOPBACK,
    WAIT,
    async_test,
    client,
    close_all,
    config,
    config101,
    play,
    play101,
    running,
    until,
    within,
)
from websockets.asyncio.client import connect

from okey.engine.events import Discarded, MatchOver
from okey.engine.view import PlayerView
from okey.games.okey101.events import Added101, Laid101, Opened101, RoundScored101
from okey.games.okey101.view import View101
from okey.net.protocol import (
    OLDEST,
    PROTOCOL,
    Pong,
    Reason,
    Refused,
    Reviewed,
    ServerMessage,
    Update,
    read_server,
)
from okey.wire.codec import decode

SEATS_MOVES = (Opened101, Laid101, Added101)


def heard(frames: list[str | bytes]) -> list[ServerMessage]:
    return [read_server(frame) for frame in frames]


@async_test
async def test_two_people_and_two_bots_play_a_101_round_to_the_end() -> None:
    async with running(config101(seed=17)) as (_, url, hosted):
        table = hosted[0].table
        frames: list[list[str | bytes]] = [[], []]
        ayse = client(url, "Ayşe", on_frame=frames[0].append)
        bora = client(url, "Bora", on_frame=frames[1].append)
        seated = await within(ayse.join())
        assert seated.protocol == PROTOCOL and seated.ruleset is not None
        assert seated.ruleset.game == "101" and seated.rules == "101"
        await within(bora.join())
        results = await within(
            asyncio.gather(play101(ayse, 1, start_with=2), play101(bora, 2)), 3 * WAIT
        )
        match = table.match
        assert match.over and match.round_number == 1
        assert isinstance(results[0], MatchOver) and results[0] == results[1] == match.events[-1]
        assert all(bot.game == "101" for bot in table.bots)  # the server's bots are 101's
        for seat, received in enumerate(frames):
            messages = heard(received)
            views = [m.view for m in messages if isinstance(m, Update) and m.view is not None]
            assert len(views) > 20
            assert all(isinstance(v, View101) and v.seat == seat for v in views)
            events = events_of(messages)
            assert sum(isinstance(e, RoundScored101) for e in events) == 1
            assert any(isinstance(e, Discarded) and e.seat == seat for e in events)
        # 101's own moves went over the wire, from the clients and from the server's bots.
        laid = [e for e in match.events if isinstance(e, SEATS_MOVES)]
        assert {e.seat for e in laid} & {0, 1} and {e.seat for e in laid} & {2, 3}

        # The master's review of the round: answered (or refused), never the end of the table.
        await ayse.ask_review(1, ref=9)
        answer = await until(ayse, lambda m: isinstance(m, Reviewed | Refused))
        if isinstance(answer, Refused):  # until okey.review knows 101 (the master101 branch)
            assert answer.reason is Reason.NO_REVIEW and answer.ref == 9
        else:
            assert isinstance(answer, Reviewed) and answer.review.seat == 0
        await ayse.ping(3)
        assert await until(ayse, lambda m: isinstance(m, Pong)) == Pong(3)
        await close_all(ayse, bora)


# -- protocol versions: Okey's clients and servers of version 1 ------------------------------


async def raw_hello(url: str, code: str) -> tuple[Any, dict[str, Any]]:
    """A version-1 client's Hello, word for word as okey before 101 sent it."""
    socket = await connect(url, compression=None, proxy=None)
    hello = {"type": "Hello", "protocol": 1, "code": code, "name": "Eski", "token": None,
             "since": None}  # fmt: skip
    await socket.send(json.dumps(hello, ensure_ascii=False, separators=(",", ":")))
    answer = json.loads(await within(socket.recv()))
    return socket, answer


@async_test
async def test_a_version_1_client_is_refused_at_a_101_table_and_plays_okey_as_before() -> None:
    async with running(config101(), config("one-round", code="OKEY-TABLE")) as (_, url, _h):
        socket, answer = await raw_hello(url, CODE)
        # Okey before 101 reads a Refused by its three keys, and ignores the new one.
        old = {"type": "Refused", "reason": "protocol", "move": None, "ref": None}
        assert answer == {**old, "details": []}
        await socket.close()

        socket, seated = await raw_hello(url, "OKEY-TABLE")
        assert seated["type"] == "Seated" and seated["protocol"] == 1
        await socket.send('{"type":"Start"}')
        while True:
            data = json.loads(await within(socket.recv()))
            if data["type"] == "Update" and data["view"] is not None:
                break
        # What okey before 101 read: an Update whose view is Okey's, by the same types.
        assert data["view"]["type"] == "PlayerView"
        assert isinstance(decode(data["view"], PlayerView | None), PlayerView)
        await socket.close()


@async_test
async def test_a_client_speaks_version_1_to_a_server_of_version_1(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("okey.net.table.PROTOCOLS", frozenset({OLDEST}))  # okey before 101
    async with running(config("one-round", seed=2)) as (_, url, hosted):
        hellos: list[int] = []
        real_hello = hosted[0].table.hello

        def spy(hello: Any, on_seat: Any) -> int:
            hellos.append(hello.protocol)
            return real_hello(hello, on_seat)

        hosted[0].table.hello = spy  # type: ignore[method-assign]
        ayse, bora = client(url, "Ayşe"), client(url, "Bora")
        seated = await within(ayse.join())
        await within(bora.join())
        assert seated.protocol == OLDEST and ayse.protocol == OLDEST
        assert hellos == [PROTOCOL, OLDEST, PROTOCOL, OLDEST]
        results = await within(asyncio.gather(play(ayse, 1, start_with=2), play(bora, 2)))
        await close_all(ayse, bora)
        assert isinstance(results[0], MatchOver) and hosted[0].table.match.over
    assert LOOPBACK
