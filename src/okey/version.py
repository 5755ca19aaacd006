"""``okey --version``: the installed package's version, read from its metadata.

Kept apart from the command line's parser so that the answer needs neither the
message catalogue nor the rule sets (it is said before either is loaded).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any, Final, NoReturn

OPTION: Final = "--version"
DISTRIBUTION: Final = "okey"


def version() -> str:
    """The version pip or uv installed (``0.1.0``); the source's own where okey runs
    uninstalled (from a copy of ``src`` on ``PYTHONPATH``)."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    try:
        return installed(DISTRIBUTION)
    except PackageNotFoundError:
        from okey import __version__

        return __version__


def version_line() -> str:
    """What ``okey --version`` prints: the program's name and its version."""
    return f"{DISTRIBUTION} {version()}"


def asks_version(argv: Sequence[str]) -> bool:
    """True for a command line that is ``--version`` alone (answered before anything loads)."""
    return list(argv) == [OPTION]


class VersionAction(argparse.Action):
    """``--version`` among other options: print the version line and end, as argparse's
    own version action does, but reading the metadata only when asked."""

    def __init__(self, option_strings: Sequence[str], dest: str, **options: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, **options)

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: object,
        option_string: str | None = None,
    ) -> NoReturn:
        print(version_line())
        parser.exit()
