"""The start menu: what bare ``okey`` opens, spoken and on the screen.

A short list of what the game offers (a new match, the match to resume,
today's hand, the tutorial, quit), read item by item. Up and Down move,
Enter or a number chooses, Q or Escape leaves; the history keys read back
what was said. The keys are the table's (:mod:`okey.table.keys`) and the list is
the table's menu (:class:`okey.table.state.menu.Menu`), one that does not wrap round.
The menu only chooses: the command line runs the choice. Its first words
(:func:`say_welcome`) need only the choices: they are said before the table's menu
and the screen library load.
"""

from __future__ import annotations

import textwrap
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, TextIO

from okey.speech import Speaker, print_line_if_possible
from okey.speech.transcript import one_line
from okey.table.keys import Command, command_for, pressed_key, spoken_key

if TYPE_CHECKING:  # loaded after the menu's first words (the table's menu, the screen)
    from prompt_toolkit.input import Input
    from prompt_toolkit.key_binding import KeyPressEvent
    from prompt_toolkit.output import Output

    from okey.table.state.menu import Menu

SHOWN_LINES = 8  # the last things said, under the list
WIDTH = 80  # the screen's columns: longer lines are wrapped, never cut


@dataclass(frozen=True, slots=True)
class Choice:
    """One item: the command it starts (None: leave) and how it is said."""

    command: str | None
    label: str


_MOVES = {Command.NEXT_GROUP: 1, Command.PREVIOUS_GROUP: -1}  # Down, Up (Home, End too)
_READS = (Command.OLDER, Command.NEWER, Command.OLDEST, Command.NEWEST)  # the history keys
_LEAVE = (Command.QUIT, Command.MENU, Command.INTERRUPT)  # Q, Escape, Ctrl+C
_CHOOSE = (Command.ENTER, Command.DISCARD)  # Enter, Space


def item_text(speaker: Speaker, choices: Sequence[Choice], focus: int) -> str:
    """How the item at ``focus`` is said: its label and its place in the list."""
    return speaker.catalogue.text(
        "start.item", label=choices[focus].label, position=focus + 1, count=len(choices)
    )


def say_welcome(speaker: Speaker, choices: Sequence[Choice]) -> str:
    """Say the menu's first words, the welcome and the first item, and give them back
    (for :class:`StartMenu`'s ``welcomed``)."""
    return speaker.event("start.welcome", item=item_text(speaker, choices, 0))


class StartMenu:
    """The menu's state and what each key does; speaks through ``speaker``.
    ``welcomed``: the first words, said already (:func:`say_welcome`)."""

    def __init__(
        self, choices: Sequence[Choice], speaker: Speaker, *, welcomed: str | None = None
    ) -> None:
        from okey.table.state.menu import Menu

        if not choices:
            raise ValueError("a menu needs at least one choice")
        self.menu: Menu[Choice] = Menu(tuple(choices), wrap=False)
        self.speaker = speaker
        self.chosen: Choice | None = None
        self.done = False
        self.opened = welcomed is not None
        self.said: deque[str] = deque([] if welcomed is None else [welcomed], maxlen=SHOWN_LINES)

    @property
    def choices(self) -> Sequence[Choice]:
        return self.menu.options

    @property
    def focus(self) -> int:
        return self.menu.focus

    def _item(self) -> str:
        return item_text(self.speaker, self.choices, self.focus)

    def open(self) -> None:
        """Say the welcome and the first item (once: it may be said before the screen
        library has loaded)."""
        if not self.opened:
            self.opened = True
            self.said.append(say_welcome(self.speaker, self.choices))

    def press(self, key: str) -> None:
        """One key, by prompt_toolkit's name for it."""
        speaker = self.speaker
        menu = self.menu
        reply: str | None = None
        command = command_for(key)
        if key.isdigit() and 1 <= int(key) <= len(self.choices):
            menu.focus = int(key) - 1
            self._choose()
        elif command is not None and menu.go(command, _MOVES):
            reply = speaker.reply_text(self._item())
        elif command in _CHOOSE:
            self._choose()
        elif command in _LEAVE:
            if self.choices[-1].command is None:
                menu.end()  # the focus on Quit
            self.chosen = None
            self.done = True
        elif command is Command.HELP:
            reply = speaker.reply("start.help", count=len(self.choices))
        elif command in _READS:
            reads = {
                Command.OLDER: speaker.older,
                Command.NEWER: speaker.newer,
                Command.OLDEST: speaker.oldest,
            }
            reply = reads.get(command, speaker.newest)()
        else:
            reply = speaker.reply("start.unknown_key", key=spoken_key(key, speaker.catalogue))
        if reply:
            self.said.append(reply)

    def _choose(self) -> None:
        choice = self.menu.current
        self.chosen = choice if choice.command is not None else None
        self.done = True

    def screen(self) -> str:
        """The list with a marker on the focused item, then the last things said."""
        text = self.speaker.catalogue.text
        lines = [text("start.title"), ""]
        for index, choice in enumerate(self.choices):
            marker = ">" if index == self.focus else " "
            lines += _wrapped(f"{marker} {index + 1}. {choice.label}", indent="     ")
        lines.append("")
        for said in self.said:
            lines += _wrapped(one_line(said), indent="  ")
        lines += ["", *_wrapped(text("start.footer"))]
        return "\n".join(lines)


