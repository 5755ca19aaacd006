"""The headless client: one seat at a table server, for a bot or a front end.

The small interface a front end needs is :class:`RemoteSeat`: the seat's
:attr:`~RemoteSeat.view`, what it hears (:meth:`~RemoteSeat.receive`: its
events and view in an :class:`~okey.net.protocol.Update`, a
:class:`~okey.net.protocol.Refused` for a move not accepted, the lobby, chat,
drops and returns), and :meth:`~RemoteSeat.act` to send a move.

When the connection is lost, the next :meth:`Client.receive` joins again with
the seat's token (the server sends a :class:`~okey.net.protocol.Brief` of what
was missed); after its retries it raises :class:`Disconnected` with a reason.
"""

from __future__ import annotations

import asyncio
import contextlib
import ssl
from collections.abc import Callable, Sequence
from dataclasses import replace
from enum import Enum
from typing import Any, Protocol

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from okey.bots.base import AnyBot
from okey.engine.actions import Action
from okey.engine.events import Event, MatchOver
from okey.engine.view import Phase
from okey.net.protocol import (
    MAX_SERVER_MESSAGE,
    OLDEST,
    PROTOCOL,
    Act,
    AskReview,
    Brief,
    Chat,
    ClientMessage,
    Goodbye,
    Hello,
    Lobby,
    Ping,
    Ready,
    Reason,
    Refused,
    Seated,
    SeatView,
    ServerMessage,
    Start,
    Update,
    dumps,
    read_server,
)
from okey.wire.codec import CodecError

RETRY_DELAYS = (0.5, 1.0, 2.0, 4.0, 8.0)
"""Seconds before each new try after the connection is lost (about 15 s in all)."""
FINAL = {
    Reason.REPLACED,
    Reason.TABLE_CLOSED,
    Reason.RATE_LIMITED,
    Reason.TOO_MANY_FAILURES,
    Reason.HELLO_TIMEOUT,
    Reason.SLOW_READER,
}
"""Goodbyes after which joining again is no use."""
RATE_PAUSE = 0.25  # seconds a bot waits when the server says it sends too fast


class Lost(Enum):
    """Why a client gave up (``net.lost.<value>`` in the catalogue)."""

    UNREACHABLE = "unreachable"  # no server answered at the address
    REFUSED = "refused"  # the server refused the seat (``reason`` says why)
    CLOSED = "closed"  # the server said goodbye for good (``reason`` says why)
    GARBLED = "garbled"  # the server sent something that is not this protocol


class Disconnected(Exception):
    """The client cannot go on: ``lost`` says how, ``reason`` the server's word if any."""

    def __init__(self, lost: Lost, reason: Reason | None = None) -> None:
        self.lost = lost
        self.reason = reason
        super().__init__(lost.value if reason is None else f"{lost.value}: {reason.value}")


class RemoteSeat(Protocol):
    """What a table front end needs of a seat played elsewhere."""

    @property
    def view(self) -> SeatView | None: ...

    async def receive(self) -> ServerMessage: ...

    async def act(self, action: Action) -> None: ...


