"""The notation of an action, one line of text: ``draw pile``, ``discard r5``, ``show``.

The match log, the saves (which keep the log) and ``okey review --json`` write
actions so; :func:`parse_action` reads what :func:`format_action` writes (and
``draw``, the short form of ``draw pile``), whatever the case and spacing.
A second game's actions get their verbs here.
"""

from __future__ import annotations

from typing import Final, assert_never

from okey.engine.actions import (
    Action,
    DeclarePairs,
    DeclineDiscard,
    Discard,
    DrawFromPile,
    Finish,
    GameAction,
    Resume,
    ShowIndicator,
    TakeDiscard,
    TimeOut,
    TurnToOkey,
)
from okey.engine.games import engine_of, engines
from okey.hand.notation import format_tile, parse_tile

_SIMPLE: Final[dict[str, Action]] = {
    "draw pile": DrawFromPile(),
    "draw": DrawFromPile(),
    "take": TakeDiscard(),
    "show": ShowIndicator(),
    "decline": DeclineDiscard(),
    "turn-to-okey": TurnToOkey(),
    "pairs": DeclarePairs(),
    "timeout": TimeOut(),
    "resume": Resume(),
}


def format_action(action: Action) -> str:
    """The action in the notation."""
    match action:
        case Discard(tile):
            return f"discard {format_tile(tile)}"
        case Finish(tile):
            return f"finish {format_tile(tile)}"
        case DrawFromPile():
            return "draw pile"
        case TakeDiscard():
            return "take"
        case ShowIndicator():
            return "show"
        case DeclineDiscard():
            return "decline"
        case TurnToOkey():
            return "turn-to-okey"
        case DeclarePairs():
            return "pairs"
        case TimeOut():
            return "timeout"
        case Resume():
            return "resume"
        case GameAction():
            return engine_of(action.game).format_action(action)
        case _:
            assert_never(action)


def parse_action(text: str) -> Action:
    """Parse a move such as ``draw pile``, ``discard r5`` or ``show``; ValueError
    (a :class:`okey.hand.notation.TileNotationError` for a bad tile) if it is none. The
    notation is ASCII: ``int()`` would read a number in Arabic-Indic digits."""
    if not text.isascii():
        raise ValueError(text)
    words = text.lower().split()
    joined = " ".join(words)
    if joined in _SIMPLE:
        return _SIMPLE[joined]
    if len(words) == 2 and words[0] in ("discard", "finish"):
        tile = parse_tile(words[1])
        return Discard(tile) if words[0] == "discard" else Finish(tile)
    for game in engines():
        found = game.parse_action(joined)
        if found is not None:
            return found
    raise ValueError(text)
