"""What ``okey simulate`` asks of a game (its module ``simulate``'s ``PART``).

The command is written once: the seats, the matches, the logs, the decision times
and the report's frame. A game's part counts what its rounds tell (classic Okey's
wins and finishes, Okey 101's openings and penalties), words those figures, and
seats its plug-in bots.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from okey.bots.base import AnyBot
from okey.bots.plugin_terms import Incident, PluginError
from okey.engine.actions import Action
from okey.engine.events import Event


class Tally(Protocol):
    """One run's figures for a game's seats, fed every event of every round played."""

    rounds: int
    """The rounds that count toward ``--rounds`` (at 101 a cancelled round does not)."""

    def count(self, event: Event) -> None: ...

    def totals(self) -> dict[str, int]:
        """The run's own totals: in the JSON after the matches, and words of the summary."""
        ...

    def seat_figures(self) -> list[dict[str, Any]]:
        """Each seat's figures, as the JSON report gives them."""
        ...

    def seat_words(self) -> list[dict[str, Any]]:
        """The words of each seat's line (its bot among them), beside its number."""
        ...

    def team_words(self, team: Sequence[int]) -> dict[str, Any]:
        """The words of a partners table's team line (its bots among them), beside its
        seats' numbers."""
        ...


@dataclass(frozen=True)
class Seating:
    """What a plug-in seat is seated with: its number, the run's seed, the time a move
    may take, where a replaced move is told, and whether the match now accepts a move
    of a seat."""

    seat: int
    seed: int
    time_limit: float
    on_incident: Callable[[Incident], None]
    accepts: Callable[[int, Action], bool]


@dataclass(frozen=True)
class SimulatePart:
    """A game's part of ``okey simulate``.

    ``tally`` makes a run's counter from the seats' names; the report's first line is
    the message ``summary``, each seat's the message ``seat`` and, at a partners table,
    each team's the message ``team`` (the tally's words);
    ``head`` is what the JSON says after the rule set's name, ``rate_digits`` the
    rounding of the rounds a second. ``check_plugin`` says why a seat name that is no
    level cannot sit at this game, ``plugin`` seats one that can (guarded)."""

    tally: Callable[[Sequence[str]], Tally]
    summary: str
    seat: str
    team: str
    head: Mapping[str, Any]
    rate_digits: int
    check_plugin: Callable[[str], PluginError | None]
    plugin: Callable[[str, random.Random, Seating], AnyBot]
