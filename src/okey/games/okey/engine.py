"""Classic Okey's engine part: its game; it has no moves or events of its own beyond
the engine's common ones, so it writes and reads none."""

from __future__ import annotations

from okey.engine.actions import Action, GameAction
from okey.engine.events import GameEvent
from okey.engine.games.base import GameEngine
from okey.games.okey.game import OkeyGame


def _format(action: GameAction) -> str:
    raise ValueError(f"{action!r} is not a move of classic Okey")


def _parse(text: str) -> Action | None:
    return None


def _notes(event: GameEvent) -> list[str]:
    raise ValueError(f"{event!r} is not an event of classic Okey")


PART = GameEngine(game=OkeyGame, format_action=_format, parse_action=_parse, log_notes=_notes)
