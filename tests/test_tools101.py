"""Okey 101 through the tools: the match log, okey replay, saves, rules, play (okey simulate
and okey hand at 101: tests/test_simulate.py, tests/test_hand_command.py)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from okey.cli import main
from okey.commands.simulate import simulate
from okey.engine.match import Match
from okey.games.okey101.actions import Add, Lay, Open
from okey.games.okey101.levels import LEVELS_101, make_bot101
from okey.games.okey101.view import View101
from okey.matchlog import LogHeader, format_log, parse_log, read_log, replay
from okey.rules import load_rules
from okey.saves import decode, encode, restore_match, snapshot, write_save
from okey.saves.rng import RngState

RULES = load_rules("101")


def _played(seed: int, moves: int | None = None) -> Match:
    """A 101 match of the four levels, played to its end (or for ``moves`` moves)."""
    bots = [make_bot101(name, random.Random(seed + s)) for s, name in enumerate(LEVELS_101)]
    match = Match(RULES, random.Random(seed))
    made = 0
    while not match.over:
        if match.round_over:
            match.start_round()
        seat = match.turn
        view = match.table_view(seat)
        assert isinstance(view, View101)
        match.apply(seat, bots[seat].choose(view))
        made += 1
        if moves is not None and made >= moves:
            break
    return match


def test_a_101_match_log_reads_back_and_replays_to_the_same_scores() -> None:
    match = _played(4)
    text = format_log(LogHeader("101", tuple(LEVELS_101), "4"), match.played())
    assert "\nscores " in text and "# match over" in text
    assert any(
        isinstance(entry.action, Open | Lay | Add)
        for entry in match.record
        if hasattr(entry, "action")
    )
    log = parse_log(text)
    assert log.record == match.record
    replayed = replay(log)
    assert replayed.scores == match.scores and replayed.over


def test_okey_replay_tells_a_101_match(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sim = simulate(RULES, ["hard", "medium", "easy", "random"], 5, seed=2, log_dir=tmp_path)
    assert sim.rounds == 5
    (path,) = sorted(tmp_path.glob("*.okeylog"))
    assert main(["replay", str(path)]) == 0
    told = capsys.readouterr().out
    assert "opens with" in told and "Round points" in told
    assert replay(read_log(path)).over


def test_a_101_save_resumes_the_match_exactly() -> None:
    for moves in (1, 37, 90):
        match = _played(7, moves)
        data = decode(encode(snapshot(match)), "x")
        assert data.rules == RULES  # sealed as every save (format 5 at 101): its rules say 101
        resumed = restore_match(data)
        assert resumed.record == match.record and resumed.events == match.events
        assert RngState.of(resumed.rng) == RngState.of(match.rng)
        if not match.round_over:
            assert resumed.table_view(match.turn) == match.table_view(match.turn)


def test_okey_rules_101_in_both_languages(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert main(["rules", "101"]) == 0
    said = capsys.readouterr().out
    assert "at least 101 points" in said and "run_13_1" in said and "5 rounds" in said
    assert main(["--language", "tr", "rules", "101-long"]) == 0
    assert "11 eldir" in capsys.readouterr().out


def test_okey_play_opens_a_101_table(capsys: pytest.CaptureFixture[str]) -> None:
    main(["play", "--rules", "101"])  # no terminal here: the table says it needs one
    err = capsys.readouterr().err
    assert "does not play Okey 101 yet" not in err and "Traceback" not in err


def test_resume_opens_and_review_reviews_a_101_save(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write_save("game", snapshot(_played(3, 20)), tmp_path)
    main(["resume", "game", "--saves", str(tmp_path)])  # resumed (no terminal: said)
    assert "does not play Okey 101 yet" not in capsys.readouterr().err
    assert main(["review", "game", "--saves", str(tmp_path)]) == 0  # the master reviews 101 now
    assert capsys.readouterr().out.strip() == "No round of this match is over yet."
