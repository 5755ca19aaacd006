"""The one door to the action notation (``draw pile``, ``discard r5``) for the network.

The notation is the match log's (:mod:`okey.matchlog`); it is moving to one
notation module in the engine, and only this file will need to follow it.
"""

from __future__ import annotations

from okey.engine.actions import Action
from okey.matchlog import format_action, parse_action


def action_text(action: Action) -> str:
    """The notation of ``action``: ``draw pile``, ``take``, ``discard r5``..."""
    return format_action(action)


def action_from_text(text: str) -> Action:
    """The action a notation names; ValueError when it names none."""
    return parse_action(text)