def _wrapped(line: str, *, indent: str = "") -> list[str]:
    """A line broken at spaces to fit the screen's width (the rest indented)."""
    return textwrap.wrap(line, WIDTH, subsequent_indent=indent, break_on_hyphens=False) or [""]


async def run_start_menu(
    menu: StartMenu,
    *,
    input: Input | None = None,
    output: Output | None = None,
    lines: bool = False,
    stream: TextIO | None = None,
) -> Choice | None:
    """Show and speak the menu until a choice is made; None: the player left. ``lines``:
    in line mode, each thing said appended to ``stream`` (None: standard output) as a
    line, nothing drawn (:mod:`okey.table.terminal.linemode`)."""
    if lines:
        return await _run_in_lines(menu, input=input, stream=stream)
    from prompt_toolkit.application import Application
    from prompt_toolkit.key_binding import KeyBindings
    from prompt_toolkit.keys import Keys
    from prompt_toolkit.layout import HSplit, Layout, Window
    from prompt_toolkit.layout.controls import FormattedTextControl

    bindings = KeyBindings()
    control = FormattedTextControl(menu.screen, focusable=True, show_cursor=False)
    app: Application[None] = Application(
        layout=Layout(HSplit([Window(control)])),
        key_bindings=bindings,
        full_screen=True,
        input=input,
        output=output,
    )
    app.ttimeoutlen = 0.05
    app.timeoutlen = 0.05

    @bindings.add(Keys.Any)
    def _any(event: KeyPressEvent) -> None:
        menu.press(pressed_key(event))
        if menu.done:
            app.exit()

    menu.speaker.attach(printer=lambda _: None)  # the screen shows what was said
    try:
        menu.open()
        await app.run_async()
    finally:
        menu.speaker.attach(printer=print_line_if_possible)  # the screen is gone: print again
    return menu.chosen


async def _run_in_lines(
    menu: StartMenu, *, input: Input | None, stream: TextIO | None
) -> Choice | None:
    """The menu in line mode: its keys read, what it says appended line by line (its
    first words are on the terminal already, printed as they were said)."""
    import asyncio

    from okey.table.terminal.keyboard import Keyboard
    from okey.table.terminal.linemode import LineWriter

    done = asyncio.Event()

    def key(name: str, data: str) -> None:
        menu.press(name)
        if menu.done:
            keyboard.stop()  # the keys typed ahead are the table's
            done.set()

    keyboard = Keyboard(key, input=input, on_closed=done.set)
    writer = LineWriter(stream)
    menu.speaker.attach(printer=writer.line)
    try:
        menu.open()
        with writer.pasting(), keyboard.reading():
            if not menu.done:
                await done.wait()
    finally:
        menu.speaker.attach(printer=print_line_if_possible)
    return menu.chosen
