"""The chat of a table played over the network: where a line goes, and what the player chose.

A table has a :class:`ChatRoom` only when its seat is played at a table server (the
local table has none, and its chat keys say so). The room sends a line through the
seat's connection; the handlers (:mod:`okey.table.input.chatting`) open the one-line input,
mute and unmute, and say what the others write.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from okey.table.lines import Speech

Send = Callable[[str], Speech | None]
"""Sends a chat line; None when it went, else why not (too long, not printable)."""


@dataclass
class ChatRoom:
    """A table's chat: the way out, whether the input line is open, and muting."""

    send: Send
    writing: bool = False  # the one-line input is open: keys type into it
    muted: bool = False  # the others' lines are not said
    unheard: int = 0  # lines not said while muted
