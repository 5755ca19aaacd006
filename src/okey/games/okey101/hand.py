"""``okey hand --rules 101 TILES -i INDICATOR [--table ...] [--opened ...]``: what the
101 solver sees in a hand: its best opening and value, its best pairs, the tiles
left, what fits the table and whether the hand finishes this turn.

With ``--batch`` each hand is told against the same ``--table`` (read with the
line's okey, which may complete a run or set) and ``--opened``."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any, ClassVar, Final

from okey.commands.hand_kit import HandPart, Teller, Told
from okey.errors import OkeyError
from okey.games.okey101.notation import format_meld, parse_meld
from okey.games.okey101.round import checked_meld
from okey.games.okey101.sections import rules_101
from okey.hand.analysis import check_hand
from okey.hand.finishing import Opened, finish_plan
from okey.hand.layoff import additions
from okey.hand.melds import Meld, hand_value
from okey.hand.notation import format_tile, parse_tile, parse_tiles
from okey.hand.opening import best_opening
from okey.hand.pairs import best_pairs
from okey.messages import Catalogue
from okey.rules import RuleSet
from okey.tiles import Tile, okey_for

OPENED = {"no": Opened.NOT_YET, "combinations": Opened.COMBINATIONS, "pairs": Opened.PAIRS}
MAX_HAND_101: Final = 22
"""The most tiles a 101 hand holds (the dealer's, or a hand that has just drawn)."""


class Hand101Error(OkeyError):
    """A 101 hand that cannot be told (reasons: the catalogue's ``hand101.*`` keys)."""

    prefix: ClassVar[str] = "hand101."


def hand101(tiles_text: str | Sequence[str], indicator_text: str) -> tuple[list[Tile], Tile]:
    """The tiles and indicator of a 101 hand, checked as a rack of up to 22 could hold
    them (HandError, TileNotationError or Hand101Error when not)."""
    tiles = parse_tiles(tiles_text)
    indicator = parse_tile(indicator_text)
    if indicator.is_false_joker:
        raise Hand101Error("false_joker_indicator")
    check_hand(tiles, indicator, most=MAX_HAND_101)
    return tiles, indicator


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options only a 101 hand reads."""
    parser.add_argument(
        "--table",
        metavar="MELDS",
        help="Okey 101: the combinations on the table, by '|' (r5 r6 r7 | k9 b9 y9)",
    )
    parser.add_argument(
        "--opened",
        choices=sorted(OPENED),
        default="no",
        help="Okey 101: how the player has opened (for finishing this turn)",
    )


def _table(text: str | None, okey: Tile, rules: RuleSet) -> list[Meld] | str:
    """The table's melds, or the part that is no run or set."""
    own = rules_101(rules)
    melds: list[Meld] = []
    for part in (text or "").split("|"):
        if not part.strip():
            continue
        try:
            made = checked_meld(parse_meld(part), okey, own)
        except ValueError:
            made = None
        if made is None:
            return part.strip()
        melds.append(made)
    return melds


def analyse101(
    tiles: Sequence[Tile], indicator: Tile, rules: RuleSet, table: Sequence[Meld], opened: Opened
) -> dict[str, Any]:
    """The 101 analysis as plain data (what ``--json`` prints)."""
    okey = okey_for(indicator)
    options = rules_101(rules).opening()
    found = best_opening(tiles, okey, options)
    pairs = best_pairs(tiles, okey, options)
    left = list(found.left) if found is not None else list(tiles)
    value = hand_value(left, okey)
    plan = finish_plan(tiles, table, okey, options, opened) if len(tiles) >= 2 else None
    return {
        "indicator": format_tile(indicator),
        "okey": format_tile(okey),
        "tiles": [format_tile(t) for t in tiles],
        "opening": {
            "value": found.value if found is not None else 0,
            "threshold": options.threshold,
            "reaches": found is not None and found.reaches,
            "melds": [format_meld(m) for m in found.melds] if found is not None else [],
            "values": [m.value for m in found.melds] if found is not None else [],
        },
        "pairs": {
            "count": len(pairs.pairs) if pairs is not None else 0,
            "needed": options.pairs,
            "reaches": pairs is not None and pairs.reaches,
            "pairs": [f"{format_tile(a)} {format_tile(b)}" for a, b in pairs.pairs]
            if pairs is not None
            else [],
        },
        "left": {
            "tiles": [format_tile(t) for t in left],
            "points": value.points,
            "okeys": value.okeys,
        },
        "fits": [
            {"tile": format_tile(a.tile), "meld": a.meld, "place": a.place.value}
            for a in additions(tiles, table, okey, options)
        ],
        "finishes": None if plan is None else format_tile(plan.discard),
    }


def describe101(data: dict[str, Any], table: Sequence[Meld], catalogue: Catalogue) -> list[str]:
    """The analysis in sentences (after the indicator and the tiles)."""
    text = catalogue.text
    okey = parse_tile(data["okey"])

    def named(words: Sequence[str]) -> str:
        return catalogue.tiles([parse_tile(w) for w in words], okey)

    lines = []
    opening = data["opening"]
    if not opening["melds"]:
        lines.append(text("hand101.opening.none"))
    else:
        key = "hand101.opening.reaches" if opening["reaches"] else "hand101.opening.short"
        lines.append(text(key, value=opening["value"], threshold=opening["threshold"]))
        for meld, value in zip(opening["melds"], opening["values"], strict=True):
            words = [w.split("=")[0] for w in meld.split()]
            lines.append(text("hand101.meld", tiles=named(words), value=value))
    pairs = data["pairs"]
    if pairs["count"]:
        words = [w for pair in pairs["pairs"] for w in pair.split()]
        lines.append(
            text("hand101.pairs", count=pairs["count"], needed=pairs["needed"], tiles=named(words))
        )
    left = data["left"]
    lines.append(
        text("hand101.left", tiles=named(left["tiles"]), points=left["points"], okeys=left["okeys"])
    )
    for fit in data["fits"]:
        meld = table[fit["meld"]]
        lines.append(
            text(
                "hand101.fits",
                tile=catalogue.tile(parse_tile(fit["tile"]), okey),
                meld=fit["meld"],
                tiles=catalogue.tiles(list(meld.tiles), okey),
            )
        )
    if data["finishes"] is None:
        lines.append(text("hand101.finish.no"))
    else:
        lines.append(
            text("hand101.finish.yes", tile=catalogue.tile(parse_tile(data["finishes"]), okey))
        )
    return lines


def _teller(args: argparse.Namespace, rules: RuleSet, catalogue: Catalogue) -> Teller:
    """Each hand told against the command line's ``--table`` (read once for each okey)
    and ``--opened``; a table that is no run or set with the hand's okey is a
    Hand101Error."""
    tables: dict[Tile, list[Meld] | str] = {}
    opened = OPENED[args.opened]

    def tell(indicator_text: str, tiles_text: str | Sequence[str]) -> Told:
        tiles, indicator = hand101(tiles_text, indicator_text)
        okey = okey_for(indicator)
        if okey not in tables:
            tables[okey] = _table(args.table, okey, rules)
        table = tables[okey]
        if isinstance(table, str):
            raise Hand101Error("bad_table", text=table)
        data = analyse101(tiles, indicator, rules, table, opened)
        said = () if args.json else describe101(data, table, catalogue)  # JSON: no sentences
        return Told(indicator, tiles, data, said)

    return tell


PART = HandPart(add_arguments=add_arguments, teller=_teller)
