"""A seat in the server's own process (okey.net.local.LocalClient, a browser's seat): seated
by the server's own checks, it hears what a client of its seat would hear, its moves go
to the table and a refusal comes back to it alone; a newer seat replaces it; closing it
is leaving, aborting it a drop; a wrong code counts against the player's address."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from test_net_support import CODE, async_test, client, close_all, config, running, until, within

from okey.engine.actions import TimeOut
from okey.net.client import Disconnected, Lost
from okey.net.local import LocalClient
from okey.net.protocol import (
    PROTOCOL,
    Act,
    Goodbye,
    Hello,
    Lobby,
    Presence,
    PresenceState,
    Reason,
    Refused,
    Seated,
    SeatKind,
    ServerMessage,
    Start,
    Update,
)
from okey.net.server import TableServer

BROWSER = "192.0.2.7"  # the page's address (a documentation address: no socket is opened)


def local(
    server: TableServer, name: str, code: str = CODE, token: str | None = None
) -> LocalClient:
    return LocalClient(server, BROWSER, Hello(PROTOCOL, code, name, token))


async def heard(seat: LocalClient, wanted: Callable[[ServerMessage], bool]) -> ServerMessage:
    async def read() -> ServerMessage:
        while not wanted(message := await seat.receive()):
            pass
        return message

    return await within(read())


@async_test
async def test_a_local_seat_plays_beside_a_socket_client() -> None:
    async with running(config(timer=0)) as (server, url, (hosted,)):
        deniz = local(server, "Deniz")
        seated = await within(deniz.join())
        assert seated.seat == 0 and not seated.rejoined
        kerem = client(url, "Kerem")
        await within(kerem.join())
        lobby = await heard(deniz, lambda m: isinstance(m, Lobby) and len(people(m)) == 2)
        assert isinstance(lobby, Lobby) and lobby.host == 0
        await deniz.send(Start())
        update = await heard(deniz, lambda m: isinstance(m, Update) and m.view is not None)
        assert isinstance(update, Update) and update.view is not None
        assert update.view is not None and update.view.seat == 0  # its own view only
        await deniz.send(Act(TimeOut(), 5))  # the clock's, never a seat's: refused to it
        refused = await heard(deniz, lambda m: isinstance(m, Refused))
        assert refused == Refused(Reason.ILLEGAL_MOVE, "timeout_is_the_clocks", 5)
        if update.view.turn == 0:  # its move goes to the table, and every seat hears it
            await deniz.send(Act(update.view.legal[0], 6))
            await heard(deniz, lambda m: isinstance(m, Update) and bool(m.events))
            await until(kerem, lambda m: isinstance(m, Update) and m.events[:1] != ())
        deniz.abort()  # the page's connection was lost: the others hear a drop
        dropped = await until(kerem, lambda m: isinstance(m, Presence))
        assert dropped == Presence(0, "Deniz", PresenceState.DROPPED)
        assert not hosted.table.seats[0].connected
        with pytest.raises(Disconnected):
            await within(deniz.receive())
        await close_all(kerem)


def people(lobby: Lobby) -> list[int]:
    return [info.seat for info in lobby.seats if info.kind is SeatKind.PERSON]


@async_test
async def test_a_token_takes_the_seat_back_and_the_old_line_is_told_it_was_replaced() -> None:
    async with running(config()) as (server, _, (hosted,)):
        first = local(server, "Deniz")
        seated = await within(first.join())
        again = local(server, "Deniz", token=seated.token)
        back = await within(again.join())
        assert isinstance(back, Seated) and back.seat == seated.seat and back.rejoined
        goodbye = await heard(first, lambda m: isinstance(m, Goodbye))
        assert goodbye == Goodbye(Reason.REPLACED)
        await first.close()  # the old line leaving frees nothing: the seat is the new one's
        assert hosted.table.seats[0].connected
        await again.close()
        assert not hosted.table.seats[0].connected


@async_test
async def test_a_wrong_code_is_refused_and_counted_against_the_players_address() -> None:
    async with running(config()) as (server, _, _):
        with pytest.raises(Disconnected) as refused:
            await within(local(server, "Deniz", code="NOPE-NOPE").join())
        assert refused.value.lost is Lost.REFUSED and refused.value.reason is Reason.WRONG_CODE
        assert server.failures.blocked(BROWSER, None, server.now()) is False
        for _ in range(server.limits.failed_joins):
            with pytest.raises(Disconnected):
                await within(local(server, "Deniz", code="NOPE-NOPE").join())
        with pytest.raises(Disconnected) as blocked:
            await within(local(server, "Deniz").join())  # the right code, too late
        assert blocked.value.reason is Reason.TOO_MANY_FAILURES
        assert not server.failures.blocked("127.0.0.1", None, server.now())
