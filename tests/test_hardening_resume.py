"""Issue 28, the saves' half: no undoing a told move (the backup save, kill -9 right
after a draw), and an old unsealed save marked unverified.

A move whose result the player was told is on disk before it is said, and a resumed
match never goes back before it: an older copy of a match (its ``.bak``, a named save
made earlier, a copy put back over the autosave) is refused, naming the newer save.
"""

from __future__ import annotations

import argparse
import errno
import json
import os
import shutil
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from hardening_support import FIXTURES
from hardening_support import okey as run_okey
from test_table_rig import Player, keys_in, make_rig, play

from okey.cli import main
from okey.commands import play as play_command
from okey.commands import resume as resume_command
from okey.engine.actions import DrawFromPile
from okey.errors import render
from okey.messages import load_catalogue
from okey.saves import SaveError, decode, encode, read_save, snapshot, write_save
from okey.saves import store as save_store
from okey.saves.data import is_unverified, match_id_of
from okey.table.lines import Speech
from okey.table.state.persist import DiskSaver, session_from_save


def _hand_on_disk(folder: Path, name: str = "autosave") -> int:
    """The player's tiles in the save ``name`` as it is on disk now."""
    from okey.saves import restore_match

    return len(restore_match(read_save(name, folder)).view(0).hand)


# -- 2. a draw is on disk before it is said ---------------------------------------------


def test_the_draw_is_on_disk_before_the_tile_is_said(tmp_path: Path) -> None:
    rig = make_rig(seed=11, dealer=3)
    rig.table.saver = DiskSaver(rig.table.session, tmp_path)
    on_disk_when_said: list[int] = []

    def listen(speech: Speech, _cut: bool) -> None:
        if "table.you_draw" in keys_in(speech):  # kill -9 could come right now
            on_disk_when_said.append(_hand_on_disk(tmp_path))

    rig.table.voice.listeners.append(listen)

    async def script(player: Player) -> None:
        await player.my_turn()
        await player.press("p")
        await player.heard("table.you_draw")

    play(rig, script, pace=0)
    assert on_disk_when_said == [15]


# -- 1. the backup save cannot undo a draw ----------------------------------------------


def _drawn_and_saved(folder: Path) -> DiskSaver:
    """A match autosaved before and after the player's draw (the draw told): the
    autosave holds the draw, its backup the moment before."""
    rig = make_rig(seed=11, dealer=3)
    session = rig.table.session
    saver = DiskSaver(session, folder)
    session.start_round()
    while session.match.turn != 0:
        seat = session.match.turn
        session.match.apply(seat, session.bots[seat].choose(session.match.view(seat)))
    saver.autosave()  # the player's turn: before the draw
    session.match.apply(0, DrawFromPile())
    saver.autosave()  # the draw, on disk before it is said
    saver.close()
    return saver


def test_the_backup_of_an_autosave_after_a_draw_is_refused(tmp_path: Path) -> None:
    saver = _drawn_and_saved(tmp_path)
    assert _hand_on_disk(tmp_path) == 15
    with pytest.raises(SaveError) as caught:
        read_save("autosave.bak", tmp_path)
    assert caught.value.key == "behind"
    said = str(caught.value)
    assert "autosave.json" in said and "\n" not in said
    assert "autosave.json" in render(caught.value, load_catalogue("tr"))
    # Copied over the autosave (or anywhere else), it is the same older moment.
    shutil.copyfile(tmp_path / "autosave.bak", tmp_path / "autosave.json")
    with pytest.raises(SaveError):
        read_save("autosave", tmp_path)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    shutil.copyfile(tmp_path / "autosave.bak", elsewhere / "copy.json")
    with pytest.raises(SaveError):
        read_save(elsewhere / "copy.json", tmp_path)
    assert saver.match_id  # every save of the match carries it


def test_okey_resume_of_the_backup_says_so_on_one_line(tmp_path: Path) -> None:
    _drawn_and_saved(tmp_path)
    before = sorted(path.name for path in tmp_path.iterdir())
    run = run_okey(["resume", "autosave.bak", "--saves", str(tmp_path)])
    assert run.problems() == []
    assert "autosave.json" in run.err and "earlier moment" in run.err
    assert sorted(path.name for path in tmp_path.iterdir()) == before  # nothing lost


def test_the_newest_save_and_a_save_of_the_same_moment_still_open(tmp_path: Path) -> None:
    saver = _drawn_and_saved(tmp_path)
    newest = read_save("autosave", tmp_path)
    write_save("same moment", newest, tmp_path)
    assert read_save("same moment", tmp_path) == newest
    assert read_save("autosave", tmp_path).match_id == saver.match_id
    # A mark that lags its save (kill -9 between the two writes) never refuses the save.
    mark = tmp_path / ".matches" / f"{saver.match_id}.json"
    mark.unlink()
    assert read_save("autosave", tmp_path) == newest
    mark.write_text("damaged", encoding="utf-8")  # a damaged mark is no mark
    assert read_save("autosave.bak", tmp_path).match_id == saver.match_id


def test_a_mark_never_goes_down(tmp_path: Path) -> None:
    saver = _drawn_and_saved(tmp_path)
    older = decode((tmp_path / "autosave.bak").read_bytes(), "autosave.bak")
    write_save("older", older, tmp_path)  # written again: the match's mark stays
    with pytest.raises(SaveError):
        read_save("older", tmp_path)
    assert read_save("autosave", tmp_path).match_id == saver.match_id


# -- 8. a full disk is said on one clear line, with what to do -----------------------------


