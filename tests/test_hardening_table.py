"""Issue 18 at the table: never called saved when it was not, each match its own
autosave, a save held by one table only, the draw autosaved, a transcript that fails
never stops the game.

A full disk is a fake here (the writer raises ENOSPC for the folders named), so these
run everywhere; ``test_hardening_attacks.py`` fills a real tmpfs where it can.
"""

from __future__ import annotations

import argparse
import errno
import io
import os
import subprocess
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest
from test_table_rig import Player, Rig, make_rig, play

import okey.saves.store
import okey.table.state.persist
from okey.commands import play as play_command
from okey.messages import load_catalogue
from okey.saves import SaveError, list_saves, read_save, write_save
from okey.saves.lock import Holder, ProcessTable, holder_of, lock_path, lock_save
from okey.saves.store import unfinished_saves
from okey.speech import Speaker, SpeechMode
from okey.speech.transcript import Transcript
from okey.table.input.leaving import left_unsaved
from okey.table.lines import Line
from okey.table.state.persist import DiskSaver, session_from_save
from okey.table.state.session import Step


@pytest.fixture
def full(monkeypatch: pytest.MonkeyPatch) -> Iterator[set[Path]]:
    """The folders whose disk is full: a write there raises ENOSPC (nothing is written)."""
    folders: set[Path] = set()
    real = okey.saves.store.write_atomically

    def write(path: Path, contents: bytes) -> None:
        if path.parent.resolve() in {folder.resolve() for folder in folders}:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real(path, contents)

    monkeypatch.setattr(okey.saves.store, "write_atomically", write)
    yield folders


CTRL_C = "\x03"
EN = load_catalogue("en")


def _keys(lines: Sequence[object]) -> list[str]:
    return [line.key for line in lines if isinstance(line, Line)]


def _on_a_full_disk(
    saves: Path, full: set[Path], monkeypatch: pytest.MonkeyPatch, *, seed: int, dealer: int
) -> Rig:
    """A table saving into ``saves`` on a full disk, with nowhere else to save."""
    monkeypatch.setattr(okey.table.state.persist, "rescue_folder", lambda: saves)
    monkeypatch.setattr(okey.table.state.persist, "temporary_folder", lambda: saves)
    full.add(saves)
    rig = make_rig(seed=seed, dealer=dealer)
    rig.table.saver = DiskSaver(rig.table.session, saves)
    return rig


# -- 1. leaving with a folder that refuses the save ---------------------------------


