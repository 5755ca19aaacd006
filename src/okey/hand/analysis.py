"""Everything the solver can say about one hand, as data and JSON (the words are
:mod:`okey.commands.hand`'s)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar

from okey.errors import OkeyError
from okey.hand.notation import format_tile
from okey.hand.scoring import FinishKind
from okey.hand.solver import (
    HAND_SIZE,
    Finish,
    Grouping,
    combination_grouping,
    deficiency,
    finishes,
    pairs_grouping,
    waits,
    winning_kinds,
)
from okey.rules import ScoringRules
from okey.tiles import Tile, okey_for

MAX_HAND = HAND_SIZE + 1


class HandProblem(StrEnum):
    """Why a hand cannot be analysed (words: ``hand.error.<value>``)."""

    EMPTY = "empty"
    TOO_MANY = "too_many"
    COPIES = "copies"
    INDICATOR = "indicator"
    FALSE_JOKER_INDICATOR = "false_joker_indicator"
    NO_INDICATOR = "no_indicator"
    BATCH_LINE = "batch_line"


class HandError(OkeyError):
    """A hand that cannot be on a rack (too many tiles or copies), or no hand at all."""

    prefix: ClassVar[str] = "hand.error."

    def __init__(
        self, reason: HandProblem | str, /, *, okey: Tile | None = None, **fields: object
    ) -> None:
        super().__init__(HandProblem(reason), **fields)
        self.okey = okey


@dataclass(frozen=True)
class HandAnalysis:
    indicator: Tile
    okey: Tile
    tiles: tuple[Tile, ...]
    winning: bool | None
    kind: FinishKind | None
    grouping: Grouping
    finishes: tuple[Finish, ...] | None
    waits: tuple[Tile, ...] | None
    deficiency: int


def check_hand(hand: Sequence[Tile], indicator: Tile, most: int = MAX_HAND) -> None:
    """Refuse hands no real rack of ``most`` tiles could hold."""
    if not hand:
        raise HandError(HandProblem.EMPTY)
    if len(hand) > most:
        raise HandError(HandProblem.TOO_MANY, most=most, count=len(hand))
    okey = okey_for(indicator)
    counts = Counter(tile.code for tile in hand)  # codes: hashed faster than tiles
    for code, count in counts.items():
        if count > 2:
            raise HandError(HandProblem.COPIES, okey=okey, count=count, tile=Tile(code))
    if counts[indicator.code] > 1:
        raise HandError(HandProblem.INDICATOR, tile=indicator)


def analyse(hand: Sequence[Tile], indicator: Tile, scoring: ScoringRules) -> HandAnalysis:
    """Analyse a hand of 1..15 tiles under ``indicator``."""
    if indicator.is_false_joker:
        raise HandError(HandProblem.FALSE_JOKER_INDICATOR)
    check_hand(hand, indicator)
    okey = okey_for(indicator)
    kinds = winning_kinds(hand, okey)
    found = finishes(hand, okey, scoring) if len(hand) == MAX_HAND else None
    pairs_only = (kinds == [FinishKind.PAIRS]) or (
        found and all(f.kind is FinishKind.PAIRS for f in found)
    )
    grouping = pairs_grouping(hand, okey) if pairs_only else combination_grouping(hand, okey)
    return HandAnalysis(
        indicator=indicator,
        okey=okey,
        tiles=tuple(hand),
        winning=bool(kinds) if len(hand) == HAND_SIZE else None,
        kind=kinds[0] if kinds else None,
        grouping=grouping,
        finishes=tuple(found) if found is not None else None,
        waits=tuple(waits(hand, okey)) if len(hand) == HAND_SIZE else None,
        deficiency=deficiency(hand, okey),
    )


def to_json(analysis: HandAnalysis) -> dict[str, Any]:
    """The analysis as one JSON-ready object, tiles in the notation."""

    def names(tiles: Sequence[Tile]) -> list[str]:
        return [format_tile(tile) for tile in tiles]

    return {
        "indicator": format_tile(analysis.indicator),
        "okey": format_tile(analysis.okey),
        "tiles": names(analysis.tiles),
        "winning": analysis.winning,
        "kind": analysis.kind.value if analysis.kind else None,
        "grouping": {
            "groups": [names(group.tiles) for group in analysis.grouping.groups],
            "spares": names(analysis.grouping.spares),
        },
        "finishes": None
        if analysis.finishes is None
        else [
            {"discard": format_tile(f.discard), "kind": f.kind.value, "points": f.points}
            for f in analysis.finishes
        ],
        "waits": None if analysis.waits is None else names(analysis.waits),
        "deficiency": analysis.deficiency,
    }
