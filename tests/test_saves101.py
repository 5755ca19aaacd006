"""An Okey 101 save is sealed format 5 (format 4's layout), so that an okey which reads
format 4 but knows no 101 calls it newer instead of refusing its rules as damaged; Okey
saves stay format 4, and 101 saves written as format 4 before format 5 still load."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import okey.saves.codec
from okey.engine.match import Match
from okey.games.okey101.levels import LEVELS_101, make_bot101
from okey.games.okey101.view import View101
from okey.rules import load_rules
from okey.saves import SaveError, decode, encode, read_save, restore_match, snapshot, write_save
from okey.saves.formats import GAME_FORMAT, SEALED_FORMAT, written_format

RULES = load_rules("101")


def _match101(moves: int = 30) -> Match:
    bots = [make_bot101(name, random.Random(s)) for s, name in enumerate(LEVELS_101)]
    match = Match(RULES, random.Random(7))
    match.start_round()
    for _ in range(moves):
        seat = match.turn
        view = match.table_view(seat)
        assert isinstance(view, View101)
        match.apply(seat, bots[seat].choose(view))
    return match


def test_a_101_save_is_format_5_and_an_okey_save_format_4() -> None:
    assert written_format("101") == GAME_FORMAT == 5
    assert written_format("okey") == SEALED_FORMAT == 4
    assert json.loads(encode(snapshot(_match101())))["format"] == GAME_FORMAT
    classic = Match(load_rules("classic"), random.Random(3))
    classic.start_round()
    assert json.loads(encode(snapshot(classic)))["format"] == SEALED_FORMAT


def test_a_format_5_save_loads_sealed_and_resumes_exactly(tmp_path: Path) -> None:
    match = _match101()
    write_save("g101", snapshot(match), tmp_path)
    data = read_save("g101", tmp_path)
    assert data.rules == RULES and data.verified
    resumed = restore_match(data)
    assert resumed.record == match.record and resumed.events == match.events


def test_a_101_save_written_as_format_4_still_loads(monkeypatch: pytest.MonkeyPatch) -> None:
    match = _match101()
    with monkeypatch.context() as patch:
        patch.setattr(okey.saves.codec, "written_format", lambda game: SEALED_FORMAT)
        raw = encode(snapshot(match))  # as okey wrote 101 saves before format 5
    assert json.loads(raw)["format"] == SEALED_FORMAT
    data = decode(raw, "old101.json")
    assert data.rules == RULES and data.verified
    assert restore_match(data).record == match.record


def test_the_okey_before_101_calls_a_101_save_newer(monkeypatch: pytest.MonkeyPatch) -> None:
    raw = encode(snapshot(_match101()))
    monkeypatch.setattr(okey.saves.codec, "NEWEST_FORMAT", SEALED_FORMAT)  # it read up to 4
    with pytest.raises(SaveError) as caught:
        decode(raw, "g101.json")
    assert caught.value.key == "newer"
    assert str(caught.value) == (
        "g101.json was saved by a newer okey (save format 5; this okey reads formats up to 4): "
        "update okey to open it"
    )


def test_the_format_is_sealed_with_the_rest() -> None:
    raw = encode(snapshot(_match101()))
    edited = raw.replace(b'"format": 5', b'"format": 4', 1)
    assert edited != raw
    with pytest.raises(SaveError) as caught:
        decode(edited, "edited.json")
    assert caught.value.key == "corrupt"
