"""The unsealed save formats say how the rounds were dealt: 1 plainly, 2 from stacks with
dice. okey writes every save sealed now (format 4, test_hardening_seal.py); these older
formats are still read, written here as okey wrote them before (``encode_plain``)."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import pytest
from test_saves_support import Table, state_of

import okey.saves.codec
from okey.engine import Match
from okey.engine.events import DiceThrown, RoundStarted
from okey.matchlog import writes_automatic
from okey.rules import load_rules
from okey.saves import SaveError, decode, read_save, write_save
from okey.saves.codec import encode_plain as encode
from okey.saves.data import AUTO_FORMAT, PLAIN_FORMAT, STACKS_FORMAT, format_for
from okey.saves.formats import SEALED_FORMAT


def _old_custom_traditional_save(folder: Path) -> tuple[Table, Path]:
    """A save as the okey before the traditional deal wrote it for a custom rules file
    with ``traditional_deal = true``: format 1, the flag on, rounds dealt plainly (no
    ``dice`` lines). Built from a plain table whose saved rules are then edited."""
    classic = load_rules("classic")
    plain = replace(classic, name="mytrad")
    table = Table(
        Match(plain, random.Random(5), first_dealer=0), [None, *map(random.Random, "abc")]
    )
    table.play_until(lambda match: match.round_number == 2 and not match.round_over)
    doc = json.loads(encode(table.save()))
    assert doc["format"] == 1
    assert not any(line.startswith("dice") for line in doc["log"])
    doc["rules"]["play"]["traditional_deal"] = True
    path = folder / "oldtrad.json"
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    return table, path


def test_an_old_save_of_a_custom_traditional_table_opens_as_it_was_dealt(
    tmp_path: Path,
) -> None:
    table, path = _old_custom_traditional_save(tmp_path)
    data = read_save(path, tmp_path)
    assert data.rules.name == "mytrad"
    assert not data.rules.play.traditional_deal  # its rounds were dealt plainly
    assert data.format_version == PLAIN_FORMAT
    resumed = Table.resumed(data)
    assert state_of(resumed.match) == state_of(table.match)
    # It goes on as it began: dealt plainly, the same future as the live table.
    future = resumed.play(300)
    assert any(isinstance(event, RoundStarted) for event in future)
    assert not any(isinstance(event, DiceThrown) for event in future)
    assert future == table.play(300)
    # Written unsealed again it stays format 1, readable by the okey that made it.
    again = json.loads(encode(resumed.save()))
    assert again["format"] == 1
    assert again["rules"]["play"]["traditional_deal"] is False


@pytest.mark.parametrize(
    ("rules", "expected"),
    [
        ("classic", 1),
        ("salon", 3),  # the scripted person lets its time run out: the log has auto lines
        ("partners", 1),
        ("duel", 1),
        ("two-player", 1),
        ("traditional", 2),
    ],
)
def test_only_a_traditional_table_has_format_2(rules: str, expected: int, tmp_path: Path) -> None:
    table = Table.new(rules, 3)
    table.play(40)
    data = table.save()
    assert data.format_version == format_for(data.rules, data.log) == expected
    path = write_save("game", data, tmp_path)
    assert json.loads(path.read_text(encoding="utf-8"))["format"] == SEALED_FORMAT
    assert json.loads(encode(data))["format"] == expected
    loaded = read_save("game", tmp_path)
    assert loaded == data
    assert state_of(Table.resumed(loaded).match) == state_of(table.match)
    has_dice = any(line.startswith("dice ") for line in loaded.log.splitlines())
    assert has_dice == (expected == STACKS_FORMAT)
    assert writes_automatic(loaded.log) == (expected == AUTO_FORMAT)


def test_a_reader_of_format_1_calls_a_traditional_save_newer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    table = Table.new("traditional", 4)
    table.play(30)
    raw = encode(table.save())
    assert decode(raw, "trad.json").rules.play.traditional_deal
    monkeypatch.setattr(okey.saves.codec, "NEWEST_FORMAT", PLAIN_FORMAT)  # the okey before
    with pytest.raises(SaveError) as caught:
        decode(raw, "trad.json")
    assert caught.value.key == "newer"
    assert str(caught.value) == (
        "trad.json was saved by a newer okey (save format 2; this okey reads formats up to 1): "
        "update okey to open it"
    )
    # A plain table's save stays readable there.
    plain = Table.new("classic", 4)
    plain.play(30)
    assert decode(encode(plain.save()), "plain.json").format_version == PLAIN_FORMAT


def test_format_2_with_rules_that_deal_plainly_is_damaged() -> None:
    table = Table.new("classic", 6)
    table.play(10)
    doc = json.loads(encode(table.save()))
    doc["format"] = 2
    with pytest.raises(SaveError) as caught:
        decode(json.dumps(doc).encode(), "odd.json")
    assert caught.value.key == "corrupt"
    assert "'format' is 2, the format of a table that deals from stacks" in str(caught.value)
