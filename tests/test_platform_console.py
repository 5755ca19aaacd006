# ruff: noqa: RUF001  (Turkish letters and typographic quotes, on purpose)
"""Consoles that cannot show every letter: okey never raises, and writes the nearest letter.

The commands run as a player runs them, in a child process whose standard
output is a pipe read as cp1252 (a Windows console's ANSI code page), cp437
(the old OEM one) or ASCII, as ``PYTHONIOENCODING`` makes it.
"""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from okey.console import ERRORS, make_console_safe, nearest, never_fail, to_encoding

FIXTURES = Path(__file__).parent / "fixtures" / "v0.1"
ENCODINGS = ("cp1252", "cp437", "ascii")


def okey(*args: str, encoding: str, cwd: Path | None = None) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "PYTHONIOENCODING": encoding}
    env.pop("OKEY_LANGUAGE", None)
    return subprocess.run(
        [sys.executable, "-m", "okey", *args],
        env=env,
        capture_output=True,
        timeout=60,
        check=False,
        cwd=cwd,
    )


def test_the_nearest_letter_is_the_letter_without_its_accent() -> None:
    assert to_encoding("Ayşe", "cp1252") == "Ayse"  # cp1252 has no ş
    assert to_encoding("Ayşe", "cp437") == "Ayse"
    assert to_encoding("Ayşe Çağlar, İstanbul, ılık", "ascii") == "Ayse Caglar, Istanbul, ilik"
    assert to_encoding("Mehmet ıstaka: göster", "cp1252") == "Mehmet istaka: göster"  # ö stays
    assert to_encoding("okey — “yes” … ‘no’", "cp437") == "okey - \"yes\" ... 'no'"
    assert to_encoding("€ 5", "cp437") == "? 5"  # no letter near enough
    assert nearest("ş", "utf-8") == "ş"


def test_a_stream_made_safe_writes_what_it_can() -> None:
    raw = io.BytesIO()
    stream = io.TextIOWrapper(raw, encoding="cp1252")
    never_fail(stream)
    assert stream.errors == ERRORS
    print("Sıra: Ayşe", file=stream)
    stream.flush()
    assert raw.getvalue() == "Sira: Ayse\n".encode("cp1252")
    never_fail(None)  # pythonw has no console: nothing to do
    make_console_safe()  # pytest's own streams: harmless


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_okey_saves_lists_ayse_on_any_console(tmp_path: Path, encoding: str) -> None:
    shutil.copy(FIXTURES / "classic-mid-turn.json", tmp_path)
    result = okey("saves", "--saves", str(tmp_path), encoding=encoding)
    assert result.returncode == 0, result.stderr.decode(encoding, "replace")
    assert result.stderr == b""
    listing = result.stdout.decode(encoding)
    assert "Ayse 20." in listing and "Ayşe" not in listing


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_errors_and_turkish_texts_never_raise(tmp_path: Path, encoding: str) -> None:
    missing = tmp_path / "eller-şığ.txt"
    result = okey("--language", "tr", "hand", "--batch", str(missing), encoding=encoding)
    assert result.returncode == 2
    error = result.stderr.decode(encoding)
    assert "Traceback" not in error
    assert "eller-sig.txt" in error and "okunam" in error
    rules = okey("--language", "tr", "rules", "classic", encoding=encoding)
    assert rules.returncode == 0 and b"Traceback" not in rules.stderr
    assert "baslar" in rules.stdout.decode(encoding)  # "başlar"
