"""What a game's folder gives the network (its module ``net``'s ``PART``).

The wire is written once for every game: a view, an event or a move travels under
its class name (:mod:`okey.wire.codec`), so what the network needs of a game is the
classes to read back by those names, the oldest protocol that knows them, and how
many tiles a move of its own names (to refuse a huge one before it reaches a table).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from okey import kits
from okey.engine.actions import GameAction
from okey.engine.events import GameEvent
from okey.engine.view import TableView


@dataclass(frozen=True)
class NetPart:
    """A game on the wire."""

    protocol: int
    """The oldest protocol version that can sit at this game's table (an older client
    is refused ``protocol``: it would not read the game's views)."""
    view: type[TableView]
    """The class of a seat's view at this game's table."""
    events: tuple[type[GameEvent], ...]
    """The game's own events (the engine's common ones travel for every game)."""
    action_tiles: Callable[[GameAction], int]
    """How many tiles a move of the game's own lays (0 for a move naming one at most)."""
    names: Mapping[str, type[object]] = field(default_factory=dict)
    """The game's own subclasses of shared classes, by the name the wire gives them (a
    rule set's sections: ``Rules101``, a :class:`okey.rules.GameSections`), for reading
    them back."""


def net_part(game: str) -> NetPart:
    """Game ``game``'s part (KeyError for a game okey does not know)."""
    return kits.part(game, "net", NetPart)


def net_parts() -> tuple[NetPart, ...]:
    """Every game's part."""
    return kits.parts("net", NetPart)
