"""Save and resume at every phase of a round: the same state and the same future."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_saves_support import Table, in_phase, state_of

from okey.engine import Match, Phase, ShowIndicator
from okey.engine.events import Drew, RoundStarted
from okey.rules import load_rules
from okey.saves import (
    SaveData,
    decode,
    encode,
    read_save,
    restore_bot_rngs,
    restore_match,
    snapshot,
    write_save,
)
from okey.saves.codec import encode_plain

FUTURE = 300


def _after_draw(table: Table) -> None:
    table.play_until(
        lambda m: bool(m.events) and isinstance(m.events[-1], Drew) and not m.round_over
    )


def _after_show(table: Table) -> None:
    match = table.match
    match.start_round()
    for seat in range(match.players):
        if ShowIndicator() in match.legal(seat):
            match.apply(seat, ShowIndicator())
            return
    raise AssertionError("no seat can show in this deal")


def _show_seed() -> int:
    """A seed whose first deal gives someone the indicator's twin."""
    for seed in range(200):
        match = Match(load_rules("classic"), random.Random(seed))
        match.start_round()
        if any(ShowIndicator() in match.legal(seat) for seat in range(match.players)):
            return seed
    raise AssertionError("no seed deals the indicator's twin")


def _last_chance(table: Table) -> None:
    table.play_until(lambda m: not m.round_over and m.view(m.turn).last_chance)


def _autopilot(table: Table) -> None:
    table.play_until(lambda m: any(m.autopilot) and not m.round_over)


# name: (rules, how to get there, the phase the save then records)
PHASES: dict[str, tuple[str, Callable[[Table], object], str]] = {
    "not started": ("classic", lambda t: None, "not_started"),
    "before the first move": ("classic", lambda t: t.step(), "discard"),
    "after a draw": ("classic", _after_draw, "discard"),
    "mid-round": ("classic", lambda t: t.play(57), "draw"),
    "after a show": ("classic", _after_show, "discard"),
    "at pile-out": ("classic", lambda t: t.play_until(in_phase(Phase.PILE_OUT)), "pile_out"),
    "after taking the last discard": ("classic", _last_chance, "discard"),
    "between rounds": (
        "classic",
        lambda t: t.play_until(lambda m: m.started and m.round_over),
        "round_over",
    ),
    "second round": ("partners", lambda t: t.play_until(lambda m: m.round_number == 2), "discard"),
    "on autopilot": ("salon", _autopilot, "draw"),
    "pile closed (duel)": (
        "duel",
        lambda t: t.play_until(lambda m: m.round_number == 2),
        "discard",
    ),
    "two players": ("two-player", lambda t: t.play(120), "draw"),
    "traditional deal": ("traditional", lambda t: t.play(57), "discard"),
    "traditional, second round": (
        "traditional",
        lambda t: t.play_until(lambda m: m.round_number == 2),
        "discard",
    ),
    "match over": ("one-round", lambda t: t.play_until(lambda m: m.over), "match_over"),
}


def _table_at(phase: str) -> Table:
    rules, reach, _ = PHASES[phase]
    table = Table.new(rules, _show_seed() if phase == "after a show" else 11)
    reach(table)
    return table


@pytest.mark.parametrize("phase", list(PHASES))
def test_a_resumed_match_is_the_same_and_plays_on_the_same(phase: str, tmp_path: Path) -> None:
    table = _table_at(phase)
    data = table.save(sort="colour", hints_left=3)
    assert data.phase == PHASES[phase][2]
    path = write_save("game", data, tmp_path)
    loaded = read_save("game", tmp_path)
    assert loaded == data
    assert read_save(path, tmp_path) == data

    resumed = Table.resumed(loaded)
    assert state_of(resumed.match) == state_of(table.match)
    assert [None if r is None else r.getstate() for r in resumed.bot_rngs] == [
        None if r is None else r.getstate() for r in table.bot_rngs
    ]
    # The same future: the same shuffles, the same bot choices, the same events.
    future = table.play(FUTURE)
    assert resumed.play(FUTURE) == future
    assert table.match.over or any(isinstance(event, RoundStarted) for event in future)
    assert state_of(resumed.match) == state_of(table.match)


def test_the_summary_says_where_the_match_stands() -> None:
    table = _table_at("at pile-out")
    data = table.save()
    assert data.phase == "pile_out"
    assert data.turn == table.match.turn
    assert data.round_number == table.match.round_number
    assert data.scores == table.match.scores
    assert data.rules_name == "classic"
    assert data.settings["names"] == ["You", "Ayşe", "Bob", "Cem"]
    assert _table_at("not started").save().phase == "not_started"
    between = _table_at("between rounds").save()
    assert (between.phase, between.turn) == ("round_over", None)
    assert _table_at("match over").save().over


