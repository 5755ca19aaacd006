"""A lesson as data: one step after another, each asking for one key (each game's
lesson is in its folder: :mod:`okey.tutorial.kit`).

A step says its text (``tutorial.<name>`` in the catalogue) once the table is
where it needs to be (its moment), waits for its keys, says a wrong key's
hint (``tutorial.<name>.hint``) and, when its goal is reached, what follows
from it (``tutorial.<name>.then``, when it has one). The texts' fields (the
tiles, the names, the points) are filled in by :mod:`okey.tutorial.guide`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from okey.table.keys import Command
from okey.tiles import Tile


class Moment(Enum):
    """What the table must be waiting for before a step begins."""

    DISCARD = "discard"  # your turn, holding 15 tiles
    DRAW = "draw"  # your turn to draw
    OVER = "over"  # the hand is won


class Goal(Enum):
    """What ends a step."""

    KEY = "key"  # one of its keys was pressed
    SMART = "smart"  # the rack is in smart grouping
    DISCARDED = "discarded"  # you discarded (its tile: Enter works only on it)
    TOOK = "took"  # you took the discard on your left
    DREW = "drew"  # you drew from the pile
    WON = "won"  # you finished
    MENU_OPEN = "menu_open"
    MENU_CLOSED = "menu_closed"
    LEFT = "left"  # you left the tutorial
    # Okey 101's lesson
    OPENED = "opened"  # you opened
    LAID = "laid"  # you laid new combinations after opening
    ADDED = "added"  # you added a tile to a combination on the table
    ASKED = "asked"  # the table asks before a penalised discard
    BROWSING = "browsing"  # you are browsing the table (3)
    NOT_BROWSING = "not_browsing"  # you have left the table's browsing


@dataclass(frozen=True)
class LessonStep:
    """One step: the keys it asks for (Tab presses them for you when it is a move; when
    Enter must be on a tile, Tab puts the focus there instead of pressing the arrows)."""

    name: str
    keys: tuple[Command, ...]
    goal: Goal = Goal.KEY
    moment: Moment = Moment.DISCARD
    also: frozenset[Command] = frozenset()  # other keys that work during the step
    teaches: frozenset[Command] = frozenset()  # keys that keep working after it
    tile: Tile | None = None  # the tile Enter or Space must be on
    then: bool = False  # a text follows once the goal is reached
    blocked: frozenset[Command] = frozenset()  # answers to a question that are refused
    lesson: str = "tutorial"  # the catalogue's prefix for the step's texts

    @property
    def text(self) -> str:
        return f"{self.lesson}.{self.name}"

    @property
    def hint(self) -> str:
        return f"{self.lesson}.{self.name}.hint"

    @property
    def after(self) -> str:
        return f"{self.lesson}.{self.name}.then"


C = Command
RACK = frozenset({C.LEFT, C.RIGHT, C.HOME, C.END, C.NEXT_GROUP, C.PREVIOUS_GROUP})
ON_TILE = frozenset({C.ENTER, C.DISCARD})
DISCARD_PILES = frozenset({C.RIGHT_DISCARDS, C.ACROSS_DISCARDS, C.MY_DISCARDS})

ALWAYS = frozenset(
    {
        C.HELP,
        C.OLDER,
        C.NEWER,
        C.OLDEST,
        C.NEWEST,
        C.RULES,
        C.VERBOSITY,
        C.SOUNDS,
        C.SPEECH_STATUS,
        C.HINT,
        C.INTERRUPT,
    }
)
"""Keys that work at every step: help, the message history, the rules, the speech
settings (brief or detailed, sounds, status), the master's hint (which the prepared
hand agrees with); none of them changes the lesson."""