def test_a_full_disk_says_what_to_do_and_that_the_match_is_still_open(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    disk_full = [True]
    real_write, real_save = os.write, save_store.write_atomically

    def write(handle: int, data: bytes) -> int:
        if disk_full[0] and b'"pid"' in data:  # the lock file
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real_write(handle, data)

    def save(path: Path, contents: bytes) -> None:
        if disk_full[0]:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real_save(path, contents)

    rig = make_rig(seed=11, dealer=3)
    rig.table.saver = DiskSaver(rig.table.session, tmp_path)
    monkeypatch.setattr(os, "write", write)
    monkeypatch.setattr(save_store, "write_atomically", save)

    async def script(player: Player) -> None:
        await player.my_turn()
        await player.press("c-s")
        await player.heard("table.save.failed")
        assert not [path for path in tmp_path.iterdir() if path.name.endswith(".lock")]
        disk_full[0] = False  # room made: the table may leave, saved

    play(rig, script, pace=0)
    said = [text for text in rig.said if text.startswith("Could not save")]
    assert said, rig.said
    for text in said:
        assert "Errno" not in text and "\n" not in text
        assert "make room on the disk" in text and "still open" in text


def test_a_deeply_nested_save_is_said_whole_on_one_line(tmp_path: Path) -> None:
    depth = 200_000
    for inner in (b"[" * depth + b"]" * depth, b"[" * depth):  # whole, and cut short
        (tmp_path / "deep.json").write_bytes(b'{"kind": "okey-save", "x": ' + inner + b"}")
        with pytest.raises(SaveError) as caught:
            read_save("deep", tmp_path)
        said = str(caught.value)
        assert "\n" not in said and "recursion" not in said
        assert said.endswith("(nested too deeply)"), said


# -- 4. a forged unsealed save loads, marked unverified, and stays so -------------------


def _forged(folder: Path) -> Path:
    """okey 0.1's save with the last two tiles of its deck swapped (the bottom of the
    pile, never drawn yet): nothing tells the forgery, and there is no seal to check."""
    doc = json.loads((FIXTURES / "classic-mid-turn.json").read_text(encoding="utf-8"))
    at = next(i for i, line in enumerate(doc["log"]) if line.startswith("deck "))
    tiles = doc["log"][at].split()
    assert tiles[-1] != tiles[-2]
    tiles[-1], tiles[-2] = tiles[-2], tiles[-1]
    doc["log"][at] = " ".join(tiles)
    path = folder / "forged.json"
    path.write_text(json.dumps(doc, ensure_ascii=False, indent=2), encoding="utf-8")
    return path


def test_a_forged_unsealed_save_loads_unverified_and_stays_so(tmp_path: Path) -> None:
    _forged(tmp_path)
    data = read_save("forged", tmp_path)
    assert data.verified is False
    # The table resumes it under the id resume.py gives it: saved again (sealed), it
    # is still unverified, and so is every later save of the match.
    session = session_from_save(data, load_catalogue("en"))
    saver = DiskSaver(session, tmp_path, match_id=match_id_of(data))
    saver.save("again")
    saver.autosave()
    saver.close()
    for name in ("again", "autosave"):
        again = read_save(name, tmp_path)
        assert again.verified is False and again.match_id is not None
        assert decode(encode(again), "x").verified is False  # and written once more
    # Every copy of the old save is the same match: one id, made from its first deal.
    assert match_id_of(read_save("forged", tmp_path)) == match_id_of(data)
    fresh = decode(encode(snapshot(session.match)), "new.json")
    assert fresh.verified is True  # a match that was always sealed


def test_okey_saves_shows_an_unverified_match(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _forged(tmp_path)
    data = read_save("forged", tmp_path)
    write_save("sealed again", replace(data, match_id=match_id_of(data)), tmp_path)
    assert main(["saves", "--saves", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    listed = [line for line in out.splitlines() if line.startswith("  ")]
    assert len(listed) == 2
    assert all("Unverified" in line for line in listed), out


def test_okey_resume_says_that_the_match_is_unverified(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _forged(tmp_path)
    opened: list[dict[str, object]] = []

    def open_table(session: object, args: object, catalogue: object, **options: object) -> int:
        opened.append(options)
        return 0

    monkeypatch.setattr(resume_command, "open_table", open_table)
    assert main(["resume", "forged", "--saves", str(tmp_path)]) == 0
    notice = str(opened[0]["notice"])
    assert "unverified" in notice and "stays unverified" in notice
    match_id = opened[0]["match_id"]
    assert isinstance(match_id, str) and is_unverified(match_id)


def test_a_table_opening_removes_what_killed_writers_left(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    (tmp_path / ".matches").mkdir()
    left = [
        tmp_path / f".autosave.json.{dead.pid}.a1b2c3.tmp",
        tmp_path / f".some save.bak.{dead.pid}.d4e5f6.tmp",
        tmp_path / ".matches" / f".0123abcd.json.{dead.pid}.g7h8i9.tmp",
    ]
    running = tmp_path / f".game.json.{os.getpid()}.x9y8z7.tmp"  # a writer at work
    for path in [*left, running]:
        path.write_bytes(b"half a file")
    monkeypatch.setattr(play_command, "needs_terminal", lambda catalogue: None)
    monkeypatch.setattr(play_command, "seat_player", lambda *args, **kwargs: 0)
    session = make_rig(seed=5).table.session
    args = argparse.Namespace(saves=str(tmp_path))
    assert play_command.open_table(session, args, load_catalogue("en")) == 0
    assert [path for path in left if path.exists()] == []
    assert running.exists()
