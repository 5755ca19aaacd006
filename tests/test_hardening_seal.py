"""Sealed saves (format 4, issue 18): what a person may read stays readable, the hidden
tiles and the random states are not readable at a glance, and a change to any byte of
the file is refused with one clear line; a save copied elsewhere still opens, and the
saves of okey 0.1 still load (said to be unverified). An Okey 101 save is sealed format 5
(format 4's layout), so that an okey which reads format 4 but knows no 101 calls it newer
instead of refusing its rules as damaged; 101 saves written as format 4 still load."""

from __future__ import annotations

import json
import math
import random
import shutil
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_saves_support import Table

import okey.messages  # str() of an error is worded once the catalogue is loaded
import okey.saves.codec
from okey.engine.match import Match
from okey.games.okey101.levels import LEVELS_101, make_bot101
from okey.games.okey101.view import View101
from okey.rules import load_rules
from okey.saves import (
    SaveData,
    SaveError,
    decode,
    encode,
    read_save,
    restore_match,
    snapshot,
    write_save,
)
from okey.saves.formats import GAME_FORMAT, SEALED_FORMAT, written_format
from okey.saves.seal import SEALED_KEY

FIXTURES = Path(__file__).parent / "fixtures" / "v0.1"


@pytest.fixture(scope="module")
def data() -> SaveData:
    table = Table.new("classic", 7)
    table.play(45)
    return table.save(hints_left=1)


@pytest.fixture(scope="module")
def sealed(data: SaveData) -> bytes:
    return encode(data)


def _refused(contents: bytes, folder: Path) -> SaveError:
    (folder / "game.json").write_bytes(contents)
    with pytest.raises(SaveError) as caught:
        read_save("game", folder)
    message = str(caught.value)
    assert message and "\n" not in message
    return caught.value


def test_the_readable_part_is_plain_and_the_hidden_part_is_not(
    data: SaveData, sealed: bytes
) -> None:
    doc = json.loads(sealed)
    assert doc["format"] == SEALED_FORMAT
    assert doc["summary"]["round"] == data.round_number
    assert doc["summary"]["scores"] == list(data.scores)
    assert doc["rules"]["name"] == "classic"
    assert doc["settings"]["hints_left"] == 1
    assert "log" not in doc and "rng" not in doc and "bot_rngs" not in doc
    text = sealed.decode("utf-8")
    # Neither the deck and the moves of the log nor a random state shows anywhere.
    for line in data.log.splitlines():
        if line.strip():
            assert line not in text
    assert "internal" not in text and "deck" not in text
    value = doc[SEALED_KEY]
    assert value.isascii() and len(value) > 100


def test_a_sealed_save_reads_back_as_it_was(data: SaveData, sealed: bytes) -> None:
    again = decode(sealed, "game.json")
    assert again == data
    assert again.verified is True and again.match_id
    assert restore_match(again).scores == restore_match(data).scores


def test_each_save_is_sealed_afresh(data: SaveData) -> None:
    first, second = encode(data), encode(data)
    assert json.loads(first)[SEALED_KEY] != json.loads(second)[SEALED_KEY]  # new salt, nonce


@pytest.mark.parametrize(
    "edit",
    [
        "a starting score of 1000",
        "a score of 1000",
        "hints_left back to 3",
        "another label",
        "one more space",
        "the round",
    ],
)
def test_the_issue_s_edits_are_refused(edit: str, sealed: bytes, tmp_path: Path) -> None:
    doc = json.loads(sealed)
    text = sealed.decode("utf-8")
    if edit == "a starting score of 1000":
        changed = text.replace('"starting_score": 20', '"starting_score": 1000')
    elif edit == "a score of 1000":
        score = doc["summary"]["scores"][0]
        changed = text.replace(f'"scores": [\n      {score}', '"scores": [\n      1000', 1)
        if changed == text:
            changed = text.replace(f'"scores": [{score}', '"scores": [1000', 1)
    elif edit == "hints_left back to 3":
        changed = text.replace('"hints_left": 1', '"hints_left": 3')
    elif edit == "another label":
        changed = text.replace('"label": "test"', '"label": "mine"')
    elif edit == "one more space":
        changed = text.replace('"kind":', '"kind": ', 1)
    else:
        round_number = doc["summary"]["round"]
        changed = text.replace(f'"round": {round_number}', f'"round": {round_number + 1}')
    assert changed != text
    error = _refused(changed.encode("utf-8"), tmp_path)
    assert "changed after okey saved it" in str(error)


