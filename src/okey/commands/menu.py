"""``okey menu`` (and bare ``okey`` on a terminal): the start menu.

It offers a new match with the player's defaults, the newest unfinished save
to resume, today's hand, the story, the tasks, the tutorial and quit; the choice is then run as if
typed (``okey play``, ``okey resume NAME``...), with the same speech options.

Its first words are said as soon as the choices are known, before the table's
menu, the screen library and asyncio load; and the choices are known without
the engine, the saves' reader or the daily command when there are no saves to read
(a folder with none but today's hand's, or no folder).
"""

from __future__ import annotations

import argparse
import os
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from okey.commands import error, needs_terminal
from okey.daily import SAVE_PREFIX, save_name, spoken_date, today
from okey.messages import Catalogue
from okey.rules import RulesError, load_rules
from okey.rules_words import level_name, rules_name
from okey.saves import SaveError, saves_dir
from okey.saves.paths import SUFFIX, save_path
from okey.speech import SpeechMode, add_speech_options, speaker_from_args
from okey.startmenu import Choice, StartMenu, run_start_menu, say_welcome
from okey.story.lines import menu_label as story_label
from okey.story.progress import SAVE_PREFIX as STORY_PREFIX
from okey.table.terminal.screens import add_screen_option, chosen_lines
from okey.tasks.reading import menu_label as tasks_label
from okey.textfiles import printable

if TYPE_CHECKING:
    from okey.saves import SaveData
    from okey.saves.store import SaveEntry

NAME = "menu"
HELP_KEY = "start.cli.help"
MOST_OFFERED = 3
"""The unfinished matches the menu offers to resume (the newest; okey saves lists all)."""


def configure(parser: argparse.ArgumentParser, catalogue: Catalogue) -> None:
    parser.add_argument("--saves", metavar="DIR", help=catalogue.text("table.cli.saves"))
    parser.add_argument("--rules", default="classic", help=argparse.SUPPRESS)
    parser.add_argument("--level", help=argparse.SUPPRESS)
    add_speech_options(parser, catalogue)
    add_screen_option(parser, catalogue)


def choices(
    args: argparse.Namespace, day: date, catalogue: Catalogue
) -> list[tuple[Choice, list[str]]]:
    """The menu's items, each with the command line it runs."""
    text = catalogue.text
    folder = saves_dir(args.saves)
    level = level_name(args.level or "medium").render(catalogue)
    try:
        rules = rules_name(load_rules(args.rules)).render(catalogue)
    except RulesError:
        rules = args.rules  # the game it starts says what is wrong with it
    items = [(Choice("play", text("start.play", rules=rules, level=level)), ["play"])]
    offered = _offered(folder)
    for entry, saved in offered:
        named = rules_name(saved.rules).render(catalogue)
        fields = {"rules": named, "number": saved.round_number}
        if len(offered) == 1:  # the one match to take up again
            label = text("start.resume", **fields)
        else:
            label = text("start.resume.named", name=printable(entry.name), **fields)
        items.append((Choice("resume", label), ["resume", entry.name]))
    try:
        saved_day = _day_save(day, folder)
    except SaveError:
        saved_day = None
    if saved_day is None:
        key = "start.daily"
    else:
        key = "start.daily.done" if saved_day.over else "start.daily.started"
    when = spoken_date(day, catalogue)
    items.append((Choice("daily", text(key, date=when)), ["daily"]))
    items.append((Choice("story", story_label(folder, catalogue)), ["story"]))
    items.append((Choice("tasks", tasks_label(folder, day, catalogue)), ["tasks"]))
    items.append((Choice("tutorial", text("start.tutorial")), ["tutorial"]))
    items.append((Choice("salon", text("start.online")), ["salon"]))
    items.append((Choice(None, text("start.quit")), []))
    return items


def _offered(folder: Path) -> list[tuple[SaveEntry, SaveData]]:
    """The unfinished matches to offer, newest first, each with its save (one that
    restores)."""
    if not _may_hold_matches(folder):
        return []
    from okey.saves.restore import problem
    from okey.saves.store import unfinished_saves

    try:
        entries = [
            entry
            for entry in unfinished_saves(folder)
            if not entry.name.startswith((SAVE_PREFIX, STORY_PREFIX))  # they have their own items
        ]
    except SaveError:
        entries = []
    return [
        (entry, entry.data)
        for entry in entries[:MOST_OFFERED]
        if entry.data is not None and problem(entry.data) is None
    ]


def _may_hold_matches(folder: Path) -> bool:
    """False when ``folder`` surely holds no match to resume: it is missing, or its
    only saves are today's hands' or the story's. Anything else (a folder that cannot be listed too)
    is for the saves' reader to say."""
    try:
        names = os.listdir(folder)
    except FileNotFoundError:
        return False
    except OSError:
        return True
    own_items = (".", SAVE_PREFIX, STORY_PREFIX)  # today's hand and the story have their own
    return any(name.endswith(SUFFIX) and not name.startswith(own_items) for name in names)


def _day_save(day: date, folder: Path) -> SaveData | None:
    """The day's save (:func:`okey.commands.daily.day_save`), the daily command loaded
    only when there is one to read."""
    if not save_path(save_name(day), folder).is_file():
        return None
    from okey.commands.daily import day_save

    return day_save(day, folder)


def forwarded(args: argparse.Namespace, command: str) -> list[str]:
    """The menu's own options, passed on to the command it starts."""
    line = ["--speech", args.speech, "--verbosity", args.verbosity]
    line += ["--screen", getattr(args, "screen", "auto")]
    line.append("--sounds" if args.sounds else "--no-sounds")
    if args.transcript:
        line += ["--transcript", args.transcript]
    if args.saves and command not in ("tutorial", "salon"):
        line += ["--saves", args.saves]
    if command == "play":  # the match the menu named
        line += ["--rules", args.rules] + (["--level", args.level] if args.level else [])
    return line


def run(args: argparse.Namespace, catalogue: Catalogue) -> int:
    refused = needs_terminal(catalogue)
    if refused is not None:
        return refused
    items = choices(args, today(), catalogue)
    try:
        speaker = speaker_from_args(args, catalogue)
    except OSError as exc:
        return error(exc, catalogue)
    if args.speech == SpeechMode.AUTO.value:  # what auto found holds for the game too
        found = speaker.mode is SpeechMode.SCREEN_READER
        args.speech = (SpeechMode.SCREEN_READER if found else SpeechMode.VOICE).value
    listed = [choice for choice, _ in items]
    welcomed = say_welcome(speaker, listed)  # heard while the rest loads
    import asyncio

    menu = StartMenu(listed, speaker, welcomed=welcomed)
    try:
        chosen = asyncio.run(run_start_menu(menu, lines=chosen_lines(args, speaker.mode)))
    finally:
        if menu.chosen is None:
            speaker.event("start.goodbye")
        speaker.close()
    if chosen is None:
        return 0
    line = next(line for choice, line in items if choice == chosen)
    # The choice runs as if it were typed, parsed with the same settings; what the
    # menu's speaker already said about the speech route is not said again.
    parser: argparse.ArgumentParser = args.parser
    chosen_args = parser.parse_args([*line, *forwarded(args, line[0])])
    chosen_args.parser = parser
    chosen_args.announced = True
    status: int = chosen_args.run(chosen_args, catalogue)
    return status
