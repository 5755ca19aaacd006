"""Helpers for the network tests: a server on 127.0.0.1 (port 0), clients, bots, timeouts,
and each game's table (:data:`GAMES`, for the tests parametrised over the games).

Every helper stops what it starts: servers in ``finally``, clients closed.
(No tests here; pytest collects nothing from this module.)
"""

from __future__ import annotations

import asyncio
import functools
import random
import ssl
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine
from contextlib import asynccontextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import ParamSpec, TypeVar

from okey.bots import make_bot
from okey.bots.base import AnyBot
from okey.engine.events import Event, MatchOver, RoundDrawn, RoundWon
from okey.engine.view import PlayerView, TableView
from okey.games.okey101.events import RoundCancelled101, RoundScored101
from okey.games.okey101.levels import make_bot101
from okey.games.okey101.sections import rules_101
from okey.games.okey101.view import View101
from okey.net.client import Client, play_as_bot
from okey.net.protocol import ServerMessage
from okey.net.server import Hosted, Limits, TableServer
from okey.net.table import TableConfig, online_rules
from okey.rules import RuleSet, load_rules, rules_dir

T = TypeVar("T")
P = ParamSpec("P")

CODE = "TEST-CODE"
LOOPBACK = "127.0.0.1"
FAST = Limits(messages_per_second=2000.0, burst=2000.0)
"""Limits for bots playing flat out (the hostile tests use the real defaults)."""
QUICK_RETRY = (0.05, 0.1, 0.2)
WAIT = 20.0  # seconds any one test step may take before it is a failure


def async_test(test: Callable[P, Coroutine[object, object, None]]) -> Callable[P, None]:
    """Run an async test in a fresh event loop (no plugin needed), bounded in time."""

    @functools.wraps(test)
    def run(*args: P.args, **kwargs: P.kwargs) -> None:
        async def bounded() -> None:
            await asyncio.wait_for(test(*args, **kwargs), 6 * WAIT)  # one step has 3 * WAIT

        asyncio.run(bounded())

    return run


def config(
    rules: str | RuleSet = "one-round",
    *,
    timer: int | None = 30,
    code: str = CODE,
    seed: int = 1,
    level: str = "random",
) -> TableConfig:
    loaded = load_rules(rules) if isinstance(rules, str) else rules
    return TableConfig(online_rules(loaded, timer), code, level=level, seed=seed)


@asynccontextmanager
async def running(
    *configs: TableConfig,
    limits: Limits = FAST,
    tls: ssl.SSLContext | None = None,
    saves_dir: Path | None = None,
) -> AsyncIterator[tuple[TableServer, str, list[Hosted]]]:
    """A started server with these tables, its URL and the hosted tables."""
    server = TableServer(limits, saves_dir=saves_dir)
    hosted = [server.add_table(c) for c in configs]
    try:
        host, port = await server.start(LOOPBACK, 0, tls=tls)
        scheme = "ws" if tls is None else "wss"
        yield server, f"{scheme}://{host}:{port}", hosted
    finally:
        await server.stop()


def client(url: str, name: str, code: str = CODE, **kwargs: object) -> Client:
    kwargs.setdefault("retry_delays", QUICK_RETRY)
    return Client(url, code, name, **kwargs)  # type: ignore[arg-type]


async def within(step: Awaitable[T], seconds: float = WAIT) -> T:
    return await asyncio.wait_for(step, seconds)


async def play(
    client: Client, seed: int, start_with: int | None = None, think: float = 0.0
) -> MatchOver | None:
    bot = make_bot("random", random.Random(seed))
    return await play_as_bot(client, bot, start_with=start_with, think=think)


async def until(client: Client, wanted: Callable[[ServerMessage], bool]) -> ServerMessage:
    """Read the client's messages until one is ``wanted`` (within :data:`WAIT`)."""

    async def read() -> ServerMessage:
        while True:
            message = await client.receive()
            if wanted(message):
                return message

    return await within(read())


async def eventually(condition: Callable[[], bool], seconds: float = WAIT) -> None:
    """Wait until ``condition()`` holds (a failure after ``seconds``)."""

    async def poll() -> None:
        while not condition():
            await asyncio.sleep(0.005)

    await within(poll(), seconds)


async def close_all(*clients: Client) -> None:
    for each in clients:
        await each.close()


def no_timer(rules: RuleSet) -> RuleSet:
    return replace(rules, play=replace(rules.play, timer_seconds=0))


# -- Okey 101 --------------------------------------------------------------------------


def one_round_101() -> RuleSet:
    """Okey 101's rules for a match of one round (the shipped ones play five)."""
    rules = load_rules("101")
    own = rules_101(rules)
    assert own is not None
    return replace(
        rules,
        table=replace(rules.table, rounds=1),
        game_sections=replace(own, table=replace(own.table, rounds=1)),
    )


def config101(
    *, timer: int | None = 30, seed: int = 1, level: str = "medium", code: str = CODE
) -> TableConfig:
    return TableConfig(online_rules(one_round_101(), timer), code, level=level, seed=seed)


async def play101(
    client: Client, seed: int, start_with: int | None = None, think: float = 0.0
) -> MatchOver | None:
    """Play the client's seat with the 101 medium bot, from the View101s it is sent."""
    bot = make_bot101("medium", random.Random(seed))
    return await play_as_bot(client, bot, start_with=start_with, think=think)


def rules_file_101(folder: Path) -> Path:
    """A rules file for ``--rules``: Okey 101 in one round."""
    text = (rules_dir() / "101.toml").read_text(encoding="utf-8")
    assert "rounds = 5" in text
    path = folder / "101-one.toml"
    path.write_text(text.replace("rounds = 5", "rounds = 1"), encoding="utf-8")
    return path


# -- each game's table -------------------------------------------------------------------


@dataclass(frozen=True)
class Game:
    """One game as the tests parametrised over the games play it: a table of one round,
    the clients' bots, and what its round's end and its views are."""

    name: str
    rules: Callable[[], RuleSet]  # a match of one round
    rules_file: Callable[[Path], str]  # ``okey serve --rules``'s argument for that table
    level: str  # the server's bots (``--level``)
    play: Callable[..., Coroutine[object, object, MatchOver | None]]  # (client, seed, ...)
    bot: Callable[[int], AnyBot]  # a client's bot, by seed
    view: type[TableView]
    ends: tuple[type[Event], ...]  # how its rounds end

    def __str__(self) -> str:
        return self.name

    def config(self, *, seed: int = 1, timer: int | None = 30, code: str = CODE) -> TableConfig:
        """A table of one round, its seats played by the server's bots at :attr:`level`."""
        return TableConfig(online_rules(self.rules(), timer), code, level=self.level, seed=seed)


CLASSIC = Game(
    name="okey",
    rules=lambda: load_rules("one-round"),
    rules_file=lambda folder: "one-round",
    level="random",
    play=play,
    bot=lambda seed: make_bot("random", random.Random(seed)),
    view=PlayerView,
    ends=(RoundWon, RoundDrawn),
)
OKEY101 = Game(
    name="101",
    rules=one_round_101,
    rules_file=lambda folder: str(rules_file_101(folder)),
    level="medium",
    play=play101,
    bot=lambda seed: make_bot101("medium", random.Random(seed)),
    view=View101,
    ends=(RoundScored101, RoundCancelled101),
)
GAMES = (CLASSIC, OKEY101)
"""Every game, for ``pytest.mark.parametrize("game", GAMES, ids=str)``."""
