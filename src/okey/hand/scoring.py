"""Points for finishing a round."""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum

from okey.rules import ScoringRules
from okey.tiles import Colour, Tile, is_okey, stand_in


class FinishKind(Enum):
    """How a finished hand is laid out."""

    COMBINATIONS = "combinations"
    PAIRS = "pairs"


DOUBLING_COLOURS = frozenset({Colour.YELLOW, Colour.BLUE})


def colour_doubles(scoring: ScoringRules, discard: Tile, okey: Tile) -> bool:
    """True when the table doubles a win finished with a tile of this colour."""
    return scoring.colored and stand_in(discard, okey).colour in DOUBLING_COLOURS


def finish_points(scoring: ScoringRules, kind: FinishKind, discard: Tile, okey: Tile) -> int:
    """What each other player loses when a round is won with ``discard``."""
    factor = 1
    if is_okey(discard, okey):
        factor *= scoring.okey_discard
    if kind is FinishKind.PAIRS:
        factor *= scoring.pairs
    if colour_doubles(scoring, discard, okey):
        factor *= 2
    points = scoring.normal * factor
    if scoring.combine == "cap":
        points = min(points, scoring.max_loss)
    return points


def best_finish(
    scoring: ScoringRules, kinds: Iterable[FinishKind], discard: Tile, okey: Tile
) -> tuple[int, FinishKind]:
    """The way of finishing worth most among ``kinds`` (not empty; the first of equals),
    with its points: what a win with ``discard`` costs each other player."""
    return max(
        ((finish_points(scoring, kind, discard, okey), kind) for kind in kinds),
        key=lambda scored: scored[0],
    )
