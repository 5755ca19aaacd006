"""``okey hand``: what the solver sees in a hand, for a person or as JSON."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Sequence

from okey.commands import error, words_of
from okey.commands.hand101 import Answer, batch_answer101, run101
from okey.commands.hand101 import add_arguments as add_101_arguments
from okey.errors import Phrase
from okey.hand.analysis import HandAnalysis, HandError, HandProblem, analyse, to_json
from okey.hand.combinations import GroupKind
from okey.hand.notation import TileNotationError, parse_tile, parse_tiles
from okey.hand.scoring import FinishKind
from okey.hand.tiles import Tile
from okey.messages import Catalogue
from okey.rules import RulesError, RuleSet, load_rules
from okey.textfiles import TextFileError, text_lines

NAME = "hand"
HELP_KEY = "hand.cli.help"


def configure(parser: argparse.ArgumentParser, catalogue: Catalogue) -> None:
    parser.add_argument("tiles", nargs="*", metavar="TILE", help="tiles such as r5 k13 fj")
    parser.add_argument("--indicator", "-i", metavar="TILE", help="the face-up indicator tile")
    parser.add_argument("--rules", default="classic", help="rule set for the points")
    parser.add_argument("--json", action="store_true", help="print one JSON object per hand")
    parser.add_argument(
        "--batch",
        metavar="FILE",
        help="read one hand per line ('indicator: tiles...'; '-' for standard input)",
    )
    add_101_arguments(parser)


def _analyse_line(text: str, rules: RuleSet) -> HandAnalysis:
    indicator_text, sep, tiles_text = text.partition(":")
    if not sep:
        raise HandError(HandProblem.BATCH_LINE)
    return analyse(parse_tiles(tiles_text), parse_tile(indicator_text), rules.scoring)


def _answer(rules: RuleSet, catalogue: Catalogue) -> Callable[[str], Answer]:
    def answer(text: str) -> Answer:
        analysis = _analyse_line(text, rules)
        return to_json(analysis), describe(analysis, catalogue)

    return answer


def _run_batch(
    args: argparse.Namespace, catalogue: Catalogue, answer: Callable[[str], Answer]
) -> int:
    """Tell each hand of the batch file with ``answer``; a line that is no hand is said
    with its number, and the others are still told (exit status 1 when any was bad)."""
    failures = 0
    try:
        for number, line in enumerate(text_lines(args.batch), start=1):
            text = line.strip()
            if not text or text.startswith("#"):
                continue
            try:
                data, sentences = answer(text)
            except ValueError as exc:  # HandError and TileNotationError among them
                failures += 1
                said = words_of(exc, catalogue)
                if args.json:
                    failure = {"line": number, "input": text, "error": said}
                    print(json.dumps(failure, ensure_ascii=False))
                else:
                    print(f"{number}: {said}")
                continue
            if args.json:
                print(json.dumps({"line": number, **data}, ensure_ascii=False))
            else:
                print(catalogue.text("hand.title", number=number))
                print("\n".join(sentences))
                print()
    except (OSError, UnicodeDecodeError, TextFileError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
        return error(Phrase("hand.error.file", path=args.batch, reason=reason), catalogue)
    return 1 if failures else 0


def run(args: argparse.Namespace, catalogue: Catalogue) -> int:
    try:
        rules = load_rules(args.rules)
    except RulesError as exc:
        return error(exc, catalogue)
    if rules.okey101 is not None:
        if args.batch:
            return _run_batch(args, catalogue, batch_answer101(args, rules, catalogue))
        return run101(args, rules, catalogue)
    if args.batch:
        return _run_batch(args, catalogue, _answer(rules, catalogue))
    try:
        if args.indicator is None:
            raise HandError(HandProblem.NO_INDICATOR)
        analysis = analyse(parse_tiles(args.tiles), parse_tile(args.indicator), rules.scoring)
    except (TileNotationError, HandError) as exc:
        return error(exc, catalogue)
    if args.json:
        print(json.dumps(to_json(analysis), ensure_ascii=False))
    else:
        print("\n".join(describe(analysis, catalogue)))
    return 0


_GROUP_KEYS = {GroupKind.RUN: "hand.group.run", GroupKind.SET: "hand.group.set"}


def describe(analysis: HandAnalysis, catalogue: Catalogue) -> list[str]:
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
