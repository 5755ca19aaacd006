"""What a game's folder gives the words below the table (its module ``words``'s ``PART``):
its own events as the replay tells them, and its rule set in sentences.

The replay's narrator (:class:`okey.narrate.Narrator`) and the rules' words
(:mod:`okey.rules_words`) are written once for every game; they ask the game's
part only for what is its own.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from okey.messages import Catalogue
from okey.rule_message import Message
from okey.rules import RuleSet

if TYPE_CHECKING:  # okey play's welcome says the rules' words before the engine loads
    from okey.engine.events import GameEvent
    from okey.hand.melds import Meld
    from okey.tiles import Tile


class Teller(Protocol):
    """What the replay's narrator offers a game's words."""

    @property
    def catalogue(self) -> Catalogue: ...

    def name(self, seat: int) -> str: ...

    def tile(self, tile: Tile) -> str: ...

    def combinations(self, melds: Sequence[Meld], pairs: Sequence[tuple[Tile, Tile]]) -> str:
        """Combinations laid, parted by semicolons."""
        ...

    def score_list(self, scores: Sequence[int]) -> str: ...

    def scores(self, scores: Sequence[int]) -> str: ...


@dataclass(frozen=True)
class WordsPart:
    """A game's own words: ``replay`` tells one of its events (its own
    :class:`~okey.engine.events.GameEvent`) in lines; ``rules`` says every rule of a rule
    set of the game, one message a sentence, after ``title`` (the set's name and
    description)."""

    replay: Callable[[Teller, GameEvent], list[str]]
    rules: Callable[[RuleSet, Message], list[Message]]
