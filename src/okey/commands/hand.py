"""``okey hand``: what the solver sees in a hand, for a person or as JSON.

Written once for every game: the game's part (:class:`okey.commands.hand_kit.HandPart`,
from its folder's module ``hand``) tells one hand, and this command reads the command
line, says the indicator and the tiles, and runs the batch: with ``--batch FILE`` (or
``-`` for standard input) each line is a hand, ``indicator: tiles``; a bad line is said
with its number and the rest are still told."""

from __future__ import annotations

import argparse
import json

from okey import kits
from okey.commands import error, words_of
from okey.commands.hand_kit import HandPart, Teller, Told
from okey.errors import OkeyError, Phrase
from okey.hand.analysis import HandError, HandProblem
from okey.messages import Catalogue
from okey.rules import RulesError, load_rules
from okey.textfiles import TextFileError, text_lines
from okey.tiles import okey_for

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
    for part in kits.parts("hand", HandPart):
        part.add_arguments(parser)


def describe(told: Told, catalogue: Catalogue) -> list[str]:
    """The hand in sentences: its indicator and okey, its tiles, then its game's."""
    okey = okey_for(told.indicator)
    return [
        catalogue.text(
            "hand.indicator", indicator=catalogue.tile(told.indicator), okey=catalogue.tile(okey)
        ),
        catalogue.text(
            "hand.tiles", count=len(told.tiles), tiles=catalogue.tiles(list(told.tiles), okey)
        ),
        *told.sentences,
    ]


def _batch_hand(text: str, tell: Teller) -> Told:
    indicator_text, sep, tiles_text = text.partition(":")
    if not sep:
        raise HandError(HandProblem.BATCH_LINE)
    return tell(indicator_text, tiles_text)


def _run_batch(args: argparse.Namespace, catalogue: Catalogue, tell: Teller) -> int:
    """Tell each hand of the batch file; a line that is no hand is said with its number,
    and the others are still told (exit status 1 when any was bad)."""
    failures = 0
    try:
        for number, line in enumerate(text_lines(args.batch), start=1):
            text = line.strip()
            if not text or text.startswith("#"):
                continue
            try:
                told = _batch_hand(text, tell)
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
                print(json.dumps({"line": number, **told.data}, ensure_ascii=False))
            else:
                print(catalogue.text("hand.title", number=number))
                print("\n".join(describe(told, catalogue)))
                print()
    except UnicodeDecodeError:  # a binary file: said so, not as the codec's words
        not_text = Phrase("file.error.not_text")
        return error(Phrase("hand.error.file", path=args.batch, reason=not_text), catalogue)
    except (OSError, TextFileError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
        return error(Phrase("hand.error.file", path=args.batch, reason=reason), catalogue)
    return 1 if failures else 0


def run(args: argparse.Namespace, catalogue: Catalogue) -> int:
    try:
        rules = load_rules(args.rules)
    except RulesError as exc:
        return error(exc, catalogue)
    tell = kits.part(rules.game, "hand", HandPart).teller(args, rules, catalogue)
    if args.batch:
        return _run_batch(args, catalogue, tell)
    try:
        if args.indicator is None:
            raise HandError(HandProblem.NO_INDICATOR)
        told = tell(args.indicator, args.tiles)
    except OkeyError as exc:  # HandError and TileNotationError among them
        return error(exc, catalogue)
    if args.json:
        print(json.dumps(told.data, ensure_ascii=False))
    else:
        print("\n".join(describe(told, catalogue)))
    return 0