class Client:
    """One seat at a remote table, by URL (``ws://host:port`` or ``wss://...``) and code."""

    def __init__(
        self,
        url: str,
        code: str,
        name: str,
        *,
        tls: ssl.SSLContext | None = None,
        token: str | None = None,
        retry_delays: Sequence[float] = RETRY_DELAYS,
        open_timeout: float = 10.0,
        on_frame: Callable[[str | bytes], None] | None = None,
        on_retry: Callable[[int, int], None] | None = None,
    ) -> None:
        self.url = url
        self.code = code
        self.name = name
        self.tls = tls
        self.token = token
        self.retry_delays = tuple(retry_delays)
        self.open_timeout = open_timeout
        self.on_frame = on_frame  # sees every frame received, as it came (tests, logs)
        self.on_retry = on_retry  # (attempt, attempts) before each new try: "net.retrying"
        self.seat: int | None = None
        self.version = 0  # events heard so far (given back on rejoin)
        self.lobby: Lobby | None = None
        self.view_now: SeatView | None = None
        self.protocol = PROTOCOL  # the version spoken: an older server's, once it refused
        self._connection: ClientConnection | None = None
        self._goodbye: Reason | None = None
        self._early: list[ServerMessage] = []
        self._heard = False  # an Update or a Brief came: ``version`` is this client's
        self.over: MatchOver | None = None  # the match's end, once heard

    @property
    def view(self) -> SeatView | None:
        return self.view_now

    # -- connecting ----------------------------------------------------------------

    async def join(self) -> Seated:
        """Connect and take a seat (the token's seat, if the client has one)."""
        try:
            return await self._join_once()
        except (OSError, InvalidHandshake, InvalidURI, TimeoutError):
            raise Disconnected(Lost.UNREACHABLE) from None

    async def _join_once(self) -> Seated:
        options: dict[str, Any] = {
            "compression": None,
            "max_size": MAX_SERVER_MESSAGE,
            "open_timeout": self.open_timeout,
            "proxy": None,
            "user_agent_header": None,
        }
        if self.tls is not None:  # else wss:// trusts the system's certificates
            options["ssl"] = self.tls
        connection = await connect(self.url, **options)
        self._connection = connection
        self._goodbye = None
        # A client that heard nothing yet (a new process with a kept token) lets the
        # server say what the seat missed since it was last there.
        since = self.version if self.token is not None and self._heard else None
        hello = Hello(self.protocol, self.code, self.name, self.token, since)
        await self._send(hello)
        while True:
            try:
                message = await self._read()
            except ConnectionClosed:
                raise Disconnected(Lost.CLOSED, self._goodbye) from None
            if isinstance(message, Seated):
                self.seat, self.token = message.seat, message.token
                return message
            if isinstance(message, Refused):
                if message.reason is Reason.PROTOCOL and hello.protocol > OLDEST:
                    # A server older than this client: try the version before (a server of
                    # version 2 seats at 101 too; one of version 1, at Okey only).
                    self.protocol = hello.protocol - 1
                    hello = replace(hello, protocol=self.protocol)
                    await self._send(hello)
                    continue
                await connection.close()
                raise Disconnected(Lost.REFUSED, message.reason)
            self._early.append(message)

    async def _rejoin(self) -> Seated:
        """Join again with the token, trying after each of the retry delays."""
        for attempt, delay in enumerate(self.retry_delays, start=1):
            if self.on_retry is not None:
                self.on_retry(attempt, len(self.retry_delays))
            await asyncio.sleep(delay)
            try:
                return await self._join_once()
            except (OSError, InvalidHandshake, TimeoutError):
                continue
            except Disconnected as exc:
                if exc.lost is Lost.CLOSED and exc.reason not in FINAL:
                    continue
                raise
        raise Disconnected(Lost.UNREACHABLE)

    async def close(self) -> None:
        if self._connection is not None:
            await self._connection.close()
            self._connection = None

    def abort(self) -> None:
        """Drop the connection at once, as a network failure would (tests)."""
        if self._connection is not None:
            self._connection.transport.abort()

    # -- hearing -------------------------------------------------------------------

    async def receive(self) -> ServerMessage:
        """The next message for this seat, joining again if the connection was lost."""
        if self._early:
            return self._keep(self._early.pop(0))
        while True:
            if self._connection is None:
                raise Disconnected(Lost.CLOSED, self._goodbye)
            try:
                return self._keep(await self._read())
            except ConnectionClosed:
                reason = self._goodbye
                if reason in FINAL or self.token is None:
                    self._connection = None
                    raise Disconnected(Lost.CLOSED, reason) from None
                seated = await self._rejoin()
                return self._keep(seated)

    async def _read(self) -> ServerMessage:
        assert self._connection is not None
        frame = await self._connection.recv()
        if self.on_frame is not None:
            self.on_frame(frame)
        try:
            message = read_server(frame)
        except CodecError:
            await self._connection.close()
            raise Disconnected(Lost.GARBLED) from None
        if isinstance(message, Goodbye):
            self._goodbye = message.reason
        return message

    def _keep(self, message: ServerMessage) -> ServerMessage:
        if isinstance(message, Update):
            self.version = message.version
            self.view_now = message.view
            self._heard = True
            self._note_over(message.events)
        elif isinstance(message, Brief):
            self.version = max(self.version, message.since + len(message.missed))
            self._heard = True
            # A match that ended while the seat was away ends in what it missed: the
            # Update after the Brief only shows the finished table.
            self._note_over(message.missed)
        elif isinstance(message, Lobby):
            self.lobby = message
        return message

    def _note_over(self, events: Sequence[Event]) -> None:
        for event in events:
            if isinstance(event, MatchOver):
                self.over = event

    # -- saying --------------------------------------------------------------------

    async def _send(self, message: ClientMessage) -> None:
        if self._connection is None:
            raise Disconnected(Lost.CLOSED, self._goodbye)
        with contextlib.suppress(ConnectionClosed):  # the next receive() rejoins
            await self._connection.send(dumps(message))

    async def act(self, action: Action, ref: int | None = None) -> None:
        await self._send(Act(action, ref))

    async def start(self) -> None:
        await self._send(Start())

    async def ready(self) -> None:
        await self._send(Ready())

    async def chat(self, text: str) -> None:
        await self._send(Chat(text))

    async def ping(self, ref: int | None = None) -> None:
        await self._send(Ping(ref))

    async def ask_review(self, number: int, ref: int | None = None) -> None:
        await self._send(AskReview(number, ref))

    async def send(self, message: ClientMessage) -> None:
        """Send any message (a front end with an outbox of them)."""
        await self._send(message)


async def play_as_bot(
    client: Client, bot: AnyBot, *, start_with: int | None = None, think: float = 0.0
) -> MatchOver | None:
    """Play the client's seat with ``bot`` (a bot of the table's game) until
    the match is over (its MatchOver, heard in an Update or in what a rejoined seat
    missed, also before this was called) or the connection is given up (Disconnected).
    As host, start once ``start_with`` people sit at the table; ``think`` is a pause in
    seconds before each move."""
    acted_at = -1
    retried_at = -1
    while True:
        if client.over is not None:  # the server says nothing more about a finished match
            return client.over
        message = await client.receive()
        if isinstance(message, Seated):  # joined again: the server may have lost a move
            acted_at = retried_at = -1
            continue
        if isinstance(message, Lobby):
            people = sum(1 for s in message.seats if s.kind.value == "person")
            host = message.host == client.seat and not message.started
            if host and start_with is not None and people >= start_with:
                await client.start()
            continue
        if isinstance(message, Refused):
            if message.reason is Reason.RATE_LIMITED:
                await asyncio.sleep(RATE_PAUSE)
            elif retried_at == client.version:
                continue
            retried_at = client.version  # decide once more, from the view now
            acted_at = -1
            message = Update(client.version, (), client.view)
        if not isinstance(message, Update) or client.over is not None:
            continue  # (a MatchOver just heard is returned at the top)
        view = message.view
        if view is None:
            continue
        if view.phase is Phase.ROUND_OVER:
            await client.ready()
        elif view.legal and view.turn == view.seat and message.version > acted_at:
            acted_at = message.version
            if think:
                await asyncio.sleep(think)
            await client.act(bot.choose(view))  # the server sends the bot's game's views
