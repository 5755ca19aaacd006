"""The table server: WebSocket connections in, tables (:class:`NetTable`) behind them.

One asyncio loop runs every table. A connection must say Hello with a table's
code within ``hello_timeout``; then each of its messages is checked
(:func:`okey.net.protocol.read_client`) and given to its table. Whatever goes
wrong with one message is refused to that connection alone; whatever goes wrong
with one connection ends that connection alone: the server never raises.

Typical use::

    server = TableServer(saves_dir=folder)
    code = server.add_table(TableConfig(online_rules(rules, None), new_code()))
    host, port = await server.start("127.0.0.1", 0)
    ...
    await server.stop()
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import ssl
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from websockets.asyncio.server import Server, ServerConnection, broadcast, serve
from websockets.exceptions import ConnectionClosed
from websockets.frames import CloseCode
from websockets.http11 import Request, Response

from okey.net.codes import code_key, same_code
from okey.net.limits import Bucket, FailedJoins, JoinGuard
from okey.net.persist import SaveSlot, table_from_save, table_snapshot
from okey.net.protocol import (
    MAX_CLIENT_MESSAGE,
    AskReview,
    ClientMessage,
    Goodbye,
    Hello,
    ProtocolError,
    Reason,
    Refused,
    Reviewed,
    ServerMessage,
    dumps,
    read_client,
)
from okey.net.table import NetTable, Refusal, TableConfig
from okey.review import RoundReview
from okey.saves import SaveData, SaveError

log = logging.getLogger("okey.net")

POLICY = 1008  # the WebSocket close code for a policy violation
GOING_AWAY = 1001


def closed_by_client(connection: ServerConnection) -> bool:
    """Whether the client closed the connection on purpose (a normal closing frame of its
    own), rather than losing it."""
    protocol = connection.protocol
    received = protocol.close_rcvd
    normal = received is not None and received.code == CloseCode.NORMAL_CLOSURE
    return normal and protocol.close_rcvd_then_sent is True


@dataclass(frozen=True)
class Limits:
    """What the server allows one connection (the defaults suit play over the internet)."""

    max_message: int = MAX_CLIENT_MESSAGE  # bytes in one frame; larger closes with 1009
    open_timeout: float = 10.0  # seconds to finish the WebSocket handshake
    hello_timeout: float = 10.0  # seconds from the handshake to a Hello
    ping_interval: float = 20.0  # a silent peer is pinged this often...
    ping_timeout: float = 20.0  # ...and dropped when no pong comes in this time
    messages_per_second: float = 20.0  # far more than keys or speech can produce
    burst: float = 40.0
    flood: int = 100  # messages refused for rate (in about ten seconds) before it is closed
    failed_joins: int = 10  # failed joins per address in join_window...
    join_window: float = 60.0  # ...before that address is refused for a while
    failed_joins_per_table: int = 30  # wrong tokens at one table in join_window
    failed_joins_per_server: int = 60  # failed joins from every address together
    per_address: int = 32  # open connections from one address
    write_buffer: int = 1024 * 1024  # bytes waiting for a client before it is cut off


class Autosaver:
    """Writes a table's snapshots in the background, newest wins, one write at a time."""

    def __init__(self, slot: SaveSlot) -> None:
        self.slot = slot
        self._pending: SaveData | None = None
        self._task: asyncio.Task[None] | None = None

    def put(self, data: SaveData) -> None:
        self._pending = data
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._write())

    async def _write(self) -> None:
        while self._pending is not None:
            data, self._pending = self._pending, None
            try:
                await asyncio.to_thread(self.slot.write, data)
            except (SaveError, OSError) as exc:
                log.warning("autosave failed: %s", exc)

    async def flush(self) -> None:
        if self._task is not None:
            await self._task


class Line(Protocol):
    """What the server needs of a seat's connection: to say a message to it, and to hang
    up (what was said goes first). A WebSocket's (:class:`SocketLine`) or a seat played in
    this very process (:class:`okey.net.local.LocalClient`: a browser's page)."""

    def say(self, message: ServerMessage) -> None: ...

    def hang_up(self) -> None: ...


class SocketLine:
    """A client's WebSocket: each message encoded and sent without waiting, in order; a
    client that does not read is cut off."""

    def __init__(self, connection: ServerConnection, most: int) -> None:
        self.connection = connection
        self.most = most  # bytes waiting to be written before the client is cut off

    def say(self, message: ServerMessage) -> None:
        transport = self.connection.transport
        if transport.is_closing():
            return
        if transport.get_write_buffer_size() > self.most:
            log.warning("a client stopped reading: closing its connection")
            transport.abort()
            return
        broadcast([self.connection], dumps(message))

    def hang_up(self) -> None:
        self.connection.transport.close()


