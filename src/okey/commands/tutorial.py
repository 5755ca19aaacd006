"""``okey tutorial``: learn the keys and the game step by step with a prepared hand.

The lesson runs at the real table, with the same speech options as ``okey
play``; it is never saved.
"""

from __future__ import annotations

import argparse

from okey.commands import error
from okey.commands.play import add_pace, needs_terminal
from okey.messages import CATALOGUE
from okey.speech import add_speech_options, speaker_from_args
from okey.table.app import play
from okey.table.settings import DEFAULT_PACE
from okey.tutorial.build import tutorial_table

NAME = "tutorial"
HELP = CATALOGUE.text("tutorial.cli.help")


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--name", help=CATALOGUE.text("table.cli.name"))
    add_pace(parser, DEFAULT_PACE)
    add_speech_options(parser)


def run(args: argparse.Namespace) -> int:
    if args.pace < 0:
        return error(CATALOGUE.text("table.cli.bad_pace"))
    refused = needs_terminal()
    if refused is not None:
        return refused
    try:
        speaker = speaker_from_args(args)
    except OSError as exc:
        return error(exc)
    table = tutorial_table(speaker, name=args.name, pace=args.pace)
    return play(table, pace=args.pace)
