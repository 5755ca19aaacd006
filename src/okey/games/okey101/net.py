"""Okey 101 on the wire: its view, its events and the tiles its openings and lays name
(protocol version 2 brought them)."""

from __future__ import annotations

from typing import get_args

from okey.engine.actions import GameAction
from okey.games.okey101.actions import Lay, Open
from okey.games.okey101.events import AnyEvent101
from okey.games.okey101.sections import Rules101
from okey.games.okey101.view import View101
from okey.wire.kit import NetPart


def _tiles(action: GameAction) -> int:
    if isinstance(action, Open | Lay):
        return sum(len(meld.tiles) for meld in action.melds) + 2 * len(action.pairs)
    return 0


PART = NetPart(
    protocol=2,
    view=View101,
    events=get_args(AnyEvent101),
    action_tiles=_tiles,
    names={"Rules101": Rules101},
)
