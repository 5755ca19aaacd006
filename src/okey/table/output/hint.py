"""The master's hint: what the master would do in the player's place, in words.

It decides from the player's own view, exactly as a bot at the table does, so a hint
never reveals a hidden tile. A match gives a few hints (see
:data:`okey.table.state.settings.HINTS`); the count is kept with the table's settings, so a
save keeps it. The words are the game's (:class:`HintPart`, the module ``hint`` of the
game's folder).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from okey import kits
from okey.bots.master import master_move
from okey.engine.actions import Action
from okey.engine.view import TableView
from okey.table.lines import Line

__all__ = ["HintPart", "hint_line", "hints_left_line", "master_move"]


@dataclass(frozen=True)
class HintPart:
    """What a game's folder gives the hint (its module ``hint``'s ``PART``): ``line``
    says the master's move for the player's view."""

    line: Callable[[TableView, Action], Line]


def hint_line(view: TableView, action: Action) -> Line:
    """The master's move ``action`` for ``view``, in the words of the view's game."""
    return kits.part(view.rules.game, "hint", HintPart).line(view, action)


def hints_left_line(left: int) -> Line:
    """How many hints are left after one."""
    return Line("table.hint.left", count=left)
