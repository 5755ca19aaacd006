"""Menus and questions: the Escape menu, the take-or-draw choice, yes-or-no questions."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from okey.table.keys import Command


@dataclass(frozen=True, slots=True)
class Option:
    """One entry: its words, the key that does it directly, and what it does."""

    label: str
    key: str
    command: Command


@dataclass
class Menu:
    """A list of options with a focus; the Escape menu and the draw choice."""

    options: Sequence[Option]
    focus: int = 0
    choice: bool = False  # the draw choice (its keys act directly)

    @property
    def current(self) -> Option:
        return self.options[self.focus]

    def move(self, step: int) -> None:
        self.focus = (self.focus + step) % len(self.options)

    def home(self) -> None:
        self.focus = 0

    def end(self) -> None:
        self.focus = len(self.options) - 1


class Question(Enum):
    """A yes-or-no question waiting for its answer."""

    DISCARD_OKEY = "discard_okey"
    QUIT = "quit"


@dataclass
class Asking:
    """The open question and what it is about."""

    question: Question
    about: object = None
