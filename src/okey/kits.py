"""The game kits by name: where each game's folder is, and the parts it supplies.

A game is a folder under :mod:`okey.games` (like python-chess's variants, one
class of each kind per game, found by name). Each layer that differs between
games says what it needs of a game as a small value (``okey.engine.games.base.GameEngine``
for the engine, and so on up) and asks for it here by the part's module name:
``part("101", "engine", GameEngine)`` loads ``okey.games.okey101.engine`` and
returns its ``PART``. Nothing else imports a game's folder, so a new game is a
folder and one line in :data:`PACKAGES`. This module imports nothing of okey:
every layer may use it.
"""

from __future__ import annotations

import importlib
from typing import Final, TypeVar

PACKAGES: Final[dict[str, str]] = {
    "okey": "okey.games.okey",
    "101": "okey.games.okey101",
}
"""Each game's folder, by the name a rule set gives in its ``game`` key."""

DEFAULT_GAME: Final = "okey"
"""The game of a rule set or save that names none (every one written before 101)."""

T = TypeVar("T")

_loaded: dict[tuple[str, str], object] = {}


def game_names() -> tuple[str, ...]:
    """Every game okey plays, by name."""
    return tuple(PACKAGES)


def part(game: str, name: str, kind: type[T]) -> T:
    """The ``PART`` of game ``game``'s module ``name``, checked to be a ``kind``.

    KeyError for a game okey does not know; a game's folder that lacks the part,
    or gives one of another kind, is a fault of that folder (ImportError, TypeError)."""
    key = (game, name)
    found = _loaded.get(key)
    if found is None:
        module = importlib.import_module(f"{PACKAGES[game]}.{name}")
        found = getattr(module, "PART", None)
        if not isinstance(found, kind):
            raise TypeError(f"{PACKAGES[game]}.{name}.PART is not a {kind.__name__}")
        _loaded[key] = found
    assert isinstance(found, kind)
    return found


def parts(name: str, kind: type[T]) -> tuple[T, ...]:
    """The part ``name`` of every game, in :data:`PACKAGES` order."""
    return tuple(part(game, name, kind) for game in PACKAGES)