@dataclass(eq=False)
class Hosted:
    """A table with its connections (by seat), its wake-up call and its saver."""

    table: NetTable
    connections: dict[int, Line] = field(default_factory=dict)
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    saver: Autosaver | None = None
    runner: asyncio.Task[None] | None = None
    reviewing: dict[tuple[int, int], asyncio.Task[RoundReview]] = field(default_factory=dict)

    @property
    def code(self) -> str:
        return self.table.config.code


@dataclass(frozen=True)
class WebDoor:
    """How a table server also serves a web page and seats the browsers that open it
    (:func:`okey.web.web_door` makes the one okey has): ``answer`` takes every HTTP
    request first (a page, or None to go on to the WebSocket), and a WebSocket at
    ``path`` is a browser's, seated by ``seat``."""

    answer: Callable[[ServerConnection, Request], Response | None]
    path: str
    seat: Callable[[TableServer, ServerConnection, str], Awaitable[None]]
    also: tuple[str, ...] = ()  # more paths ``seat`` takes (the salon's: its page's too)


class TableServer:
    """Hosts tables behind one WebSocket listener."""

    def __init__(
        self,
        limits: Limits | None = None,
        *,
        saves_dir: Path | None = None,
        clock: Callable[[], float] | None = None,
        web: WebDoor | None = None,
    ) -> None:
        self.limits = limits or Limits()
        self.web = web  # also serve a web page and seat its players (okey.web's door)
        self.saves_dir = saves_dir
        self._clock = clock
        self.tables: dict[str, Hosted] = {}
        window = self.limits.join_window
        self.failures = JoinGuard(
            FailedJoins(self.limits.failed_joins, window),
            FailedJoins(self.limits.failed_joins_per_table, window),
            FailedJoins(self.limits.failed_joins_per_server, window),
        )
        self._per_address: dict[str, int] = {}
        self._server: Server | None = None
        self.address: tuple[str, int] | None = None
        self.tls: ssl.SSLContext | None = None
        self.all_closed = asyncio.Event()

    def now(self) -> float:
        return self._clock() if self._clock is not None else asyncio.get_running_loop().time()

    # -- tables ------------------------------------------------------------------

    def add_table(self, config: TableConfig, *, save_as: str | None = None) -> Hosted:
        """A new table (its autosave named ``save_as`` in the saves folder, if any)."""
        hosted = Hosted(NetTable(config, lambda s, m: None, self.now))
        return self._host(hosted, save_as)

    def resume_table(self, data: SaveData, *, save_as: str | None = None) -> Hosted:
        """The table of a server's autosave, back (SaveError if it is not one)."""
        hosted = Hosted(table_from_save(data, lambda s, m: None, self.now))
        return self._host(hosted, save_as)

    def _host(self, hosted: Hosted, save_as: str | None) -> Hosted:
        key = code_key(hosted.code)
        if key in self.tables:
            raise ValueError("another table has this code")
        table = hosted.table
        table.send = lambda seat, message: self._deliver(hosted, seat, message)
        table.unseat = lambda seat: self._unseat(hosted, seat)
        if self.saves_dir is not None and save_as is not None:
            saver = hosted.saver = Autosaver(SaveSlot(self.saves_dir, save_as))
            table.on_turn = lambda: saver.put(table_snapshot(table))
        self.tables[key] = hosted
        self.all_closed.clear()
        if self._server is not None:
            hosted.runner = asyncio.get_running_loop().create_task(self._run(hosted))
        return hosted

    def _find(self, code: str) -> Hosted | None:
        hosted = self.tables.get(code_key(code))
        return hosted if hosted is not None and same_code(code, hosted.code) else None

    async def _run(self, hosted: Hosted) -> None:
        """Advance one table whenever something is due or it is woken."""
        table = hosted.table
        while not table.closed:
            hosted.wake.clear()
            try:
                wait = table.advance()
            except Exception:  # a bug must not stop the other tables
                log.exception("table %s stopped", hosted.code)
                self._close_table(hosted, Reason.SERVER_CLOSING)
                return
            if wait is not None and wait <= 0:
                await asyncio.sleep(0)
                continue
            if table.over and not hosted.connections:
                self._close_table(hosted, Reason.TABLE_CLOSED)
                return
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(hosted.wake.wait(), wait)

    def _close_table(self, hosted: Hosted, reason: Reason) -> None:
        hosted.table.closed = True
        self.tables.pop(code_key(hosted.code), None)
        for line in list(hosted.connections.values()):
            line.say(Goodbye(reason))
            line.hang_up()
        hosted.connections.clear()
        if not self.tables:
            self.all_closed.set()

    # -- listening -----------------------------------------------------------------

    async def start(
        self, host: str = "127.0.0.1", port: int = 0, *, tls: ssl.SSLContext | None = None
    ) -> tuple[str, int]:
        """Listen on ``host:port`` (port 0: any free one) and return the address bound."""
        limits = self.limits
        self.tls = tls
        process_request = self.web.answer if self.web is not None else None
        self._server = await serve(
            self._connection,
            host,
            port,
            ssl=tls,
            compression=None,
            max_size=limits.max_message,
            max_queue=16,
            open_timeout=limits.open_timeout,
            ping_interval=limits.ping_interval,
            ping_timeout=limits.ping_timeout,
            close_timeout=2,
            server_header=None,
            process_request=process_request,
            logger=logging.getLogger("okey.net.websockets"),
        )
        sockname = next(iter(self._server.sockets)).getsockname()
        self.address = (str(sockname[0]), int(sockname[1]))
        loop = asyncio.get_running_loop()
        for hosted in self.tables.values():
            if hosted.runner is None:
                hosted.runner = loop.create_task(self._run(hosted))
        return self.address

    async def stop(self) -> None:
        """Say goodbye to every connection, stop the tables, finish the autosaves."""
        for hosted in list(self.tables.values()):
            self._close_table(hosted, Reason.SERVER_CLOSING)
            if hosted.runner is not None:
                hosted.wake.set()
                with contextlib.suppress(asyncio.CancelledError):
                    await hosted.runner
            if hosted.saver is not None:
                await hosted.saver.flush()
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
            self._server = None

    # -- one connection -----------------------------------------------------------

    async def _connection(self, connection: ServerConnection) -> None:
        address = str(connection.remote_address[0]) if connection.remote_address else "?"
        count = self._per_address.get(address, 0)
        if count >= self.limits.per_address:
            await connection.close(POLICY, "too many connections")
            return
        self._per_address[address] = count + 1
        try:
            web, request = self.web, connection.request
            if web is not None and request is not None and request.path in (web.path, *web.also):
                await web.seat(self, connection, address)
                return
            await self._converse(connection, address)
        except ConnectionClosed:
            pass
        except Exception:  # one connection's trouble is never the server's
            log.exception("a connection from %s failed", address)
        finally:
            left = self._per_address.get(address, 1) - 1
            if left > 0:
                self._per_address[address] = left
            else:
                self._per_address.pop(address, None)

    async def _converse(self, connection: ServerConnection, address: str) -> None:
        limits = self.limits
        line = SocketLine(connection, limits.write_buffer)
        loop = asyncio.get_running_loop()
        bucket = Bucket(limits.messages_per_second, limits.burst)
        strikes = Bucket(limits.flood / 10, limits.flood)  # refusals for rate, refilled slowly
        hello_by = loop.time() + limits.hello_timeout
        seated: tuple[Hosted, int] | None = None
        try:
            while True:
                if seated is None:
                    left = hello_by - loop.time()
                    try:
                        frame = await asyncio.wait_for(connection.recv(), max(0.0, left))
                    except TimeoutError:
                        line.say(Goodbye(Reason.HELLO_TIMEOUT))
                        await connection.close(POLICY, "hello_timeout")
                        return
                else:
                    frame = await connection.recv()
                now = loop.time()
                if not bucket.allow(now):
                    if not strikes.allow(now):
                        line.say(Goodbye(Reason.RATE_LIMITED))
                        await connection.close(POLICY, "rate_limited")
                        return
                    line.say(Refused(Reason.RATE_LIMITED))
                    continue
                try:
                    message = read_client(frame)
                except ProtocolError as exc:
                    line.say(Refused(exc.reason, ref=exc.ref))
                    continue
                if seated is None:
                    if not isinstance(message, Hello):
                        line.say(Refused(Reason.NOT_SEATED))
                        continue
                    seated = self.hello(line, address, message)
                    continue
                if not self.take(line, *seated, message):
                    return  # replaced by a newer connection to the same seat
        finally:
            if seated is not None:
                self.gone(line, *seated, left=closed_by_client(connection))

    def take(self, line: Line, hosted: Hosted, seat: int, message: ClientMessage) -> bool:
        """A seated connection's message, given to its table (a refusal is said to that
        connection alone); False when a newer connection has taken the seat."""
        if hosted.connections.get(seat) is not line:
            return False
        ref = getattr(message, "ref", None)
        try:
            if isinstance(message, AskReview):
                self._review(hosted, seat, message)
            else:
                hosted.table.handle(seat, message)
        except Refusal as refusal:
            line.say(Refused(refusal.reason, refusal.move, ref, refusal.details))
        except Exception:  # a bug: refuse the message, keep the player and the table
            log.exception("table %s could not handle a message", hosted.code)
            line.say(Refused(Reason.BAD_MESSAGE, ref=ref))
        hosted.wake.set()
        return True

    def gone(self, line: Line, hosted: Hosted, seat: int, *, left: bool) -> None:
        """A seated connection is gone (``left``: its player closed it): autopilot plays
        the seat until it is back (nothing, if a newer connection took the seat)."""
        if hosted.connections.get(seat) is line:
            del hosted.connections[seat]
            if not hosted.table.closed:
                hosted.table.drop(seat, left=left)
                hosted.wake.set()

    def hello(self, line: Line, address: str, hello: Hello) -> tuple[Hosted, int] | None:
        """Seat a Hello's sender: the table and seat; None if refused (the connection
        may try again, unless its address has failed too often: then it is closed)."""
        now = self.now()
        hosted = self._find(hello.code)
        key = code_key(hosted.code) if hosted is not None else None
        own_seat = (
            hosted is not None and hello.token is not None and hosted.table.holds_token(hello.token)
        )
        if not own_seat and self.failures.blocked(address, key, now):
            line.say(Goodbye(Reason.TOO_MANY_FAILURES))
            line.hang_up()
            return None
        if hosted is None:
            self.failures.fail(address, None, now)
            line.say(Refused(Reason.WRONG_CODE))
            return None

        def attach(seat: int) -> None:
            old = hosted.connections.get(seat)
            hosted.connections[seat] = line
            if old is not None and old is not line:
                old.say(Goodbye(Reason.REPLACED))
                old.hang_up()

        try:
            seat = hosted.table.hello(hello, attach)
        except Refusal as refusal:
            if refusal.reason in (Reason.BAD_TOKEN, Reason.WRONG_CODE):
                self.failures.fail(address, key, now)
            line.say(Refused(refusal.reason, refusal.move))
            return None
        hosted.wake.set()
        return hosted, seat

    # -- the master's review ---------------------------------------------------------

    def _review(self, hosted: Hosted, seat: int, ask: AskReview) -> None:
        """Send the seat its review, worked out in a thread (a tenth of a second or more),
        so that the tables go on meanwhile; asked twice, it is worked out once."""
        found = hosted.table.review_job(seat, ask.number)  # Refusal: no such round
        if isinstance(found, RoundReview):
            self._deliver(hosted, seat, Reviewed(found, ask.ref))
            return
        key = (seat, ask.number)
        task = hosted.reviewing.get(key)
        if task is None:
            task = asyncio.get_running_loop().create_task(asyncio.to_thread(found))
            hosted.reviewing[key] = task

        def answer(done: asyncio.Task[RoundReview]) -> None:
            hosted.reviewing.pop(key, None)
            if done.cancelled() or hosted.table.closed:
                return
            error = done.exception()
            if error is not None:
                log.error("a review failed", exc_info=error)
                self._deliver(hosted, seat, Refused(Reason.NO_REVIEW, ref=ask.ref))
                return
            review = done.result()
            hosted.table.keep_review(review)
            self._deliver(hosted, seat, Reviewed(review, ask.ref))

        task.add_done_callback(answer)

    # -- sending ---------------------------------------------------------------------

    def _unseat(self, hosted: Hosted, seat: int) -> None:
        """The table freed a seat that still had a connection: close it (what was sent
        goes first)."""
        line = hosted.connections.pop(seat, None)
        if line is not None:
            line.hang_up()

    def _deliver(self, hosted: Hosted, seat: int, message: ServerMessage) -> None:
        line = hosted.connections.get(seat)
        if line is not None:
            line.say(message)
