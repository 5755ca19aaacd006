"""The ``okey`` command line: one subcommand per module in :mod:`okey.commands`."""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Mapping, Sequence
from importlib import import_module
from typing import Protocol

from okey.commands import on_a_terminal, report
from okey.messages import CATALOGUE
from okey.preferences import BY_KEY, PreferencesError, Value, load, settings_path

# Each module has ``NAME``, ``HELP``, ``configure(parser)`` and ``run(args) -> int``.
COMMAND_MODULES = (
    "okey.commands.play",
    "okey.commands.menu",
    "okey.commands.tutorial",
    "okey.commands.resume",
    "okey.commands.daily",
    "okey.commands.hand",
    "okey.commands.rules",
    "okey.commands.simulate",
    "okey.commands.replay",
    "okey.commands.review",
    "okey.commands.saves",
    "okey.commands.settings",
)


class Command(Protocol):
    NAME: str
    HELP: str

    def configure(self, parser: argparse.ArgumentParser) -> None: ...

    def run(self, args: argparse.Namespace) -> int: ...


def _commands() -> list[Command]:
    return [import_module(name) for name in COMMAND_MODULES]  # type: ignore[misc,unused-ignore]


def build_parser(preferences: Mapping[str, Value] | None = None) -> argparse.ArgumentParser:
    """The command line; ``preferences`` (from the settings file) become the defaults
    of the options they stand for, so an option given still wins."""
    parser = argparse.ArgumentParser(prog="okey", description=CATALOGUE.text("cli.description"))
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for command in _commands():
        sub = subparsers.add_parser(command.NAME, help=command.HELP, description=command.HELP)
        command.configure(sub)
        sub.set_defaults(run=command.run)
        sub.set_defaults(
            **{
                key: value
                for key, value in (preferences or {}).items()
                if command.NAME in BY_KEY[key].commands
            }
        )
    return parser


def _preferences() -> dict[str, Value]:
    """The settings file's choices; a file that cannot be used is reported, not used."""
    try:
        return load(settings_path())
    except PreferencesError as exc:
        report(CATALOGUE.text("settings.warning", reason=exc))
        return {}


DEFAULT_COMMAND = "play"
START_MENU = "menu"
_HELP_OPTIONS = ("-h", "--help")


def with_default_command(argv: Sequence[str]) -> list[str]:
    """``okey`` alone opens the start menu; ``okey --seed 3`` means ``okey play --seed 3``."""
    args = list(argv)
    if not args:
        return [START_MENU]
    if args[0].startswith("-") and args[0] not in _HELP_OPTIONS:
        return [DEFAULT_COMMAND, *args]
    return args


def main(argv: Sequence[str] | None = None) -> int:
    given = sys.argv[1:] if argv is None else list(argv)
    parser = build_parser(_preferences() if given[:1] != ["settings"] else None)
    if not given and not on_a_terminal():
        # Bare `okey` with no terminal to play in (a pipe, a script): say how to use it.
        print(CATALOGUE.text("cli.error", message=CATALOGUE.text("table.cli.no_terminal")))
        return 0
    args = parser.parse_args(with_default_command(given))
    args.parser = parser  # a command that starts another (the start menu) parses with it
    try:
        status: int = args.run(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader went away (okey ... | head): say nothing more, and keep Python
        # from complaining about stdout when it flushes at exit.
        with contextlib.suppress(OSError):
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        return 141
    return status


if __name__ == "__main__":
    sys.exit(main())
