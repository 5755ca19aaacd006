"""The salon's headless client: one connection on the salon's path, for a front end, a
test or the benchmark. It sends :mod:`okey.salon.messages` requests and reads the news;
a seat the salon gives (a :class:`~okey.salon.messages.Ticket`) is then played with
:class:`okey.net.client.Client` like any other table's."""

from __future__ import annotations

import asyncio
import ssl
from typing import Any, TypeVar

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from okey.net.client import Client
from okey.net.protocol import MAX_SERVER_MESSAGE, dumps
from okey.salon import messages as m

N = TypeVar("N")


class SalonClosed(Exception):
    """The salon closed the connection (``news``: its last word, if it said one)."""

    def __init__(self, news: m.Closing | None = None) -> None:
        self.news = news
        super().__init__("closed")


class SalonClient:
    """One connection to a salon at ``url`` (``ws://host:port``; the path is added)."""

    def __init__(
        self, url: str, *, tls: ssl.SSLContext | None = None, local: str | None = None
    ) -> None:
        self.url = url.rstrip("/")
        self.tls = tls
        self.local = local  # the address to connect from (tests: many loopback addresses)
        self.connection: ClientConnection | None = None
        self.welcome: m.Welcome | None = None
        self.closing: m.Closing | None = None
        self.cards: tuple[m.Card, ...] = ()  # the lobby's list as it is now

    async def connect(self, open_timeout: float = 10.0) -> None:
        options: dict[str, Any] = {
            "compression": None,
            "max_size": MAX_SERVER_MESSAGE,
            "open_timeout": open_timeout,
            "proxy": None,
            "user_agent_header": None,
        }
        if self.tls is not None:
            options["ssl"] = self.tls
        if self.local is not None:
            options["local_addr"] = (self.local, 0)
        self.connection = await connect(self.url + m.PATH, **options)

    async def send(self, request: m.SalonRequest) -> None:
        assert self.connection is not None
        try:
            await self.connection.send(dumps(request))
        except ConnectionClosed:
            raise SalonClosed(self.closing) from None

    async def send_raw(self, frame: str) -> None:
        assert self.connection is not None
        await self.connection.send(frame)

    async def receive(self) -> m.SalonNews:
        assert self.connection is not None
        try:
            news = m.read_news(await self.connection.recv())
        except ConnectionClosed:
            raise SalonClosed(self.closing) from None
        if isinstance(news, m.Closing):
            self.closing = news
        if isinstance(news, m.Welcome):
            self.welcome = news
        if isinstance(news, m.Tables):
            self.cards = news.cards
        elif isinstance(news, m.Changed):
            self.cards = m.merged(self.cards, news)
        return news

    async def expect(self, kind: type[N], timeout: float = 10.0) -> N:
        """The next news of ``kind`` (what comes before it is passed over)."""
        async with asyncio.timeout(timeout):
            while True:
                news = await self.receive()
                if isinstance(news, kind):
                    return news

    async def log_in(
        self, name: str, password: str, *, claim: bool = False
    ) -> m.Welcome | m.Declined:
        await self.send(m.LogIn(m.SALON_PROTOCOL, name, password, claim))
        return await self.answer()

    async def resume(self, session: str) -> m.Welcome | m.Declined:
        await self.send(m.Resume(m.SALON_PROTOCOL, session))
        return await self.answer()

    async def answer(self) -> m.Welcome | m.Declined:
        while True:
            news = await self.receive()
            if isinstance(news, m.Welcome | m.Declined):
                return news

    async def close(self) -> None:
        if self.connection is not None:
            await self.connection.close()


def table_client(url: str, ticket: m.Ticket, name: str, **options: Any) -> Client:
    """The table client that takes the seat of ``ticket``."""
    return Client(url, ticket.code, name, token=ticket.token, **options)
