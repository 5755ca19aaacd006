"""Subcommands of ``okey``: each module configures its parser and runs.

The helpers here are what every command shares: one way to report an error
on standard error, and the check for a terminal to play in.
"""

from __future__ import annotations

import sys

from okey.messages import CATALOGUE

USAGE_ERROR = 2  # the exit status of a command refused for bad input


def report(message: object) -> None:
    """Say an error on standard error, as every command does."""
    print(CATALOGUE.text("cli.error", message=message), file=sys.stderr)


def error(message: object) -> int:
    """Report ``message`` and give the exit status for bad input."""
    report(message)
    return USAGE_ERROR


def on_a_terminal() -> bool:
    """True when both standard input and output are a terminal (the table needs one)."""
    return sys.stdin.isatty() and sys.stdout.isatty()
