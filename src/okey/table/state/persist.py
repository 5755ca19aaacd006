"""Saving the table and building it again from a save (through :mod:`okey.saves`).

A table's whole state is its session: the match (kept as its log and its
random state), each bot's random state (in the player's own seat: the generator of
the bot that plays their timed-out turns), and the settings dict. Saving takes a
snapshot between actions; :func:`session_from_save` is the one way back.
"""

from __future__ import annotations

import getpass
import random
import tempfile
from pathlib import Path

import platformdirs

from okey.errors import Phrase
from okey.levels import PREFERRED_LEVELS as PREFERRED_LEVELS
from okey.levels import best_level as best_level
from okey.messages import Catalogue
from okey.saves import (
    SaveData,
    SaveError,
    default_name,
    new_rng,
    restore_bot_rngs,
    restore_match,
    save_path,
    snapshot,
    write_save,
)
from okey.saves.data import new_match_id
from okey.saves.lock import SaveLock, lock_save
from okey.saves.store import autosave_slot
from okey.table.state.seats import table_names
from okey.table.state.session import TableSession
from okey.table.state.settings import TableSettings


def _user() -> str:
    try:
        return getpass.getuser()
    except (KeyError, OSError):  # no such user in the system's database
        return "player"


def rescue_folder() -> Path:
    """Where a match goes when its saves folder cannot take it (read-only, full): the
    user's own saves folder, else one in the system's temporary folder."""
    return Path(platformdirs.user_data_dir("okey")) / "saves"


def temporary_folder() -> Path:
    """The last place a match is saved in when no saves folder takes it."""
    return Path(tempfile.gettempdir()) / f"okey-saves-{_user()}"


class DiskSaver:
    """Saves one session into a saves folder, holding open the saves it writes.

    Every save of the match carries its ``match_id``. After every turn it writes its
    autosave slot: ``autosave_as`` when given (the slot or day's save it was resumed
    from), else the first free one (:func:`okey.saves.store.autosave_slot`), so that
    another unfinished match's autosave is never overwritten. Each save it writes is
    locked (:mod:`okey.saves.lock`) until :meth:`close`, so a second okey cannot open it.
    """

    def __init__(
        self,
        session: TableSession,
        folder: Path,
        *,
        autosave_as: str | None = None,
        match_id: str | None = None,
    ) -> None:
        self.session = session
        self.folder = folder
        self.autosave_as = autosave_as  # the slot written after every turn (None: not chosen yet)
        self.match_id = match_id or new_match_id()
        self.locks: dict[Path, SaveLock] = {}
        self.rescued_in: Path | None = None  # the folder the match was saved in instead

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
            match_id=self.match_id,
        )

    def hold(self, name: str, folder: Path | None = None) -> Path:
        """Lock the save ``name`` for this table (SaveError: another okey has it open)."""
        path = save_path(name, folder or self.folder)
        if path not in self.locks:
            self.locks[path] = lock_save(path)
        return path

    def open(self, *names: str | None) -> None:
        """Hold the autosave slot (chosen now) and ``names`` before the table opens, so
        a save another okey has open is refused at once (SaveError)."""
        self._slot()
        for name in names:
            if name is not None:
                self.hold(name)

    def _slot(self) -> str:
        if self.autosave_as is None:
            self.autosave_as = autosave_slot(self.folder, self.match_id)
        self.hold(self.autosave_as)
        return self.autosave_as

    def save(self, name: str | None = None) -> str:
        chosen = name if name is not None else default_name(self.folder)
        self.hold(chosen)
        path = write_save(chosen, self.data(), self.folder)
        return path.name.removesuffix(".json")

    def autosave(self) -> None:
        write_save(self._slot(), self.data(), self.folder)

    def save_elsewhere(self, name: str | None, folder: Path | None = None) -> str:
        """Save into another folder (the saves folder refused the save): ``folder``, else
        the user's own saves folder, else one in the system's temporary folder; the name
        used. SaveError when none of them takes it."""
        candidates = [folder] if folder is not None else [rescue_folder(), temporary_folder()]
        tried = [target for target in candidates if target.resolve() != self.folder.resolve()]
        failure: SaveError | None = None
        for target in tried:
            chosen = name if name is not None else default_name(target)
            try:
                self.hold(chosen, target)
                path = write_save(chosen, self.data(), target)
            except SaveError as exc:
                failure = exc
                continue
            self.rescued_in = target
            return path.name.removesuffix(".json")
        raise failure or SaveError("folder", folder=self.folder, reason="no other folder")

    def close(self) -> None:
        """Give up the saves this table held open."""
        for lock in self.locks.values():
            lock.release()
        self.locks.clear()


def session_from_save(data: SaveData, catalogue: Catalogue) -> TableSession:
    """The table exactly as it was saved (raises SaveError if it does not restore);
    a seat saved without a name gets the usual one in ``catalogue``'s language."""
    match = restore_match(data)
    try:  # the save's settings were checked as it was read (okey.saves.schema)
        settings = TableSettings.from_dict(dict(data.settings))
    except (TypeError, ValueError) as exc:
        raise SaveError("state", reason=" ".join(str(exc).split())) from None
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
