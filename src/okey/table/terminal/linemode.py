"""The line mode: the table for a screen reader that reads the terminal.

Nothing on the terminal is ever drawn again or moved: each message is appended once,
as a line of its own (made printable, on one line, as the transcript writes it), and
the terminal's own scrollback is the history. There is no rack or status bar to
redraw: the reading keys (H, the scores, whose turn...) say them, and what is said
is appended like every message. The cursor stays at the start of the line after the
last one, where the next line will go.

The one line the player types (the chat of a table played online) is the only line
written a little at a time: its prompt, then each character typed (Backspace takes
one back). A message that comes meanwhile is appended below it, and the prompt and
what is typed so far are written again after it, so the line being typed stays last.

The keys are read as the full-screen table reads them (:mod:`okey.table.terminal.keyboard`),
and the bots' pacing, the clock and the signals are the same
(:mod:`okey.table.terminal.pacing`): only the showing differs.
"""

from __future__ import annotations

import asyncio
import contextlib
import sys
import threading
from collections.abc import Callable, Iterator
from functools import partial
from typing import TextIO

from prompt_toolkit.input import Input

from okey.speech.transcript import one_line
from okey.table.controller import Table
from okey.table.input import chatting
from okey.table.terminal.keyboard import Keyboard
from okey.table.terminal.pacing import Far, drive, press, signals
from okey.textfiles import printable

_SEND = frozenset({"c-m", "c-j", "enter"})
_CANCEL = frozenset({"escape", "c-c"})
_ERASE = frozenset({"c-h", "backspace"})
_PASTE = "<bracketed-paste>"  # prompt_toolkit's name for a paste
_PASTE_ON = "\x1b[?2004h"
_PASTE_OFF = "\x1b[?2004l"


class LineWriter:
    """Appends lines to the terminal (``stream``; None: standard output, as it is when
    written to), never going back over one; the line being typed stays last."""

    def __init__(self, stream: TextIO | None = None) -> None:
        self._stream = stream
        self._lock = threading.Lock()  # a line may come from another thread (a sound's notice)
        self.typing: str | None = None  # the prompt and what is typed, on the last line

    def _write(self, text: str) -> None:
        stream = self._stream if self._stream is not None else sys.stdout
        # A terminal that is gone (SIGHUP) has nobody to tell: the table still saves.
        with contextlib.suppress(OSError, ValueError):
            stream.write(text)
            stream.flush()

    def line(self, text: str) -> None:
        """Append a message as one line of its own."""
        shown = printable(one_line(text))
        with self._lock:
            if self.typing is None:
                self._write(shown + "\n")
            else:  # below the line being typed, which then starts again under it
                self._write(f"\n{shown}\n{self.typing}")

    def open_line(self, prompt: str) -> None:
        """Start the line the player types: ``prompt`` (and what is typed already)."""
        with self._lock:
            self.typing = prompt
            self._write(prompt)

    def typed(self, text: str) -> None:
        with self._lock:
            if self.typing is not None:
                self.typing += text
                self._write(text)

    def erased(self) -> None:
        """The last character typed is taken back."""
        with self._lock:
            if self.typing:
                self.typing = self.typing[:-1]
                self._write("\b \b")

    def close_line(self) -> None:
        """The typed line is done (sent or cancelled): the next message goes below it."""
        with self._lock:
            if self.typing is not None:
                self.typing = None
                self._write("\n")

    def bell(self) -> None:
        with self._lock:
            self._write("\a")

    @contextlib.contextmanager
    def pasting(self) -> Iterator[None]:
        """While it lasts, a paste comes as one key (a terminal's bracketed paste), not as
        the keys of every letter pasted (an Enter among them would discard). Only on a
        terminal that takes it: it writes nothing that shows."""
        stream = self._stream if self._stream is not None else sys.stdout
        try:
            terminal = sys.platform != "win32" and stream.isatty()
        except (OSError, ValueError):
            terminal = False
        if not terminal:
            yield
            return
        self._write(_PASTE_ON)
        try:
            yield
        finally:
            self._write(_PASTE_OFF)


