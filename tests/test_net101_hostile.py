"""A hostile client at an Okey 101 table on 127.0.0.1: malformed 101 moves (tiles it does
not hold, a huge list of combinations, nonsense) are each refused to it alone with a clear
reason, the server never raises, and the round finishes."""

from __future__ import annotations

import asyncio
import json
import logging
import random
import time
from typing import Any

import pytest
from test_net_support import (
    CODE,
    WAIT,
    async_test,
    client,
    close_all,
    config101,
    play101,
    running,
    within,
)
from websockets.asyncio.client import ClientConnection, connect

from okey.engine.actions import DrawFromPile
from okey.engine.events import MatchOver
from okey.engine.view import Phase
from okey.games.okey101.levels import make_bot101
from okey.games.okey101.view import View101
from okey.hand.notation import format_tile
from okey.net.protocol import (
    MAX_ACTION_TILES,
    MAX_CLIENT_MESSAGE,
    PROTOCOL,
    Act,
    Hello,
    Refused,
    ServerMessage,
    Start,
    Update,
    dumps,
    read_server,
)
from okey.tiles import Tile


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
