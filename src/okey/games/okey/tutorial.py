"""Classic Okey's lesson (``okey tutorial``): the keys of the table and the game, step by
step, on the prepared round of :mod:`okey.games.okey.tutorial_deal`."""

from __future__ import annotations

from okey.engine.events import Event, RoundWon
from okey.games.okey import tutorial_deal as deal
from okey.hand.scoring import FinishKind, finish_points
from okey.rules import RuleSet
from okey.table.keys import Command
from okey.table.lines import AndList, Face, Field
from okey.tiles import FALSE_JOKER
from okey.tutorial.kit import TutorialPart
from okey.tutorial.lesson import ALWAYS, DISCARD_PILES, ON_TILE, RACK, Goal, LessonStep, Moment

C = Command

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
        tile=deal.OPENING,
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
        "discard", (C.END, C.ENTER), Goal.DISCARDED, also=RACK | ON_TILE, tile=deal.SPARE, then=True
    ),
    LessonStep(
        "draw",
        (C.DRAW,),
        Goal.DREW,
        Moment.DRAW,
        also=frozenset({C.PILE}),
        teaches=frozenset({C.PILE}),
    ),
    LessonStep("finish", (C.FINISH,), Goal.WON, also=RACK | ON_TILE, tile=deal.FINISH),
    LessonStep("scores", (C.SCORES,), moment=Moment.OVER, teaches=frozenset({C.SCORES}), then=True),
    LessonStep("review", (C.REVIEW,), moment=Moment.OVER, teaches=frozenset({C.REVIEW}), then=True),
    LessonStep("help", (C.HELP,), moment=Moment.OVER),
    LessonStep("menu", (C.MENU,), Goal.MENU_OPEN, Moment.OVER),
    LessonStep("menu_close", (C.MENU,), Goal.MENU_CLOSED, Moment.OVER, also=RACK),
    LessonStep("end", (C.QUIT,), Goal.LEFT, Moment.OVER, also=frozenset({C.ENTER})),
)


def fields(rules: RuleSet) -> dict[str, Field]:
    """What the lesson's texts name (beyond the seats, the indicator and the okey)."""
    scoring = rules.scoring
    return {
        "false": FALSE_JOKER,
        "stands_for": Face(deal.STANDS_FOR),
        "opening": deal.OPENING,
        "wanted": AndList(deal.WANTED),
        "low": deal.WANTED[0],  # the 1 that 12, 13 would also end on
        "taken": deal.TAKEN,
        "spare": deal.SPARE,
        "passed": deal.PASSED,
        "drawn": deal.DRAWN,
        "finish": deal.FINISH,
        "start": rules.table.starting_score,
        "points": finish_points(scoring, FinishKind.COMBINATIONS, deal.FINISH, deal.OKEY),
        "double": finish_points(scoring, FinishKind.COMBINATIONS, deal.OKEY, deal.OKEY),
    }


def _finisher(event: Event) -> int | None:
    return event.seat if isinstance(event, RoundWon) else None


PART = TutorialPart(
    prefix="tutorial",
    steps=LESSON,
    always=ALWAYS,
    fields=fields,
    prepared=deal,
    goals={},
    finisher=_finisher,
)
