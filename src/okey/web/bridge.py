"""A browser's seat: the page's WebSocket on one side, the table on the other.

The page says hello (the code, a name, its language and verbosity, a rejoin token if it
holds one). A :class:`~okey.net.local.LocalClient` then seats it at the server's table, as
the server seats a terminal's client (the same checks; a wrong code is a failed join of
the browser's address): it hears only its seat's view, the table's messages as they are,
with no socket or codec between. A :class:`~okey.table.controller.Table` with an
:class:`~okey.net.seat.Online` plays that seat, as ``okey join``'s table does, and its
speaker's lines are sent to the page as they are said (:mod:`okey.web.page` says where
each goes). The page's keys are the terminal's keys (prompt_toolkit's names: "left",
"enter", "d", "f1"), given to :meth:`Table.press`; its buttons send the commands of the
Escape menu; its chat line is the table's chat.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable, Sequence
from typing import Any

from websockets.asyncio.server import ServerConnection, broadcast
from websockets.exceptions import ConnectionClosed

from okey.audio import Cue, Position
from okey.audio.table import Silent
from okey.audio.volume import VOLUME_STEPS
from okey.messages import LANGUAGES, Catalogue, Verbosity, load_catalogue
from okey.net.address import with_port
from okey.net.client import Disconnected, Lost
from okey.net.limits import Bucket
from okey.net.local import LocalClient
from okey.net.protocol import PROTOCOL, Reason, Seated
from okey.net.protocol import Hello as Sit
from okey.net.seat import Online, lost_text, net_seat, welcome_lines
from okey.net.server import POLICY, TableServer
from okey.net.table import clean_name
from okey.rules import RulesError
from okey.speech import Speaker, SpeechMode
from okey.table.controller import Table
from okey.table.input import chatting
from okey.table.keys import Command, command_for
from okey.table.lines import Speech
from okey.web.page import Picture, Region, allowed_commands, region_of

MAX_FRAME = 4096  # bytes in one message of the page (a chat line is at most 200 characters)
MAX_CHAT_TYPED = 1000  # the chat room itself refuses a line too long, saying why
MAX_KEY = 16  # characters in a key's name ("pageup", "c-f", "f12")
HISTORY_READS = frozenset({Command.OLDER, Command.NEWER, Command.OLDEST, Command.NEWEST})


_ENCODE = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode


def dumps(message: dict[str, Any]) -> str:
    return _ENCODE(message)


def send_text(connection: ServerConnection, text: str, *, most: int) -> None:
    """Send without waiting (in order); a page that does not read is cut off."""
    transport = connection.transport
    if transport.is_closing():
        return
    if transport.get_write_buffer_size() > most:
        transport.abort()
        return
    broadcast([connection], text)


class WebCues(Silent):
    """The table's cues, played by the page (Web Audio, panned by seat); the switch and
    the volume are kept as :class:`~okey.audio.table.Silent` keeps them, the page told."""

    def __init__(self, post: Callable[[dict[str, Any]], None]) -> None:
        super().__init__()
        self._post = post

    def play(self, cue: Cue, position: Position = Position.OWN, *, delay: float = 0.0) -> None:
        if self.enabled:
            self._post({"t": "cue", "cue": cue.value, "where": position.value, "delay": delay})

    def play_all(self, cues: Sequence[tuple[Cue, Position]]) -> None:
        for index, (cue, position) in enumerate(cues):
            self.play(cue, position, delay=0.15 * index)

    def set_volume(self, level: int) -> int:
        volume = super().set_volume(level)
        self._post({"t": "volume", "level": volume / VOLUME_STEPS})
        return volume


class Hello:
    """What the page asks: a table by code, a name, a language, brief or detailed."""

    def __init__(self, data: dict[str, Any]) -> None:
        code, name, lang = data.get("code"), data.get("name"), data.get("lang")
        token = data.get("token")
        if not isinstance(code, str) or not 0 < len(code) <= 40:
            raise ValueError("code")
        if not isinstance(name, str) or clean_name(name) is None:
            raise ValueError("name")
        if lang not in LANGUAGES:
            raise ValueError("lang")
        if token is not None and (not isinstance(token, str) or len(token) > 200):
            raise ValueError("token")
        self.code = code
        self.name = clean_name(name) or ""
        self.language = str(lang)
        self.brief = data.get("brief") is True
        self.token: str | None = token


def _read(frame: str | bytes) -> dict[str, Any] | None:
    if not isinstance(frame, str) or len(frame) > MAX_FRAME:
        return None
    with contextlib.suppress(ValueError):
        data = json.loads(frame)
        if isinstance(data, dict):
            return data
    return None


class BrowserSeat:
    """One page at one seat, until the page goes or the table is left."""

    def __init__(self, server: TableServer, connection: ServerConnection, address: str) -> None:
        self.server = server
        self.connection = connection
        self.address = address
        self.catalogue: Catalogue = load_catalogue("en")
        self.table: Table | None = None
        self.region = Region.LOG
        self.wake = asyncio.Event()  # the clock looks again
        self.gone = asyncio.Event()  # the table was left
        self.picture = Picture()  # the table as the page shows it
        self.due: asyncio.Handle | None = None  # a flush asked for, in this turn of the loop
        self.dirty = False  # the table changed since its picture was last sent
        self.outbox: list[str] = []  # this moment's messages, sent together
        self.allowed: frozenset[Command] = frozenset()
        self.shown_address = ""

    def post(self, message: dict[str, Any]) -> None:
        """Send a message with the others of this moment (one frame: a JSON array)."""
        self.outbox.append(dumps(message))
        self._soon()

    def _soon(self) -> None:
        if self.due is None:
            self.due = asyncio.get_running_loop().call_soon(self.flush)

    def flush(self) -> None:
        """Send what this moment said, and the table's picture if it changed."""
        self.due = None
        if self.dirty:
            self.dirty = False
            self.redraw()
        if self.outbox:
            frame = "[" + ",".join(self.outbox) + "]"
            self.outbox.clear()
            send_text(self.connection, frame, most=self.server.limits.write_buffer)

    def refuse(self, text: str) -> None:
        self.post({"t": "refused", "text": text})
        self.flush()

    # -- seating -------------------------------------------------------------------

    async def greet(self) -> tuple[LocalClient, Seated, Hello] | None:
        """Wait for the page's hello and seat it at its table; None when it gave up."""
        limits = self.server.limits
        loop = asyncio.get_running_loop()
        by = loop.time() + limits.hello_timeout
        while True:
            try:
                frame = await asyncio.wait_for(self.connection.recv(), max(0.0, by - loop.time()))
            except TimeoutError:
                await self.connection.close(POLICY, "hello_timeout")
                return None
            data = _read(frame)
            if data is None or data.get("t") != "hello":
                continue
            try:
                hello = Hello(data)
            except ValueError:
                self.refuse(self.catalogue.text("net.reason.bad_message"))
                continue
            self.catalogue = load_catalogue(hello.language)
            joined = await self._join(hello)
            if joined is not None:
                return (*joined, hello)
            if self.connection.transport.is_closing():
                return None

    async def _join(self, hello: Hello) -> tuple[LocalClient, Seated] | None:
        server = self.server
        assert server.address is not None
        self.shown_address = with_port(*server.address)
        token = hello.token
        while True:
            sit = Sit(PROTOCOL, hello.code, hello.name, token)
            client = LocalClient(server, self.address, sit)
            try:
                return client, await client.join()
            except Disconnected as lost:
                if token is not None and lost.reason is Reason.BAD_TOKEN:
                    token = None  # an old table's token: sit as someone new
                    continue
                if lost.reason in (Reason.WRONG_CODE, Reason.TOO_MANY_FAILURES):
                    self.refuse(self.catalogue.text(f"net.reason.{lost.reason.value}"))
                else:
                    self.refuse(lost_text(lost, "", self.catalogue))
                if lost.reason is Reason.TOO_MANY_FAILURES:
                    self.connection.transport.close()
                return None

    # -- playing ---------------------------------------------------------------------

    def _printer(self, text: str) -> None:
        region, self.region = self.region, Region.LOG
        self.post({"t": "line", "text": text, "region": region.value})

    def _heard(self, speech: Speech, interrupt: bool) -> None:
        del interrupt
        self.region = region_of(speech)

    def build(self, client: LocalClient, seated: Seated, hello: Hello) -> tuple[Table, Online]:
        verbosity = Verbosity.BRIEF if hello.brief else Verbosity.DETAILED
        seat = net_seat(seated, hello.name, verbosity=verbosity)
        speaker = Speaker(
            SpeechMode.OFF, printer=self._printer, catalogue=self.catalogue, verbosity=verbosity
        )
        table = self.table = Table(seat, speaker)
        table.voice.use_sounds(WebCues(self.post), table.settings)
        table.voice.listeners.append(self._heard)
        table.on_leave = self.gone.set
        self.allowed = allowed_commands(table)
        welcome = welcome_lines(seat)
        online = Online(table, seat, client, address=self.shown_address, welcome=welcome)
        return table, online

    def changed(self) -> None:
        """Redraw the page once the messages and keys of this moment are told; wake the
        clock."""
        self.dirty = True
        self._soon()
        self.wake.set()

    def handle(self, table: Table, data: dict[str, Any]) -> None:
        """One message of the page, as the terminal's keys and chat line would do it."""
        kind = data.get("t")
        if kind == "key":
            key = data.get("key")
            if isinstance(key, str) and 0 < len(key) <= MAX_KEY:
                if table.chat is not None and table.chat.writing:
                    return  # the page's chat line has the keys
                self._press(table, lambda: table.press(key), key)
        elif kind == "cmd":
            value = data.get("cmd")
            command = next((c for c in self.allowed if c.value == value), None)
            if command is not None:
                self._press(table, lambda: table.run(command), None, command)
        elif kind == "chat":
            line = data.get("text")
            if isinstance(line, str) and table.chat is not None:
                if not table.chat.writing:
                    table.run(Command.CHAT)
                chatting.send(table, line[:MAX_CHAT_TYPED])
        elif kind == "chat_cancel" and table.chat is not None and table.chat.writing:
            chatting.cancel(table)

    def _press(
        self,
        table: Table,
        act: Callable[[], None],
        key: str | None,
        command: Command | None = None,
    ) -> None:
        if command is None and key is not None:
            command = command_for(key, table.keys)
        if command in HISTORY_READS:
            self.region = Region.READ
        try:
            act()
        except Exception as error:  # a key must never end the game
            table.trouble(error)
        self.region = Region.LOG

    async def clock(self, table: Table) -> None:
        """The turn clock, as the terminal's front end runs it (the page has no voice
        queue to wait for: its words are heard as they come)."""
        while not table.leaving:
            self.wake.clear()
            with contextlib.suppress(TimeoutError):  # (no task for the wait, as wait_for's)
                async with asyncio.timeout(table.clock_wait()):
                    await self.wake.wait()
            if table.leaving:
                return
            table.tick(heard=True)  # what it says is sent; a timeout comes back as an Update

    def redraw(self) -> None:
        """Add what changed in the table's picture, if anything did."""
        table = self.table
        if table is None or table.leaving:
            return
        changed = self.picture.changes(table)
        if changed is not None:
            self.outbox.append(dumps(changed))

    async def keys(self, table: Table) -> None:
        """The page's messages, until it goes or the table is left."""
        limits = self.server.limits
        bucket = Bucket(limits.messages_per_second, limits.burst)
        loop = asyncio.get_running_loop()
        while not table.leaving:
            frame = await self.connection.recv()
            data = _read(frame)
            if data is None or not bucket.allow(loop.time()):
                continue
            if data.get("t") == "bye":
                table.leave()
                return
            self.handle(table, data)
            self.changed()

    async def run(self) -> None:
        greeted = await self.greet()
        if greeted is None:
            return
        client, seated, hello = greeted
        try:
            table, online = self.build(client, seated, hello)
        except RulesError:
            await client.close()
            self.refuse(self.catalogue.text("net.reason.bad_message"))
            return
        self.post({"t": "seated", "token": seated.token, "seat": seated.seat})
        loop = asyncio.get_running_loop()
        tasks = [
            loop.create_task(online.run(self.changed)),
            loop.create_task(self.clock(table)),
            loop.create_task(self.keys(table)),
        ]
        left = loop.create_task(self.gone.wait())
        dropped = False
        try:
            done, _ = await asyncio.wait([*tasks, left], return_when=asyncio.FIRST_COMPLETED)
            dropped = tasks[2] in done and isinstance(tasks[2].exception(), ConnectionClosed)
        finally:
            for task in [*tasks, left]:
                task.cancel()
            for task in [*tasks, left]:
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
            if dropped:
                client.abort()  # a lost page is a dropped seat: the others hear so
            else:
                await client.close()
        if not dropped:
            farewell = table.farewell()
            if online.lost is not None and online.lost.lost is not Lost.CLOSED:
                farewell = lost_text(online.lost, "", self.catalogue)
            self.post({"t": "bye", "text": farewell})
            self.flush()
            await self.connection.close()


async def seat_browser(server: TableServer, connection: ServerConnection, address: str) -> None:
    """Seat the page of this connection at one of the server's tables, until it goes."""
    with contextlib.suppress(ConnectionClosed):
        await BrowserSeat(server, connection, address).run()
