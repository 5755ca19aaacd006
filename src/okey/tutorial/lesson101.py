"""The 101 lesson as data (``okey tutorial 101``): opening, laying a taken tile, adding
to another player's run, a penalty warning, finishing.

It assumes the table's keys from the classic lesson (arrows, Enter, T, P, C) and
teaches what 101 adds: 0 for how close the hand is to opening, G to lay, X to add
to a combination on the table, 3 to browse the table, the warning before a
penalised discard, and F to finish (two turns of yours: the round is short).
Texts are ``tutorial101.<name>`` (with ``.hint`` and ``.then``), filled in by
:mod:`okey.tutorial.guide` from :mod:`okey.tutorial.deal101`.
"""

from __future__ import annotations

from typing import Any

from okey.table.keys import Command
from okey.tutorial.deal101 import ADDED, COSTLY, SPARE
from okey.tutorial.lesson import ON_TILE, RACK, Goal, LessonStep, Moment

C = Command
ANSWER = frozenset({C.YES, C.ENTER})  # yes to the table's question
PREFIX = "tutorial101"


def _step(
    name: str,
    keys: tuple[Command, ...],
    goal: Goal = Goal.KEY,
    moment: Moment = Moment.DISCARD,
    **options: Any,
) -> LessonStep:
    return LessonStep(name, keys, goal, moment, lesson=PREFIX, **options)


LESSON101: tuple[LessonStep, ...] = (
    _step("close", (C.HOW_CLOSE,), teaches=frozenset({C.HOW_CLOSE}), then=True),
    _step("open", (C.LAY, C.YES), Goal.OPENED, also=ANSWER, then=True),
    _step("spare", (C.ENTER,), Goal.DISCARDED, also=RACK | ON_TILE, tile=SPARE),
    _step("browse", (C.BROWSE,), Goal.BROWSING, Moment.DRAW, then=True),
    _step(
        "browse_more",
        (C.NEXT_GROUP, C.BROWSE),
        Goal.NOT_BROWSING,
        Moment.DRAW,
        also=RACK | {C.MENU, C.ENTER},
        teaches=frozenset({C.BROWSE}),
    ),
    _step("take", (C.TAKE,), Goal.TOOK, Moment.DRAW, then=True),
    _step("lay", (C.LAY, C.YES), Goal.LAID, also=ANSWER, then=True),
    _step("add", (C.ADD, C.YES), Goal.ADDED, also=RACK | ANSWER, tile=ADDED, then=True),
    _step("warning", (C.ENTER,), Goal.ASKED, also=RACK | ON_TILE, tile=COSTLY),
    _step("keep", (C.PILE,), blocked=frozenset({C.YES, C.ENTER}), then=True),
    _step("finish", (C.FINISH, C.YES), Goal.WON, also=RACK | ANSWER, then=True),
    _step("scores", (C.SCORES,), moment=Moment.OVER, teaches=frozenset({C.SCORES})),
    _step("end", (C.QUIT,), Goal.LEFT, Moment.OVER, also=frozenset({C.ENTER})),
)
