"""``okey hand`` at every game: words for a person, JSON for programs, clear errors,
batches (at 101: one hand a line, each told with its best opening and value as a single
hand is; a bad line says why with its number, the rest still told)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from okey.cli import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["hand", *args])
    out, err = capsys.readouterr()
    return status, out, err


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


def test_json_for_a_fifteen_tile_hand(capsys: pytest.CaptureFixture[str]) -> None:
    tiles = [
        "r1",
        "r2",
        "r3",
        "b5",
        "b6",
        "b7",
        "b8",
        "r9",
        "b9",
        "k9",
        "y9",
        "y2",
        "y3",
        "y4",
        "r6",
    ]
    status, out, _ = run(capsys, "--indicator", "r5", *tiles, "--json")
    assert status == 0
    data = json.loads(out)
    assert set(data) == {
        "indicator",
        "okey",
        "tiles",
        "winning",
        "kind",
        "grouping",
        "finishes",
        "waits",
        "deficiency",
    }
    assert data["okey"] == "r6"
    assert data["winning"] is None and data["waits"] is None
    assert data["finishes"][0] == {"discard": "r6", "kind": "combinations", "points": 4}
    assert data["deficiency"] == 0


def test_json_for_a_fourteen_tile_hand(capsys: pytest.CaptureFixture[str]) -> None:
    tiles = ["r1", "r2", "r3", "b5", "b6", "b7", "b8", "r9", "b9", "k9", "y9", "y2", "y3", "k1"]
    status, out, _ = run(capsys, "-i", "k5", *tiles, "--json")
    data = json.loads(out)
    assert status == 0
    assert data["winning"] is False and data["kind"] is None and data["finishes"] is None
    assert set(data["waits"]) == {"y1", "y4", "k6"}
    assert data["grouping"]["spares"] == ["y2", "y3", "k1"]


def test_words_for_a_person(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "-i", "r9", "y13", "b5", "k3", "k4", "k5", "r5", "k6")
    assert status == 0
    assert "Run: black 3, black 4, black 5, black 6." in out
    assert "Spares: yellow 13, blue 5, red 5." in out


def test_okey_hand_tells_the_best_101_opening(capsys: pytest.CaptureFixture[str]) -> None:
    tiles = ["k13", "b13", "r13", "r9", "r10", "r11", "r12", "r5", "b5", "y5", "k3"]
    assert main(["hand", "--rules", "101", "-i", "k2", *tiles, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["opening"]["value"] == 109 and data["opening"]["reaches"]  # O1b
    table = "b4 b5 b6 | y9 y10 y11"
    assert main(["hand", "--rules", "101", "-i", "k2", "b7", "y12", "r1", "--table", table]) == 0
    said = capsys.readouterr().out
    assert "blue 7 fits" in said and "yellow 12 fits" in said


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["-i", "r5", "r1", "q2"], "'q2' is not a tile"),
        (["-i", "fj", "r1"], "false joker"),
        (["r1", "r2"], "--indicator"),
        (["-i", "r5", "k1", "k1", "k1"], "only two"),
        (["-i", "r5", *["k1"] * 16], "at most 15"),
        (["-i", "r5", "r1", "--rules", "nosuch"], "no such rules file"),
        (["--rules", "101", "-i", "k2", "r5", "--table", "r1 r2"], "r1 r2 is no run or set"),
        (["--rules", "101", "-i", "k2", "r5", "r5", "r5"], "3 red 5"),  # checked as a rack
        (["--rules", "101", "-i", "fj", "r5"], "false joker"),
        (["--rules", "101", "r5"], "--indicator"),
    ],
)
def test_bad_input_gets_one_clear_line(
    capsys: pytest.CaptureFixture[str], args: list[str], fragment: str
) -> None:
    status, out, err = run(capsys, *args)
    assert status == 2
    assert fragment in err
    assert "Traceback" not in err and out == ""


def test_batch_goes_on_after_bad_lines(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    batch = tmp_path / "hands.txt"
    batch.write_text(
        "# comment\nr5: r1 r2 r3 b5 b6 b7 b8 r9 b9 k9 y9 y2 y3 y4\nnonsense\nr5: r1 z9\n"
        "k13: k1 k1 k2 k12 k13 fj r3 r4 r5 b7 b8 b9 y11 y12\n",
        encoding="utf-8",
    )
    status, out, _ = run(capsys, "--batch", str(batch), "--json")
    lines = [json.loads(line) for line in out.splitlines()]
    assert status == 1
    assert [entry["line"] for entry in lines] == [2, 3, 4, 5]
    assert lines[0]["winning"] is True
    assert "colon" in lines[1]["error"]
    assert "'z9'" in lines[2]["error"]
    assert lines[3]["okey"] == "k1"


@pytest.mark.parametrize("rules", ["classic", "101"])
@pytest.mark.parametrize("json_flag", [["--json"], []])
def test_batch_missing_file(
    rules: str, json_flag: list[str], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    missing = str(tmp_path / "missing.txt")
    status, _, err = run(capsys, "--rules", rules, "--batch", missing, *json_flag)
    assert status == 2 and "Cannot read" in err


@pytest.mark.parametrize("rules", ["classic", "101"])
def test_the_okey_is_named_once(rules: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hand", "--rules", rules, "--indicator", "r5", "r1", "r2", "r3"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "Indicator red 5, okey red 6."


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


def test_the_batch_reads_standard_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO((GOOD + "\n").encode())))
    assert main(["hand", "--rules", "101", "--batch", "-", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["opening"]["value"] == 109


def test_a_binary_batch_file_is_one_clear_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    batch = tmp_path / "hands.bin"
    batch.write_bytes(b"\xff\xfe\x00binary\x80\n")
    assert main(["hand", "--batch", str(batch), "--json"]) == 2
    err = capsys.readouterr().err
    assert "not text (UTF-8)" in err and "codec" not in err and err.count("\n") == 1
