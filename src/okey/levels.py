"""The bot levels by name, without loading the bots: what the command line, the
settings file and the table's first words need (:data:`okey.bots.LEVELS` holds the
bots themselves, under these names)."""

from __future__ import annotations

from typing import Final

LEVEL_NAMES: Final = ("random", "easy", "medium", "hard", "expert")
"""The built-in levels, weakest first (every game has each: classic Okey's expert plays
as its hard level for now, :mod:`okey.bots.expert`)."""

PREFERRED_LEVELS: Final = ("medium", "expert", "hard", "easy", "random")
"""The default level first, then the others from the best down."""


def level_names() -> list[str]:
    """The built-in levels in alphabetical order (as the help lists them)."""
    return sorted(LEVEL_NAMES)


def best_level(wanted: str | None = None) -> str:
    """``wanted`` when it exists, else medium, else the best level there is."""
    known = level_names()
    if wanted in known:
        return wanted
    for level in PREFERRED_LEVELS:
        if level in known:
            return level
    return known[0]
