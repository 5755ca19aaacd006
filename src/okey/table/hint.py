"""The master's hint: what the hard bot would do in the player's place.

It decides from the player's own view, exactly as a bot at the table does,
so a hint never reveals a hidden tile. A match gives a few hints (see
:data:`okey.table.settings.HINTS`); the count is kept with the table's
settings, so a save keeps it.
"""

from __future__ import annotations

from okey.bots.level import winning_discard
from okey.bots.master import master_move
from okey.engine import actions
from okey.engine.actions import Action
from okey.engine.view import PlayerView
from okey.table.words import Words

__all__ = ["hint_text", "master_move"]


def hint_text(view: PlayerView, action: Action, words: Words) -> str:
    """The hint in words."""
    if isinstance(action, actions.DrawFromPile):
        return words("table.hint.draw")
    if isinstance(action, actions.TakeDiscard) and view.available_discard is not None:
        tile = words.tile(view.available_discard)
        return words("table.hint.take", tile=tile, name=words.name(view.previous))
    if isinstance(action, actions.DeclineDiscard):
        return words("table.hint.decline")
    if isinstance(action, actions.ShowIndicator):
        return words("table.hint.show")
    if isinstance(action, actions.Finish | actions.Discard):
        tile = words.tile(action.tile)
        if isinstance(action, actions.Finish) or winning_discard(view) == action.tile:
            return words("table.hint.finish", tile=tile)
        return words("table.hint.discard", tile=tile)
    return words("table.hint.none")
