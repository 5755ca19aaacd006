"""Saves on disk: atomic writes and backups, names, the saves folder, reading errors,
listing, and ``okey saves``."""

from __future__ import annotations

import json
import os
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import platformdirs
import pytest
from test_saves_support import Table

from okey.cli import main
from okey.saves import (
    FORMAT_VERSION,
    SaveData,
    SaveError,
    autosave,
    check_name,
    default_name,
    latest_save,
    list_saves,
    read_save,
    saves_dir,
    write_save,
)
from okey.saves.codec import (
    encode_plain,
)
from okey.saves.paths import CHECKOUT


@pytest.fixture(scope="module")
def data() -> SaveData:
    table = Table.new("classic", 5)
    table.play(40)
    return table.save()


def _later(data: SaveData, seconds: int, **changes: Any) -> SaveData:
    fields = {**data.__dict__, "created": data.created + timedelta(seconds=seconds), **changes}
    return SaveData(**fields)


def _files(folder: Path) -> list[str]:
    return sorted(path.name for path in folder.iterdir())


# -- writing ----------------------------------------------------------------------------


def test_a_second_write_keeps_the_first_as_the_backup(data: SaveData, tmp_path: Path) -> None:
    first = write_save("game", data, tmp_path)
    assert first == tmp_path / "game.json"
    old = first.read_bytes()
    newer = _later(data, 60, label="newer")
    assert write_save("game", newer, tmp_path) == first
    assert (tmp_path / "game.bak").read_bytes() == old
    assert read_save("game", tmp_path) == newer
    assert read_save("game.bak", tmp_path) == data
    assert _files(tmp_path) == ["game.bak", "game.json"]  # no temporary files left


def test_the_folder_is_made_when_missing(data: SaveData, tmp_path: Path) -> None:
    folder = tmp_path / "a" / "b"
    assert write_save("x", data, folder) == folder / "x.json"


