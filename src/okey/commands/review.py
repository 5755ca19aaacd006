"""``okey review [SAVE]`` (or ``--log FILE``): the master's review of every finished round of
a saved match or a match log, Okey or Okey 101."""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass
from pathlib import Path

from okey.commands import error
from okey.commands.saves import seat_names
from okey.engine.match import Match
from okey.engine.notation import format_action
from okey.errors import Phrase
from okey.hand.notation import format_tile
from okey.matchlog import NO_PATH, MatchLogError, names_or_seats, read_log, replay
from okey.messages import Catalogue, Verbosity
from okey.numbers import SEAT
from okey.review import Decision, RoundReview, review_match
from okey.saves import SaveError, latest_save, read_save, saves_dir
from okey.saves.paths import SUFFIX
from okey.table.output.reviewing import review_lines
from okey.table.output.words import Words
from okey.table.state.persist import session_from_save
from okey.table.state.seats import Seats

NAME = "review"
HELP_KEY = "review.help"


def configure(parser: argparse.ArgumentParser, catalogue: Catalogue) -> None:
    text = catalogue.text
    parser.add_argument("name", nargs="?", metavar="SAVE", help=text("review.cli.save"))
    parser.add_argument(
        "--seat", type=SEAT.argument(catalogue), metavar="N", help=text("review.cli.seat")
    )
    parser.add_argument("--log", metavar="FILE", help=text("review.cli.log"))
    parser.add_argument("--json", action="store_true", help=text("review.cli.json"))
    parser.add_argument("--saves", metavar="DIR", help=text("table.cli.saves"))


LOG_SUFFIX = ".okeylog"
"""A positional name ending so is read as a match log (as ``--log``)."""


def run(args: argparse.Namespace, catalogue: Catalogue) -> int:
    log = args.log
    if log is not None and args.name is not None:
        return error(Phrase("review.log_and_save"), catalogue)
    if log is None and args.name is not None and args.name.endswith(LOG_SUFFIX):
        log = args.name
    found = _from_log(Path(log), catalogue) if log is not None else _from_save(args, catalogue)
    if isinstance(found, int):
        return found
    if isinstance(found, MatchLogError):
        return error(found, catalogue)
    match, names = found.match, found.names
    text = catalogue.text
    seat = found.you if args.seat is None else args.seat
    if not 0 <= seat < match.players:
        return error(text("review.bad_seat", seat=seat, last=match.players - 1), catalogue)
    reviews = review_match(match, seat)
    if args.json:
        document = as_json(found.name, match.rules.name, seat, reviews, found.source)
        print(json.dumps(document, ensure_ascii=False))
        return 0
    if not reviews:
        print(text("review.no_rounds"))
        return 0
    seats = Seats(match.rules.table, seat, tuple(names))
    words = Words(seats, Verbosity.DETAILED, catalogue)
    for review in reviews:
        summary, *lines = review_lines(review, words)
        print(text("review.round", number=review.number, summary=summary))
        for line in lines:
            print("  " + line)
    return 0


@dataclass(frozen=True)
class Found:
    """A match to review: its name (from a "save" or a "log"), its seats' names and the
    player's seat."""

    match: Match
    name: str
    names: list[str]
    you: int
    source: str


def _from_save(args: argparse.Namespace, catalogue: Catalogue) -> Found | int:
    """The saved match (the player's seat is the save's), or the exit status of an error."""
    folder = saves_dir(args.saves)
    try:
        target: str | Path | None = args.name or latest_save(folder)
        if target is None:
            return error(catalogue.text("review.no_saves", folder=folder), catalogue)
        data = read_save(target, folder)
        session = session_from_save(data, catalogue)
    except SaveError as exc:
        return error(exc, catalogue)
    name = Path(target).name.removesuffix(SUFFIX)
    names = seat_names(data, catalogue)
    return Found(session.match, name, list(names), session.settings.you, "save")


def _from_log(path: Path, catalogue: Catalogue) -> Found | MatchLogError:
    """The match a log replays (seat 0 is the player's), or why it does not."""
    try:
        log = read_log(path)
        match = replay(log)
    except MatchLogError as exc:
        return exc if exc.path != NO_PATH else exc.at(str(path))
    header = names_or_seats(log.header, match.players)
    names = [name or catalogue.text("saves.seat", seat=seat) for seat, name in enumerate(header)]
    return Found(match, path.name.removesuffix(LOG_SUFFIX), names, 0, "log")


def as_json(
    name: str, rules: str, seat: int, reviews: tuple[RoundReview, ...], source: str = "save"
) -> dict[str, object]:
    """The machine form: every decision of every finished round, moves in log notation
    (``source``: the key that names the save, or the log)."""
    return {
        source: name,
        "rules": rules,
        "seat": seat,
        "rounds": [
            {
                "round": review.number,
                "decisions": review.summary.decisions,
                "agreements": review.summary.agreements,
                "automatic": review.summary.automatic,
                "moves": [_decision_json(decision) for decision in review.decisions],
            }
            for review in reviews
        ],
    }


def _decision_json(decision: Decision) -> dict[str, object]:
    return {
        "turn": decision.turn,
        "kind": decision.kind.value,
        "played": None if decision.played is None else format_action(decision.played),
        "master": None if decision.master is None else format_action(decision.master),
        "agreed": decision.agreed,
        "automatic": decision.automatic,
        "offered": None if decision.offered is None else format_tile(decision.offered),
        "played_points": decision.played_points,
        "master_points": decision.master_points,
    }
