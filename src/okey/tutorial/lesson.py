"""The lesson as data: one step after another, each asking for one key.

A step says its text (``tutorial.<name>`` in the catalogue) once the table is
where it needs to be (its moment), waits for its keys, says a wrong key's
hint (``tutorial.<name>.hint``) and, when its goal is reached, what follows
from it (``tutorial.<name>.then``, when it has one). The texts' fields (the
tiles, the names, the points) are filled in by :mod:`okey.tutorial.guide`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from okey.hand.tiles import Tile
from okey.table.keys import Command
from okey.tutorial.deal import FINISH, OPENING, SPARE


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

LESSON: tuple[LessonStep, ...] = (
    LessonStep("history", (C.OLDER,), then=True),
    LessonStep("rack", (C.RIGHT,), also=frozenset({C.LEFT}), teaches=frozenset({C.LEFT, C.RIGHT})),
    LessonStep("ends", (C.END,), also=frozenset({C.HOME}), teaches=frozenset({C.HOME, C.END})),
    LessonStep("indicator", (C.INDICATOR,), teaches=frozenset({C.INDICATOR}), then=True),
    LessonStep("sort", (C.SORT,), Goal.SMART, then=True),
    LessonStep(
        "all",
        (C.HAND,),
        teaches=frozenset({C.HAND, C.NEXT_GROUP, C.PREVIOUS_GROUP}),
        then=True,
    ),
    LessonStep(
        "open",
        (C.NEXT_GROUP, C.RIGHT, C.ENTER),
        Goal.DISCARDED,
        also=RACK | ON_TILE,
        tile=OPENING,
        then=True,
    ),
    LessonStep("whose", (C.WHOSE_TURN,), moment=Moment.DRAW, teaches=frozenset({C.WHOSE_TURN})),
    LessonStep(
        "discards",
        (C.LEFT_DISCARDS,),
        moment=Moment.DRAW,
        also=DISCARD_PILES,
        teaches=DISCARD_PILES | {C.LEFT_DISCARDS},
    ),
    LessonStep("copies", (C.COPIES,), moment=Moment.DRAW, also=RACK, teaches=frozenset({C.COPIES})),
    LessonStep("take", (C.TAKE,), Goal.TOOK, Moment.DRAW, then=True),
    LessonStep(
        "discard", (C.END, C.ENTER), Goal.DISCARDED, also=RACK | ON_TILE, tile=SPARE, then=True
    ),
    LessonStep(
        "draw",
        (C.DRAW,),
        Goal.DREW,
        Moment.DRAW,
        also=frozenset({C.PILE}),
        teaches=frozenset({C.PILE}),
    ),
    LessonStep("finish", (C.FINISH,), Goal.WON, also=RACK | ON_TILE, tile=FINISH),
    LessonStep("scores", (C.SCORES,), moment=Moment.OVER, teaches=frozenset({C.SCORES}), then=True),
    LessonStep("review", (C.REVIEW,), moment=Moment.OVER, teaches=frozenset({C.REVIEW}), then=True),
    LessonStep("help", (C.HELP,), moment=Moment.OVER),
    LessonStep("menu", (C.MENU,), Goal.MENU_OPEN, Moment.OVER),
    LessonStep("menu_close", (C.MENU,), Goal.MENU_CLOSED, Moment.OVER, also=RACK),
    LessonStep("end", (C.QUIT,), Goal.LEFT, Moment.OVER, also=frozenset({C.ENTER})),
)
