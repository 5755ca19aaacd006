"""Okey 101's engine part: its game, its moves' notation and its events' log notes."""

from __future__ import annotations

from okey.engine.actions import GameAction
from okey.engine.events import GameEvent
from okey.engine.games.base import GameEngine
from okey.games.okey101.actions import Action101
from okey.games.okey101.events import AnyEvent101
from okey.games.okey101.game import Okey101Game
from okey.games.okey101.lognotes import notes101
from okey.games.okey101.notation import format_action101, parse_action101


def _format(action: GameAction) -> str:
    if not isinstance(action, Action101):
        raise ValueError(f"{action!r} is not a move of Okey 101")
    return format_action101(action)


def _notes(event: GameEvent) -> list[str]:
    if not isinstance(event, AnyEvent101):
        raise ValueError(f"{event!r} is not an event of Okey 101")
    return notes101(event)


PART = GameEngine(
    game=Okey101Game, format_action=_format, parse_action=parse_action101, log_notes=_notes
)
