"""``okey resume [NAME]``: pick a saved match up again, exactly where it was left."""

from __future__ import annotations

import argparse
from pathlib import Path

from okey.commands import error, words_of
from okey.commands.play import add_pace_and_saves, open_table
from okey.daily import SAVE_PREFIX
from okey.errors import Phrase
from okey.messages import Catalogue
from okey.saves import SaveError, read_save, saves_dir
from okey.saves.data import match_id_of
from okey.saves.lock import lock_save
from okey.saves.paths import SUFFIX, target_for_reading
from okey.saves.store import is_autosave, unfinished_saves
from okey.speech import add_speech_options
from okey.table.state.persist import session_from_save
from okey.table.terminal.screens import add_screen_option

NAME = "resume"
HELP_KEY = "table.cli.resume"


def configure(parser: argparse.ArgumentParser, catalogue: Catalogue) -> None:
    parser.add_argument(
        "name", nargs="?", metavar="NAME", help=catalogue.text("table.cli.save_name")
    )
    add_pace_and_saves(parser, None, catalogue)
    add_speech_options(parser, catalogue)
    add_screen_option(parser, catalogue)


def run(args: argparse.Namespace, catalogue: Catalogue) -> int:
    folder = saves_dir(args.saves)
    others = 0
    try:
        target: str | Path | None = args.name
        if target is None:
            unfinished = unfinished_saves(folder)
            if not unfinished:
                return error(Phrase("table.cli.no_saves", folder=folder), catalogue)
            target, others = unfinished[0].path, len(unfinished) - 1
        held = lock_save(target_for_reading(target, folder))  # refused if another okey has it
        try:
            data = read_save(target, folder)
            session = session_from_save(data, catalogue)
        except SaveError:
            held.release()
            raise
    except SaveError as exc:
        return error(exc, catalogue)
    pace = session.settings.pace if args.pace is None else args.pace
    session.settings.pace = pace
    name = Path(target).name.removesuffix(SUFFIX)
    notices = []
    if data.verified is False:
        notices.append(words_of(Phrase("saves.unverified", name=name), catalogue))
    if others:
        notices.append(words_of(Phrase("table.cli.other_matches", count=others), catalogue))
    # Saving again keeps to the save it came from; an autosave slot or a day's hand goes
    # on in its own file, any other save autosaves into a free slot.
    saved_as = None if is_autosave(name) else name
    autosave_as = name if is_autosave(name) or name.startswith(SAVE_PREFIX) else None
    return open_table(
        session,
        args,
        catalogue,
        saved_as=saved_as,
        autosave_as=autosave_as,
        resumed=True,
        notice=" ".join(notices) or None,
        match_id=match_id_of(data),  # an unverified match stays unverified
        held=[held],
    )
