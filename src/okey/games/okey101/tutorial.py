"""Okey 101's lesson (``okey tutorial 101``): opening, laying a taken tile, adding
to another player's run, a penalty warning, finishing.

It assumes the table's keys from the classic lesson (arrows, Enter, T, P, C; the
reading keys such as A work at every step) and teaches what 101 adds: 0 for how
close the hand is to opening, G to lay, X to add to a combination on the table, 3 to
browse the table, the warning before a penalised discard, and F to finish (two turns
of yours: the round is short); a pairs opening and taking an okey back are told in
words. Texts are ``tutorial101.<name>`` (with ``.hint`` and ``.then``), filled in by
:mod:`okey.tutorial.guide` from :mod:`okey.games.okey101.tutorial_deal`.
"""

from __future__ import annotations

from typing import Any

from okey.engine.events import Event
from okey.games.okey101 import tutorial_deal as deal
from okey.games.okey101.events import Added101, Laid101, Opened101, RoundScored101
from okey.games.okey101.sections import own_rules
from okey.rules import RuleSet
from okey.table.keys import Command
from okey.table.lines import AndList, Field
from okey.tutorial.kit import TutorialPart
from okey.tutorial.lesson import ALWAYS, ON_TILE, RACK, Goal, LessonStep, Moment

C = Command
ANSWER = frozenset({C.YES, C.ENTER})  # yes to the table's question
READING = frozenset(
    {
        C.HAND,
        C.INDICATOR,
        C.WHOSE_TURN,
        C.GLANCE,
        C.TILE_COUNTS,
        C.COPIES,
        C.LEFT_DISCARDS,
        C.RIGHT_DISCARDS,
        C.ACROSS_DISCARDS,
        C.MY_DISCARDS,
    }
)
"""The classic lesson's reading keys, and 101's 1 and 4: they change nothing, so they
work at every step (the player who knows A need not be told it is not taught yet)."""
PREFIX = "tutorial101"


def _step(
    name: str,
    keys: tuple[Command, ...],
    goal: Goal = Goal.KEY,
    moment: Moment = Moment.DISCARD,
    **options: Any,
) -> LessonStep:
    return LessonStep(name, keys, goal, moment, lesson=PREFIX, **options)


LESSON: tuple[LessonStep, ...] = (
    _step("close", (C.HOW_CLOSE,), teaches=frozenset({C.HOW_CLOSE}), then=True),
    _step("open", (C.LAY, C.YES), Goal.OPENED, also=ANSWER, then=True),
    _step("spare", (C.ENTER,), Goal.DISCARDED, also=RACK | ON_TILE, tile=deal.SPARE),
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
    _step("add", (C.ADD, C.YES), Goal.ADDED, also=RACK | ANSWER, tile=deal.ADDED, then=True),
    _step("warning", (C.ENTER,), Goal.ASKED, also=RACK | ON_TILE, tile=deal.COSTLY),
    _step("keep", (C.PILE,), blocked=frozenset({C.YES, C.ENTER}), then=True),
    _step("finish", (C.FINISH, C.YES), Goal.WON, also=RACK | ANSWER, then=True),
    _step("scores", (C.SCORES,), moment=Moment.OVER, teaches=frozenset({C.SCORES})),
    _step("end", (C.QUIT,), Goal.LEFT, Moment.OVER, also=frozenset({C.ENTER})),
)


def fields(rules: RuleSet) -> dict[str, Field]:
    """What the lesson's texts name (beyond the seats, the indicator and the okey)."""
    own = own_rules(rules)
    assert own is not None  # the lesson is played with 101's rules
    return {
        "value": deal.OPENING_VALUE,
        "threshold": own.play.opening_threshold,
        "spare": deal.SPARE,
        "taken": deal.TAKEN,
        "wanted": AndList(deal.WANTED),
        "added": deal.ADDED,
        "costly": deal.COSTLY,
        "last": deal.LAST,
        "penalty": own.scoring.penalty,
        "bonus": own.scoring.finish_bonus,
        "unopened": own.scoring.unopened,
    }


def _finisher(event: Event) -> int | None:
    return event.finisher if isinstance(event, RoundScored101) else None


PART = TutorialPart(
    prefix=PREFIX,
    steps=LESSON,
    always=(ALWAYS - {Command.HINT}) | READING,  # the master would add black 11 where the
    # lesson warns
    fields=fields,
    prepared=deal,
    goals={Goal.OPENED: Opened101, Goal.LAID: Laid101, Goal.ADDED: Added101},
    finisher=_finisher,
)
