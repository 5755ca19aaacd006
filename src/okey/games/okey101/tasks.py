"""Okey 101's part of the tasks: its openings, penalties and scored rounds read into a
round's facts (:mod:`okey.tasks.kit`); a cancelled round counts for nothing."""

from __future__ import annotations

from typing import assert_never

from okey.engine.events import GameEvent
from okey.games.okey101.events import (
    Added101,
    AnyEvent101,
    GaveBack101,
    Laid101,
    Opened101,
    Penalised101,
    PenaltyReason,
    RoundCancelled101,
    RoundEnd,
    RoundScored101,
)
from okey.tasks.kit import TasksPart
from okey.tasks.notes import RoundFacts, RoundNotes


def read(event: GameEvent, notes: RoundNotes, seat: int, side: frozenset[int]) -> RoundFacts | None:
    """Note what ``event`` says of ``seat``; a scored round's facts at its end."""
    if not isinstance(event, AnyEvent101):
        return None
    match event:
        case Opened101() if event.seat == seat:
            notes.opened = True
            notes.opened_pairs = bool(event.pairs)
            notes.opening = event.value
        case Penalised101() if event.seat == seat:
            notes.penalties += 1
            notes.threw_okey |= event.reason is PenaltyReason.OKEY_DISCARD
        case RoundScored101():
            mine = event.finisher == seat
            notes.lost = sum(event.points[other] for other in side)
            notes.turns += mine  # the finish lays a tile down too
            return notes.facts(
                won=mine,
                side_won=event.finisher in side,
                drawn=event.end is RoundEnd.PILE_OUT,
                pairs=mine and event.pairs_finish,
                okey_discard=mine and event.okey_finish,
                one_turn=mine and event.one_turn,
            )
        case RoundCancelled101():
            notes.cancelled = True
        case Opened101() | Penalised101() | Laid101() | Added101() | GaveBack101():
            pass  # another seat's, or nothing a task reads
        case _:
            assert_never(event)
    return None


PART = TasksPart(read=read)
