"""Saves and match logs written by okey 0.1 (``fixtures/v0.1``) still load, resume and
replay as they did: what the table says on resuming and playing on, and what ``okey
replay`` tells, are kept in ``golden/`` (written anew as ``test_golden.py`` says)."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest
from golden_table import play_by_keys, resumed_table
from test_golden import GOLDEN, WRITE

from okey.cli import main
from okey.saves import read_save

FIXTURES = Path(__file__).parent / "fixtures" / "v0.1"
SAVES = sorted(path.stem for path in FIXTURES.glob("*.json"))
LOGS = sorted(path.stem for path in FIXTURES.glob("*.okeylog"))


def _check(name: str, text: str) -> None:
    path = GOLDEN / name
    if WRITE:
        path.write_text(text, encoding="utf-8")
        return
    assert text == path.read_text(encoding="utf-8")


@pytest.mark.parametrize("name", SAVES)
def test_an_old_save_resumes_and_plays_on_as_before(name: str, tmp_path: Path) -> None:
    data = read_save(FIXTURES / f"{name}.json", tmp_path)
    played = resumed_table(data)
    play_by_keys(played, rounds=1, seed=7, resumed=True)
    _check(f"resume-{name}.txt", played.transcript())


@pytest.mark.parametrize("name", LOGS)
def test_an_old_match_log_replays_as_before(name: str) -> None:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["replay", str(FIXTURES / f"{name}.okeylog")]) == 0
    _check(f"replay-{name}.txt", out.getvalue())
    seat = io.StringIO()
    with contextlib.redirect_stdout(seat):
        assert main(["replay", "--seat", "1", str(FIXTURES / f"{name}.okeylog")]) == 0
    _check(f"replay-{name}-seat1.txt", seat.getvalue())
