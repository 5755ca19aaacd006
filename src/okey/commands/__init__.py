"""Subcommands of ``okey``: each module configures its parser and runs.

:data:`COMMANDS` is the registry: each command's name, the catalogue key of
its one-line help and its module, which is imported only when the command
runs or its own ``--help`` is asked for (``okey --help`` and ``okey hand``
never load the table, prompt_toolkit or the speech layer). Each module has
``NAME``, ``HELP_KEY``, ``configure(parser, catalogue)`` and
``run(args, catalogue) -> int``: the catalogue of the player's language, chosen by
the command line and handed down (there is no shared one).

The helpers here are what every command shares: one way to report an error
on standard error (worded at that moment, :func:`okey.errors.render`), and the
check for a terminal to play in.
"""

from __future__ import annotations

import sys
from typing import Final, NamedTuple

from okey.errors import OkeyError, Phrase, render
from okey.messages import Catalogue

USAGE_ERROR = 2  # the exit status of a command refused for bad input


class CommandEntry(NamedTuple):
    """One subcommand, known without importing its module. A named tuple, not a
    dataclass: okey --help imports no dataclasses (a sixth of its start, issue 29)."""

    name: str
    help_key: str
    module: str


def _entry(name: str, help_key: str) -> CommandEntry:
    return CommandEntry(name, help_key, f"okey.commands.{name}")


# In the order ``okey --help`` lists them; each must match its module's NAME and
# HELP_KEY (tests/test_platform_startup.py checks).
COMMANDS: Final = (
    _entry("play", "table.cli.play"),
    _entry("menu", "start.cli.help"),
    _entry("tutorial", "tutorial.cli.help"),
    _entry("resume", "table.cli.resume"),
    _entry("daily", "daily.cli.help"),
    _entry("story", "story.cli.help"),
    _entry("tasks", "tasks.cli.help"),
    _entry("hand", "hand.cli.help"),
    _entry("rules", "rules.cli.help"),
    _entry("simulate", "simulate.cli.help"),
    _entry("replay", "replay.cli.help"),
    _entry("review", "review.help"),
    _entry("serve", "serve.cli.help"),
    _entry("host", "host.cli.help"),
    _entry("join", "join.cli.help"),
    _entry("salon", "salon.cli.help"),
    _entry("saves", "saves.help"),
    _entry("settings", "settings.cli.help"),
)


def words_of(message: object, catalogue: Catalogue) -> str:
    """A message in the player's language: an okey error or a phrase worded from the
    catalogue at this moment, anything else as it is."""
    if isinstance(message, OkeyError | Phrase):
        return render(message, catalogue)
    return str(message)


def report(message: object, catalogue: Catalogue) -> None:
    """Say an error on standard error, as every command does (an okey error or a
    phrase is worded now, in the player's language)."""
    print(catalogue.text("cli.error", message=words_of(message, catalogue)), file=sys.stderr)


def error(message: object, catalogue: Catalogue) -> int:
    """Report ``message`` and give the exit status for bad input."""
    report(message, catalogue)
    return USAGE_ERROR


def on_a_terminal() -> bool:
    """True when both standard input and output are a terminal (the table needs one)."""
    return _is_terminal(sys.stdin) and _is_terminal(sys.stdout)


def needs_terminal(catalogue: Catalogue) -> int | None:
    """Refuse to open the table without a terminal to show it and read keys."""
    if on_a_terminal():
        return None
    return error(Phrase("table.cli.no_terminal"), catalogue)


def _is_terminal(stream: object) -> bool:
    """False for a stream that is missing (``okey <&-`` leaves ``sys.stdin`` None),
    closed or not a terminal."""
    try:
        return bool(stream is not None and stream.isatty())  # type: ignore[attr-defined]
    except (ValueError, OSError, AttributeError):
        return False
