"""``okey hand --rules 101 --batch FILE``: one hand a line, each told with its best opening
and value as a single hand is; a bad line says why with its number, the rest still told."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from okey.cli import main

GOOD = "k2: k13 b13 r13 r9 r10 r11 r12 r5 b5 y5 k3"  # 109 with the okey in the run
SHORT = "r7: r1 r2 r3 b4 y4 k4"  # 6 + 12 = 18, not enough
LINES = [
    "# a comment, then a blank line",
    "",
    GOOD,
    "k2 k13 b13",  # no colon
    "fj: r5 r6",  # a false joker as the indicator
    "k2: r5 r5 r5",  # three of a tile
    "k2: zz9",  # no tile
    SHORT,
    "k2: "
    + " ".join(["r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8", "r9", "r10", "r11"] * 2)
    + " r12",  # 23 tiles
]


def _batch(tmp_path: Path) -> Path:
    path = tmp_path / "hands.txt"
    path.write_text("\n".join(LINES) + "\n", encoding="utf-8")
    return path


def test_each_line_gets_its_best_opening_and_value_or_its_reason(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["hand", "--rules", "101", "--batch", str(_batch(tmp_path)), "--json"]) == 1
    answers = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [a["line"] for a in answers] == [3, 4, 5, 6, 7, 8, 9]
    good, no_colon, false_joker, copies, no_tile, short, too_many = answers
    assert good["opening"]["value"] == 109 and good["opening"]["reaches"]
    assert short["opening"]["value"] == 18 and not short["opening"]["reaches"]
    assert "colon" in no_colon["error"] and no_colon["input"] == "k2 k13 b13"
    assert "false joker" in false_joker["error"]
    assert "3 red 5" in copies["error"]
    assert "zz9" in no_tile["error"]
    assert "at most 22" in too_many["error"]


def test_a_batch_line_is_told_as_the_same_hand_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    table = "b4 b5 b6 | y9 y10 y11"
    path = tmp_path / "one.txt"
    path.write_text("k2: b7 y12 r1 r2\n", encoding="utf-8")
    assert main(["hand", "--rules", "101", "--batch", str(path), "--table", table, "--json"]) == 0
    batch = json.loads(capsys.readouterr().out)
    assert batch.pop("line") == 1
    alone = ["hand", "--rules", "101", "-i", "k2", "b7", "y12", "r1", "r2", "--table", table]
    assert main([*alone, "--json"]) == 0
    assert batch == json.loads(capsys.readouterr().out)
    assert main(["hand", "--rules", "101", "--batch", str(path), "--table", table]) == 0
    said = capsys.readouterr().out
    assert said.startswith("Hand 1\n") and "blue 7 fits" in said and "yellow 12 fits" in said


def test_the_batch_in_words_numbers_each_hand_and_each_bad_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["hand", "--rules", "101", "--batch", str(_batch(tmp_path))]) == 1
    said = capsys.readouterr().out
    assert "Hand 3\n" in said and "Best opening: 109 points, enough to open" in said
    assert "Hand 8\n" in said and "Best opening: 18 points, 101 needed to open" in said
    assert "\n4: Write the indicator, a colon" in said and "\n6: There are only two" in said
    assert "Traceback" not in said


def test_a_table_that_is_no_run_or_set_is_said_on_each_line_and_nothing_breaks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "one.txt"
    path.write_text(GOOD + "\n" + SHORT + "\n", encoding="utf-8")
    assert main(["hand", "--rules", "101", "--batch", str(path), "--table", "r1 r2"]) == 1
    assert capsys.readouterr().out.splitlines() == [
        "1: --table: r1 r2 is no run or set",
        "2: --table: r1 r2 is no run or set",
    ]


def test_the_batch_reads_standard_input_and_says_a_missing_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO((GOOD + "\n").encode())))
    assert main(["hand", "--rules", "101", "--batch", "-", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["opening"]["value"] == 109
    assert main(["hand", "--rules", "101", "--batch", str(tmp_path / "none.txt")]) == 2
    assert "Cannot read" in capsys.readouterr().err


def test_a_single_101_hand_is_checked_as_a_rack(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hand", "--rules", "101", "-i", "k2", "r5", "r5", "r5"]) == 2
    assert "3 red 5" in capsys.readouterr().err
    assert main(["hand", "--rules", "101", "-i", "fj", "r5"]) == 2
    assert "false joker" in capsys.readouterr().err