def test_every_byte_of_the_file_is_authenticated(sealed: bytes, tmp_path: Path) -> None:
    """A change to any one byte (80 spread over the file here, the last ones all, and
    hypothesis tries others) is refused: by the seal, or as a file that is not JSON."""
    spread = range(0, len(sealed), max(1, len(sealed) // 80))
    for where in sorted({*spread, *range(max(0, len(sealed) - 12), len(sealed))}):
        changed = bytearray(sealed)
        changed[where] = (changed[where] + 1) % 256 or 1
        _refused(bytes(changed), tmp_path)


@settings(max_examples=40)
@given(st.data())
def test_any_change_to_a_sealed_save_is_refused(data: st.DataObject) -> None:
    contents = _sealed_once()
    where = data.draw(st.integers(0, len(contents) - 1))
    new = data.draw(st.integers(0, 255).filter(lambda byte: byte != contents[where]))
    changed = contents[:where] + bytes([new]) + contents[where + 1 :]
    with pytest.raises(SaveError):
        decode(changed, "game.json")


_CACHE: list[bytes] = []


def _sealed_once() -> bytes:
    if not _CACHE:
        table = Table.new("salon", 3)
        table.play(30)
        _CACHE.append(encode(table.save()))
    return _CACHE[0]


def test_a_sealed_value_moved_to_another_save_is_refused(data: SaveData, tmp_path: Path) -> None:
    other = Table.new("classic", 8)
    other.play(45)
    mine = json.loads(encode(data))
    theirs = encode(other.save(hints_left=1)).decode("utf-8")
    swapped = theirs.replace(json.loads(theirs)[SEALED_KEY], mine[SEALED_KEY])
    assert "changed after okey saved it" in str(_refused(swapped.encode("utf-8"), tmp_path))


def test_a_save_copied_to_another_folder_or_computer_still_opens(
    data: SaveData, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    written = write_save("game", data, tmp_path / "here")
    elsewhere = tmp_path / "another-computer" / "saves"
    elsewhere.mkdir(parents=True)
    shutil.copy(written, elsewhere / "game.json")
    # Another user, another home: the key lives in okey, not on this computer.
    monkeypatch.setenv("HOME", str(tmp_path / "another-home"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "another-home" / "data"))
    assert read_save("game", elsewhere) == data


@pytest.mark.parametrize(
    "name",
    sorted(path.stem for path in FIXTURES.glob("*.json")),
)
def test_the_saves_of_okey_0_1_load_unverified(name: str) -> None:
    loaded = read_save(FIXTURES / f"{name}.json", FIXTURES)
    assert loaded.verified is False  # no seal: okey says it cannot tell
    assert loaded.match_id is None
    again = decode(encode(loaded), "again.json")  # saved again, it is sealed...
    assert again.verified is False and again == loaded  # ...and still unverified (issue 28)


@pytest.mark.parametrize(
    ("pace", "shown"),
    [(math.nan, "NaN"), (math.inf, "Infinity"), (1e308, "1e+308"), (-1.0, "-1.0")],
)
def test_a_save_with_a_pace_out_of_range_is_refused(
    pace: float, shown: str, tmp_path: Path
) -> None:
    doc = json.loads((FIXTURES / "classic-mid-turn.json").read_text(encoding="utf-8"))
    doc["settings"]["pace"] = pace
    text = json.dumps(doc)  # Python writes NaN and Infinity, as a hand edit might
    assert shown in text
    error = _refused(text.encode("utf-8"), tmp_path)
    assert "pace" in str(error)


# -- the format of a game's saves: Okey 101's is 5 ----------------------------------------
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


def _played(game: str) -> Match:
    """30 moves of a match of ``game`` (classic Okey's, format 4; Okey 101's, format 5)."""
    if game == "101":
        return _match101()
    table = Table.new("classic", 7)
    table.play(30)
    return table.match


@pytest.mark.parametrize("game", ["okey", "101"])
def test_a_save_of_each_game_loads_sealed_and_resumes_exactly(game: str, tmp_path: Path) -> None:
    match = _played(game)
    write_save("g", snapshot(match), tmp_path)
    data = read_save("g", tmp_path)
    assert data.rules == match.rules and data.verified
    assert json.loads((tmp_path / "g.json").read_text(encoding="utf-8"))["format"] == (
        written_format(match.rules.game)
    )
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
