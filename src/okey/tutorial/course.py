"""The tutorial's lessons: each one's steps, the catalogue prefix of its texts, the keys
that always work and the fields its texts name (from its prepared round)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Protocol

from okey.bots.base import Bot
from okey.hand.scoring import FinishKind, finish_points
from okey.hand.tiles import FALSE_JOKER, Tile
from okey.messages import Catalogue
from okey.rules import RuleSet
from okey.table.keys import Command
from okey.table.lines import AndList, Face, Field, Name
from okey.tutorial import deal, deal101
from okey.tutorial.lesson import ALWAYS, LESSON, LessonStep
from okey.tutorial.lesson101 import LESSON101, PREFIX


class PreparedRound(Protocol):
    """A lesson's prepared round (:mod:`okey.tutorial.deal`, :mod:`okey.tutorial.deal101`)."""

    @property
    def PLAYERS(self) -> int: ...

    @property
    def YOU(self) -> int: ...

    @property
    def DEALER(self) -> int: ...

    def tutorial_deck(self) -> tuple[Tile, ...]: ...

    def tutorial_bots(self) -> dict[int, Bot]: ...

    def tutorial_rules(self, catalogue: Catalogue) -> RuleSet: ...


@dataclass(frozen=True)
class Course:
    """One lesson of ``okey tutorial``."""

    name: str  # as the command line names it
    prefix: str  # its texts: ``<prefix>.welcome``, ``<prefix>.<step>``, ``<prefix>.goodbye``
    steps: tuple[LessonStep, ...]
    always: frozenset[Command]  # keys that work at every step
    fields: Callable[[RuleSet], Mapping[str, Field]]
    prepared: PreparedRound  # the round it is played on


def classic_fields(rules: RuleSet) -> dict[str, Field]:
    """What the classic lesson's texts name."""
    scoring = rules.scoring
    return {
        "left": Name(deal.LEFT),
        "right": Name(deal.RIGHT),
        "across": Name(deal.ACROSS),
        "indicator": Face(deal.INDICATOR),
        "okey": Face(deal.OKEY),
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


def fields101(rules: RuleSet) -> dict[str, Field]:
    """What the 101 lesson's texts name."""
    own = rules.okey101
    assert own is not None  # the 101 lesson is played with 101's rules
    return {
        "left": Name(deal101.LEFT),
        "right": Name(deal101.RIGHT),
        "across": Name(deal101.ACROSS),
        "indicator": Face(deal101.INDICATOR),
        "okey": Face(deal101.OKEY),
        "value": deal101.OPENING_VALUE,
        "threshold": own.play.opening_threshold,
        "spare": deal101.SPARE,
        "taken": deal101.TAKEN,
        "wanted": AndList(deal101.WANTED),
        "added": deal101.ADDED,
        "costly": deal101.COSTLY,
        "last": deal101.LAST,
        "penalty": own.scoring.penalty,
        "bonus": own.scoring.finish_bonus,
        "unopened": own.scoring.unopened,
    }


CLASSIC = Course("okey", "tutorial", LESSON, ALWAYS, classic_fields, deal)
OKEY101 = Course(
    "101",
    PREFIX,
    LESSON101,
    ALWAYS - {Command.HINT},  # the master would add black 11 where the lesson warns
    fields101,
    deal101,
)
COURSES: dict[str, Course] = {course.name: course for course in (CLASSIC, OKEY101)}
