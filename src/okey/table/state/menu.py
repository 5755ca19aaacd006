"""Menus and questions: the Escape menu, the take-or-draw choice, the start menu's list
(one menu class for all three), and yes-or-no questions."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Generic, TypeVar

from okey.engine.actions import Action
from okey.messages import Catalogue
from okey.table.keys import Command, KeyNames
from okey.table.lines import Line
from okey.tiles import Tile

T = TypeVar("T")

TABLE_MOVES: Mapping[Command, int] = {
    Command.NEXT_GROUP: 1,
    Command.RIGHT: 1,
    Command.PREVIOUS_GROUP: -1,
    Command.LEFT: -1,
}
"""The keys that move through the table's menus (Up and Down, Left and Right)."""


@dataclass(frozen=True, slots=True)
class Option:
    """One entry of a table menu: its words and what it does (its key: the command's;
    ``actions``: the moves it stands for in a list of moves, as a combination to add a
    tile to at Okey 101: one is made at once, several are a choice of their own)."""

    label: Line
    command: Command
    actions: tuple[Action, ...] = ()

    def key(self, catalogue: Catalogue) -> str:
        """The key that does it directly, as said ("" for none)."""
        return KeyNames(catalogue).get(self.command, "")


@dataclass
class Menu(Generic[T]):
    """A list of options with a focus: the Escape menu, the draw choice, the start menu."""

    options: Sequence[T]
    focus: int = 0
    choice: bool = False  # the draw choice (its keys act directly)
    wrap: bool = True  # moving past an end goes round to the other

    def __post_init__(self) -> None:
        if not self.options:
            raise ValueError("a menu needs at least one option")

    @property
    def current(self) -> T:
        return self.options[self.focus]

    def move(self, step: int) -> None:
        if self.wrap:
            self.focus = (self.focus + step) % len(self.options)
        else:
            self.focus = max(0, min(len(self.options) - 1, self.focus + step))

    def home(self) -> None:
        self.focus = 0

    def end(self) -> None:
        self.focus = len(self.options) - 1

    def go(self, command: Command, moves: Mapping[Command, int] = TABLE_MOVES) -> bool:
        """Move the focus as ``command`` says (Home, End, or one of ``moves``); False when
        the command does not move through the menu."""
        if command is Command.HOME:
            self.home()
        elif command is Command.END:
            self.end()
        elif command in moves:
            self.move(moves[command])
        else:
            return False
        return True


class Question(Enum):
    """A yes-or-no question waiting for its answer."""

    DISCARD_OKEY = "discard_okey"
    QUIT = "quit"
    # Okey 101: every move asks first (``Asking.actions``: what yes makes, in order).
    LAY = "lay"  # an opening, new combinations or pairs
    ADD = "add"  # a tile onto a combination of the table
    FINISH = "finish"  # what finishing lays, then the last discard
    GIVE_BACK = "give_back"  # a taken discard given back, then the pile
    PENALTY = "penalty"  # a discard that costs a penalty


@dataclass(frozen=True, slots=True)
class Asking:
    """The open question and the tile it is about (the okey to discard); ``actions``:
    the moves a yes makes, in order (Okey 101's questions)."""

    question: Question
    tile: Tile | None = None
    actions: tuple[Action, ...] = ()
