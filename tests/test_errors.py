# ruff: noqa: RUF001  (Turkish text has a dotless i, which is no confusable here)
"""One error style: a reason and data, worded only when shown, in the language chosen then."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from engine_support import arranged, tile

from okey.cli import main
from okey.engine import Discard, IllegalMoveError, Match, MoveError
from okey.errors import OkeyError, Phrase, render
from okey.matchlog import MatchLogError, log_of
from okey.messages import load_catalogue
from okey.preferences import settings_path
from okey.rules import CLASSIC
from okey.saves import SaveError, encode, snapshot
from okey.saves.codec import to_document


def worded(item: OkeyError | Phrase, language: str) -> str:
    """``item`` in the catalogue of ``language``."""
    return render(item, load_catalogue(language))


class Cause(OkeyError):
    prefix = "engine.error."


def test_a_phrase_is_worded_with_its_nested_causes_tiles_and_paths() -> None:
    refusal = IllegalMoveError(MoveError.NOT_IN_HAND, tile=tile("r6"), okey=tile("r6"))
    phrase = Phrase("log.error.line", path=Path("/tmp/x.okeylog"), line=4, reason=refusal)
    assert worded(phrase, "en") == "/tmp/x.okeylog, line 4: red 6 okey is not in your hand"
    assert worded(phrase, "tr") == "/tmp/x.okeylog, satır 4: kırmızı 6 okey elinde yok"
    assert worded(Phrase("log.error.file", path="p", reason=OSError("gone")), "en") == "p: gone"


def test_an_error_keeps_its_reason_and_data_and_is_worded_when_shown() -> None:
    error = Cause("no_such_seat", seat=7)
    assert (error.key, error.fields) == ("no_such_seat", {"seat": 7})
    assert str(error) == "there is no seat 7 at this table"  # str: English, for logs
    assert worded(error, "tr") == "bu masada 7 numaralı koltuk yok"  # worded when shown


def test_a_save_error_is_told_on_one_line() -> None:
    error = SaveError("corrupt", path="a.json", reason=Phrase("saves.bad.nested"))
    assert worded(error, "en") == "a.json is damaged: nested too deeply"
    assert "\n" not in worded(SaveError("newer", path="a", found=9, known=2), "en")


def test_the_engine_and_the_hand_import_no_text() -> None:
    code = (
        "import sys, pkgutil, importlib, okey.engine, okey.hand\n"
        "for package in (okey.engine, okey.hand):\n"
        "    for info in pkgutil.walk_packages(package.__path__, package.__name__ + '.'):\n"
        "        importlib.import_module(info.name)\n"
        "print(sorted(m for m in sys.modules if m.startswith('okey.messages')))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "[]"


# -- a damaged file, reported wholly in the language chosen -------------------------------


def _turkish(status: int, err: str, folder: Path | None = None) -> str:
    """The one line of ``err``, with no English word in it (paths aside)."""
    assert status != 0 or err
    [line] = err.splitlines()
    words = line.replace(str(folder), "") if folder is not None else line
    for english in ("damaged", "must", "line", "cannot", "is not", "seat", "replay", "the "):
        assert english not in words, f"{english!r} in {line!r}"
    return line


def test_a_damaged_log_is_told_in_turkish(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    match = arranged({0: "r1 r2 r3 b4 b5 b6 k7 k8 k9 k10 y10 y11 y12 y13 k12"})
    match.apply(0, Discard(tile("k12")))
    path = tmp_path / "bad.okeylog"
    path.write_text(log_of(match).replace("0 discard k12", "0 discard k13"), encoding="utf-8")
    status = main(["--language", "tr", "replay", str(path)])
    line = _turkish(status, capsys.readouterr().err, tmp_path)
    assert line.endswith("koltuk 0 şunu yapamaz: discard k13: siyah 13 elinde yok")
    assert "satır" in line


def test_a_damaged_save_is_told_in_turkish(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    match = Match(CLASSIC, random.Random(4), first_dealer=0)
    match.start_round()
    document = to_document(snapshot(match, settings={"you": 0}))
    document["first_dealer"] = "zero"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    status = main(["--language", "tr", "review", str(path), "--saves", str(tmp_path)])
    line = _turkish(status, capsys.readouterr().err, tmp_path)
    assert line == f"okey: {path} bozuk: 'first_dealer' şu olmalı: bir tam sayı"


def test_a_save_whose_log_does_not_replay_is_told_in_turkish(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    match = arranged({0: "r1 r2 r3 b4 b5 b6 k7 k8 k9 k10 y10 y11 y12 y13 k12"})
    match.apply(0, Discard(tile("k12")))
    log = log_of(match).replace("0 discard k12", "0 discard k13")
    data = replace(snapshot(match, settings={"you": 0}), log=log)
    path = tmp_path / "bad.json"
    path.write_bytes(encode(data))
    status = main(["--language", "tr", "review", str(path), "--saves", str(tmp_path)])
    line = _turkish(status, capsys.readouterr().err, tmp_path)
    assert "oyun kaydı yeniden oynanmıyor: satır" in line and "siyah 13 elinde yok" in line


def test_a_damaged_rules_file_is_told_in_turkish(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "table.toml"
    path.write_text("[table]\nplayers = 'four'\n", encoding="utf-8")
    status = main(["--language", "tr", "rules", str(path)])
    line = _turkish(status, capsys.readouterr().err, tmp_path)
    assert line == f"okey: {path}: table.players: bir tam sayı olmalı, 'four' olmaz"
    assert main(["--language", "tr", "hand", "r1", "--indicator", "r5", "--rules", str(path)])
    _turkish(2, capsys.readouterr().err, tmp_path)


def test_a_damaged_settings_file_is_told_in_turkish(capsys: pytest.CaptureFixture[str]) -> None:
    settings_path().write_text('sort = "sideways"\n', encoding="utf-8")
    assert main(["--language", "tr", "rules", "classic"]) == 0
    line = _turkish(1, capsys.readouterr().err)
    assert "ayar dosyası bozuk" in line and "sort için sideways olmaz" in line


def test_a_bad_tile_and_hand_are_told_in_turkish(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--language", "tr", "hand", "q5", "--indicator", "r5"]) == 2
    line = _turkish(2, capsys.readouterr().err)
    assert line.startswith("okey: 'q5' bir taş değil: bir renk harfiyle")
    assert main(["--language", "tr", "hand", "r6", "r6", "r6", "--indicator", "r5"]) == 2
    line = _turkish(2, capsys.readouterr().err)
    assert "kırmızı 6 okey" in line  # the tile named with its role, in Turkish


def test_the_batch_json_says_each_error_in_the_language_chosen(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    batch = tmp_path / "hands.txt"
    batch.write_text("r5: r1 q2\nr5 r1\n", encoding="utf-8")
    assert main(["--language", "tr", "hand", "--batch", str(batch), "--json"]) == 1
    errors = [json.loads(line)["error"] for line in capsys.readouterr().out.splitlines()]
    assert errors[0].startswith("'q2' bir taş değil")
    assert errors[1].startswith("Göstergeyi, iki nokta")


def test_a_log_error_keeps_its_cause_as_data() -> None:
    error = MatchLogError(3, IllegalMoveError(MoveError.MUST_DRAW), "x.okeylog")
    assert error.line == 3 and error.key == "engine.error.must_draw"
    assert isinstance(error.cause, IllegalMoveError) and error.cause.reason is MoveError.MUST_DRAW
    assert str(error) == "x.okeylog, line 3: you must draw first"
