"""The chat handlers: open the one-line message, send or cancel it, mute, and hear the others.

The slash (or F5) opens the input line (the front end shows it and gives it the keys:
:attr:`ChatRoom.writing <okey.table.state.chat.ChatRoom.writing>`); Enter sends it
(:func:`send`), Escape cancels it (:func:`cancel`). Every seat hears a line with its
writer's name, the writer too (the echo of what was sent). F6 mutes the others' lines.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from okey.audio import Cue
from okey.table.keys import Command
from okey.table.lines import Line, Speech, Where
from okey.table.output.cues import heard_from

if TYPE_CHECKING:
    from okey.table.core import Handler, TableCore


def _open(table: TableCore, command: Command) -> None:
    room = table.chat
    if room is None:
        table.voice.reply(Line("table.chat.offline"))
        return
    room.writing = True
    table.voice.reply(Line("table.chat.open"))


def _mute(table: TableCore, command: Command) -> None:
    room = table.chat
    if room is None:
        table.voice.reply(Line("table.chat.offline"))
        return
    room.muted = not room.muted
    if room.muted:
        table.voice.reply(Line("table.chat.muted"))
        return
    unheard, room.unheard = room.unheard, 0
    table.voice.reply(Line("table.chat.unmuted", count=unheard))


def send(table: TableCore, text: str) -> bool:
    """The input line's Enter: send ``text``; True when the line may close (sent, or
    nothing written), False when it stays open to be mended (the reason is said)."""
    room = table.chat
    if room is None:
        return True
    if not text.strip():
        cancel(table)
        return True
    refused = room.send(text)
    if refused is not None:
        table.voice.reply(refused)
        return False
    room.writing = False
    return True


def cancel(table: TableCore) -> None:
    """The input line's Escape: nothing is sent."""
    if table.chat is not None:
        table.chat.writing = False
    table.voice.reply(Line("table.chat.cancelled"))


def heard(table: TableCore, seat: int, name: str, text: str) -> None:
    """A chat line from ``seat`` (the player's own comes back as the echo of what went)."""
    room = table.chat
    if seat == table.seats.you:
        table.voice.event(Line("table.chat.you", text=text))
    elif room is not None and room.muted:
        room.unheard += 1
    else:
        chat(table, seat, Line("table.chat.said", name=name, where=Where(seat), text=text))


def chat(table: TableCore, sender: int, speech: Speech) -> None:
    """A chat message from the player at ``sender``: its cue from their side, then its
    words (queued behind what is being said)."""
    where = heard_from(table.seats, sender)
    table.voice.event(speech, cue=Cue.CHAT, where=where)


HANDLERS: dict[Command, Handler] = {
    Command.CHAT: _open,
    Command.MUTE_CHAT: _mute,
}
