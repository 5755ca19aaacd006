"""The one door to the action notation (``draw pile``, ``discard r5``) for the network.

The notation is the engine's (:mod:`okey.engine.notation`), the one the match log
and the saves write.
"""

from __future__ import annotations

from okey.engine.actions import Action
from okey.engine.notation import format_action, parse_action


def action_text(action: Action) -> str:
    """The notation of ``action``: ``draw pile``, ``take``, ``discard r5``..."""
    return format_action(action)


def action_from_text(text: str) -> Action:
    """The action a notation names; ValueError when it names none."""
    return parse_action(text)
