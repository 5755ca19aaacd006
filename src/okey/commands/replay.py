"""``okey replay``: replay a match log through the engine and say what happened."""

from __future__ import annotations

import argparse
from pathlib import Path

from okey.commands import error as usage_error
from okey.engine.events import seen_by
from okey.errors import Phrase
from okey.matchlog import NO_PATH, MatchLogError, names_or_seats, read_log, replay
from okey.messages import Catalogue
from okey.narrate import Narrator
from okey.numbers import SEAT

NAME = "replay"
HELP_KEY = "replay.cli.help"


def configure(parser: argparse.ArgumentParser, catalogue: Catalogue) -> None:
    parser.add_argument("file", metavar="FILE", help="a match log written by the game")
    parser.add_argument(
        "--seat",
        type=SEAT.argument(catalogue),
        metavar="N",
        help="say only what seat N knew (hands stay hidden)",
    )


def run(args: argparse.Namespace, catalogue: Catalogue) -> int:
    path = Path(args.file)
    try:
        log = read_log(path)
        match = replay(log)
    except MatchLogError as exc:
        return usage_error(exc if exc.path != NO_PATH else exc.at(str(path)), catalogue)
    if args.seat is not None and not 0 <= args.seat < match.players:
        bad_seat = Phrase("replay.bad_seat", seat=args.seat, last=match.players - 1)
        return usage_error(bad_seat, catalogue)
    names = names_or_seats(log.header, match.players)
    narrator = Narrator(names, catalogue, match.rules.table.teams)
    shown = [event if args.seat is None else seen_by(event, args.seat) for event in match.events]
    for line in narrator.story([event for event in shown if event is not None]):
        print(line)
    if not match.over:
        print(catalogue.text("replay.unfinished"))
    print(catalogue.text("replay.final", scores=narrator.totals(match.scores)))
    return 0