def test_a_full_saves_folder_saves_the_match_in_another_and_says_where(
    tmp_path: Path, full: set[Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    saves, rescue = tmp_path / "saves", tmp_path / "rescue"
    monkeypatch.setattr(okey.table.state.persist, "rescue_folder", lambda: rescue)
    full.add(saves)
    rig = make_rig(seed=13, dealer=2)
    rig.table.saver = DiskSaver(rig.table.session, saves)

    async def script(player: Player) -> None:
        await player.press(CTRL_C)

    play(rig, script, pace=30)
    keys = _keys(rig.lines)
    assert "table.save.failed" in keys and "table.save.elsewhere" in keys
    assert not left_unsaved(rig.table)
    name = rig.table.saved_as
    assert name is not None and (rescue / f"{name}.json").is_file()
    assert not list(saves.glob("*.json"))
    words = rig.table.words()
    assert rig.table.farewell() == words("table.goodbye.elsewhere", name=name, folder=str(rescue))
    resumed = session_from_save(read_save(name, rescue), EN)
    assert resumed.match.scores == rig.table.session.match.scores


def test_when_no_folder_takes_the_save_the_table_stays_open_and_never_says_saved(
    tmp_path: Path, full: set[Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    saves, rescue, temporary = tmp_path / "saves", tmp_path / "rescue", tmp_path / "tmp"
    monkeypatch.setattr(okey.table.state.persist, "rescue_folder", lambda: rescue)
    monkeypatch.setattr(okey.table.state.persist, "temporary_folder", lambda: temporary)
    full.update({saves, rescue, temporary})
    rig = make_rig(seed=13, dealer=2)
    rig.table.saver = DiskSaver(rig.table.session, saves)

    async def script(player: Player) -> None:
        await player.press(CTRL_C)
        await player.heard("table.save.staying")
        assert not rig.table.leaving  # still open: the player can make room and quit again
        await player.press(CTRL_C)

    play(rig, script, pace=30)
    assert rig.table.leaving and left_unsaved(rig.table)
    assert rig.table.farewell() == rig.table.words()("table.goodbye.unsaved")
    keys = _keys(rig.lines)
    assert "table.save.done" not in keys and "table.goodbye.saved" not in keys
    assert not [path for folder in (saves, rescue, temporary) for path in folder.glob("*.json")]


def test_a_table_left_unsaved_exits_with_a_failure(
    tmp_path: Path, full: set[Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    saves = tmp_path / "saves"
    rig = _on_a_full_disk(saves, full, monkeypatch, seed=14, dealer=1)
    monkeypatch.setattr(play_command, "needs_terminal", lambda catalogue: None)
    monkeypatch.setattr(play_command, "speaker_from_args", lambda *args: rig.table.speaker)

    def leave_twice(table: object, **options: object) -> int:
        rig.table.leave()
        rig.table.leave()
        return 0

    monkeypatch.setattr(play_command, "play", leave_twice)
    args = argparse.Namespace(sounds=False, transcript=None)
    status = play_command.seat_player(args, lambda speaker: rig.table, EN, pace=0)
    assert status == 1


def test_a_folder_that_takes_the_save_again_is_used_on_the_second_try(
    tmp_path: Path, full: set[Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    saves = tmp_path / "saves"
    rig = _on_a_full_disk(saves, full, monkeypatch, seed=15, dealer=0)

    async def script(player: Player) -> None:
        await player.press(CTRL_C)
        await player.heard("table.save.staying")
        full.clear()  # the player made room
        await player.press(CTRL_C)

    play(rig, script, pace=30)
    assert not left_unsaved(rig.table)
    name = rig.table.saved_as
    assert name is not None
    assert rig.table.farewell() == rig.table.words()("table.goodbye.saved", name=name)
    assert (saves / f"{name}.json").is_file()


# -- 3. each match its own autosave --------------------------------------------------


def test_a_killed_match_keeps_its_autosave_when_another_is_played(tmp_path: Path) -> None:
    first = make_rig(seed=21, dealer=0).table.session
    first.start_round()
    killed = DiskSaver(first, tmp_path)
    killed.autosave()  # match A's only copy; then kill -9: its locks are never released
    (tmp_path / ".autosave.lock").unlink()  # (here: a stale lock, as after kill -9)
    killed_id = killed.match_id
    before = (tmp_path / "autosave.json").read_bytes()

    second = make_rig(seed=22, dealer=1).table.session
    second.start_round()
    saver = DiskSaver(second, tmp_path)
    saver.open()
    for _ in range(3):
        saver.autosave()
    saver.close()
    assert saver.autosave_as == "autosave-2"
    assert (tmp_path / "autosave.json").read_bytes() == before
    assert not (tmp_path / "autosave.bak").exists() or (
        read_save(tmp_path / "autosave.bak", tmp_path).match_id == killed_id
    )
    offered = {entry.data.match_id for entry in unfinished_saves(tmp_path) if entry.data}
    assert offered == {killed_id, saver.match_id}


def test_a_finished_match_s_autosave_slot_is_used_again(tmp_path: Path) -> None:
    from okey.saves.store import autosave_slot

    assert autosave_slot(tmp_path, "a") == "autosave"
    session = make_rig(seed=23).table.session
    session.start_round()
    DiskSaver(session, tmp_path, match_id="b").autosave()
    assert autosave_slot(tmp_path, "b") == "autosave"  # its own
    assert autosave_slot(tmp_path, "c") == "autosave-2"  # another's, unfinished


# -- 4. one table per save ------------------------------------------------------------


HOLDER = """
import sys
from pathlib import Path
from okey.saves.lock import lock_save
lock_save(Path(sys.argv[1]))
print("held", flush=True)
sys.stdin.read()
"""


@pytest.fixture
def other_okey(tmp_path: Path) -> Iterator[subprocess.Popen[str]]:
    """Another okey process holding ``game.json`` in ``tmp_path`` open."""
    child = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(tmp_path / "game.json")],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None and child.stdout.readline() == "held\n"
    yield child
    if child.poll() is None:
        child.kill()
    child.wait(10)


def test_a_save_another_okey_holds_is_refused_until_it_is_killed(
    tmp_path: Path, other_okey: subprocess.Popen[str]
) -> None:
    session = make_rig(seed=24).table.session
    session.start_round()
    saver = DiskSaver(session, tmp_path)
    with pytest.raises(SaveError) as caught:
        saver.open("game")
    assert caught.value.key == "locked"
    assert f"process {other_okey.pid}" in str(caught.value) and "\n" not in str(caught.value)
    with pytest.raises(SaveError):
        write_save("game", saver.data(), tmp_path)  # never written behind its back
    assert not (tmp_path / "game.json").exists()
    other_okey.kill()  # kill -9: the lock file stays, and is stale
    other_okey.wait(10)
    assert lock_path(tmp_path / "game.json").exists()
    saver.open("game")
    saver.save("game")
    saver.close()
    assert not lock_path(tmp_path / "game.json").exists()


def _table(alive: set[int], starts: dict[int, str], host: str = "here") -> ProcessTable:
    return ProcessTable(starts.get, lambda pid: pid in alive, host)


def test_a_lock_whose_process_id_was_used_again_is_stale(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    lock_path(path).write_bytes(Holder(4242, "boot:100", "here").to_json())
    assert holder_of(path, _table({4242}, {4242: "boot:100"})) == Holder(4242, "boot:100", "here")
    assert holder_of(path, _table({4242}, {4242: "boot:999"})) is None  # another process now
    assert holder_of(path, _table(set(), {})) is None  # gone
    lock_path(path).write_bytes(b"not a lock")
    assert holder_of(path, _table(set(), {})) is None  # damaged: stale


def test_another_computer_s_lock_is_honoured_and_named(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    lock_path(path).write_bytes(Holder(7, None, "laptop").to_json())
    with pytest.raises(SaveError) as caught:
        lock_save(path, _table(set(), {}, host="desktop"))
    assert caught.value.key == "locked_elsewhere"
    assert "laptop" in str(caught.value) and ".game.lock" in str(caught.value)


# -- the draw autosaved ---------------------------------------------------------------


def test_the_draw_is_autosaved_so_kill_9_cannot_undo_it(tmp_path: Path) -> None:
    rig = make_rig(seed=11, dealer=3)
    saver = DiskSaver(rig.table.session, tmp_path)
    rig.table.saver = saver
    drawn: list[int] = []

    async def script(player: Player) -> None:
        await player.my_turn()
        await player.press("p")
        drawn.append(len(rig.table.session.match.view(0).hand))

    play(rig, script, pace=0)
    # The autosave written right after the draw (before any discard) holds the draw.
    data = read_save("autosave", tmp_path)
    session = session_from_save(data, EN)
    assert session.step() is Step.PLAYER
    assert len(session.match.view(0).hand) == drawn[0] == 15


# -- the transcript -------------------------------------------------------------------


class FillingDisk(io.StringIO):
    """A transcript file on a disk that fills after ``room`` writes."""

    def __init__(self, room: int) -> None:
        super().__init__()
        self.room = room
        self.name = "full.txt"

    def write(self, text: str) -> int:
        if self.room <= 0:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        self.room -= 1
        return super().write(text)


@pytest.mark.parametrize("room", [0, 5])
def test_a_transcript_that_cannot_be_written_stops_says_so_once_and_play_goes_on(
    room: int, capsys: pytest.CaptureFixture[str]
) -> None:
    printed: list[str] = []
    disk = FillingDisk(room)
    speaker = Speaker(
        SpeechMode.OFF, printer=printed.append, transcript=Transcript(disk), catalogue=EN
    )
    for number in range(20):
        speaker.event_text(f"line {number}")
    assert printed[-1] == "line 19"  # every line still shown
    told = [line for line in printed if "could not be written" in line]
    assert len(told) == 1 and "No space left on device" in told[0]
    speaker.close()
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].startswith("okey: ") and "full.txt" in err[0]


def test_a_transcript_on_dev_full_never_stops_the_table(tmp_path: Path) -> None:
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full here")
    rig = make_rig(seed=11, dealer=3)
    rig.table.speaker._transcript = Transcript.open("/dev/full")  # as --transcript /dev/full

    async def script(player: Player) -> None:
        await player.my_turn()
        await player.press("p", "enter")
        await player.my_turn()

    play(rig, script, pace=0)
    keys = _keys(rig.lines)
    assert any(key.startswith("table.round") for key in keys)
    assert "table.error" not in " ".join(keys)
    assert rig.table.session.match.view(0).hand  # it dealt, and the player played


def test_transcript_lines_have_no_control_characters() -> None:
    stream = io.StringIO()
    Transcript(stream).write("Ayşe\x1b[2J plays\x07 r5\nnext")
    assert stream.getvalue() == "Ayşe[2J plays r5 next\n"


def test_listing_sees_both_matches(tmp_path: Path) -> None:
    for seed in (31, 32):
        session = make_rig(seed=seed).table.session
        session.start_round()
        saver = DiskSaver(session, tmp_path)
        saver.open()
        saver.autosave()
        saver.close()
    assert sorted(entry.name for entry in list_saves(tmp_path)) == ["autosave", "autosave-2"]


def test_the_start_menu_offers_each_unfinished_match(tmp_path: Path) -> None:
    from datetime import date

    from test_start_menu import _args

    from okey.commands import menu

    for seed in (41, 42):
        session = make_rig(seed=seed).table.session
        session.start_round()
        saver = DiskSaver(session, tmp_path)
        saver.open()
        saver.autosave()  # then killed: each keeps its autosave
        saver.close()
    offered = [line for _, line in menu.choices(_args(tmp_path), date(2026, 11, 30), EN)]
    resumed = sorted(line[1] for line in offered if line[:1] == ["resume"])
    assert resumed == ["autosave", "autosave-2"]


def test_sigterm_or_a_closed_terminal_leaves_at_once_even_unsaved(
    tmp_path: Path, full: set[Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    saves = tmp_path / "saves"
    rig = _on_a_full_disk(saves, full, monkeypatch, seed=16, dealer=0)
    rig.table.saved_as = "earlier"  # saved once before the disk filled

    async def script(player: Player) -> None:
        await player.my_turn()
        rig.table.leave(force=True)  # what SIGTERM and SIGHUP do

    play(rig, script, pace=0)
    assert rig.table.leaving and left_unsaved(rig.table)
    assert rig.table.farewell() == rig.table.words()("table.goodbye.unsaved")


def test_each_system_s_process_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """Linux reads /proc (a start time, so a reused id is seen); macOS asks os.kill(pid,
    0) and psutil; Windows asks kernel32, never os.kill, which would end the process
    there (tests/test_saves_lock_portable.py)."""
    import okey.saves.lock as lock

    linux = lock.system_processes("linux")
    assert linux.alive(os.getpid()) and linux.start(os.getpid())
    windows = lock.system_processes("win32")
    assert windows.alive is lock._windows_alive and windows.start is lock._windows_start
    mac = lock.system_processes("darwin")
    answers: dict[int, BaseException | None] = {
        1: None,
        2: ProcessLookupError(),
        3: PermissionError(),
    }

    def kill(pid: int, signal_number: int) -> None:
        assert signal_number == 0
        answer = answers[pid]
        if answer is not None:
            raise answer

    monkeypatch.setattr(os, "kill", kill)
    assert [mac.alive(pid) for pid in (1, 2, 3)] == [True, False, True]
    assert mac.start is lock._portable_start
