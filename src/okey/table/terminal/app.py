"""The prompt_toolkit front end: the screen, the keys, the bots' pacing, the clock, signals.

The table controller does the work; this module only binds keys to it,
draws the screen from it, plays the bots' turns with a short pause between
them so a listener can follow, runs the turn clock (started only once the voice
is quiet: the game's own words are not the player's time), and makes sure the
match is saved however the program ends (q, Ctrl+C, SIGHUP, SIGTERM).

A table whose other seats are played elsewhere (a table server) has a :class:`Far`:
it runs in the same event loop as prompt_toolkit and tells the table their moves, and
the front end then plays no bots itself. Such a table has a chat: its one-line input
(a real text field, which a screen reader follows) takes the keys while it is open.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
from collections import deque
from collections.abc import Callable, Iterator
from functools import partial
from typing import Protocol

from prompt_toolkit.application import Application
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.data_structures import Point
from prompt_toolkit.filters import Condition, Filter
from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.keys import Keys
from prompt_toolkit.layout import ConditionalContainer, HSplit, Layout, Window
from prompt_toolkit.layout.controls import BufferControl, FormattedTextControl
from prompt_toolkit.layout.processors import BeforeInput
from prompt_toolkit.output import Output
from prompt_toolkit.styles import Style

from okey.speech import QUIET_POLL, print_line_if_possible, terminal_bell
from okey.speech.transcript import one_line
from okey.table.controller import Table
from okey.table.input import chatting
from okey.table.keys import KEYMAP, pressed_key
from okey.table.state.seat import Step
from okey.table.terminal import screen

HEADER_ROWS = 4
RACK_ROWS = 4
LOG_ROWS = 13
MAX_LOG = 500
_PT_KEYS = {"space": " "}
_EXTRA_KEYS = {"c-j": "enter"}  # some terminals send a line feed for Enter


class Far(Protocol):
    """The other seats, played elsewhere (a table server): tells the table their moves."""

    async def run(self, changed: Callable[[], None]) -> None:
        """Tell the table what happens until it is left; ``changed()`` after each change."""


class MessageLog:
    """The printed messages: what the speaker says, kept for the screen."""

    def __init__(self, limit: int = MAX_LOG) -> None:
        self.lines: deque[str] = deque(maxlen=limit)
        self.on_change: Callable[[], None] = lambda: None

    def append(self, text: str) -> None:
        self.lines.append(one_line(text))
        self.on_change()


class TableApp:
    """The application around one table."""

    def __init__(
        self,
        table: Table,
        log: MessageLog,
        *,
        pace: float,
        input: Input | None = None,
        output: Output | None = None,
        far: Far | None = None,
    ) -> None:
        self.table = table
        self.log = log
        self.pace = pace
        self.far = far
        self.wake = asyncio.Event()
        self.chat_line = Buffer(multiline=False)
        self.chat_window = Window(
            BufferControl(
                self.chat_line,
                input_processors=[BeforeInput(lambda: table.catalogue.text("table.chat.prompt"))],
            ),
            height=1,
        )
        self.writing = Condition(lambda: table.chat is not None and table.chat.writing)
        layout = table.game.layout  # a game may draw a long rack, and a panel of its own
        rack_rows = layout.rack_rows or RACK_ROWS
        log_rows = layout.log_rows or LOG_ROWS
        panel = layout.panel
        self.rack_window = Window(
            FormattedTextControl(
                lambda: screen.rack(table),
                focusable=True,
                show_cursor=True,
                get_cursor_position=lambda: Point(
                    x=screen.cursor_column(table), y=screen.cursor_row(table)
                ),
            ),
            height=rack_rows,
        )
        self.menu_window = Window(
            FormattedTextControl(
                lambda: screen.menu_lines(table, log_rows),
                focusable=True,
                show_cursor=True,
                get_cursor_position=lambda: Point(x=0, y=screen.menu_cursor_row(table, log_rows)),
            ),
            height=log_rows,
        )
        menu_open = Condition(lambda: table.menu is not None)
        body = HSplit(
            [
                Window(FormattedTextControl(lambda: screen.header(table)), height=HEADER_ROWS),
                Window(height=1),
                self.rack_window,
                Window(height=1),
                ConditionalContainer(
                    Window(
                        FormattedTextControl(lambda: panel(table) if panel is not None else []),
                        height=layout.panel_rows,
                    ),
                    filter=Condition(lambda: panel is not None),
                ),
                ConditionalContainer(self.menu_window, filter=menu_open),
                ConditionalContainer(
                    Window(
                        FormattedTextControl(lambda: screen.messages(list(log.lines), log_rows)),
                        height=log_rows,
                    ),
                    filter=~menu_open,
                ),
                ConditionalContainer(self.chat_window, filter=self.writing),
                Window(FormattedTextControl(lambda: screen.footer(table)), height=1),
            ]
        )
        self.app: Application[None] = Application(
            layout=Layout(body, focused_element=self.rack_window),
            key_bindings=self._bindings(),
            style=Style.from_dict(screen.STYLE),
            full_screen=True,
            input=input,
            output=output,
        )
        self.app.ttimeoutlen = 0.05
        self.app.timeoutlen = 0.05
        log.on_change = self.app.invalidate
        table.speaker.attach(printer=log.append)
        table.voice.sounds.attach_bell(self._bell)
        table.on_leave = self._close

    # -- keys --------------------------------------------------------------------

    def _bindings(self) -> KeyBindings:
        bindings = KeyBindings()
        playing: Filter = ~self.writing
        names = {**{key: key for key in KEYMAP}, **_EXTRA_KEYS}
        for key, name in names.items():
            bindings.add(_PT_KEYS.get(key, key), filter=playing)(self._handler(name))

        @bindings.add(Keys.Any, filter=playing)
        def _other(event: KeyPressEvent) -> None:
            self.press(pressed_key(event))

        # The chat line: prompt_toolkit's own keys edit it; these send or cancel it.
        for key in ("enter", "c-j"):
            bindings.add(key, filter=self.writing)(self._chat_handler(send=True))
        for key in ("escape", "c-c"):
            bindings.add(key, filter=self.writing, eager=True)(self._chat_handler(send=False))
        return bindings

    def _chat_handler(self, *, send: bool) -> Callable[[KeyPressEvent], None]:
        def handle(event: KeyPressEvent) -> None:
            del event
            text = self.chat_line.text
            if not send:
                chatting.cancel(self.table)
            elif not chatting.send(self.table, text):
                return  # said why; the line stays open to be mended
            self.chat_line.reset()
            self._sync_focus()
            self.wake.set()

        return handle

    def _handler(self, name: str) -> Callable[[KeyPressEvent], None]:
        def handle(event: KeyPressEvent) -> None:
            del event
            self.press(name)

        return handle

    def press(self, key: str) -> None:
        try:
            self.table.press(key)
        except Exception as error:  # a key must never end the game
            self.table.trouble(error)
        self._sync_focus()
        self.wake.set()

    def _sync_focus(self) -> None:
        table = self.table
        if table.chat is not None and table.chat.writing:
            window = self.chat_window
        else:
            window = self.menu_window if table.menu is not None else self.rack_window
        if self.app.layout.current_window is not window:
            self.app.layout.focus(window)

    def changed(self) -> None:
        """The far side told the table something: look at it again."""
        self._sync_focus()
        self.wake.set()
        self.app.invalidate()

    def _bell(self) -> None:
        self.app.output.bell()

    # -- running -----------------------------------------------------------------

    def _close(self) -> None:
        if self.app.is_running and not self.app.is_done:
            self.app.exit()

    async def _drive(self, start: Callable[[], None]) -> None:
        """Start (or reopen) the table, then pace the bots and run the clock."""
        table = self.table
        start()
        self.app.invalidate()
        while not table.leaving:
            step = table.state.step
            if self.far is None and step in (Step.BOT, Step.AUTOPILOT):
                version = table.seat.version
                await asyncio.sleep(self.pace)
                # Let the voice catch up, so a listener hears every move in turn.
                while self.pace and (backlog := table.speaker.backlog()) > 0:
                    await asyncio.sleep(min(backlog, QUIET_POLL))
                if table.leaving or table.seat.version != version:
                    continue
                try:
                    table.play_bot() if step is Step.BOT else table.play_autopilot()
                except Exception as error:
                    table.trouble(error)
                    table.leave()
            else:
                self.wake.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.wake.wait(), table.clock_wait())
                # The player's time starts once the game's words are heard.
                table.tick(heard=table.speaker.quiet)
            self.app.invalidate()

    async def run(self, start: Callable[[], None]) -> None:
        loop = asyncio.get_running_loop()
        with _signals(loop, partial(self.table.leave, force=True)):

            def pre_run() -> None:
                self.app.create_background_task(self._drive(start))
                if self.far is not None:
                    self.app.create_background_task(self.far.run(self.changed))

            await self.app.run_async(pre_run=pre_run)


@contextlib.contextmanager
def _signals(loop: asyncio.AbstractEventLoop, leave: Callable[[], None]) -> Iterator[None]:
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


async def play_async(
    table: Table,
    *,
    pace: float,
    resumed: bool = False,
    notice: str | None = None,
    input: Input | None = None,
    output: Output | None = None,
    far: Far | None = None,
) -> None:
    """Run the table until the player leaves (for tests: in a running loop); with ``far``,
    the other seats are played there, and it says the first words."""
    log = MessageLog()
    for text in table.speaker.history.entries:  # said before the screen opened
        log.append(text)
    front = TableApp(table, log, pace=pace, input=input, output=output, far=far)

    def start() -> None:
        if far is not None:
            return
        if resumed:
            table.reopen(notice=notice)
        else:
            table.begin(notice=notice)

    try:
        await front.run(start)
    finally:
        if not table.leaving:
            table.leave(force=True)  # the screen is gone: there is no staying open
        table.speaker.attach(printer=print_line_if_possible)
        table.voice.sounds.attach_bell(terminal_bell)


def play(table: Table, *, pace: float, resumed: bool = False, notice: str | None = None) -> int:
    """Run the table in the terminal; returns the exit status."""
    try:
        asyncio.run(play_async(table, pace=pace, resumed=resumed, notice=notice))
    finally:
        table.voice.sounds.close()
        table.speaker.event_text(table.farewell())
        table.speaker.close()
    return 0
