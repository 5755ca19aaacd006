"""The ``okey`` command line: one subcommand per module in :mod:`okey.commands`."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from importlib import import_module
from typing import Protocol

from okey.messages import CATALOGUE

# Each module has ``NAME``, ``HELP``, ``configure(parser)`` and ``run(args) -> int``.
COMMAND_MODULES = (
    "okey.commands.hand",
    "okey.commands.rules",
    "okey.commands.simulate",
    "okey.commands.replay",
)


class Command(Protocol):
    NAME: str
    HELP: str

    def configure(self, parser: argparse.ArgumentParser) -> None: ...

    def run(self, args: argparse.Namespace) -> int: ...


def _commands() -> list[Command]:
    return [import_module(name) for name in COMMAND_MODULES]  # type: ignore[misc,unused-ignore]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="okey", description=CATALOGUE.text("cli.description"))
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for command in _commands():
        sub = subparsers.add_parser(command.NAME, help=command.HELP, description=command.HELP)
        command.configure(sub)
        sub.set_defaults(run=command.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        print(CATALOGUE.text("cli.not_ready"))
        return 0
    try:
        status: int = args.run(args)
    except KeyboardInterrupt:
        return 130
    return status


if __name__ == "__main__":
    sys.exit(main())
