"""A seat at a table of a server in this very process (a browser's page, seated by
:mod:`okey.web`): the headless client's part, with no socket and no codec between.

The table's messages for the seat are kept as they are (the same frozen values a client
would decode from their JSON) and read by :meth:`LocalClient.receive`; what the seat sends
goes straight to its table. It is seated by the server's own :meth:`hello` (the same
checks, the same failed joins counted against the browser's address), and hears only
what any client of that seat would hear.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from okey.net.client import Disconnected, Lost
from okey.net.protocol import (
    ClientMessage,
    Goodbye,
    Hello,
    Refused,
    Seated,
    ServerMessage,
)

H = TypeVar("H")


class Desk(Protocol[H]):
    """What a local seat needs of its server (:class:`okey.net.server.TableServer`):
    ``H`` is the server's table (its ``Hosted``)."""

    def hello(self, line: Any, address: str, hello: Hello) -> tuple[H, int] | None: ...

    def take(self, line: Any, hosted: H, seat: int, message: ClientMessage) -> bool: ...

    def gone(self, line: Any, hosted: H, seat: int, *, left: bool) -> None: ...


class LocalClient:
    """One seat at a table of ``server``, for a player whose connection is ``address``'s
    (the seat's Hello: a new seat, or a token's again). Both sides of the line: the
    server says and hangs up (:class:`okey.net.server.Line`); the seat joins, receives and
    sends as a :class:`~okey.net.client.Client` does, and is never joined again (there
    is no connection to lose)."""

    retry_delays: tuple[float, ...] = ()
    on_retry: Callable[[int, int], None] | None = None

    def __init__(self, server: Desk[Any], address: str, hello: Hello) -> None:
        self.server = server
        self.address = address
        self.hello = hello
        self.seated: tuple[Any, int] | None = None
        self._inbox: deque[ServerMessage] = deque()
        self._wake = asyncio.Event()
        self._hung_up = False
        self._goodbye: Goodbye | None = None

    # -- the server's side -----------------------------------------------------------

    def say(self, message: ServerMessage) -> None:
        if self._hung_up:
            return
        if isinstance(message, Goodbye):
            self._goodbye = message
        self._inbox.append(message)
        self._wake.set()

    def hang_up(self) -> None:
        self._hung_up = True
        self._wake.set()

    # -- the seat's side ---------------------------------------------------------------

    async def join(self) -> Seated:
        """Take the seat; :class:`Disconnected` saying why not."""
        self.seated = self.server.hello(self, self.address, self.hello)
        message = await self.receive()
        if isinstance(message, Refused):
            raise Disconnected(Lost.REFUSED, message.reason)
        if not isinstance(message, Seated) or self.seated is None:
            raise Disconnected(Lost.CLOSED, self._goodbye.reason if self._goodbye else None)
        return message

    async def receive(self) -> ServerMessage:
        """The next message for this seat; :class:`Disconnected` once the server hung up
        and everything it said before is read."""
        while not self._inbox:
            if self._hung_up:
                raise Disconnected(Lost.CLOSED, self._goodbye.reason if self._goodbye else None)
            self._wake.clear()
            await self._wake.wait()
        return self._inbox.popleft()

    async def send(self, message: ClientMessage) -> None:
        """Give the seat's message to its table (a refusal comes back as a message)."""
        if self.seated is not None and not self._hung_up:
            hosted, seat = self.seated
            self.server.take(self, hosted, seat, message)

    def _leave(self, *, left: bool) -> None:
        seated, self.seated = self.seated, None
        self.hang_up()
        if seated is not None:
            self.server.gone(self, *seated, left=left)

    async def close(self) -> None:
        """The player left the table."""
        self._leave(left=True)

    def abort(self) -> None:
        """The player's connection was lost: the others hear the seat dropped."""
        self._leave(left=False)
