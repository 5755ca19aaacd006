"""The match log: written from the record, read back, replayed to the same state; and
Okey 101 through the tools: the match log, okey replay, saves, rules, play (okey simulate
and okey hand at 101: tests/test_simulate.py, tests/test_hand_command.py)."""

from __future__ import annotations

import random
import re
from dataclasses import replace
from pathlib import Path

import pytest
from engine_support import play_random, played_match
from hypothesis import given, settings
from hypothesis import strategies as st

from okey.cli import main
from okey.commands.simulate import simulate
from okey.engine import DealEntry, Match
from okey.engine.events import DiceThrown
from okey.games.okey101.actions import Add, Lay, Open
from okey.games.okey101.levels import LEVELS_101, make_bot101
from okey.games.okey101.view import View101
from okey.matchlog import (
    LogHeader,
    MatchLogError,
    format_log,
    log_of,
    parse_log,
    read_log,
    replay,
)
from okey.rules import load_rules
from okey.saves import decode, encode, restore_match, snapshot, write_save
from okey.saves.rng import RngState


@settings(max_examples=12)
@given(
    seed=st.integers(0, 10_000),
    rules=st.sampled_from(["classic", "salon", "partners", "two-player", "traditional"]),
    rounds=st.integers(1, 3),
)
def test_a_written_log_replays_to_the_same_match(seed: int, rules: str, rounds: int) -> None:
    match = played_match(rules, seed, rounds, timeouts=rules == "salon")
    text = log_of(match, LogHeader(rules, ("a", "b", "c", "d")[: match.players], str(seed)))
    log = parse_log(text)
    assert log.record == match.record  # the whole record, the automatic moves too
    again = replay(log)
    assert again.events == match.events
    assert again.record == match.record
    assert log_of(again, log.header) == text
    assert again.scores == match.scores and again.over == match.over
    for seat in range(match.players):
        assert again.view(seat) == match.view(seat)
    assert log.header.seed == str(seed) and log.header.rules == rules


def test_a_match_in_progress_replays_too() -> None:
    match = Match(load_rules("classic"), random.Random(5))
    match.start_round()
    play_random(match, 5, 17)
    again = replay(parse_log(log_of(match)))
    assert again.events == match.events and not again.round_over


def test_a_traditional_log_keeps_the_dice_under_the_deck_and_replays() -> None:
    match = played_match("traditional", 4, 3)
    lines = log_of(match).splitlines()
    thrown = [event for event in match.events if isinstance(event, DiceThrown)]
    assert len(thrown) == match.round_number >= 2
    decks = [i for i, line in enumerate(lines) if line.startswith("deck ")]
    assert [lines[i + 1] for i in decks] == [f"dice {e.dice.stack} {e.dice.tile}" for e in thrown]
    log = parse_log("\n".join(lines))
    again = replay(log)
    assert again.events == match.events
    assert [entry.dice for entry in log.record if isinstance(entry, DealEntry)] == [
        e.dice for e in thrown
    ]


def test_a_traditional_two_player_log_replays_with_its_rules() -> None:
    base = load_rules("two-player")
    rules = replace(base, play=replace(base.play, traditional_deal=True))
    match = Match(rules, random.Random(8))
    for round_seed in range(3):
        if match.over:
            break
        match.start_round()
        play_random(match, round_seed)
    again = replay(parse_log(log_of(match, LogHeader("two-player"))), rules)
    assert again.events == match.events and again.scores == match.scores


def _traditional_lines() -> list[str]:
    return log_of(played_match("traditional", 3, 1)).splitlines()


@pytest.mark.parametrize(
    ("change", "words", "at"),
    [
        ("missing", "a 'dice' line must follow the deck line", "deck"),
        ("seven", "a dice line looks like: dice 5 2", "dice"),
        ("one throw", "a dice line looks like", "dice"),
        ("stray", "belongs right after its round's deck line", "stray"),
        ("after a comment", "belongs right after its round's deck line", "dice"),
        ("after a blank line", "belongs right after its round's deck line", "dice"),
        ("stray and wrong", "a dice line looks like", "stray"),
        ("classic", "this table throws no dice", "dice"),
    ],
)
def test_a_wrong_dice_line_names_the_line(change: str, words: str, at: str) -> None:
    lines = _traditional_lines()
    index = next(i for i, line in enumerate(lines) if line.startswith("dice"))
    if change == "missing":
        del lines[index]
    elif change == "seven":
        lines[index] = "dice 7 2"
    elif change == "one throw":
        lines[index] = "dice 4"
    elif change == "stray":
        lines.insert(index + 3, "dice 1 1")
    elif change == "after a comment":
        lines.insert(index, "# the dice")
        index += 1
    elif change == "after a blank line":
        lines.insert(index, "")
        index += 1
    elif change == "stray and wrong":
        lines.insert(index + 3, "dice 1 9")
    else:
        lines[1] = '[Rules "classic"]'
    where = {"deck": index - 1, "dice": index, "stray": index + 3}[at]
    with pytest.raises(MatchLogError, match=words) as caught:
        replay(parse_log("\n".join(lines)))
    assert caught.value.line == where + 1


