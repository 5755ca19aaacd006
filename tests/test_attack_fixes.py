"""What issue 28's attack, run again (benchmarks/attack.py), still found: each case is
one clear line now."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest

from okey.cli import main

HAND = "r5: r1 r2 r3 b4 b5 b6 k7 k8 k9 y9 y10 y11 y12 b1\n"


@pytest.mark.parametrize("errors", ["surrogateescape", "strict"])
def test_binary_standard_input_ends_the_batch_on_one_line(
    errors: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``okey hand --batch - < /dev/urandom`` answered each random "line" for ever where
    standard input is read with surrogateescape (the C and C.UTF-8 locales)."""
    endless = HAND.encode() + b"\xff\xfe\x80 r1\n" * 10_000
    stream = io.TextIOWrapper(io.BytesIO(endless), encoding="utf-8", errors=errors)
    monkeypatch.setattr("sys.stdin", stream)
    assert main(["hand", "--batch", "-"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not text (UTF-8)" in err and "codec" not in err
    assert stream.tell() < len(endless)  # it stopped at the first line that is no text


def test_text_from_standard_input_is_still_told(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    text = HAND + "k1: ç\n"
    stream = io.TextIOWrapper(io.BytesIO(text.encode()), encoding="utf-8", errors="surrogateescape")
    monkeypatch.setattr("sys.stdin", stream)
    assert main(["hand", "--batch", "-"]) == 1  # line 2 is no hand, said on standard output
    out, err = capsys.readouterr()
    assert err == "" and "2: 'ç' is not a tile" in out


BINARY = bytes(range(128, 256)) * 4


def test_a_binary_rules_file_is_said_without_the_codec_s_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "binary.toml"
    path.write_bytes(BINARY)
    assert main(["rules", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not text (UTF-8)" in err and "codec" not in err


def test_a_binary_settings_file_is_said_without_the_codec_s_words(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    path = tmp_path / "settings.toml"
    path.write_bytes(BINARY)
    monkeypatch.setenv("OKEY_SETTINGS", str(path))
    assert main(["rules"]) == 0  # a damaged settings file only warns
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not text (UTF-8)" in err and "codec" not in err
    assert path.read_bytes() == BINARY


def test_a_backup_copied_over_its_save_is_refused_without_naming_itself(tmp_path: Path) -> None:
    """``cp autosave.bak autosave.json`` after a draw: the match's newest save is gone,
    so the refusal cannot send the player to "resume that save instead" (the same file)."""
    from test_hardening_resume import _drawn_and_saved

    from okey.errors import render
    from okey.messages import load_catalogue
    from okey.saves import SaveError, read_save

    _drawn_and_saved(tmp_path)
    shutil.copyfile(tmp_path / "autosave.bak", tmp_path / "autosave.json")
    with pytest.raises(SaveError) as caught:
        read_save("autosave", tmp_path)
    assert caught.value.key == "behind_gone"
    said = render(caught.value, load_catalogue("en"))
    assert said.count("autosave.json") == 1 and "cannot be resumed" in said
    assert "\n" not in render(caught.value, load_catalogue("tr"))
    # A copy whose later save was deleted: gone too.
    shutil.copyfile(tmp_path / "autosave.json", tmp_path / "copy.json")
    (tmp_path / "autosave.json").unlink()
    with pytest.raises(SaveError) as gone:
        read_save("copy", tmp_path)
    assert gone.value.key == "behind_gone"


@pytest.mark.parametrize(("bind", "shown"), [("\u200f127.0.0.1", "'\\u200f127.0.0.1'")])
def test_a_refused_bind_shows_what_cannot_be_seen(
    bind: str, shown: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A right-to-left mark in front of 127.0.0.1 was dropped from the message, which
    then refused what looked like a good address."""
    assert main(["serve", "--bind", bind, "--port", "0"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"not {shown}" in err
