"""okey salon refuses bad input in words (never a traceback), the settings file is read
and checked, and the salon's sessions are kept per salon, owner-only."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from okey.cli import main
from okey.salon.config import ConfigError, load_config
from okey.salon.sessions import last_salon, load_session, remember_salon, save_session


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["salon"], "Which salon?"),
        (["salon", "a b"], "is not a server's address"),
        (["salon", "--serve", "--bind", "/etc/passwd"], "Cannot listen on"),
        (["salon", "--serve", "--config", "/nonexistent/salon.toml"], "settings"),
    ],
)
def test_bad_input_is_refused_in_words(
    argv: list[str],
    words: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("OKEY_SALONS", str(tmp_path))
    status = main(argv)
    err = capsys.readouterr().err
    assert status == 2, err
    assert err.startswith("okey: ") and words in err
    assert "Traceback" not in err


def test_the_settings_file(tmp_path: Path) -> None:
    path = tmp_path / "salon.toml"
    path.write_text(
        '[salon]\ndatabase = "s.db"\nmoderators = ["Ayşe"]\nchips = 50\nbot_delay = 0.5\n'
        "one_address_per_table = false\n",
        encoding="utf-8",
    )
    config, database = load_config(path)
    assert database == tmp_path / "s.db"
    assert config.moderates("AYSE") and not config.moderates("Bora")
    assert (config.chips, config.bot_delay, config.one_address_per_table) == (50, 0.5, False)
    for bad in ("chips = -1", "moderators = 3", "chips = true", "one_address_per_table = 1", "["):
        path.write_text(f"[salon]\n{bad}\n", encoding="utf-8")
        with pytest.raises(ConfigError):
            load_config(path)


def test_sessions_are_kept_per_salon_for_their_owner_only(tmp_path: Path) -> None:
    save_session("a:7011", "one", tmp_path)
    save_session("b:7011", "two", tmp_path)
    remember_salon("b:7011", tmp_path)
    assert load_session("a:7011", tmp_path) == "one"
    assert load_session("b:7011", tmp_path) == "two"
    assert load_session("c:7011", tmp_path) is None
    assert last_salon(tmp_path) == "b:7011"
    for file in tmp_path.iterdir():
        assert stat.S_IMODE(file.stat().st_mode) == 0o600
        assert "a:7011" not in file.name
