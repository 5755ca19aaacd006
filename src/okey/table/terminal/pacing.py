"""What both terminal front ends run beside the keys: the bots paced, the clock, signals.

The full-screen table (:mod:`okey.table.terminal.app`) and the line mode
(:mod:`okey.table.terminal.linemode`) differ only in how they show and read; this
loop plays the bots' turns with a short pause between them so a listener can
follow, and runs the turn clock (started only once the voice is quiet: the game's
own words are not the player's time).
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
from collections.abc import Callable, Iterator
from typing import Protocol

from okey.speech import QUIET_POLL
from okey.table.controller import Table
from okey.table.state.seat import Step


class Far(Protocol):
    """The other seats, played elsewhere (a table server): tells the table their moves."""

    async def run(self, changed: Callable[[], None]) -> None:
        """Tell the table what happens until it is left; ``changed()`` after each change."""


async def drive(
    table: Table,
    *,
    pace: float,
    far: Far | None,
    wake: asyncio.Event,
    start: Callable[[], None],
    changed: Callable[[], None] = lambda: None,
) -> None:
    """Start (or reopen) the table, then pace the bots and run the clock until the table
    is left; ``wake`` is set after each key, ``changed()`` after each step."""
    start()
    changed()
    while not table.leaving:
        step = table.state.step
        if far is None and step in (Step.BOT, Step.AUTOPILOT):
            version = table.seat.version
            await asyncio.sleep(pace)
            # Let the voice catch up, so a listener hears every move in turn.
            while pace and (backlog := table.speaker.backlog()) > 0:
                await asyncio.sleep(min(backlog, QUIET_POLL))
            if table.leaving or table.seat.version != version:
                continue
            try:
                table.play_bot() if step is Step.BOT else table.play_autopilot()
            except Exception as error:
                table.trouble(error)
                table.leave()
        else:
            wake.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(wake.wait(), table.clock_wait())
            # The player's time starts once the game's words are heard.
            table.tick(heard=table.speaker.quiet)
        changed()


def press(table: Table, key: str) -> None:
    """One key to the table; a key must never end the game (what failed is said)."""
    try:
        table.press(key)
    except Exception as error:
        table.trouble(error)


@contextlib.contextmanager
def signals(loop: asyncio.AbstractEventLoop, leave: Callable[[], None]) -> Iterator[None]:
    """Save and leave on SIGTERM, SIGHUP and an outside SIGINT."""
    installed = []
    for name in ("SIGTERM", "SIGHUP", "SIGINT"):
        number = getattr(signal, name, None)
        if number is None:
            continue
        try:
            loop.add_signal_handler(number, leave)
        except (NotImplementedError, RuntimeError, ValueError):
            continue
        installed.append(number)
    try:
        yield
    finally:
        for number in installed:
            loop.remove_signal_handler(number)
