"""``okey story``: the Apartment Table, five evenings with the neighbours and then the
Masters' Table.

Each run plays the next match of the story: the evening in play, resumed where it
was left, or the next one. When the match is over its result is said and kept
(:mod:`okey.story.progress`). ``--board`` reads the title and the building board and
plays nothing.
"""

from __future__ import annotations

import argparse
import random
from dataclasses import replace
from datetime import date
from typing import TYPE_CHECKING

from okey.commands import error, needs_terminal, report, words_of
from okey.commands.daily import spoken_date, today
from okey.commands.play import (
    add_name_and_sort,
    add_pace_and_saves,
    new_settings,
    open_table,
)
from okey.commands.saying import say
from okey.messages import Catalogue, Verbosity
from okey.numbers import SEED
from okey.progress_file import ProgressError
from okey.rules import RulesError, load_rules
from okey.saves import SaveError, read_save, saves_dir
from okey.saves.paths import save_path
from okey.speech import add_speech_options
from okey.story.progress import Progress, load_progress, store_progress
from okey.table.state.settings import DEFAULT_PACE
from okey.table.terminal.screens import add_screen_option

if TYPE_CHECKING:
    from okey.table.state.session import TableSession

NAME = "story"
HELP_KEY = "story.cli.help"
LEVEL = "medium"  # the level a neighbour's seat names until the story seats its style
SEED_STEP = 100_003  # the neighbours' talk: a generator for each match and each resume


def configure(parser: argparse.ArgumentParser, catalogue: Catalogue) -> None:
    text = catalogue.text
    parser.add_argument("--board", action="store_true", help=text("story.cli.board"))
    parser.add_argument("--seed", type=SEED.argument(catalogue), help=argparse.SUPPRESS)
    add_name_and_sort(parser, catalogue)
    add_pace_and_saves(parser, DEFAULT_PACE, catalogue)
    add_speech_options(parser, catalogue)
    add_screen_option(parser, catalogue)


def settled(
    progress: Progress, args: argparse.Namespace, catalogue: Catalogue, day: date
) -> Progress:
    """The progress once the match in play is counted, if it is over (its result said);
    as it is when the match goes on. A save that no longer reads is said, and the story
    starts that match again (the file is left as it is)."""
    from okey.story.evening import settle
    from okey.story.lines import ending

    name = progress.current
    if name is None:
        return progress
    folder = saves_dir(args.saves)
    if not save_path(name, folder).is_file():
        progress = replace(progress, current=None)
        store_progress(folder, progress)
        return progress
    try:
        data = read_save(name, folder)
    except SaveError as exc:
        report(exc, catalogue)
        progress = replace(progress, current=None)
        store_progress(folder, progress)
        return progress
    if not data.over:
        return progress
    after, outcome = settle(progress, data, day)
    store_progress(folder, after)
    say(args, catalogue, ending(outcome, after))
    return after


def run(args: argparse.Namespace, catalogue: Catalogue) -> int:
    from okey.story.lines import status

    folder = saves_dir(args.saves)
    day = today()
    try:
        progress = load_progress(folder)
    except ProgressError as exc:
        return error(exc, catalogue)
    if args.board:
        for line in status(progress, lambda iso: spoken_date(date.fromisoformat(iso), catalogue)):
            print(words_of(line, catalogue))
        return 0
    if args.pace < 0:
        return error(catalogue.text("table.cli.bad_pace"), catalogue)
    refused = needs_terminal(catalogue)
    if refused is not None:
        return refused
    try:
        progress = settled(progress, args, catalogue, day)
        if progress.current is not None:
            status_code = resume(progress, args, catalogue)
        else:
            status_code = begin(progress, args, catalogue)
        settled(load_progress(folder), args, catalogue, day)
    except (ProgressError, SaveError, RulesError) as exc:
        return error(exc, catalogue)
    return status_code


def resume(progress: Progress, args: argparse.Namespace, catalogue: Catalogue) -> int:
    """Pick the match in play up where it was left, the neighbours' styles seated again."""
    from okey.story.evening import neighbour_talk, seat_styles
    from okey.story.lines import resumed
    from okey.table.state.persist import session_from_save

    name = progress.current
    stage = progress.current_stage()
    assert name is not None
    if stage is None:
        raise SaveError("missing", name=name)
    data = read_save(name, saves_dir(args.saves))
    session = session_from_save(data, catalogue)
    seat_styles(session, stage)
    session.settings.pace = args.pace
    notice = words_of(resumed(progress, stage), catalogue)
    talk = neighbour_talk(stage, progress.attempts * SEED_STEP + len(session.match.record))
    status = open_table(
        session,
        args,
        catalogue,
        saved_as=name,
        autosave_as=name,
        resumed=True,
        notice=notice,
        talk=talk,
    )
    keep_quiet(session, args)
    return status


def begin(progress: Progress, args: argparse.Namespace, catalogue: Catalogue) -> int:
    """Start the story's next match: the next evening, or the Masters' Table."""
    from okey.story.evening import neighbour_talk, new_evening, seat_cast
    from okey.story.lines import opening

    stage = progress.stage
    rules = load_rules(stage.rules)
    folder = saves_dir(args.saves)
    progress, name = progress.started()
    store_progress(folder, progress)
    settings = new_settings(stage.rules, rules.table.players, LEVEL, args, args.seed, catalogue)
    seat_cast(settings, stage, catalogue)
    settings.talk = not progress.quiet
    session = new_evening(rules, settings, stage)
    rng = random.Random(progress.attempts)
    said = opening(progress, stage, Verbosity(args.verbosity), rng)
    notice = " ".join(words_of(line, catalogue) for line in said)
    talk = neighbour_talk(stage, progress.attempts * SEED_STEP)
    status = open_table(
        session, args, catalogue, saved_as=name, autosave_as=name, notice=notice, talk=talk
    )
    keep_quiet(session, args)
    return status


def keep_quiet(session: TableSession, args: argparse.Namespace) -> None:
    """Keep in the progress whether the neighbours were silenced (Shift+V), for the
    story's next table."""
    folder = saves_dir(args.saves)
    progress = load_progress(folder)
    quiet = not session.settings.talk
    if progress.quiet != quiet:
        store_progress(folder, replace(progress, quiet=quiet))
