"""The accessible table at an Okey 101 table server: a host's table and a joined table,
driven by keys beside a real server on 127.0.0.1, play a 101 round with two bots."""

from __future__ import annotations

import asyncio

from test_net_support import WAIT, async_test, config101, running, within
from test_table_remote_support import people, play_by_keys, start

from okey.games.okey101.view import View101
from okey.table.state.seat import Step


@async_test
async def test_a_host_and_a_guest_play_a_101_round_by_keys_at_their_own_tables() -> None:
    async with (
        running(config101(seed=3, timer=120)) as (_, url, hosted),
        people(url, "Ayşe", "Bora") as (ayse, bora),
    ):
        await start(ayse, bora)
        turns = await within(asyncio.gather(play_by_keys(ayse), play_by_keys(bora)), 3 * WAIT)
        assert min(turns) > 0
        for person in (ayse, bora):
            assert person.table.state.step in (Step.ROUND_OVER, Step.MATCH_OVER)
            assert isinstance(person.seat.table_view(), View101)
        assert hosted[0].table.match.round_over
