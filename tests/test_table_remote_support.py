"""Helpers for the tests of the accessible table played over the network: a real server on
127.0.0.1 (port 0), and people at real tables (keys through prompt_toolkit's pipe input,
speech recorded), each seat joined with a real client in the same event loop.

Every helper stops what it starts. (No tests here; pytest collects nothing from it.)
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import dataclass

from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import PipeInput, create_pipe_input
from prompt_toolkit.output import DummyOutput
from sounds_support import Recorded
from test_net_support import CODE, QUICK_RETRY, WAIT, within
from test_table_rig import DEAL_KEYS, EN, FakeOutput, Player, Rig, keys_in

from okey.engine.view import Phase
from okey.net.client import Client
from okey.net.protocol import Seated
from okey.net.seat import NetSeat, Online, net_seat, welcome_lines
from okey.speech import Speaker, SpeechMode
from okey.table.controller import Table
from okey.table.lines import AndList, Joined, Line
from okey.table.state.seat import Step
from okey.table.terminal.app import play_async

F5, F6 = "\x1b[15~", "\x1b[17~"
MOST_TURNS = 200


@dataclass
class Person:
    """One person at their own table: the table, its seat, its client and its keys."""

    rig: Rig
    seat: NetSeat
    online: Online
    client: Client
    pipe: PipeInput
    player: Player

    @property
    def table(self) -> Table:
        return self.rig.table

    def lines_of(self, key: str) -> list[Line]:
        """Every line of catalogue ``key`` said so far (inside joined lines too)."""
        found: list[Line] = []

        def walk(value: object) -> None:
            if isinstance(value, Line):
                if value.key == key:
                    found.append(value)
                for part in value.fields.values():
                    walk(part)
            elif isinstance(value, Joined | AndList):
                for part in value.parts:
                    walk(part)

        for speech in self.rig.lines:
            walk(speech)
        return found

    def dealt(self) -> bool:
        return any(key.startswith(DEAL_KEYS) for key in self.rig.keys)

    def heard(self, key: str) -> bool:
        return any(key in keys_in(speech) for speech in self.rig.lines)

    async def hears(self, key: str, what: str = "") -> Line:
        """Wait until a line of ``key`` is said (any time so far), and return the last."""
        await self.player.until(lambda: bool(self.lines_of(key)), what or repr(key))
        return self.lines_of(key)[-1]

    async def type_text(self, text: str) -> None:
        """Type into the chat line (its keys are the line's, not the table's)."""
        self.pipe.send_text(text)

    async def until(self, check: Callable[[], bool], what: str) -> None:
        await self.player.until(check, what)


async def _sit(stack: AsyncExitStack, url: str, name: str, code: str, hold: float) -> Person:
    client = Client(url, code, name, retry_delays=QUICK_RETRY)
    seated = await within(client.join())
    return await seat_at(stack, client, seated, name, url, hold=hold)


async def seat_at(
    stack: AsyncExitStack, client: Client, seated: Seated, name: str, url: str, *, hold: float = 0.5
) -> Person:
    """A table for a seat already taken, played in this loop until the stack closes."""
    stack.push_async_callback(client.close)
    seat = net_seat(seated, name)
    output = FakeOutput()
    sounds = Recorded()
    speaker = Speaker(SpeechMode.AUTO, output, printer=lambda _: None, catalogue=EN)
    table = Table(seat, speaker)
    table.voice.use_sounds(sounds, table.settings)
    rig = Rig(table, output, sounds)
    online = Online(table, seat, client, address=url, welcome=welcome_lines(seat), hold=hold)
    pipe = stack.enter_context(create_pipe_input())

    async def play() -> None:
        # Each table in a session of its own: prompt_toolkit keeps the running application
        # in its session, and two tables share this event loop.
        with create_app_session(input=pipe, output=DummyOutput()):
            await play_async(table, pace=0.0, input=pipe, output=DummyOutput(), far=online)

    task = asyncio.get_running_loop().create_task(play())

    async def leave() -> None:
        if not task.done():
            table.leave()
        await within(task, WAIT)

    stack.push_async_callback(leave)
    return Person(rig, seat, online, client, pipe, Player(rig, pipe))


@asynccontextmanager
async def people(
    url: str, *names: str, code: str = CODE, hold: float = 0.5
) -> AsyncIterator[list[Person]]:
    """People sitting down at the table of ``url`` in turn, each at a table of their own."""
    async with AsyncExitStack() as stack:
        seated = []
        for name in names:
            person = await _sit(stack, url, name, code, hold)
            seated.append(person)
            await person.hears("net.lobby.seats")  # seated and told, before the next comes
        yield seated


async def start(host: Person, *others: Person) -> None:
    """The host presses Enter in the lobby; everyone hears the deal."""
    await host.player.press("enter")
    for person in (host, *others):
        await person.until(person.dealt, "the deal")


def _finished(person: Person) -> bool:
    return person.table.state.step in (Step.ROUND_OVER, Step.MATCH_OVER)


async def play_by_keys(person: Person) -> int:
    """Play the seat by keys until the round is over: P draws, Enter throws the drawn tile
    back (Y if it is an okey), X declines with the pile out, Enter opens; U asks the first
    turn's hint. Returns the turns played."""
    table, seat, player = person.table, person.seat, person.player
    turns = 0
    for _ in range(MOST_TURNS):

        def ready() -> bool:
            step = table.state.step
            return (step is Step.PLAYER or _finished(person)) and not seat.awaiting

        await player.until(ready, "the player's turn or the end of the round")
        if _finished(person):
            return turns
        view = table.state.seen  # Okey's view or Okey 101's
        assert view is not None
        version = seat.version
        if turns == 0:
            await player.press("u")
        if view.phase is Phase.DRAW:
            await player.press("p")
            await player.until(
                lambda v=version: seat.version > v and not seat.awaiting,  # type: ignore[misc]
                "the draw",
            )
            if table.state.step is not Step.PLAYER:
                continue  # the draw ended the round (or the clock moved for the seat)
            version = seat.version
        key = "x" if view.phase is Phase.PILE_OUT else "enter"
        await player.press(key)
        if table.asking is not None:
            await player.press("y")  # an okey: throw it anyway
        await player.until(
            lambda v=version: seat.version > v or _finished(person),  # type: ignore[misc]
            "the move",
        )
        turns += 1
    raise AssertionError("the round never ended")