def _log_lines() -> list[str]:
    return log_of(played_match("classic", 3, 1)).splitlines()


def _damaged(change: str) -> str:
    lines = _log_lines()
    first_action = next(i for i, line in enumerate(lines) if line[:1].isdigit())
    if change == "tile":
        lines[first_action] = lines[first_action].rsplit(" ", 1)[0] + " q5"
    elif change == "illegal":
        lines.insert(first_action + 1, lines[first_action])
    elif change == "scores":
        index = next(i for i, line in enumerate(lines) if line.startswith("scores"))
        lines[index] = "scores 1 2 3 4"
    elif change == "deck":
        index = next(i for i, line in enumerate(lines) if line.startswith("deck"))
        lines[index] = lines[index] + " r1"
    elif change == "header":
        lines[1] = "[Rules classic]"
    elif change == "rules":
        lines[1] = '[Rules "nosuch"]'
    elif change == "seat":
        lines[first_action] = "9" + lines[first_action][1:]
    elif change == "round":
        index = next(i for i, line in enumerate(lines) if line.startswith("round"))
        lines[index] = "round 2 dealer 0"
    return "\n".join(lines)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ("tile", "is not an action"),
        ("illegal", "cannot"),
        ("scores", "the scores should be"),
        ("deck", "the deck is wrong"),
        ("header", "a header line looks like"),
        ("rules", "no such rules file"),
        ("seat", "there is no seat 9"),
        ("round", "expected round 1"),
    ],
)
def test_a_damaged_log_names_the_line(change: str, words: str) -> None:
    with pytest.raises(MatchLogError, match=words) as caught:
        replay(parse_log(_damaged(change)))
    assert caught.value.line is not None
    assert f"line {caught.value.line}:" in str(caught.value)


def test_the_replay_command_prints_events_and_final_scores(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    match = played_match("one-round", 11, 1)
    path = tmp_path / "one.okeylog"
    path.write_text(log_of(match, LogHeader("one-round", ("ann", "bo", "cy", "di"))))
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Round 1." in out and "The match is over." in out
    assert out.strip().splitlines()[-1].startswith("Final scores: seat 0 (ann)")
    assert main(["replay", str(path), "--seat", "1"]) == 0
    assert "draws from the pile" in capsys.readouterr().out
    assert read_log(path).header.seats == ("ann", "bo", "cy", "di")


@pytest.mark.parametrize("rules", ["partners", "101-partners"])
def test_the_replay_command_says_the_scores_by_team_at_a_partners_table(
    rules: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["simulate", "--rules", rules, "--rounds", "1", "--seed", "4", "--jobs", "1"]
    assert main([*argv, "--log", str(tmp_path), "--json"]) == 0
    capsys.readouterr()
    log = sorted(tmp_path.glob("*.okeylog"))[0]
    assert main(["replay", str(log)]) == 0
    said = capsys.readouterr().out.splitlines()
    scores = [line for line in said if line.startswith(("Scores: ", "Final scores: "))]
    assert scores and scores[-1].startswith("Final scores: ")
    team = r"seat {} \(random\) and seat {} \(random\) -?\d+"
    teams = f"{team.format(0, 2)}, {team.format(1, 3)}"
    assert all(re.fullmatch(rf"(Final s|S)cores: {teams}\.", line) for line in scores), scores


def test_the_replay_command_says_who_opens_a_round_dealt_from_stacks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    match = played_match("traditional", 2, 1)
    path = tmp_path / "trad.okeylog"
    path.write_text(log_of(match))
    opener = match.round.dealer
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"Round 1. seat {opener} opens."
    assert out[1].startswith(f"seat {(opener - 1) % 4} throws ")
    assert main(["replay", str(path), "--seat", "2"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == f"Round 1. seat {opener} opens."


def test_the_replay_command_reports_a_damaged_log_without_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.okeylog"
    path.write_text(_damaged("illegal"))
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"okey: {path}, line ") and "Traceback" not in err
    assert main(["replay", str(tmp_path / "missing.okeylog")]) == 2
    assert "missing.okeylog" in capsys.readouterr().err


# -- Okey 101 through the tools: the log, okey replay, saves, rules, play ------------------
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
