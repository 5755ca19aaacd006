"""``okey hand``: words for a person, JSON for programs, clear errors, batches."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from okey.cli import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["hand", *args])
    out, err = capsys.readouterr()
    return status, out, err


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


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["-i", "r5", "r1", "q2"], "'q2' is not a tile"),
        (["-i", "fj", "r1"], "false joker"),
        (["r1", "r2"], "--indicator"),
        (["-i", "r5", "k1", "k1", "k1"], "only two"),
        (["-i", "r5", *["k1"] * 16], "at most 15"),
        (["-i", "r5", "r1", "--rules", "nosuch"], "no such rules file"),
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


def test_batch_missing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, _, err = run(capsys, "--batch", str(tmp_path / "missing.txt"), "--json")
    assert status == 2 and "Cannot read" in err


def test_the_okey_is_named_once(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hand", "--indicator", "r5", "r1", "r2", "r3"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "Indicator red 5, okey red 6."
