"""Keys read straight from the terminal, without a prompt_toolkit screen: the line mode's.

prompt_toolkit's input (raw mode, its parser of escape sequences) gives each key by
the same name its full-screen applications report (``pressed_key``): "left", "c-s",
"escape", "a". A lone Escape is told apart from the start of a sequence by a short
wait, as the full-screen table waits (50 ms). Keys pressed before the reader starts
(typed ahead while a menu closed and the table loaded) come first; keys left when a
reader stops early are kept for the next one.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Iterator

from prompt_toolkit.input import Input, create_input
from prompt_toolkit.input.typeahead import get_typeahead, store_typeahead
from prompt_toolkit.key_binding import KeyPress
from prompt_toolkit.keys import Keys

FLUSH_AFTER = 0.05
"""Seconds a lone Escape waits for the rest of a sequence (the full-screen table's)."""

_NOT_KEYS = frozenset(
    {
        Keys.CPRResponse,
        Keys.Vt100MouseEvent,
        Keys.WindowsMouseEvent,
        Keys.ScrollUp,
        Keys.ScrollDown,
        Keys.Ignore,
    }
)
"""What the terminal reports that no player pressed (mouse, cursor position)."""


def key_of(press: KeyPress) -> str:
    """prompt_toolkit's name for a key: "left", "c-s", "escape", "a"."""
    key = press.key
    return key.value if isinstance(key, Keys) else str(key)


class Keyboard:
    """Reads keys while :meth:`reading` lasts and hands each to ``on_key`` (its name
    and, for a paste, the text pasted); ``on_closed`` when the terminal's input ends.
    :meth:`stop` ends the handing over: the keys left wait for the next reader."""

    def __init__(
        self,
        on_key: Callable[[str, str], None],
        *,
        input: Input | None = None,
        on_closed: Callable[[], None] = lambda: None,
    ) -> None:
        self.input = input if input is not None else create_input()
        self.on_key = on_key
        self.on_closed = on_closed
        self.stopped = False
        self._flush: asyncio.TimerHandle | None = None

    @contextlib.contextmanager
    def reading(self) -> Iterator[None]:
        """The terminal in raw mode, its keys read (those typed ahead first)."""
        loop = asyncio.get_running_loop()
        with self.input.raw_mode(), self.input.attach(lambda: self._read(loop)):
            self._feed(get_typeahead(self.input))
            try:
                yield
            finally:
                if self._flush is not None:
                    self._flush.cancel()

    def stop(self) -> None:
        self.stopped = True

    def _read(self, loop: asyncio.AbstractEventLoop) -> None:
        self._feed(self.input.read_keys())
        if self.input.closed:
            self.on_closed()
            return
        if self._flush is not None:
            self._flush.cancel()
        self._flush = loop.call_later(FLUSH_AFTER, self._flushed)

    def _flushed(self) -> None:
        self._flush = None
        self._feed(self.input.flush_keys())

    def _feed(self, presses: list[KeyPress]) -> None:
        for index, press in enumerate(presses):
            if self.stopped:
                store_typeahead(self.input, presses[index:])
                return
            if press.key in _NOT_KEYS:
                continue
            self.on_key(key_of(press), press.data)
