"""Issue 18, point 5: no hidden ``.tmp`` file is left behind, by a killed writer (the next
write of that save removes it) or by a write whose backup is already a hard link to the
save."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from test_saves_support import Table

from okey.saves import SaveData, read_save, write_save
from okey.saves.store import OLD_TEMP_SECONDS, clean_temporary_files


@pytest.fixture(scope="module")
def data() -> SaveData:
    table = Table.new("classic", 9)
    table.play(20)
    return table.save()


def _hidden(folder: Path) -> list[str]:
    return sorted(path.name for path in folder.iterdir() if path.name.endswith(".tmp"))


def _dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def test_a_write_whose_backup_is_a_hard_link_to_the_save_leaves_no_temporary_file(
    data: SaveData, tmp_path: Path
) -> None:
    first = write_save("game", data, tmp_path)
    old = first.read_bytes()
    backup = tmp_path / "game.bak"
    if backup.exists():
        backup.unlink()
    os.link(first, backup)  # as a write stopped after keeping its backup leaves it
    write_save("game", data, tmp_path)
    assert _hidden(tmp_path) == []
    assert backup.read_bytes() == old and read_save("game", tmp_path) == data
    assert not os.path.samefile(first, backup)


def test_many_writes_leave_no_temporary_file(data: SaveData, tmp_path: Path) -> None:
    for _ in range(30):
        write_save("game", data, tmp_path)
        assert _hidden(tmp_path) == []


def test_a_killed_writer_s_temporary_files_are_removed_by_the_next_write(
    data: SaveData, tmp_path: Path
) -> None:
    dead = _dead_pid()
    left = [
        tmp_path / f".game.json.{dead}.a1b2c3.tmp",
        tmp_path / f".game.bak.{dead}.d4e5f6.tmp",
    ]
    running = tmp_path / f".game.json.{os.getppid()}.x9y8z7.tmp"  # a writer still at work
    old_style = tmp_path / ".game.json.q1w2e3.tmp"  # an older okey's: no process id
    new_style = tmp_path / ".game.json.r4t5y6.tmp"
    for path in [*left, running, old_style, new_style]:
        path.write_bytes(b"half a save")
    an_hour_ago = time.time() - OLD_TEMP_SECONDS - 60
    os.utime(old_style, (an_hour_ago, an_hour_ago))
    other_save = tmp_path / f".other.json.{dead}.m1n2b3.tmp"
    other_save.write_bytes(b"another save's")

    write_save("game", data, tmp_path)
    assert _hidden(tmp_path) == sorted(p.name for p in (running, new_style, other_save))
    assert clean_temporary_files(tmp_path / "other.json") == [other_save]


WRITER = """
import sys
from pathlib import Path
from okey.saves import decode, write_save
data = decode(Path(sys.argv[1]).read_bytes(), "game.json")
print("writing", flush=True)
while True:
    write_save("game", data, Path(sys.argv[2]))
"""


def test_writers_killed_with_sigkill_leave_nothing_after_the_next_write(
    data: SaveData, tmp_path: Path
) -> None:
    source = write_save("source", data, tmp_path / "source")
    folder = tmp_path / "saves"
    folder.mkdir()
    for round_number in range(4):
        child = subprocess.Popen(
            [sys.executable, "-c", WRITER, str(source), str(folder)], stdout=subprocess.PIPE
        )
        assert child.stdout is not None and child.stdout.readline() == b"writing\n"
        time.sleep(0.02 + round_number * 0.013)
        child.send_signal(signal.SIGKILL)
        child.wait(10)
        child.stdout.close()
    write_save("game", data, folder)
    assert _hidden(folder) == []
    assert read_save("game", folder) == data
