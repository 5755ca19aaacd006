"""How far each match has gone: a small mark per match, kept apart from its saves.

A save is a whole match at one moment; its backup (``NAME.bak``), a save made earlier
under another name, or a copy put back over the autosave is the same match at an
earlier moment. Resuming one of those would take the player back before a move whose
result they were told (the tile they drew), and let them play it otherwise. So every
save of a match (one with a match id) also writes, after the save itself is on the
disk, the match's **mark**: the number of entries of its record (deals and moves) and
the save that holds them, in ``.matches/ID.json`` in the saves folder. Reading a save
whose record is shorter than its match's mark refuses it, naming the newer save
(:func:`check_not_behind`).

The mark is written after the save and before the table says what happened (the
table autosaves first, then speaks), so a kill -9 between the two leaves a mark that
lags the save, never one ahead of it: the newest save always opens. The mark only
grows: a write that would lower it (an older okey's save of the match, written
again) keeps the higher number.

It is written atomically (a synced temporary file moved into place, the folder
synced), as JSON, and read leniently: a missing or damaged mark is no mark (the
match is not refused because a mark was lost). It guards against going back with
okey's own files; someone who also puts back the ``.matches`` folder as it was, or
edits it, is not stopped (no file on the player's own computer can stop that).
"""

from __future__ import annotations

import contextlib
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from okey.matchlog import MatchLogError, parse_log
from okey.saves.atomic import write_atomically
from okey.saves.data import SaveData, match_id_of
from okey.saves.errors import SaveError

MARKS: Final = ".matches"
"""The folder of the marks, in the saves folder (hidden: ``okey saves`` never lists it)."""
KIND: Final = "okey-match-mark"
MAX_MARK_BYTES: Final = 4096


@dataclass(frozen=True)
class Mark:
    """The furthest a match has been saved: ``moves`` record entries, in ``save``."""

    moves: int
    save: str


def moves_of(data: SaveData) -> int:
    """How far the saved match has gone: the entries (deals and moves) of its record."""
    try:
        return len(parse_log(data.log).record)
    except MatchLogError:  # pragma: no cover - a save's log was checked as it was read
        return 0


def mark_path(saves_dir: Path, match_id: str) -> Path:
    return saves_dir / MARKS / f"{match_id}.json"


def read_mark(saves_dir: Path, match_id: str) -> Mark | None:
    """The match's mark in ``saves_dir``, or None (none, or not readable)."""
    if not match_id.isalnum():
        return None
    try:
        with open(mark_path(saves_dir, match_id), "rb") as file:
            raw = file.read(MAX_MARK_BYTES + 1)
        found = json.loads(raw.decode("utf-8"))
    except (OSError, ValueError, RecursionError):
        return None
    if not isinstance(found, dict) or found.get("kind") != KIND:
        return None
    moves, save = found.get("moves"), found.get("save")
    if isinstance(moves, bool) or not isinstance(moves, int) or not isinstance(save, str):
        return None
    return Mark(moves, save)


def record_mark(saves_dir: Path, data: SaveData, saved: Path) -> None:
    """After ``data`` was written to ``saved`` in ``saves_dir``: raise its match's mark
    to it (never lower it). A mark that cannot be written is let go: the save is on
    the disk, and a lost mark only stops guarding."""
    match_id = match_id_of(data)
    if match_id is None:
        return
    moves = moves_of(data)
    known = read_mark(saves_dir, match_id)
    if known is not None and (known.moves > moves or known == Mark(moves, saved.name)):
        return
    document = {"kind": KIND, "match": match_id, "moves": moves, "save": saved.name}
    path = mark_path(saves_dir, match_id)
    with contextlib.suppress(OSError):
        path.parent.mkdir(exist_ok=True)
        write_atomically(path, (json.dumps(document) + "\n").encode("utf-8"), backup=False)


def check_not_behind(data: SaveData, path: Path, saves_dir: Path) -> None:
    """:class:`SaveError` (``behind``) when the save read from ``path`` is an earlier
    moment of a match saved further on (in ``saves_dir`` or in the save's own folder):
    resuming it would go back before moves the player was told."""
    match_id = match_id_of(data)
    if match_id is None:
        return
    moves = moves_of(data)
    for folder in dict.fromkeys([saves_dir, path.parent]):
        mark = read_mark(folder, match_id)
        if mark is not None and mark.moves > moves:
            newer = folder / mark.save
            if not newer.is_file() or _same_file(newer, path):  # overwritten or deleted
                raise SaveError("behind_gone", path=path)
            raise SaveError("behind", path=path, newer=newer)


def _same_file(one: Path, other: Path) -> bool:
    try:
        return os.path.samefile(one, other)
    except OSError:
        return False
