"""The neighbours' words during play: a short line now and then, never a move.

A neighbour may speak when a round is dealt, when they finish, when the player's side
finishes, when the player takes their discard, and when they take the player's. Each
occasion has its chance (a third of it in brief mode), a neighbour who has just spoken
lets a few changes pass before anyone speaks again, and no line is said more than
twice at one table (Mrs Gülsüm takes a great many of the player's tiles). The table
asks only where it may say them: after the player's own move has been said, or while
another seat is to play (:func:`okey.table.change.tell`), and not at all once Shift+V
has silenced the neighbours.

Each line is the catalogue's ``story.talk.<occasion>.<neighbour>``, heard with the
chat's sound from the neighbour's side.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from enum import StrEnum
from typing import Final

from okey.audio import Cue, position_of
from okey.engine.events import Event, RoundStarted, RoundWon, TookDiscard
from okey.messages import Verbosity
from okey.table.lines import Line, Said

YOU: Final = 0
BRIEF_SHARE: Final = 1 / 3  # in brief mode a neighbour speaks this much as often
PAUSE: Final = 3  # changes that pass, once someone has spoken, before anyone speaks again
MOST_REPEATS: Final = 2  # a line is said at most this often at one table


class Occasion(StrEnum):
    """What a neighbour reacts to (the catalogue's ``story.talk.<value>.<who>``)."""

    DEAL = "deal"  # a round is dealt
    FINISH = "finish"  # the neighbour finished the round
    LOSS = "loss"  # the player's side finished: a neighbour who lost says so
    TAKEN = "taken"  # the player took the neighbour's discard
    TAKE = "take"  # the neighbour took the player's discard


PRIORITY: Final = (Occasion.FINISH, Occasion.LOSS, Occasion.TAKEN, Occasion.TAKE, Occasion.DEAL)
"""Which occasion is spoken of when one change holds several."""

CHANCE: Final[Mapping[Occasion, float]] = {
    Occasion.DEAL: 0.2,
    Occasion.FINISH: 0.6,
    Occasion.LOSS: 0.5,
    Occasion.TAKEN: 0.5,
    Occasion.TAKE: 0.3,
}
"""How often a neighbour speaks on each occasion, in detailed mode."""


def occasions(events: Sequence[Event], cast: Mapping[int, str]) -> list[tuple[Occasion, int]]:
    """What in ``events`` a neighbour may react to, and which seat would speak (the
    losers of the player's finish: each of them, the talk picks one)."""
    found: list[tuple[Occasion, int]] = []
    for event in events:
        match event:
            case RoundStarted():
                found += [(Occasion.DEAL, seat) for seat in cast]
            case TookDiscard(seat=taker, source=source) if taker == YOU and source in cast:
                found.append((Occasion.TAKEN, source))
            case TookDiscard(seat=taker, source=source) if source == YOU and taker in cast:
                found.append((Occasion.TAKE, taker))
            case RoundWon(seat=seat) if seat in cast:
                found.append((Occasion.FINISH, seat))
            case RoundWon(losers=losers) if YOU not in losers:
                found += [(Occasion.LOSS, seat) for seat in losers if seat in cast]
            case _:
                pass
    return found


class NeighbourTalk:
    """The neighbours of one story match (``cast``: seat to neighbour id) and when they
    speak; ``rng`` is its own, so the match plays the same with or without them."""

    def __init__(self, cast: Mapping[int, str], rng: random.Random) -> None:
        self.cast = dict(cast)
        self.rng = rng
        self.resting = 0  # changes to let pass before anyone speaks again
        self.said: dict[str, int] = {}  # each line, how often it was said at this table
        self.players = 4

    def lines(self, events: Sequence[Event], verbosity: Verbosity) -> list[Said]:
        """At most one neighbour's line about ``events``, with its sound from their side."""
        if self.resting:
            self.resting -= 1
            return []
        found = occasions(events, self.cast)
        if not found:
            return []
        occasion = min((what for what, _ in found), key=PRIORITY.index)
        seats = [seat for what, seat in found if what is occasion]
        chance = CHANCE[occasion] * (BRIEF_SHARE if verbosity is Verbosity.BRIEF else 1.0)
        if self.rng.random() >= chance:
            return []
        seat = self.rng.choice(seats)
        key = f"story.talk.{occasion.value}.{self.cast[seat]}"
        if self.said.get(key, 0) >= MOST_REPEATS:
            return []
        self.said[key] = self.said.get(key, 0) + 1
        self.resting = PAUSE
        return [Said(Line(key), Cue.CHAT, position_of(seat, YOU, self.players))]
