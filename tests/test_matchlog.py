"""The match log: written from the record, read back, replayed to the same state."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest
from engine_support import play_random, played_match
from hypothesis import given, settings
from hypothesis import strategies as st

from okey.cli import main
from okey.engine import DealEntry, Match
from okey.engine.events import DiceThrown
from okey.matchlog import (
    LogHeader,
    MatchLogError,
    log_of,
    parse_log,
    read_log,
    replay,
)
from okey.rules import load_rules


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