class LineTable:
    """The table in line mode: its keys read, its messages appended."""

    def __init__(
        self,
        table: Table,
        *,
        pace: float,
        input: Input | None = None,
        stream: TextIO | None = None,
        far: Far | None = None,
    ) -> None:
        self.table = table
        self.pace = pace
        self.far = far
        self.writer = LineWriter(stream)
        self.keyboard = Keyboard(self._key, input=input, on_closed=self._input_closed)
        self.wake = asyncio.Event()
        self.left = asyncio.Event()
        self.chat = ""  # what is typed into the chat line
        table.speaker.attach(printer=self.writer.line)
        table.voice.sounds.attach_bell(self.writer.bell)
        table.on_leave = self.left.set

    # -- keys --------------------------------------------------------------------

    @property
    def writing(self) -> bool:
        chat = self.table.chat
        return chat is not None and chat.writing

    def _key(self, key: str, data: str) -> None:
        if self.writing:
            self._chat_key(key, data)
        else:
            press(self.table, key)
        self._sync_chat()
        self.wake.set()

    def _chat_key(self, key: str, data: str) -> None:
        """A key while the chat line is open: it types, sends or cancels."""
        table = self.table
        if key in _SEND:
            self.writer.close_line()
            if chatting.send(table, self.chat):
                self.chat = ""
            # else: said why; the line opens again with its text, to be mended
        elif key in _CANCEL:
            self.writer.close_line()
            self.chat = ""
            chatting.cancel(table)
        elif key in _ERASE:
            if self.chat:
                self.chat = self.chat[:-1]
                self.writer.erased()
        elif len(key) == 1 or key == _PASTE:  # a letter, or what was pasted
            text = printable(one_line(key if len(key) == 1 else data))
            self.chat += text
            self.writer.typed(text)

    def _sync_chat(self) -> None:
        """The chat line shown while it is open, closed once it is not."""
        writing = self.writing
        if writing and self.writer.typing is None:
            prompt = self.table.catalogue.text("table.chat.prompt")
            self.writer.open_line(prompt + self.chat)
        elif not writing and self.writer.typing is not None:
            self.writer.close_line()
            self.chat = ""

    def changed(self) -> None:
        """The far side told the table something: look at it again."""
        self._sync_chat()
        self.wake.set()

    def _input_closed(self) -> None:
        self.left.set()  # the terminal is gone: play_async leaves the table

    # -- running -----------------------------------------------------------------

    async def run(self, start: Callable[[], None]) -> None:
        table = self.table
        loop = asyncio.get_running_loop()
        with signals(loop, partial(table.leave, force=True)):
            driving = asyncio.create_task(
                drive(
                    table,
                    pace=self.pace,
                    far=self.far,
                    wake=self.wake,
                    start=start,
                    changed=self._sync_chat,
                )
            )
            tasks = [driving]
            if self.far is not None:
                tasks.append(asyncio.create_task(self.far.run(self.changed)))
            await asyncio.sleep(0)  # the table starts before the keys typed ahead
            leaving = asyncio.create_task(self.left.wait())
            try:
                with self.writer.pasting(), self.keyboard.reading():
                    await _until_left(leaving, driving, tasks)
            finally:
                for task in (leaving, *tasks):
                    task.cancel()
                await asyncio.gather(leaving, *tasks, return_exceptions=True)
                self.writer.close_line()


async def _until_left(
    leaving: asyncio.Task[object], driving: asyncio.Task[None], tasks: list[asyncio.Task[None]]
) -> None:
    """Wait until the table is left (or its loop ends); a task that failed raises here."""
    pending: set[asyncio.Task[object]] = {leaving, *tasks}
    while pending:
        done, pending = await asyncio.wait(pending, return_when=asyncio.FIRST_COMPLETED)
        for task in done:
            error = None if task.cancelled() else task.exception()
            if error is not None:
                raise error
        if leaving in done or driving in done:
            return
