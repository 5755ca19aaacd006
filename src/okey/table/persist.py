"""Saving the table and building it again from a save (through :mod:`okey.saves`).

A table's whole state is its session: the match (kept as its log and its
random state), each bot's random state (in the player's own seat: the generator of
the bot that plays their timed-out turns), and the settings dict. Saving takes a
snapshot between actions; :func:`session_from_save` is the one way back.
"""

from __future__ import annotations

import random
from pathlib import Path

from okey.bots import available_levels
from okey.errors import Phrase
from okey.messages import Catalogue
from okey.saves import (
    AUTOSAVE,
    SaveData,
    SaveError,
    new_rng,
    restore_bot_rngs,
    restore_match,
    snapshot,
    write_save,
)
from okey.table.seats import table_names
from okey.table.session import TableSession
from okey.table.settings import TableSettings

PREFERRED_LEVELS = ("medium", "hard", "easy", "random")
"""The default level first, then the others from the best down."""


def best_level(wanted: str | None = None) -> str:
    """``wanted`` when it exists, else medium, else the best level there is."""
    known = available_levels()
    if wanted in known:
        return wanted
    for level in PREFERRED_LEVELS:
        if level in known:
            return level
    return known[0]


class DiskSaver:
    """Saves one session into a saves folder."""

    def __init__(self, session: TableSession, folder: Path, *, autosave_as: str = AUTOSAVE) -> None:
        self.session = session
        self.folder = folder
        self.autosave_as = autosave_as  # the slot written after every turn

    def data(self) -> SaveData:
        session = self.session
        players = session.match.players
        rngs: list[random.Random | None] = [session.bot_rngs.get(seat) for seat in range(players)]
        rngs[session.you] = session.autopilot_rng
        return snapshot(
            session.match,
            bot_rngs=rngs,
            settings=session.settings.to_dict(),
            names=session.settings.names,
        )

    def save(self, name: str | None = None) -> str:
        path = write_save(name, self.data(), self.folder)
        return path.name.removesuffix(".json")

    def autosave(self) -> None:
        write_save(self.autosave_as, self.data(), self.folder)


def session_from_save(data: SaveData, catalogue: Catalogue) -> TableSession:
    """The table exactly as it was saved (raises SaveError if it does not restore);
    a seat saved without a name gets the usual one in ``catalogue``'s language."""
    match = restore_match(data)
    try:
        settings = TableSettings.from_dict(dict(data.settings))
    except (TypeError, ValueError) as exc:
        raise SaveError("state", reason=exc) from None
    players = match.players
    if not 0 <= settings.you < players:
        raise SaveError("state", reason=Phrase("engine.error.no_such_seat", seat=settings.you))
    usual = table_names(players, settings.you, catalogue)
    given = settings.names
    settings.names = [
        given[s] if s < len(given) and given[s].strip() else usual[s] for s in range(players)
    ]
    levels = list(settings.levels) + [""] * (players - len(settings.levels))
    saved = restore_bot_rngs(data)
    bot_rngs: dict[int, random.Random] = {}
    autopilot: random.Random | None = None
    for seat in range(players):
        if seat == settings.you:
            levels[seat] = ""
            rng = saved[seat] if seat < len(saved) else None
            if match.rules.play.timer_seconds:  # a save from before has none: a fresh one
                autopilot = rng if rng is not None else new_rng()
            continue
        levels[seat] = best_level(levels[seat] or None)
        rng = saved[seat] if seat < len(saved) else None
        bot_rngs[seat] = rng if rng is not None else new_rng()
    settings.levels = levels
    return TableSession(match, settings, bot_rngs, autopilot_rng=autopilot)
