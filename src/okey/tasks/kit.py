"""What the tasks ask of a game (its module ``tasks``'s ``PART``).

The record is read once for every game (:mod:`okey.tasks.facts`: the deal, draws,
takes, discards and an Okey round's end); a game's own events (Okey 101's openings,
penalties and scored rounds) are read by its part into the round's notes, and its
part says when such an event ends the round, with its facts.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from okey.engine.events import GameEvent
    from okey.tasks.notes import RoundFacts, RoundNotes

Read = Callable[["GameEvent", "RoundNotes", int, frozenset[int]], "RoundFacts | None"]
"""Reads a game's own event of the round ``notes`` are kept for, from seat ``seat``'s
side (``side``: it and a partner): the round's facts when the event ends it, else None
(the notes changed, or ``notes.cancelled`` set: the round is played again)."""


def nothing(event: GameEvent, notes: RoundNotes, seat: int, side: frozenset[int]) -> None:
    """A game with no events of its own to read."""
    del event, notes, seat, side


@dataclass(frozen=True)
class TasksPart:
    """A game's part of the tasks: how its own events are read."""

    read: Read = nothing
