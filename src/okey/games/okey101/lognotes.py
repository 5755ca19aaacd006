"""The comment and ``scores`` lines a 101 event adds to a match log (:mod:`okey.matchlog`)."""

from __future__ import annotations

from typing import assert_never

from okey.games.okey101.events import (
    Added101,
    AnyEvent101,
    GaveBack101,
    Laid101,
    Opened101,
    Penalised101,
    RoundCancelled101,
    RoundScored101,
)


def _scores(scores: tuple[int, ...]) -> str:
    return "scores " + " ".join(str(score) for score in scores)


def notes101(event: AnyEvent101) -> list[str]:
    """Comments for what the move lines do not say, and the totals after each round."""
    match event:
        case Opened101():
            if event.pairs:
                return [f"# seat {event.seat} opens with {len(event.pairs)} pairs"]
            return [f"# seat {event.seat} opens with {event.value}"]
        case Penalised101():
            return [f"# seat {event.seat} penalty {event.points} ({event.reason.value})"]
        case RoundScored101():
            how = "pile out" if event.finisher is None else f"seat {event.finisher} finishes"
            points = " ".join(str(p) for p in event.points)
            note = f"# {how}, factor {event.factor}, round points {points}"
            return [note, _scores(event.scores)]
        case RoundCancelled101():
            return ["# all four opened with pairs: the round is cancelled", _scores(event.scores)]
        case Laid101() | Added101() | GaveBack101():
            return []
        case _:
            assert_never(event)