def test_a_failed_write_leaves_the_old_file(
    data: SaveData, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = write_save("game", data, tmp_path)
    old = path.read_bytes()

    def no_space(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", no_space)
    with pytest.raises(SaveError) as caught:
        write_save("game", _later(data, 5), tmp_path)
    assert caught.value.key == "write"
    assert "No space left on device" in str(caught.value)
    assert path.read_bytes() == old
    assert _files(tmp_path) == ["game.json"]


def test_a_write_interrupted_before_the_rename_leaves_the_old_file(
    data: SaveData, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = write_save("game", data, tmp_path)
    old = path.read_bytes()
    real_replace = os.replace

    def interrupted(source: Any, target: Any) -> None:
        if Path(target) == path:
            raise KeyboardInterrupt
        real_replace(source, target)

    monkeypatch.setattr(os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        write_save("game", _later(data, 5), tmp_path)
    assert path.read_bytes() == old
    assert (tmp_path / "game.bak").read_bytes() == old
    assert _files(tmp_path) == ["game.bak", "game.json"]


def test_backups_are_copied_where_links_are_refused(
    data: SaveData, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = write_save("game", data, tmp_path)
    old = path.read_bytes()

    def no_links(source: Any, target: Any) -> None:
        raise OSError(1, "Operation not permitted")

    monkeypatch.setattr(os, "link", no_links)
    write_save("game", _later(data, 5), tmp_path)
    assert (tmp_path / "game.bak").read_bytes() == old


def test_what_json_cannot_hold_is_refused_before_anything_is_written(
    data: SaveData, tmp_path: Path
) -> None:
    with pytest.raises(SaveError):
        write_save("bad", _later(data, 0, label="\ud800"), tmp_path)
    with pytest.raises(SaveError):
        write_save("bad", _later(data, 0, settings={"x": {1, 2}}), tmp_path)
    assert _files(tmp_path) == []


def test_names_default_to_the_date_and_time(data: SaveData, tmp_path: Path) -> None:
    first = write_save(None, data, tmp_path)
    second = write_save(None, data, tmp_path)
    assert first != second
    stamp = first.stem[:19]
    assert datetime.strptime(stamp, "%Y-%m-%d_%H-%M-%S")
    moment = datetime(2025, 6, 1, 14, 5, 9)
    assert default_name(tmp_path, moment) == "2025-06-01_14-05-09"
    (tmp_path / "2025-06-01_14-05-09.json").write_text("{}")
    assert default_name(tmp_path, moment) == "2025-06-01_14-05-09-2"


def test_autosave_writes_the_fixed_slot(data: SaveData, tmp_path: Path) -> None:
    assert autosave(data, tmp_path) == tmp_path / "autosave.json"
    autosave(_later(data, 1), tmp_path)
    assert _files(tmp_path) == ["autosave.bak", "autosave.json"]
    assert latest_save(tmp_path) == tmp_path / "autosave.json"


# -- names ------------------------------------------------------------------------------

UNSAFE = [
    "../escape",
    "..",
    ".",
    "../../etc/passwd",
    "/tmp/elsewhere",
    "sub/name",
    "sub\\name",
    ".hidden",
    "",
    "   ",
    ".json",
    "a:b",
    "what?",
    "tab\there",
    "nul\x00",
    "CON",
    "nul.txt",
    "x" * 101,
    "game.bak",
]


@pytest.mark.parametrize("name", UNSAFE)
def test_names_that_could_leave_the_folder_are_refused(
    name: str, data: SaveData, tmp_path: Path
) -> None:
    folder = tmp_path / "saves"
    with pytest.raises(SaveError) as caught:
        write_save(name, data, folder)
    assert caught.value.key == "unsafe_name"
    assert "\n" not in str(caught.value)
    assert _files(tmp_path) == []


def test_good_names(data: SaveData, tmp_path: Path) -> None:
    assert check_name("  Before dinner ") == "Before dinner"
    assert check_name("game.json") == "game"
    assert check_name("Ayşe's match #2 (v1.5)") == "Ayşe's match #2 (v1.5)"
    assert write_save("ağaç", data, tmp_path) == tmp_path / "ağaç.json"


def test_a_path_is_accepted_only_inside_the_saves_folder(
    data: SaveData, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "saves"
    assert write_save(folder / "x.json", data, folder) == folder / "x.json"
    assert write_save(str(folder / "y"), data, folder) == folder / "y.json"
    monkeypatch.chdir(tmp_path)
    assert write_save("saves/z.json", data, folder) == folder / "z.json"
    for outside in (tmp_path / "x.json", folder / "sub" / "x.json", "saves/../x.json"):
        with pytest.raises(SaveError) as caught:
            write_save(outside, data, folder)
        assert caught.value.key == "unsafe_name"
    assert not (tmp_path / "x.json").exists()


# -- the saves folder -------------------------------------------------------------------


def _checkout(root: Path) -> Path:
    (root / "saves").mkdir(parents=True)
    (root / "pyproject.toml").write_text("[project]\n")
    return root


def test_the_saves_folder_is_chosen_in_order(tmp_path: Path) -> None:
    root = _checkout(tmp_path / "repo")
    env = {"OKEY_SAVES": str(tmp_path / "env")}
    assert saves_dir(str(tmp_path / "cli"), environ=env, checkout=root) == tmp_path / "cli"
    assert saves_dir(None, environ=env, checkout=root) == tmp_path / "env"
    assert saves_dir(None, environ={"OKEY_SAVES": ""}, checkout=root) == root / "saves"
    assert saves_dir(None, environ={}, checkout=root) == root / "saves"
    user = Path(platformdirs.user_data_dir("okey")) / "saves"
    assert saves_dir(None, environ={}, checkout=tmp_path / "installed") == user
    (tmp_path / "half").mkdir()
    (tmp_path / "half" / "saves").mkdir()  # a saves/ with no pyproject.toml is no checkout
    assert saves_dir(None, environ={}, checkout=tmp_path / "half") == user
    assert saves_dir("~/x", environ={}) == Path.home() / "x"


def test_from_this_checkout_the_saves_folder_is_the_repositorys() -> None:
    assert saves_dir(None, environ={}) == CHECKOUT / "saves"
    assert (CHECKOUT / "pyproject.toml").is_file()


# -- reading ----------------------------------------------------------------------------


def _refused(path: Path, folder: Path, key: str, name: str | Path | None = None) -> str:
    before = path.read_bytes() if path.is_file() else None
    with pytest.raises(SaveError) as caught:
        read_save(path if name is None else name, folder)
    assert caught.value.key == key, str(caught.value)
    message = str(caught.value)
    assert "\n" not in message
    if before is not None:
        assert path.read_bytes() == before
    return message


def test_read_errors_are_one_clear_line(data: SaveData, tmp_path: Path) -> None:
    # The checks of every field, on an unsealed save (format 1, as okey 0.1 wrote):
    # a sealed one refuses any change by its seal first (test_hardening_seal.py).
    good = encode_plain(data)
    (tmp_path / "good.json").write_bytes(good)
    text = good.decode()
    cases: dict[str, tuple[bytes, str]] = {
        "empty": (b"", "empty"),
        "blank": (b"  \n", "empty"),
        "truncated": (good[: len(good) // 2], "truncated"),
        "flipped": (good.replace(b'"summary"', b'"summary"x', 1), "corrupt"),
        "binary": (b"{\xff\xfe", "corrupt"),
        "log": (b'# okey match log\n[Rules "classic"]\n', "foreign"),
        "list": (b"[1, 2, 3]", "foreign"),
        "other json": (b'{"name": "something else"}', "foreign"),
        "png": (b"\x89PNG\r\n\x1a\n", "foreign"),
        "newer": (text.replace('"format": 1', '"format": 6').encode(), "newer"),
        "stacks": (text.replace('"format": 1', '"format": 2').encode(), "corrupt"),
        "older": (text.replace('"format": 1', '"format": 0').encode(), "version"),
        "duplicate": (text.replace('"label"', '"kind": "okey-save", "label"').encode(), "corrupt"),
        "nan": (text.replace('"round": ', '"round": NaN, "x": ').encode(), "corrupt"),
    }
    messages = {}
    for name, (contents, key) in cases.items():
        path = tmp_path / f"{name}.json"
        path.write_bytes(contents)
        messages[name] = _refused(path, tmp_path, key)
    assert "cut short" in messages["truncated"]
    assert "not an okey save" in messages["other json"]
    assert "newer okey (save format 6; this okey reads formats up to 5)" in messages["newer"]
    assert messages["stacks"].endswith(
        "is damaged: 'format' is 2, the format of a table that deals from stacks, "
        "but its rules deal plainly"
    )
    assert "appears twice" in messages["duplicate"]
    assert str(tmp_path / "flipped.json") in messages["flipped"]


def test_missing_saves(tmp_path: Path) -> None:
    with pytest.raises(SaveError, match="there is no save called nothing in") as caught:
        read_save("nothing", tmp_path)
    assert caught.value.key == "missing_name"
    with pytest.raises(SaveError) as caught:
        read_save(tmp_path / "nothing.json", tmp_path)
    assert caught.value.key == "missing"
    with pytest.raises(SaveError) as caught:
        read_save(tmp_path, tmp_path)
    assert caught.value.key == "unreadable"
    with pytest.raises(SaveError) as caught:
        read_save("../escape", tmp_path / "saves")
    assert caught.value.key == "missing"
    with pytest.raises(SaveError) as caught:
        read_save(".hidden", tmp_path)
    assert caught.value.key == "unsafe_name"


def test_a_log_that_does_not_match_its_summary_is_refused(data: SaveData, tmp_path: Path) -> None:
    (tmp_path / "x.json").write_bytes(encode_plain(data))  # unsealed, so it can be edited
    doc = json.loads((tmp_path / "x.json").read_text())
    doc["summary"]["scores"] = [19, 20, 20, 20]
    (tmp_path / "scores.json").write_text(json.dumps(doc))
    assert "summary.scores" in _refused(tmp_path / "scores.json", tmp_path, "corrupt")
    doc = json.loads((tmp_path / "x.json").read_text())
    doc["log"][5] = "0 discard zz"
    (tmp_path / "log.json").write_text(json.dumps(doc))
    message = _refused(tmp_path / "log.json", tmp_path, "corrupt")
    assert "match log does not replay: line 6" in message


def test_reading_never_changes_the_file(data: SaveData, tmp_path: Path) -> None:
    path = write_save("x", data, tmp_path)
    before = (path.read_bytes(), path.stat().st_mtime_ns, _files(tmp_path))
    read_save("x", tmp_path)
    list_saves(tmp_path)
    latest_save(tmp_path)
    assert (path.read_bytes(), path.stat().st_mtime_ns, _files(tmp_path)) == before


# -- listing ----------------------------------------------------------------------------


def test_saves_are_listed_newest_first(data: SaveData, tmp_path: Path) -> None:
    assert list_saves(tmp_path / "none") == []
    assert latest_save(tmp_path / "none") is None
    write_save("old", _later(data, -100), tmp_path)
    write_save("new", _later(data, 100), tmp_path)
    write_save("middle", data, tmp_path)
    write_save("middle", data, tmp_path)  # a backup is not listed
    (tmp_path / "broken.json").write_text("{")
    (tmp_path / "notes.txt").write_text("not a save")
    entries = list_saves(tmp_path)
    assert [entry.name for entry in entries] == ["new", "middle", "old", "broken"]
    assert entries[3].error is not None and entries[3].error.key == "truncated"
    assert latest_save(tmp_path) == tmp_path / "new.json"


def test_okey_saves_lists_date_rules_round_and_scores(
    data: SaveData, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["saves", "--saves", str(tmp_path)]) == 0
    assert capsys.readouterr().out == f"No saves in {tmp_path}.\n"
    write_save("evening", _later(data, 0, label="evening"), tmp_path)
    write_save("quick", _later(data, 10, label="a quick one\x1b[2J"), tmp_path)
    assert main(["saves", "--saves", str(tmp_path)]) == 0
    out = capsys.readouterr().out.splitlines()
    date = data.created.astimezone().strftime("%Y-%m-%d %H:%M")
    names = ["You", "Ayşe", "Bob", "Cem"]
    scores = ", ".join(f"{name} {score}" for name, score in zip(names, data.scores, strict=True))
    where = f"round 1, {names[data.turn or 0]} to play"
    assert out[0] == f"Saves in {tmp_path}, newest first:"
    assert out[1].startswith("  quick (a quick one?[2J): ")
    assert out[2] == f"  evening: {date}, classic, {where}, scores {scores}."


def test_okey_saves_says_what_is_wrong_without_a_traceback(
    data: SaveData,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    write_save("fine", data, tmp_path)
    (tmp_path / "future.json").write_text('{"kind": "okey-save", "format": 99}')
    assert main(["saves", "--saves", str(tmp_path)]) == 1
    captured = capsys.readouterr()
    assert "  fine (test): " in captured.out
    assert captured.err == (
        f"okey: {tmp_path / 'future.json'} was saved by a newer okey (save format 99; "
        f"this okey reads formats up to {FORMAT_VERSION}): update okey to open it\n"
    )
    afile = tmp_path / "file"
    afile.write_text("x")
    assert main(["saves", "--saves", str(afile)]) == 2
    assert capsys.readouterr().err == f"okey: the saves folder {afile} is not a folder\n"
    monkeypatch.setenv("OKEY_SAVES", str(tmp_path / "env"))
    assert main(["saves"]) == 0
    assert capsys.readouterr().out == f"No saves in {tmp_path / 'env'}.\n"


def test_the_latest_unfinished_save_skips_a_match_that_is_over(
    data: SaveData, tmp_path: Path
) -> None:
    finished = Table.new("one-round", 5)
    finished.play_until(lambda match: match.over)
    write_save("playing", data, tmp_path)
    write_save("finished", _later(finished.save(), 100), tmp_path)
    assert latest_save(tmp_path) == tmp_path / "finished.json"
    assert latest_save(tmp_path, unfinished=True) == tmp_path / "playing.json"
