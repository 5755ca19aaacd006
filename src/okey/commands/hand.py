"""``okey hand``: what the solver sees in a hand, for a person or as JSON."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from pathlib import Path

from okey.commands import error
from okey.hand.analysis import HandAnalysis, HandError, analyse, describe, to_json
from okey.hand.notation import TileNotationError, parse_tile, parse_tiles
from okey.messages import CATALOGUE
from okey.rules import RulesError, RuleSet, load_rules

NAME = "hand"
HELP_KEY = "hand.cli.help"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("tiles", nargs="*", metavar="TILE", help="tiles such as r5 k13 fj")
    parser.add_argument("--indicator", "-i", metavar="TILE", help="the face-up indicator tile")
    parser.add_argument("--rules", default="classic", help="rule set for the points")
    parser.add_argument("--json", action="store_true", help="print one JSON object per hand")
    parser.add_argument(
        "--batch",
        metavar="FILE",
        help="read one hand per line ('indicator: tiles...'; '-' for standard input)",
    )


def _analyse_line(text: str, rules: RuleSet) -> HandAnalysis:
    indicator_text, sep, tiles_text = text.partition(":")
    if not sep:
        raise HandError(CATALOGUE.text("hand.error.batch_line"))
    return analyse(parse_tiles(tiles_text), parse_tile(indicator_text), rules.scoring)


def _lines(path: str) -> Iterator[str]:
    if path == "-":
        yield from sys.stdin
    else:
        with Path(path).open(encoding="utf-8") as handle:
            yield from handle


def _run_batch(args: argparse.Namespace, rules: RuleSet) -> int:
    failures = 0
    try:
        for number, line in enumerate(_lines(args.batch), start=1):
            text = line.strip()
            if not text or text.startswith("#"):
                continue
            try:
                analysis = _analyse_line(text, rules)
            except (ValueError, HandError) as exc:
                failures += 1
                if args.json:
                    failure = {"line": number, "input": text, "error": str(exc)}
                    print(json.dumps(failure, ensure_ascii=False))
                else:
                    print(f"{number}: {exc}")
                continue
            if args.json:
                print(json.dumps({"line": number, **to_json(analysis)}, ensure_ascii=False))
            else:
                print(CATALOGUE.text("hand.title", number=number))
                print("\n".join(describe(analysis)))
                print()
    except (OSError, UnicodeDecodeError) as exc:
        return error(CATALOGUE.text("hand.error.file", path=args.batch, reason=exc))
    return 1 if failures else 0


def run(args: argparse.Namespace) -> int:
    try:
        rules = load_rules(args.rules)
    except RulesError as exc:
        return error(str(exc))
    if args.batch:
        return _run_batch(args, rules)
    try:
        if args.indicator is None:
            raise HandError(CATALOGUE.text("hand.error.no_indicator"))
        analysis = analyse(parse_tiles(args.tiles), parse_tile(args.indicator), rules.scoring)
    except (TileNotationError, HandError) as exc:
        return error(str(exc))
    if args.json:
        print(json.dumps(to_json(analysis), ensure_ascii=False))
    else:
        print("\n".join(describe(analysis)))
    return 0
