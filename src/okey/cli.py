"""The ``okey`` command line."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="okey", description="An accessible Okey game for the terminal."
    )
    parser.add_subparsers(dest="command", metavar="COMMAND")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        print("okey: the table is not ready yet; try 'okey hand --help'.")
        return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
