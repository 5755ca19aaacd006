"""``okey tasks``: today's three tasks, this week's challenge, what is left and the okey
score.

It first counts the matches saved this week (a sealed, unchanged save only): a task
they complete is said as done and its reward added.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

from okey.commands import error, report
from okey.commands.saying import say
from okey.daily import parse_day, spoken_date, today
from okey.messages import Catalogue
from okey.progress_file import ProgressError
from okey.saves import saves_dir
from okey.speech import add_speech_options

NAME = "tasks"
HELP_KEY = "tasks.cli.help"


def configure(parser: argparse.ArgumentParser, catalogue: Catalogue) -> None:
    text = catalogue.text
    parser.add_argument("--date", metavar="YYYY-MM-DD", help=text("tasks.cli.date"))
    parser.add_argument("--saves", metavar="DIR", help=text("table.cli.saves"))
    add_speech_options(parser, catalogue)


def run(args: argparse.Namespace, catalogue: Catalogue) -> int:
    from okey.tasks.counting import count_folder, said
    from okey.tasks.ledger import load_ledger
    from okey.tasks.reading import reading

    text = catalogue.text
    now = today()
    try:
        day = parse_day(args.date) if args.date is not None else now
    except ValueError:
        return error(text("daily.cli.bad_date", given=args.date), catalogue)
    folder = saves_dir(args.saves)
    try:
        credits = count_folder(folder, now)
        ledger = load_ledger(folder)
    except ProgressError as exc:
        return error(exc, catalogue)
    say(args, catalogue, [*said(credits), *reading(ledger, day, spoken_date(day, catalogue))])
    return 0


def after_table(
    written: Sequence[Path], folder: Path, args: argparse.Namespace, catalogue: Catalogue
) -> None:
    """Once a table has closed: credit and say the tasks its saves complete (a progress
    file that cannot be used is said, and the game is not held up)."""
    from okey.tasks.counting import count_files, said

    try:
        credits = count_files(written, folder, today())
    except ProgressError as exc:
        report(exc, catalogue)
        return
    say(args, catalogue, said(credits))