def test_the_first_dealer_comes_back_before_the_first_deal() -> None:
    for seed in range(8):
        table = Table.new("classic", seed)
        resumed = Table.resumed(decode(encode(table.save()), "x"))
        assert resumed.match.first_dealer == table.match.first_dealer
        assert resumed.play(20) == table.play(20)


def test_a_match_without_a_saveable_rng_resumes_with_a_fresh_one() -> None:
    match = Match(load_rules("classic"))  # secrets.SystemRandom: no state
    match.start_round()
    data = snapshot(match)
    assert data.match_rng is None
    assert data.bot_rngs == (None, None, None, None)
    resumed = restore_match(decode(encode(data), "x"))
    assert state_of(resumed) | {"rng": None} == state_of(match) | {"rng": None}
    assert isinstance(resumed.rng, random.Random)
    assert restore_bot_rngs(data) == [None, None, None, None]


def test_the_file_is_readable_json_with_the_log_one_line_each(tmp_path: Path) -> None:
    table = _table_at("mid-round")
    path = write_save("readable", table.save(), tmp_path)
    sealed = json.loads(path.read_text(encoding="utf-8"))
    assert sealed["format"] == 4  # sealed: the summary readable, the log not
    assert sealed["summary"]["scores"] == list(table.match.scores)
    assert "log" not in sealed and "deck" not in path.read_text(encoding="utf-8")
    # The layout of the unsealed formats (still read) is as it was.
    text = encode_plain(table.save()).decode("utf-8")
    doc = json.loads(text)
    assert doc["kind"] == "okey-save"
    assert doc["format"] == 1
    assert '\n    "round 1 dealer ' in text
    assert '"You 20' not in text  # names live in settings, not in the summary
    assert doc["log"][1] == '[Rules "classic"]'
    assert doc["log"][2] == '[Seats "You, Ayşe, Bob, Cem"]'
    assert doc["summary"]["scores"] == list(table.match.scores)
    assert len(doc["rng"]["internal"]) == 625
    assert doc["bot_rngs"][0] is None
    assert text.count("\n") < 250  # random states stay on one line each
    assert "Ayşe" in text  # UTF-8, not escaped


def test_seat_names_cannot_break_the_log() -> None:
    table = _table_at("mid-round")
    names = ['Ali, "the\nfox"', "[x]", "#", ""]
    data = snapshot(table.match, names=names, settings={"names": names})
    assert data.settings["names"] == names
    assert restore_match(decode(encode(data), "x")).events == table.match.events


def test_settings_must_be_plain_data() -> None:
    match = Match(load_rules("classic"), random.Random(1))
    with pytest.raises(TypeError):
        snapshot(match, settings={"seen": {1, 2}})
    with pytest.raises(ValueError):
        snapshot(match, settings={"x": float("nan")})
    data = snapshot(match, settings={"seats": (1, 2), "nested": {"a": [True, None, 1.5]}})
    assert data.settings == {"seats": [1, 2], "nested": {"a": [True, None, 1.5]}}
    with pytest.raises(ValueError):
        snapshot(match, bot_rngs=[None] * 5)


@settings(max_examples=15, deadline=None)
@given(
    rules=st.sampled_from(
        ["classic", "salon", "partners", "two-player", "duel", "three-rounds", "traditional"]
    ),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 400),
)
def test_any_moment_of_any_match_round_trips(rules: str, seed: int, steps: int) -> None:
    table = Table.new(rules, seed)
    table.play(steps)
    data: SaveData = decode(encode(table.save()), "x")
    resumed = Table.resumed(data)
    assert state_of(resumed.match) == state_of(table.match)
    assert resumed.play(120) == table.play(120)


@pytest.mark.parametrize("players", [2, 3])
def test_a_traditional_deal_at_a_smaller_table_resumes_the_same(players: int) -> None:
    base = load_rules("traditional")
    rules = replace(base, table=replace(base.table, players=players))
    match = Match(rules, random.Random(21))
    bots: list[random.Random | None] = [None, *(random.Random(s) for s in range(1, players))]
    table = Table(match, bots)
    table.play(70)
    data = decode(encode(table.save()), "x")
    assert data.rules == rules
    assert any(line.startswith("dice ") for line in data.log.splitlines())
    resumed = Table.resumed(data)
    assert state_of(resumed.match) == state_of(table.match)
    assert resumed.play(200) == table.play(200)
