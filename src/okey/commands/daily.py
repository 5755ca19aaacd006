"""``okey daily``: today's hand, one round dealt the same for every player that day.

A new hand is started and kept as the save ``daily-YYYY-MM-DD``; an unfinished
one is picked up where it was left; a finished one is only reported (the day's
hand is played once; practising it again is a plain ``okey play`` with its seed).
"""

from __future__ import annotations

# The engine and the table are imported where they are used: the start menu reads
# this module for its "today's hand" item before it says its first words.
import argparse
from datetime import date
from pathlib import Path

from okey.commands import error
from okey.commands.play import add_name_and_sort, add_pace_and_saves, new_settings, open_table
from okey.daily import DAILY_LEVEL, DAILY_RULES, daily_seed, parse_day, save_name
from okey.daily import spoken_date as spoken_date  # the start menu's, and this command's
from okey.daily import today as today
from okey.levels import best_level
from okey.messages import Catalogue
from okey.rules import RulesError, load_rules
from okey.saves import SaveData, SaveError, read_save, saves_dir
from okey.saves.paths import save_path
from okey.speech import add_speech_options
from okey.table.state.settings import DEFAULT_PACE
from okey.table.terminal.screens import add_screen_option

NAME = "daily"
HELP_KEY = "daily.cli.help"


def configure(parser: argparse.ArgumentParser, catalogue: Catalogue) -> None:
    text = catalogue.text
    parser.add_argument("--date", metavar="YYYY-MM-DD", help=text("daily.cli.date"))
    add_name_and_sort(parser, catalogue)
    add_pace_and_saves(parser, DEFAULT_PACE, catalogue)
    add_speech_options(parser, catalogue)
    add_screen_option(parser, catalogue)


def day_save(day: date, folder: Path) -> SaveData | None:
    """The day's save; None before it is started (SaveError: it does not restore)."""
    name = save_name(day)
    return read_save(name, folder) if save_path(name, folder).is_file() else None


def outcome(data: SaveData, day: date, catalogue: Catalogue) -> list[str]:
    """What a finished day's hand came to, for the player of that save."""
    from okey.engine.events import RoundDrawn, RoundWon
    from okey.table.state.persist import session_from_save

    text = catalogue.text
    session = session_from_save(data, catalogue)
    match, you, names = session.match, session.you, session.settings.names
    when = spoken_date(day, catalogue)
    lines: list[str] = []
    for event in reversed(match.events):
        if isinstance(event, RoundWon):
            if event.seat == you:
                lines.append(text("daily.done.won", date=when, points=event.points))
            else:
                winner = names[event.seat]  # a restored table names every seat
                lost = event.points if you in event.losers else 0
                lines.append(text("daily.done.lost", date=when, winner=winner, points=lost))
            break
        if isinstance(event, RoundDrawn):
            lines.append(text("daily.done.drawn", date=when))
            break
    again = text("daily.done.again", rules=DAILY_RULES, level=DAILY_LEVEL, seed=daily_seed(day))
    lines.append(again)
    return lines


def run(args: argparse.Namespace, catalogue: Catalogue) -> int:
    text = catalogue.text
    try:
        day = parse_day(args.date) if args.date is not None else today()
    except ValueError:
        return error(text("daily.cli.bad_date", given=args.date), catalogue)
    if args.pace < 0:
        return error(text("table.cli.bad_pace"), catalogue)
    folder = saves_dir(args.saves)
    name = save_name(day)
    when = spoken_date(day, catalogue)
    try:
        saved = day_save(day, folder)
        if saved is not None and saved.over:
            for line in outcome(saved, day, catalogue):
                print(line)
            return 0
        if saved is not None:
            from okey.table.state.persist import session_from_save

            session = session_from_save(saved, catalogue)
            session.settings.pace = args.pace
            notice = text("daily.resumed", date=when)
            return open_table(
                session,
                args,
                catalogue,
                saved_as=name,
                autosave_as=name,
                resumed=True,
                notice=notice,
            )
        rules = load_rules(DAILY_RULES)
    except (SaveError, RulesError) as exc:
        return error(exc, catalogue)
    level = best_level(DAILY_LEVEL)
    settings = new_settings(
        DAILY_RULES, rules.table.players, level, args, daily_seed(day), catalogue
    )
    notice = text("daily.welcome" if day == today() else "daily.welcome.other", date=when)
    from okey.table.state.session import new_session

    session = new_session(rules, settings)
    return open_table(session, args, catalogue, saved_as=name, autosave_as=name, notice=notice)
