"""``okey review``: the master's review of a saved match or a match log, at every game, in
words or as JSON."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from datetime import timedelta
from pathlib import Path

import pytest
from test_review import finished_match
from test_saves_support import Table
from test_table_hint import NAMES101

from okey.cli import main
from okey.engine.match import Match
from okey.engine.notation import parse_action
from okey.matchlog import LogHeader, log_of
from okey.messages import Verbosity, load_catalogue
from okey.review import review_match
from okey.saves import SaveData, snapshot, write_save
from okey.saves.codec import encode_plain
from okey.table.output.reviewing import review_lines
from okey.table.output.words import Words
from okey.table.state.seats import Seats

EN = load_catalogue("en")

NAMES = ("You", "Ayşe", "Bob", "Cem")


@pytest.fixture(scope="module")
def played() -> Table:
    """Two rounds over and a third in play."""
    table = Table.new("classic", 5)
    table.play_until(lambda match: match.round_number == 3 and not match.round_over)
    return table


def _expected(table: Table, seat: int) -> list[str]:
    return _expected_of(table.match, seat, NAMES[: table.match.players])


def _expected_of(match: Match, seat: int, names: Sequence[str]) -> list[str]:
    """``okey review``'s lines for ``seat`` of ``match``, its seats called ``names``."""
    words = Words(Seats(match.rules.table, seat, tuple(names)), Verbosity.DETAILED, catalogue=EN)
    lines = []
    for review in review_match(match, seat):
        summary, *rest = review_lines(review, words)
        lines.append(f"Round {review.number}. {summary}")
        lines += [f"  {line}" for line in rest]
    return lines


