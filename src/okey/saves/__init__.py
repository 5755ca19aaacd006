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
"""

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
