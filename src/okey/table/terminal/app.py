"""The table in the terminal: the full-screen prompt_toolkit front end, or the line mode.

The table controller does the work; this module only binds keys to it and
draws the screen from it. The bots' turns are paced and the turn clock run by
:mod:`okey.table.terminal.pacing`, which also makes sure the match is saved however
the program ends (q, Ctrl+C, SIGHUP, SIGTERM). With ``lines``, :func:`play` and
:func:`play_async` run the line mode instead (:mod:`okey.table.terminal.linemode`:
every message appended once as a line, nothing drawn again, for a screen reader that
reads the terminal).

A table whose other seats are played elsewhere (a table server) has a
:class:`~okey.table.terminal.pacing.Far`: it runs in the same event loop as
prompt_toolkit and tells the table their moves, and the front end then plays no bots
itself. Such a table has a chat: its one-line input (a real text field, which a screen
reader follows) takes the keys while it is open.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Callable
from functools import partial
from typing import Protocol, TextIO

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

from okey.speech import print_line_if_possible, terminal_bell
from okey.speech.transcript import one_line
from okey.table.controller import Table
from okey.table.input import chatting
from okey.table.keys import KEYMAP, pressed_key
from okey.table.terminal import screen
from okey.table.terminal.pacing import Far, drive, press, signals

HEADER_ROWS = 4
RACK_ROWS = 4
LOG_ROWS = 13
MAX_LOG = 500
_PT_KEYS = {"space": " "}
_EXTRA_KEYS = {"c-j": "enter"}  # some terminals send a line feed for Enter


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
        press(self.table, key)
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

    async def run(self, start: Callable[[], None]) -> None:
        loop = asyncio.get_running_loop()
        with signals(loop, partial(self.table.leave, force=True)):

            def pre_run() -> None:
                driving = drive(
                    self.table,
                    pace=self.pace,
                    far=self.far,
                    wake=self.wake,
                    start=start,
                    changed=self.app.invalidate,
                )
                self.app.create_background_task(driving)
                if self.far is not None:
                    self.app.create_background_task(self.far.run(self.changed))

            await self.app.run_async(pre_run=pre_run)


class Front(Protocol):
    """A front end around one table: the full screen or the line mode."""

    async def run(self, start: Callable[[], None]) -> None: ...


async def play_async(
    table: Table,
    *,
    pace: float,
    resumed: bool = False,
    notice: str | None = None,
    input: Input | None = None,
    output: Output | None = None,
    far: Far | None = None,
    lines: bool = False,
    stream: TextIO | None = None,
) -> None:
    """Run the table until the player leaves (for tests: in a running loop); with ``far``,
    the other seats are played there, and it says the first words. ``lines``: in line
    mode, its lines written to ``stream`` (None: standard output); else full screen, on
    ``output``."""
    front: Front
    if lines:
        from okey.table.terminal.linemode import LineTable

        # What was said before is on the terminal already, printed as it was said.
        front = LineTable(table, pace=pace, input=input, stream=stream, far=far)
    else:
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


def play(
    table: Table,
    *,
    pace: float,
    resumed: bool = False,
    notice: str | None = None,
    lines: bool = False,
) -> int:
    """Run the table in the terminal (``lines``: in line mode); returns the exit status."""
    try:
        asyncio.run(play_async(table, pace=pace, resumed=resumed, notice=notice, lines=lines))
    finally:
        table.voice.sounds.close()
        table.speaker.event_text(table.farewell())
        table.speaker.close()
    return 0
