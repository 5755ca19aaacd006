"""Files from Windows: a UTF-8 byte order mark is accepted, a held file is waited for."""

from __future__ import annotations

import io
import os
import tomllib
from pathlib import Path

import pytest

from okey.replace import PAUSES, replace
from okey.textfiles import BOM, decode, read_text, text_lines

NOTEPAD = b"\xef\xbb\xbf"  # what Notepad writes in front of UTF-8 text
SETTINGS = 'name = "Ayşe"\nspeech = "off"\n'


def test_a_file_saved_with_a_byte_order_mark_reads_as_without(tmp_path: Path) -> None:
    marked, plain = tmp_path / "marked.toml", tmp_path / "plain.toml"
    marked.write_bytes(NOTEPAD + SETTINGS.encode("utf-8"))
    plain.write_bytes(SETTINGS.encode("utf-8"))
    with pytest.raises(tomllib.TOMLDecodeError):  # what reading it as plain UTF-8 gives
        tomllib.loads(marked.read_text(encoding="utf-8"))
    assert tomllib.loads(read_text(marked)) == tomllib.loads(read_text(plain))
    assert decode(NOTEPAD + SETTINGS.encode("utf-8")) == SETTINGS
    with pytest.raises(UnicodeDecodeError):
        decode("Ayşe".encode("cp1254"))  # not UTF-8 at all: still refused


def test_batch_lines_lose_the_mark_from_a_file_or_a_pipe(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    batch = tmp_path / "hands.txt"
    batch.write_bytes(NOTEPAD + b"r5: r1 r2 r3\nk4: y1 y2\n")
    assert list(text_lines(batch)) == ["r5: r1 r2 r3\n", "k4: y1 y2\n"]
    monkeypatch.setattr("sys.stdin", io.StringIO(BOM + "r5: r1 r2 r3\nk4: y1\ufeff\n"))
    assert list(text_lines("-")) == ["r5: r1 r2 r3\n", "k4: y1\ufeff\n"]  # only the first


class HeldFile:
    """``os.replace`` while an antivirus holds the target: PermissionError ``times`` times."""

    def __init__(self, times: int) -> None:
        self.times = times
        self.tries = 0

    def __call__(self, source: str | os.PathLike[str], target: str | os.PathLike[str]) -> None:
        self.tries += 1
        if self.tries <= self.times:
            raise PermissionError(13, "The process cannot access the file", str(target))
        os.rename(source, target)


def test_windows_waits_for_a_held_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source, target = tmp_path / "new", tmp_path / "save.json"
    source.write_text("new")
    target.write_text("old")
    held = HeldFile(times=3)
    monkeypatch.setattr(os, "replace", held)
    pauses: list[float] = []
    replace(source, target, platform="win32", sleep=pauses.append)
    assert target.read_text() == "new" and not source.exists()
    assert held.tries == 4
    assert pauses == list(PAUSES[:3])


def test_a_hold_that_lasts_is_reported(tmp_path: Path) -> None:
    held = HeldFile(times=100)
    pauses: list[float] = []
    with pytest.raises(PermissionError):
        replace(tmp_path / "a", tmp_path / "b", platform="win32", sleep=pauses.append, move=held)
    assert held.tries == len(PAUSES) + 1
    assert sum(pauses) == pytest.approx(sum(PAUSES))
    assert sum(PAUSES) < 2.0  # brief: the player is not kept waiting long


def test_elsewhere_and_for_other_errors_nothing_is_tried_again(tmp_path: Path) -> None:
    held = HeldFile(times=1)
    with pytest.raises(PermissionError):  # Linux, macOS: a real lack of permission
        replace(tmp_path / "a", tmp_path / "b", platform="linux", move=held)
    assert held.tries == 1
    pauses: list[float] = []
    with pytest.raises(FileNotFoundError):
        replace(tmp_path / "none", tmp_path / "b", platform="win32", sleep=pauses.append)
    assert pauses == []
