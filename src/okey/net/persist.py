"""A table server's autosave: the match through :mod:`okey.saves`, and the seats.

The save's ``settings`` hold the table's own part under ``"net"``: the code,
the bot level and pace, and each seat's kind, name, token digest (never
the token itself) and how many events it had heard, so that after a restart
each player takes back their seat with the token they were given, and hears
what they missed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from okey.bots import available_levels
from okey.net.protocol import SeatKind
from okey.net.table import NetTable, OnTurn, Seat, Send, TableConfig
from okey.saves import (
    SaveData,
    SaveError,
    restore_bot_rngs,
    restore_match,
    snapshot,
    write_save,
)
from okey.saves.data import match_id_of, new_match_id

NET_KEY = "net"
NET_FORMAT = 1


def table_snapshot(table: NetTable) -> SaveData:
    config = table.config
    seats = [
        {
            "kind": seat.kind.value,
            "name": seat.name,
            "token_sha256": seat.token_digest,
            # what the seat had heard: all so far if it is here (a restart drops it now)
            "heard": table.version if seat.connected else seat.heard,
        }
        for seat in table.seats
    ]
    settings = {
        NET_KEY: {
            "format": NET_FORMAT,
            "code": config.code,
            "level": config.level,
            "bot_delay": config.bot_delay,
            "seats": seats,
        }
    }
    names = [seat.name or f"bot {n}" for n, seat in enumerate(table.seats)]
    if table.match_id is None:  # every save of this match goes on under one id
        table.match_id = new_match_id()
    return snapshot(
        table.match,
        bot_rngs=table.bot_rngs,
        settings=settings,
        names=names,
        label="online",
        match_id=table.match_id,
    )


def _bad(reason: str) -> SaveError:
    return SaveError("state", reason=reason)


def _seat(raw: Any) -> Seat:
    if not isinstance(raw, dict):
        raise _bad("a seat of the online table is not an object")
    try:
        kind = SeatKind(raw["kind"])
        name, digest = raw["name"], raw["token_sha256"]
    except (KeyError, ValueError, TypeError):
        raise _bad("a seat of the online table is damaged") from None
    if not isinstance(name, str) or not isinstance(digest, str):
        raise _bad("a seat of the online table is damaged")
    if kind is SeatKind.PERSON and len(digest) != 64:
        raise _bad("a person's seat has no token digest")
    heard = raw.get("heard", 0)  # saves from before had none: the rejoin brief tells all
    if type(heard) is not int or heard < 0:
        raise _bad("a seat of the online table is damaged")
    return Seat(kind, name, digest, heard=heard)


def table_from_save(
    data: SaveData,
    send: Send,
    now: Callable[[], float],
    *,
    on_turn: OnTurn | None = None,
    bot_delay: float | None = None,
) -> NetTable:
    """The table as it was saved, every person away until they rejoin (SaveError if
    the save is not a table server's, or does not restore)."""
    net = data.settings.get(NET_KEY)
    if not isinstance(net, dict) or net.get("format") != NET_FORMAT:
        raise _bad("this save is not an online table's")
    code, level, delay, raw_seats = (
        net.get("code"),
        net.get("level"),
        net.get("bot_delay"),
        net.get("seats"),
    )
    if not isinstance(code, str) or level not in available_levels():
        raise _bad("the online table's code or bot level is damaged")
    if not isinstance(delay, int | float) or not isinstance(raw_seats, list):
        raise _bad("the online table's settings are damaged")
    match = restore_match(data)
    seats = [_seat(raw) for raw in raw_seats]
    if len(seats) != match.players:
        raise _bad("the online table's seats do not fit its rules")
    assert isinstance(level, str)
    config = TableConfig(match.rules, code, level, float(delay if bot_delay is None else bot_delay))
    return NetTable(
        config,
        send,
        now,
        match=match,
        seats=seats,
        bot_rngs=restore_bot_rngs(data),
        on_turn=on_turn,
        match_id=match_id_of(data),  # an unverified match stays unverified
    )


@dataclass
class SaveSlot:
    """Where a table's autosave goes: a name in a saves folder."""

    folder: Path
    name: str

    def write(self, data: SaveData) -> Path:
        return write_save(self.name, data, self.folder)
