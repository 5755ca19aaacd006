"""Everything the solver can say about one hand, as data, JSON and words."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from okey.hand.combinations import GroupKind
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
from okey.hand.tiles import Tile, okey_for
from okey.messages import CATALOGUE, Catalogue
from okey.rules import ScoringRules

MAX_HAND = HAND_SIZE + 1


class HandError(ValueError):
    """A hand that cannot be on a rack: too many tiles or copies."""


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


def check_hand(hand: Sequence[Tile], indicator: Tile, catalogue: Catalogue = CATALOGUE) -> None:
    """Refuse hands no real rack could hold."""
    if not hand:
        raise HandError(catalogue.text("hand.error.empty"))
    if len(hand) > MAX_HAND:
        raise HandError(catalogue.text("hand.error.too_many", most=MAX_HAND, count=len(hand)))
    okey = okey_for(indicator)
    counts = Counter(hand)
    for tile, count in counts.items():
        if count > 2:
            name = catalogue.tile(tile, okey)
            raise HandError(catalogue.text("hand.error.copies", count=count, tile=name))
    if counts[indicator] > 1:
        raise HandError(catalogue.text("hand.error.indicator", tile=catalogue.tile(indicator)))


def analyse(hand: Sequence[Tile], indicator: Tile, scoring: ScoringRules) -> HandAnalysis:
    """Analyse a hand of 1..15 tiles under ``indicator``."""
    if indicator.is_false_joker:
        raise HandError(CATALOGUE.text("hand.error.false_joker_indicator"))
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


_GROUP_KEYS = {GroupKind.RUN: "hand.group.run", GroupKind.SET: "hand.group.set"}


def describe(analysis: HandAnalysis, catalogue: Catalogue = CATALOGUE) -> list[str]:
    """The analysis in sentences, tiles named with their roles."""
    okey = analysis.okey

    def tiles(items: Sequence[Tile]) -> str:
        return catalogue.tiles(list(items), okey)

    lines = [
        catalogue.text(
            "hand.indicator",
            indicator=catalogue.tile(analysis.indicator),
            okey=catalogue.tile(okey),
        ),
        catalogue.text("hand.tiles", count=len(analysis.tiles), tiles=tiles(analysis.tiles)),
    ]
    for group in analysis.grouping.groups:
        key = _GROUP_KEYS.get(group.kind, "hand.group.pair")
        lines.append(catalogue.text(key, tiles=tiles(group.tiles)))
    if analysis.grouping.spares:
        lines.append(catalogue.text("hand.spares", tiles=tiles(analysis.grouping.spares)))
    else:
        lines.append(catalogue.text("hand.no_spares"))
    if analysis.winning is not None:
        if analysis.kind is FinishKind.COMBINATIONS:
            lines.append(catalogue.text("hand.winning.combinations"))
        elif analysis.kind is FinishKind.PAIRS:
            lines.append(catalogue.text("hand.winning.pairs"))
        else:
            lines.append(catalogue.text("hand.not_winning"))
    if analysis.finishes is not None:
        for f in analysis.finishes:
            kind = catalogue.text(f"kind.{f.kind.value}")
            tile = catalogue.tile(f.discard, okey)
            lines.append(catalogue.text("hand.finish", tile=tile, kind=kind, points=f.points))
        if not analysis.finishes:
            lines.append(catalogue.text("hand.no_finish"))
    if analysis.waits is not None:
        if analysis.waits:
            lines.append(catalogue.text("hand.waits", tiles=tiles(analysis.waits)))
        else:
            lines.append(catalogue.text("hand.no_waits"))
    lines.append(catalogue.text("hand.deficiency", count=analysis.deficiency))
    return lines
