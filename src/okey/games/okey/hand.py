"""``okey hand`` at a classic table: the hand's combinations and spares, whether it is
finished, every winning discard with its points (15 tiles), the tiles it waits for
(14 tiles) and how many exchanges it is from finishing."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from okey.commands.hand_kit import HandPart, Teller, Told
from okey.hand.analysis import HandAnalysis, analyse, to_json
from okey.hand.combinations import GroupKind
from okey.hand.notation import parse_tile, parse_tiles
from okey.hand.scoring import FinishKind
from okey.messages import Catalogue
from okey.rules import RuleSet
from okey.tiles import Tile

_GROUP_KEYS = {GroupKind.RUN: "hand.group.run", GroupKind.SET: "hand.group.set"}


def describe(analysis: HandAnalysis, catalogue: Catalogue) -> list[str]:
    """The analysis in sentences (after the indicator and the tiles), tiles named with
    their roles."""
    okey = analysis.okey

    def tiles(items: Sequence[Tile]) -> str:
        return catalogue.tiles(list(items), okey)

    lines = []
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


def _no_arguments(parser: argparse.ArgumentParser) -> None:
    """A classic hand reads only the options every game reads."""


def _teller(args: argparse.Namespace, rules: RuleSet, catalogue: Catalogue) -> Teller:
    def tell(indicator: str, tiles: str | Sequence[str]) -> Told:
        analysis = analyse(parse_tiles(tiles), parse_tile(indicator), rules.scoring)
        said = () if args.json else describe(analysis, catalogue)  # JSON: no sentences
        return Told(analysis.indicator, analysis.tiles, to_json(analysis), said)

    return tell


PART = HandPart(add_arguments=_no_arguments, teller=_teller)
