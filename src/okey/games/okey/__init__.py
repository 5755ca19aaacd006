"""Okey, the classic game: 14 tiles (the dealer 15), a turn is a draw and a discard, a
finished hand of runs and sets or seven pairs wins, scores count down from the start.

The rule set's ``[scoring]`` and ``[play]`` sections are this game's; its game is
:class:`okey.games.okey.game.OkeyGame`. Kept light on purpose: reading a rules file
loads this package (for its ``rules`` part) before anything is played, so the
engine loads only with :mod:`okey.games.okey.game`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from okey.games.okey.game import OkeyGame as OkeyGame


def __getattr__(name: str) -> object:
    if name == "OkeyGame":  # its old home: okey.engine.games.okey.OkeyGame
        from okey.games.okey.game import OkeyGame

        return OkeyGame
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
