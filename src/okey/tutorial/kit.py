"""What a game's folder gives ``okey tutorial`` (its module ``tutorial``'s ``PART``): its
lesson, the round the lesson is played on, and how the guide tells that you finished."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Protocol

from okey import kits
from okey.bots.base import Bot
from okey.engine.events import Event
from okey.messages import Catalogue
from okey.rules import RuleSet
from okey.table.keys import Command
from okey.table.lines import Field
from okey.tiles import Tile
from okey.tutorial.lesson import Goal, LessonStep


class PreparedRound(Protocol):
    """A lesson's prepared round: one fixed deal, the bots' fixed moves, the rules (a game's
    ``tutorial_deal`` module)."""

    @property
    def PLAYERS(self) -> int: ...

    @property
    def YOU(self) -> int: ...

    @property
    def DEALER(self) -> int: ...

    @property
    def RIGHT(self) -> int: ...

    @property
    def ACROSS(self) -> int: ...

    @property
    def LEFT(self) -> int: ...

    @property
    def INDICATOR(self) -> Tile: ...

    @property
    def OKEY(self) -> Tile: ...

    def tutorial_deck(self) -> tuple[Tile, ...]: ...

    def tutorial_bots(self) -> dict[int, Bot]: ...

    def tutorial_rules(self, catalogue: Catalogue) -> RuleSet: ...


@dataclass(frozen=True)
class TutorialPart:
    """One game's lesson of ``okey tutorial`` (``okey tutorial <game>``)."""

    prefix: str  # its texts: ``<prefix>.welcome``, ``<prefix>.<step>``, ``<prefix>.goodbye``
    steps: tuple[LessonStep, ...]
    always: frozenset[Command]  # keys that work at every step
    fields: Callable[[RuleSet], Mapping[str, Field]]
    """What its texts name beyond the seats, the indicator and the okey (the guide's)."""
    prepared: PreparedRound  # the round it is played on
    goals: Mapping[Goal, type[Event]]
    """The game's own events that reach a goal when they are yours (``seat``): opening..."""
    finisher: Callable[[Event], int | None]
    """The seat that finished the round, when an event says so (:attr:`Goal.WON`)."""


def tutorial_part(game: str) -> TutorialPart:
    """Game ``game``'s lesson (KeyError for a game okey does not know)."""
    return kits.part(game, "tutorial", TutorialPart)
