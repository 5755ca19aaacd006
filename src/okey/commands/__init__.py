"""Subcommands of ``okey``: each module configures its parser and runs.

The helpers here are what every command shares: one way to report an error
on standard error (worded at that moment, :mod:`okey.errortext`), and the
check for a terminal to play in.
"""

from __future__ import annotations

import sys

from okey.errors import OkeyError, Phrase
from okey.errortext import render
from okey.messages import CATALOGUE

USAGE_ERROR = 2  # the exit status of a command refused for bad input


def words_of(message: object) -> str:
    """A message in the player's language now: an okey error or a phrase worded from the
    catalogue at this moment, anything else as it is."""
    if isinstance(message, OkeyError | Phrase):
        return render(message, CATALOGUE)
    return str(message)


def report(message: object) -> None:
    """Say an error on standard error, as every command does (an okey error or a
    phrase is worded now, in the player's language)."""
    print(CATALOGUE.text("cli.error", message=words_of(message)), file=sys.stderr)


def error(message: object) -> int:
    """Report ``message`` and give the exit status for bad input."""
    report(message)
    return USAGE_ERROR


def on_a_terminal() -> bool:
    """True when both standard input and output are a terminal (the table needs one)."""
    return sys.stdin.isatty() and sys.stdout.isatty()
