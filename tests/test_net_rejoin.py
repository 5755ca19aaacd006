"""A seat whose match ends while it is away: the match's end is in the Brief of what it
missed (the Update after it only shows the finished table, and nothing more comes), and
the client takes it from there, at Okey and at Okey 101, over real loopback sockets.

The drop-and-rejoin tests of test_net_play.py (at each game) meet this only when
the bots happen to finish before the client is back (at 101, from one run in five to
most runs, by the machine's load); here the match is made to end first, every time."""

from __future__ import annotations

import asyncio

import pytest
from test_net_support import (
    GAMES,
    Game,
    async_test,
    client,
    close_all,
    eventually,
    running,
    until,
    within,
)

from okey.engine.events import MatchOver
from okey.engine.view import Phase
from okey.net.client import Client
from okey.net.protocol import (
    Brief,
    Lobby,
    Presence,
    PresenceState,
    Seated,
    ServerMessage,
    Update,
)


def dealt(message: ServerMessage) -> bool:
    return isinstance(message, Update) and message.view is not None


async def read_the_return(ayse: Client) -> MatchOver:
    """What a rejoined seat is sent, read one by one: the finished match is in the Brief."""
    assert isinstance(await within(ayse.receive()), Seated)
    assert isinstance(await within(ayse.receive()), Lobby)
    brief = await within(ayse.receive())
    assert isinstance(brief, Brief)
    over = [e for e in brief.missed if isinstance(e, MatchOver)]
    assert len(over) == 1
    update = await within(ayse.receive())
    assert isinstance(update, Update) and update.view is not None
    assert update.view.phase is Phase.MATCH_OVER and not update.events
    return over[0]


@pytest.mark.parametrize("game", GAMES, ids=str)
@pytest.mark.parametrize("read_first", [False, True], ids=["bot_rejoins", "test_reads"])
@async_test
async def test_a_seat_back_after_its_match_ended_is_told_the_end_and_stops(
    game: Game, read_first: bool
) -> None:
    async with running(game.config(seed=3)) as (_, url, hosted):
        table = hosted[0].table
        ayse, bora = client(url, "Ayşe"), client(url, "Bora")
        await within(ayse.join())
        await within(bora.join())
        bora_plays = asyncio.create_task(game.play(bora, 5))
        await ayse.start()
        await until(ayse, dealt)
        ayse.abort()  # gone: the autopilot plays her seat to the match's end
        await eventually(lambda: table.over)
        assert not table.seats[0].connected
        told = await read_the_return(ayse) if read_first else None
        # The server sends nothing more about a finished match: the bot stops on what the
        # client heard (one waiting for an Update holding the MatchOver would wait for ever).
        result = await within(game.play(ayse, 6))
        ended = await within(bora_plays)
        # Bora is told she is back, though his bot stopped reading at the match's end.
        await until(bora, lambda m: m == Presence(0, "Ayşe", PresenceState.RETURNED))
        await close_all(ayse, bora)
        assert isinstance(result, MatchOver) and result == ended == ayse.over
        assert told is None or told == result
        assert ayse.version == table.version
