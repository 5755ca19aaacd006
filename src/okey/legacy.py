"""Old module names that plug-in bots and scripts may still import.

Okey 101's engine was ``okey.engine.okey101``, its levels ``okey.bots.level101``, its
rules ``okey.rules101`` and its review ``okey.review101``, and classic Okey's rounds were
``okey.engine.games.okey``, before each game got its own folder under :mod:`okey.games`;
an old name imports the module at its new place (the same module object, so
``isinstance`` checks and identities hold). docs/bots.md lists the old names.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import sys
from collections.abc import Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Final, cast

if TYPE_CHECKING:
    from importlib.abc import Loader

MOVED: Final[dict[str, str]] = {
    "okey.engine.okey101": "okey.games.okey101",
    "okey.engine.games.okey": "okey.games.okey",
    "okey.rules101": "okey.games.okey101.sections",
    "okey.bots.level101": "okey.games.okey101.levels",
    "okey.bots.example101": "okey.games.okey101.example",
    "okey.bots.guard101": "okey.bots.plugins",
    "okey.review101": "okey.games.okey101.review",
    "okey.round_review": "okey.review.round",
    "okey.hand.tiles": "okey.tiles",
    "okey.net.codec": "okey.wire.codec",
    "okey.net.notation": "okey.wire.notation",
    "okey.net.kit": "okey.wire.kit",
}
"""Old package or module name -> its new name (a package's modules move with it)."""


def new_name(old: str) -> str | None:
    """Where module ``old`` lives now, or None when it did not move."""
    for before, after in MOVED.items():
        if old == before or old.startswith(before + "."):
            return after + old[len(before) :]
    return None


class _Loader:
    """Loads a moved module by importing it under its new name (a loader by the
    protocol; importlib.abc is not imported, as it costs okey's start-up)."""

    def __init__(self, target: str) -> None:
        self.target = target

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        return importlib.import_module(self.target)

    def exec_module(self, module: ModuleType) -> None:
        pass  # already run under its new name


class MovedFinder:
    """Finds a moved module under its old name."""

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None,
        target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        found = new_name(fullname)
        if found is None:
            return None
        return importlib.machinery.ModuleSpec(fullname, cast("Loader", _Loader(found)))


def install() -> None:
    """Let the old names import (once per process)."""
    if not any(isinstance(finder, MovedFinder) for finder in sys.meta_path):
        sys.meta_path.insert(0, MovedFinder())  # before the path finder, which would load a
        # moved package's modules a second time under the old name
