"""What the salon's tests share: a salon running on 127.0.0.1, its clients, a match."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path

from test_net_support import FAST, LOOPBACK, QUICK_RETRY, WAIT, play, within

from okey.engine.events import MatchOver
from okey.net.client import Client
from okey.salon import messages as m
from okey.salon.accounts import LogInLimits
from okey.salon.client import SalonClient, table_client
from okey.salon.config import SalonConfig
from okey.salon.passwords import CHEAP
from okey.salon.server import Salon
from okey.salon.store import Store

PASSWORD = "open sesame"
MODERATOR = "Moda"


def salon_config(**changes: object) -> SalonConfig:
    settings: dict[str, object] = {
        "moderators": frozenset({"moda"}),
        "bot_delay": 0.0,
        "level": "random",
        "seed": 7,
        "cost": CHEAP,
        "one_address_per_table": False,
        "limits": LogInLimits(per_address=1000, total=1000, claims_per_address=1000),
    }
    settings.update(changes)
    return SalonConfig(**settings)  # type: ignore[arg-type]


@dataclass
class Running:
    salon: Salon
    url: str
    path: Path
    clients: list[SalonClient] = field(default_factory=list)

    async def member(
        self, name: str, *, agree: bool = True, local: str | None = None
    ) -> SalonClient:
        """A new account, logged in (and the conduct rules agreed to)."""
        client = SalonClient(self.url, local=local)
        await within(client.connect())
        self.clients.append(client)
        welcome = await within(client.log_in(name, PASSWORD, claim=True))
        assert isinstance(welcome, m.Welcome), welcome
        assert welcome.conduct
        if agree:
            await client.send(m.AgreeConduct())
        return client

    async def connect(self, local: str | None = None) -> SalonClient:
        client = SalonClient(self.url, local=local)
        await within(client.connect())
        self.clients.append(client)
        return client


@asynccontextmanager
async def salon_running(path: Path, config: SalonConfig | None = None) -> AsyncIterator[Running]:
    store = Store.open(path)
    salon = Salon(store, config or salon_config(), limits=FAST)
    try:
        host, port = await salon.start(LOOPBACK, 0)
        running = Running(salon, f"ws://{host}:{port}", path)
        try:
            yield running
        finally:
            for client in running.clients:
                await client.close()
    finally:
        await salon.stop()
        store.close()


async def sit_down(running: Running, client: SalonClient, request: m.SalonRequest) -> Client:
    """Send a request that seats, take the ticket's seat at the table; its table client."""
    await client.send(request)
    ticket = await within(client.expect(m.Ticket))
    assert client.welcome is not None
    seat = table_client(running.url, ticket, client.welcome.name, retry_delays=QUICK_RETRY)
    seated = await within(seat.join())
    assert seated.seat == ticket.seat
    return seat


async def play_match(*seats: Client, start_with: int) -> list[MatchOver | None]:
    games = [
        play(seat, n + 1, start_with=start_with if n == 0 else None) for n, seat in enumerate(seats)
    ]
    return list(await within(asyncio.gather(*games), 3 * WAIT))
