"""``okey resume [NAME]``: pick a saved match up again, exactly where it was left."""

from __future__ import annotations

import argparse
from pathlib import Path

from okey.commands import error
from okey.commands.play import add_pace_and_saves, open_table
from okey.daily import SAVE_PREFIX
from okey.errors import Phrase
from okey.messages import Catalogue
from okey.saves import AUTOSAVE, SaveError, latest_save, read_save, saves_dir
from okey.saves.paths import SUFFIX
from okey.speech import add_speech_options
from okey.table.persist import session_from_save

NAME = "resume"
HELP_KEY = "table.cli.resume"


def configure(parser: argparse.ArgumentParser, catalogue: Catalogue) -> None:
    parser.add_argument(
        "name", nargs="?", metavar="NAME", help=catalogue.text("table.cli.save_name")
    )
    add_pace_and_saves(parser, None, catalogue)
    add_speech_options(parser, catalogue)


def run(args: argparse.Namespace, catalogue: Catalogue) -> int:
    folder = saves_dir(args.saves)
    try:
        target: str | Path | None = args.name or latest_save(folder, unfinished=True)
        if target is None:
            return error(catalogue.text("table.cli.no_saves", folder=folder), catalogue)
        data = read_save(target, folder)
        if data.rules.okey101 is not None:  # the table plays no 101 yet (issue 13)
            return error(Phrase("play.error.no_101"), catalogue)
        session = session_from_save(data, catalogue)
    except SaveError as exc:
        return error(exc, catalogue)
    pace = session.settings.pace if args.pace is None else args.pace
    if pace < 0:
        return error(Phrase("table.cli.bad_pace"), catalogue)
    session.settings.pace = pace
    name = Path(target).name.removesuffix(SUFFIX)
    saved_as = None if name == AUTOSAVE else name  # saving again keeps to the save it came from
    autosave_as = name if name.startswith(SAVE_PREFIX) else AUTOSAVE  # a day's hand: its own
    return open_table(
        session, args, catalogue, saved_as=saved_as, autosave_as=autosave_as, resumed=True
    )
