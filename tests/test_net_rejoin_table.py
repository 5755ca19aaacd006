"""The accessible table of a seat whose match ended while it was away: back, it hears the
match's end from what it missed, and does not try to join a finished match again."""

from __future__ import annotations

import asyncio
from contextlib import AsyncExitStack

from test_net_support import (
    async_test,
    client,
    close_all,
    config,
    eventually,
    play,
    running,
    until,
    within,
)
from test_table_remote_support import seat_at

from okey.engine.events import MatchOver
from okey.net.protocol import ServerMessage, Update
from okey.table.state.seat import Step


def dealt(message: ServerMessage) -> bool:
    return isinstance(message, Update) and message.view is not None


@async_test
async def test_a_table_back_after_its_match_ended_says_the_end_and_stays_put() -> None:
    async with running(config("one-round", seed=3)) as (_, url, hosted):
        table = hosted[0].table
        ayse, bora = client(url, "Ayşe"), client(url, "Bora")
        await within(ayse.join())
        await within(bora.join())
        bora_plays = asyncio.create_task(play(bora, 5))
        await ayse.start()
        await until(ayse, dealt)
        ayse.abort()
        await eventually(lambda: table.over)
        assert isinstance(await within(bora_plays), MatchOver)
        seated = await within(ayse.join())  # her table starts again with her token
        assert seated.rejoined
        async with AsyncExitStack() as stack:
            person = await seat_at(stack, ayse, seated, "Ayşe", url)
            await person.hears("table.ranking", "the match's standings, from the brief")
            assert person.heard("net.missed")
            assert person.seat.step() is Step.MATCH_OVER
            assert ayse.retry_delays == ()  # a finished match is not joined again
        await close_all(bora)
