"""Saving and resuming matches: versioned JSON a person can read, written atomically.

A save is the match log (each round's deck and one action per line), the
random states of the match and of every bot, the table's own settings and a
short summary for listing. Resuming replays the log through the engine and
puts the random states back, so the match goes on exactly as it would have.
See ``docs/saves.md``.

The table's part::

    rng = new_rng()                                   # not SystemRandom: it has no state
    match = Match(rules, rng)
    bot_rngs = [None, new_rng(), new_rng(), new_rng()]  # by seat; None for a person
    bots = {seat: make_bot(level, bot_rngs[seat]) for seat, level in ...}
    ...
    data = snapshot(match, bot_rngs=bot_rngs, settings={...}, names=names)
    autosave(data, folder)                            # after every turn
    write_save(name or None, data, folder)            # Ctrl+S; None: date and time

    data = read_save(name_or_path, folder)            # okey resume NAME
    match = restore_match(data)
    bot_rngs = restore_bot_rngs(data)

The names below load their modules on first use (PEP 562), so that a part of the game
that needs only the paths or the locks (the settings file, the table's first words)
does not load the codec and with it the engine and the bots.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from okey.saves.codec import decode, encode
    from okey.saves.data import (
        FORMAT_VERSION,
        JSON,
        KIND,
        PHASES,
        SaveData,
        Summary,
        log_text,
        snapshot,
        summary_of,
    )
    from okey.saves.errors import SaveError
    from okey.saves.paths import (
        AUTOSAVE,
        ENV_VAR,
        backup_path,
        check_name,
        default_name,
        save_path,
        saves_dir,
    )
    from okey.saves.restore import restore_bot_rngs, restore_match
    from okey.saves.rng import RngState, new_rng, restore_rng
    from okey.saves.store import (
        SaveEntry,
        autosave,
        latest_save,
        list_saves,
        read_save,
        write_save,
    )

_HOMES = {
    "AUTOSAVE": "okey.saves.paths",
    "ENV_VAR": "okey.saves.paths",
    "FORMAT_VERSION": "okey.saves.data",
    "JSON": "okey.saves.data",
    "KIND": "okey.saves.data",
    "PHASES": "okey.saves.data",
    "RngState": "okey.saves.rng",
    "SaveData": "okey.saves.data",
    "SaveEntry": "okey.saves.store",
    "SaveError": "okey.saves.errors",
    "Summary": "okey.saves.data",
    "autosave": "okey.saves.store",
    "backup_path": "okey.saves.paths",
    "check_name": "okey.saves.paths",
    "decode": "okey.saves.codec",
    "default_name": "okey.saves.paths",
    "encode": "okey.saves.codec",
    "latest_save": "okey.saves.store",
    "list_saves": "okey.saves.store",
    "log_text": "okey.saves.data",
    "new_rng": "okey.saves.rng",
    "read_save": "okey.saves.store",
    "restore_bot_rngs": "okey.saves.restore",
    "restore_match": "okey.saves.restore",
    "restore_rng": "okey.saves.rng",
    "save_path": "okey.saves.paths",
    "saves_dir": "okey.saves.paths",
    "snapshot": "okey.saves.data",
    "summary_of": "okey.saves.data",
    "write_save": "okey.saves.store",
}


if not TYPE_CHECKING:  # hidden from mypy, which checks the names imported above

    def __getattr__(name: str) -> object:
        home = _HOMES.get(name)
        if home is None:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        value = getattr(import_module(home), name)
        globals()[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted(set(globals()) | set(_HOMES))


__all__ = [
    "AUTOSAVE",
    "ENV_VAR",
    "FORMAT_VERSION",
    "JSON",
    "KIND",
    "PHASES",
    "RngState",
    "SaveData",
    "SaveEntry",
    "SaveError",
    "Summary",
    "autosave",
    "backup_path",
    "check_name",
    "decode",
    "default_name",
    "encode",
    "latest_save",
    "list_saves",
    "log_text",
    "new_rng",
    "read_save",
    "restore_bot_rngs",
    "restore_match",
    "restore_rng",
    "save_path",
    "saves_dir",
    "snapshot",
    "summary_of",
    "write_save",
]
