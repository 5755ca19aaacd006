"""Damaged saves: whatever happens to a file, reading it gives a save that restores
or one clear SaveError, never another exception, and never changes the file."""

from __future__ import annotations

import copy
import json
import tempfile
from functools import cache
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from sizes import exhaustive
from test_saves_support import Table

from okey.saves import (
    SaveError,
    encode,
    read_save,
    restore_bot_rngs,
    restore_match,
)
from okey.saves.codec import encode_plain

JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False)
    | st.text(max_size=12),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=12,
)


@cache
def valid_saves() -> tuple[bytes, ...]:
    """Saves at several moments: before the deal, mid-round with timeouts, between rounds;
    unsealed (format 1 and 2, still read), so that every field's check is reached (a
    sealed save refuses any change by its seal: test_fuzz_files.py fuzzes those)."""
    saves = []
    for rules, seed, steps in (("classic", 1, 0), ("salon", 2, 80), ("two-player", 3, 30)):
        table = Table.new(rules, seed)
        table.play(steps)
        saves.append(encode_plain(table.save(hints_left=2)))
    between = Table.new("partners", 4)
    between.play_until(lambda m: m.started and m.round_over)
    saves.append(encode_plain(between.save()))
    return tuple(saves)


def check(contents: bytes) -> None:
    """Read ``contents`` as a save file: a restorable save or a SaveError, the file unchanged."""
    with tempfile.TemporaryDirectory() as folder_name:
        folder = Path(folder_name)
        path = folder / "game.json"
        path.write_bytes(contents)
        stamp = path.stat().st_mtime_ns
        try:
            data = read_save("game", folder)
        except SaveError as exc:
            message = str(exc)
            assert message and "\n" not in message
            assert exc.key in {"empty", "truncated", "corrupt", "foreign", "newer", "version"}
        else:
            match = restore_match(data)
            assert match.round_number == data.round_number
            assert match.scores == data.scores
            restore_bot_rngs(data)
            encode(data)  # and it can be saved again
        assert path.read_bytes() == contents
        assert path.stat().st_mtime_ns == stamp
        assert [p.name for p in folder.iterdir()] == ["game.json"]


def test_the_valid_saves_read_back() -> None:
    for contents in valid_saves():
        check(contents)


@given(st.data())
def test_truncated_saves(data: st.DataObject) -> None:
    contents = data.draw(st.sampled_from(valid_saves()))
    cut = data.draw(st.integers(0, len(contents) - 1))
    check(contents[:cut])


@exhaustive(25)
@given(st.data())
def test_flipped_bytes(data: st.DataObject) -> None:
    contents = bytearray(data.draw(st.sampled_from(valid_saves())))
    for _ in range(data.draw(st.integers(1, 4))):
        where = data.draw(st.integers(0, len(contents) - 1))
        contents[where] ^= data.draw(st.integers(1, 255))
    check(bytes(contents))


@exhaustive(25)
@given(st.data())
def test_inserted_and_deleted_bytes(data: st.DataObject) -> None:
    contents = data.draw(st.sampled_from(valid_saves()))
    where = data.draw(st.integers(0, len(contents)))
    inserted = data.draw(st.binary(max_size=8))
    deleted = data.draw(st.integers(0, 8))
    check(contents[:where] + inserted + contents[where + deleted :])


def _containers(doc: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Paths to every object and list in the document (random states' words left out)."""
    found = [path]
    items = doc.items() if isinstance(doc, dict) else enumerate(doc)
    for key, value in items:
        if isinstance(value, dict | list) and key != "internal":
            found += _containers(value, (*path, key))
    return found


def _at(doc: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        doc = doc[key]
    return doc


@exhaustive(25)
@given(st.data())
def test_mutated_documents(data: st.DataObject) -> None:
    """Wrong types, missing keys, extra keys, other values anywhere in the document."""
    doc = json.loads(data.draw(st.sampled_from(valid_saves())))
    for _ in range(data.draw(st.integers(1, 3))):
        target = _at(doc, data.draw(st.sampled_from(_containers(doc))))
        keys = list(target) if isinstance(target, dict) else list(range(len(target)))
        action = data.draw(st.sampled_from(["replace", "delete", "add", "swap"]))
        if action == "add" or not keys:
            value = data.draw(JSON_VALUES)
            if isinstance(target, dict):
                target[data.draw(st.text(max_size=10))] = value
            else:
                target.insert(data.draw(st.integers(0, len(target))), value)
            continue
        key = data.draw(st.sampled_from(keys))
        if action == "replace":
            target[key] = data.draw(JSON_VALUES)
        elif action == "delete":
            del target[key]
        else:
            other = data.draw(st.sampled_from(keys))
            target[key], target[other] = copy.deepcopy(target[other]), copy.deepcopy(target[key])
    check(json.dumps(doc, indent=data.draw(st.sampled_from([None, 1]))).encode())


@exhaustive(25)
@given(st.data())
def test_edited_values(data: st.DataObject) -> None:
    """Plausible hand edits: a number changed, a log line changed, the version changed."""
    doc = json.loads(data.draw(st.sampled_from(valid_saves())))
    field = data.draw(
        st.sampled_from(["format", "round", "score", "turn", "phase", "dealer", "log", "rng"])
    )
    number = data.draw(st.integers(-3, 700))
    if field == "format":
        doc["format"] = number
    elif field == "round":
        doc["summary"]["round"] = number
    elif field == "score":
        doc["summary"]["scores"][0] = number
    elif field == "turn":
        doc["summary"]["turn"] = number
    elif field == "phase":
        doc["summary"]["phase"] = data.draw(
            st.sampled_from(["draw", "discard", "pile_out", "round_over", "match_over", "x"])
        )
    elif field == "dealer":
        doc["first_dealer"] = number
    elif field == "log":
        lines = doc["log"]
        index = data.draw(st.integers(0, len(lines) - 1))
        lines[index] = data.draw(
            st.sampled_from(["", "# note", "0 draw pile", "1 discard r5", "round 2 dealer 1"])
            | st.text(max_size=20)
        )
    elif doc["rng"] is not None:
        doc["rng"]["internal"][number % 626 if number % 626 < 625 else 0] = number * 10**7
    check(json.dumps(doc).encode())


@given(JSON_VALUES)
def test_foreign_json(value: Any) -> None:
    check(json.dumps(value).encode())


@settings(max_examples=30)
@given(st.binary(max_size=64))
def test_any_bytes(contents: bytes) -> None:
    check(contents)


def test_deep_nesting_and_huge_numbers() -> None:
    check(b"{" + b'"a": [' * 100_000)
    check(b'{"kind": "okey-save", "format": 1, "x": ' + b"[" * 100_000 + b"]" * 100_000 + b"}")
    check(b'{"kind": "okey-save", "format": ' + b"9" * 10_000 + b"}")
    base = json.loads(valid_saves()[0])
    base["summary"]["round"] = 10**5000
    try:
        text = json.dumps(base)
    except ValueError:
        return
    check(text.encode())
