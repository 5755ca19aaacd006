"""``okey simulate``: headless bot matches and their statistics."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from okey.cli import main
from okey.commands.simulate import simulate
from okey.engine.events import DiceThrown
from okey.games.okey101.levels import LEVELS_101
from okey.matchlog import read_log, replay
from okey.rules import load_rules

KEYS = {"rules", "seed", "rounds", "matches", "seconds", "rounds_per_second"}
KEYS |= {"seats", "decision_ms", "replaced"}
CLASSIC_SEAT = {"bot", "wins", "win_share", "points_lost", "shows", "finishes"}
SEAT_101 = {"bot", "finishes", "finish_share", "points", "mean_points", "penalties"}
SEAT_101 |= {"opened", "opened_pairs", "okey_finishes"}


@pytest.mark.parametrize(
    ("args", "keys", "seat_keys", "ends"),
    [
        (["--seed", "3"], KEYS | {"drawn"}, CLASSIC_SEAT, ("wins", "drawn")),
        (
            ["--rules", "101", "--seats", ",".join(LEVELS_101), "--seed", "1"],
            KEYS | {"game", "pile_out", "cancelled"},
            SEAT_101,
            ("finishes", "pile_out"),
        ),
    ],
    ids=["okey", "101"],
)
def test_json_report_has_every_key(
    args: list[str],
    keys: set[str],
    seat_keys: set[str],
    ends: tuple[str, str],
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["simulate", "--rounds", "6", *args, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == keys
    assert data["replaced"] == []
    assert data["seed"] == int(args[-1]) and data["rounds"] == 6
    assert data["rules"] == ("101" if "101" in args else "classic")
    assert data.get("game", "101") == "101"
    seats = args[args.index("--seats") + 1].split(",") if "--seats" in args else ["random"] * 4
    assert [seat["bot"] for seat in data["seats"]] == seats
    for seat in data["seats"]:
        assert set(seat) == seat_keys
        if "wins" in seat:
            assert set(seat["finishes"]) == {"combinations", "pairs", "okey_discard"}
    assert set(data["decision_ms"]) == set(seats)
    for timing in data["decision_ms"].values():
        assert set(timing) == {"median", "p99"}
    by_seat, total = ends  # each round is won or ends without a winner
    assert sum(seat[by_seat] for seat in data["seats"]) + data[total] == 6


def test_the_same_seed_plays_the_same_games() -> None:
    first = simulate(load_rules("one-round"), ["random"] * 4, 5, seed=9).to_json()
    second = simulate(load_rules("one-round"), ["random"] * 4, 5, seed=9).to_json()
    for data in (first, second):
        data.pop("seconds")
        data.pop("rounds_per_second")
        data.pop("decision_ms")
    assert first == second
    assert first["matches"] == 5  # a one-round table: one match per round


def test_points_lost_follow_the_scores() -> None:
    data = simulate(load_rules("one-round"), ["random"] * 4, 8, seed=2).to_json()
    shows = sum(s["shows"] for s in data["seats"])
    wins = sum(s["wins"] for s in data["seats"])
    assert data["rounds"] == 8 and wins + data["drawn"] == 8
    assert sum(s["points_lost"] for s in data["seats"]) >= 3 * shows


def test_logs_are_written_and_replay(tmp_path: Path) -> None:
    assert (
        main(
            [
                "simulate",
                "--rounds",
                "3",
                "--rules",
                "two-player",
                "--seats",
                "random,random",
                "--seed",
                "4",
                "--log",
                str(tmp_path),
            ]
        )
        == 0
    )
    logs = sorted(tmp_path.glob("*.okeylog"))
    assert logs
    for path in logs:
        replay(read_log(path))


@pytest.mark.parametrize(
    ("args", "words"),
    [
        ([], ["2 rounds in 1 matches", "Seat 3 (random)"]),
        (["--rules", "101", "--seats", ",".join(LEVELS_101)], ["2 rounds of Okey 101", "(hard)"]),
        (
            ["--rules", "partners"],
            [
                "Team of seats 0 and 2 (random, random): won ",
                "Team of seats 1 and 3 (random, random): won ",
            ],
        ),
        (
            ["--rules", "101-partners", "--seats", ",".join(LEVELS_101)],
            [
                "Team of seats 0 and 2 (random, medium): finished ",
                "Team of seats 1 and 3 (easy, hard): finished ",
            ],
        ),
    ],
    ids=["okey", "101", "partners", "101-partners"],
)
def test_the_text_report(
    args: list[str], words: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """A line a seat, and at a partners table a line a team."""
    assert main(["simulate", "--rounds", "2", "--seed", "1", "--jobs", "1", *args]) == 0
    out = capsys.readouterr().out
    assert all(said in out for said in words)
    assert out.count("Team of seats") == (2 if any("partners" in a for a in args) else 0)


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--seats", "random,random"], "give 4 bots"),
        (["--seats", "random,random,random,wizard"], "no bot called wizard"),
        (["--rounds", "0"], "at least 1"),
        (["--rules", "nosuch"], "no such rules file"),
        (["--rules", "101", "--seats", "master,easy,easy,easy"], "no bot called master"),
    ],
)
def test_bad_arguments_are_errors(
    argv: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", *argv]) == 2
    assert words in capsys.readouterr().err


def test_plugin_seats_are_loaded_and_a_failing_bot_is_replaced(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "grumpy_bot.py").write_text(
        "import random\n"
        "class Grumpy:\n"
        "    name = 'grumpy'\n"
        "    def choose(self, view):\n"
        "        raise RuntimeError('no')\n"
        "def make_bot(rng: random.Random):\n"
        "    return Grumpy()\n",
        encoding="utf-8",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    seats = "easy,grumpy_bot:make_bot,okey.bots.example:make_bot,easy"
    status = main(["simulate", "--rounds", "2", "--seats", seats, "--seed", "3", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert status == 0
    assert data["rounds"] == 2
    assert data["replaced"] and "RuntimeError" in data["replaced"][0]
    assert [seat["bot"] for seat in data["seats"]] == seats.split(",")


def test_simulate_seats_a_101_plug_in_bot(capsys: pytest.CaptureFixture[str]) -> None:
    seats = "okey.bots.example101:make_bot,easy,medium,hard"
    assert main(["simulate", "--rules", "101", "--seats", seats, "--rounds", "2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["replaced"] == [] and data["seats"][0]["bot"].startswith("okey.bots.example101")


def test_unknown_plugin_module_is_one_clear_line(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["simulate", "--rounds", "1", "--seats", "easy,nomodule.x:y,easy,easy"])
    err = capsys.readouterr().err
    assert status == 2 and "nomodule" in err and "Traceback" not in err


def test_a_whole_traditional_match_is_simulated_and_its_logs_replay(tmp_path: Path) -> None:
    argv = ["simulate", "--rules", "traditional", "--rounds", "30", "--seed", "5"]
    argv += ["--seats", "easy,easy,easy,easy", "--log", str(tmp_path)]
    assert main(argv) == 0
    matches = [replay(read_log(path)) for path in sorted(tmp_path.glob("*.okeylog"))]
    assert matches[0].over, "30 rounds of easy bots finish a match"
    for match in matches:
        thrown = [e for e in match.events if isinstance(e, DiceThrown)]
        assert len(thrown) == match.round_number
        assert match.rules.play.traditional_deal


@pytest.mark.parametrize(("rules", "rounds"), [("one-round", 3), ("101", 7)])
def test_jobs_change_nothing_but_the_time(rules: str, rounds: int, tmp_path: Path) -> None:
    """The same figures and the same logs, byte for byte, whether the matches are played
    in this process or spread over two."""
    found = []
    for jobs in (1, 2):
        folder = tmp_path / str(jobs)
        folder.mkdir()
        sim = simulate(
            load_rules(rules),
            ["medium", "easy", "random", "easy"],
            rounds,
            seed=5,
            log_dir=folder,
            jobs=jobs,
        )
        report = sim.to_json()
        for timing in ("seconds", "rounds_per_second", "decision_ms"):
            report.pop(timing)
        logs = {path.name: path.read_bytes() for path in sorted(folder.iterdir())}
        found.append((report, logs))
    assert found[0] == found[1]
    assert found[0][0]["matches"] >= 2  # the second process really played
