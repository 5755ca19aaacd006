"""``okey tutorial``: learn the keys and the game step by step with a prepared hand.

The lesson runs at the real table, with the same speech options as ``okey
play``; it is never saved.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from okey import kits
from okey.commands import error
from okey.commands.play import add_pace, seat_player
from okey.errors import Phrase
from okey.messages import Catalogue
from okey.speech import Speaker, add_speech_options
from okey.table.state.settings import DEFAULT_PACE
from okey.table.terminal.screens import add_screen_option

if TYPE_CHECKING:
    from okey.table.controller import Table

NAME = "tutorial"
HELP_KEY = "tutorial.cli.help"
LESSONS = kits.game_names()
"""The lessons by name: one per game (each game's folder gives its own, which loads the
table: :mod:`okey.tutorial.kit`)."""


def configure(parser: argparse.ArgumentParser, catalogue: Catalogue) -> None:
    parser.add_argument(
        "lesson",
        nargs="?",
        default=kits.DEFAULT_GAME,
        choices=LESSONS,
        help=catalogue.text("tutorial.cli.lesson"),
    )
    parser.add_argument("--name", help=catalogue.text("table.cli.name"))
    add_pace(parser, DEFAULT_PACE, catalogue)
    add_speech_options(parser, catalogue)
    add_screen_option(parser, catalogue)


def run(args: argparse.Namespace, catalogue: Catalogue) -> int:
    if args.pace < 0:
        return error(Phrase("table.cli.bad_pace"), catalogue)

    def build(speaker: Speaker) -> Table:
        # only when the lesson runs: every okey command loads this module to list it
        from okey.tutorial.build import tutorial_table

        return tutorial_table(speaker, name=args.name, pace=args.pace, game=args.lesson)

    return seat_player(args, build, catalogue, pace=args.pace)