def test_every_finished_round_is_reviewed(
    played: Table, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write_save("evening", played.save(), tmp_path)
    assert main(["review", "evening", "--saves", str(tmp_path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == _expected(played, 0)
    assert [line.split(".")[0] for line in out if line.startswith("Round")] == [
        "Round 1",
        "Round 2",
    ]
    assert any(line.startswith("  Turn ") for line in out)  # the scripted person strays


def test_the_latest_save_even_of_a_finished_match_and_another_seat(
    played: Table, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    playing = played.save()
    write_save("playing", playing, tmp_path)
    finished = Table.new("one-round", 5)
    finished.play_until(lambda match: match.over)
    data = finished.save()
    later = SaveData(**{**data.__dict__, "created": playing.created + timedelta(seconds=100)})
    write_save("finished", later, tmp_path)
    assert main(["review", "--saves", str(tmp_path)]) == 0
    assert capsys.readouterr().out.splitlines() == _expected(finished, 0)
    path = str(tmp_path / "playing.json")
    assert main(["review", path, "--seat", "2", "--saves", str(tmp_path)]) == 0
    assert capsys.readouterr().out.splitlines() == _expected(played, 2)


@pytest.mark.parametrize("rules", ["salon", "partners", "two-player", "traditional"])
def test_a_save_of_another_table_is_reviewed(
    rules: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    table = Table.new(rules, 5)
    table.play_until(lambda match: match.round_number == 2 and not match.round_over)
    write_save("other", table.save(), tmp_path)
    assert main(["review", "other", "--saves", str(tmp_path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == _expected(table, 0)
    assert out[0].startswith("Round 1. ")
    assert main(["review", "other", "--saves", str(tmp_path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["rules"] == rules and [r["round"] for r in data["rounds"]] == [1]
    automatic = data["rounds"][0]["automatic"]
    assert (automatic > 0) == (rules == "salon")  # the scripted person lets the clock run out
    assert automatic == sum(move["automatic"] for move in data["rounds"][0]["moves"])


def test_json(played: Table, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_save("evening", played.save(), tmp_path)
    assert main(["review", "evening", "--saves", str(tmp_path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    reviews = review_match(played.match, 0)
    assert (data["save"], data["rules"], data["seat"]) == ("evening", "classic", 0)
    assert [r["round"] for r in data["rounds"]] == [1, 2]
    for found, review in zip(data["rounds"], reviews, strict=True):
        summary = review.summary
        assert (found["decisions"], found["agreements"], found["automatic"]) == (
            summary.decisions,
            summary.agreements,
            summary.automatic,
        )
        assert len(found["moves"]) == len(review.decisions)
    move = data["rounds"][0]["moves"][0]
    assert set(move) == {
        "turn",
        "kind",
        "played",
        "master",
        "agreed",
        "automatic",
        "offered",
        "played_points",
        "master_points",
    }
    plays = {m["played"].split()[0] for r in data["rounds"] for m in r["moves"] if m["played"]}
    assert plays <= {"draw", "take", "discard", "finish", "decline", "show"}


def test_a_match_with_no_round_over(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    table = Table.new("classic", 7)
    table.play(5)
    write_save("early", table.save(), tmp_path)
    assert main(["review", "early", "--saves", str(tmp_path)]) == 0
    assert capsys.readouterr().out == "No round of this match is over yet.\n"
    assert main(["review", "early", "--saves", str(tmp_path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["rounds"] == []


def test_errors_are_one_line_and_exit_2(
    played: Table, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def refused(*args: str) -> str:
        assert main(["review", *args, "--saves", str(tmp_path)]) == 2
        captured = capsys.readouterr()
        assert captured.out == ""
        assert captured.err.startswith("okey: ") and captured.err.count("\n") == 1
        return captured.err

    assert refused() == f"okey: no saved match to review in {tmp_path}\n"
    assert "there is no save called nothing" in refused("nothing")
    log = tmp_path / "match.log"
    log.write_text('# okey match log\n[Rules "classic"]\n', encoding="utf-8")
    assert "is not an okey save" in refused(str(log))
    junk = tmp_path / "junk.json"
    junk.write_bytes(b"\x89PNG\r\n\x1a\n")
    assert "is not an okey save" in refused(str(junk))
    good = played.save()
    write_save("evening", good, tmp_path)
    assert refused("evening", "--seat", "4") == (
        "okey: there is no seat 4 at this table (seats 0 to 3)\n"
    )
    damaged = SaveData(**{**good.__dict__, "created": good.created + timedelta(seconds=1)})
    text = encode_plain(damaged).decode("utf-8")  # unsealed, so its log can be edited
    broken = text.replace(" discard ", " discard r14 ", 1)
    (tmp_path / "damaged.json").write_text(broken, encoding="utf-8")
    assert "damaged" in refused("damaged")


# -- at Okey 101 ------------------------------------------------------------------------


@pytest.fixture
def match101() -> Match:
    return finished_match("101")


def test_okey_review_of_a_101_save(
    match101: Match, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    names = list(NAMES101)
    data = snapshot(
        match101,
        bot_rngs=[None] + [random.Random(seat) for seat in (1, 2, 3)],
        settings={"names": names},
        label="test",
        names=names,
    )
    write_save("evening", data, tmp_path)
    assert main(["review", "evening", "--saves", str(tmp_path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == _expected_of(match101, 0, names)
    assert out[0].startswith("Round 1. You and the master agreed on all ")
    assert main(["review", "evening", "--seat", "2", "--saves", str(tmp_path)]) == 0
    assert capsys.readouterr().out.splitlines() == _expected_of(match101, 2, names)
    assert main(["review", "evening", "--json", "--saves", str(tmp_path)]) == 0
    found = json.loads(capsys.readouterr().out)
    assert found["rules"] == "101" and [r["round"] for r in found["rounds"]] == [1, 2]
    moves = [m for r in found["rounds"] for m in r["moves"]]
    assert {"draw", "discard"} <= {m["kind"] for m in moves}
    assert all(parse_action(m["played"]) == parse_action(m["master"]) for m in moves)


def test_okey_review_of_a_101_log(
    match101: Match, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "match-0001.okeylog"
    path.write_text(log_of(match101, LogHeader("101", tuple(NAMES101), "21")), encoding="utf-8")
    assert main(["review", "--log", str(path), "--seat", "1"]) == 0
    expected = _expected_of(match101, 1, NAMES101)
    assert capsys.readouterr().out.splitlines() == expected
    assert main(["review", str(path), "--seat", "1"]) == 0  # a log by its name
    assert capsys.readouterr().out.splitlines() == expected
    assert main(["review", "--log", str(path), "evening"]) == 2
    assert "not both" in capsys.readouterr().err
    assert main(["review", "--log", str(path), "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert found["log"] == "match-0001" and found["rules"] == "101" and found["seat"] == 0
    assert main(["review", "--log", str(tmp_path / "none.okeylog")]) == 2
    assert "none.okeylog" in capsys.readouterr().err
