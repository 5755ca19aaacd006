"""Classic Okey on the wire: its view, which every protocol version reads; it has no
moves or events of its own."""

from __future__ import annotations

from okey.engine.actions import GameAction
from okey.engine.view import PlayerView
from okey.wire.kit import NetPart


def _tiles(action: GameAction) -> int:
    raise ValueError(f"{action!r} is not a move of classic Okey")


PART = NetPart(protocol=1, view=PlayerView, events=(), action_tiles=_tiles)
