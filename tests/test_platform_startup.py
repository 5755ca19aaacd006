"""Start-up: the command registry loads only the command that runs; speech starts early."""

from __future__ import annotations

import importlib
import json
import os
import pathlib
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator

import pytest

from okey import cli
from okey.cli import build_parser, chosen_speech, guess_speech_early, start_speech_early
from okey.commands import COMMANDS
from okey.messages import load_catalogue
from okey.speech import background
from okey.speech.outputs import Probe

HEAVY = (
    "prompt_toolkit",
    "accessible_output2",
    "speechd",
    "okey.table.terminal.app",
    "okey.speech.speaker",
    "okey.speech.factory",
    "okey.speech.outputs",
    "okey.speech.background",
)

LOADED = """
import contextlib, io, json, sys
from okey.cli import main
with contextlib.redirect_stdout(io.StringIO()):
    try:
        status = main(sys.argv[1:])
    except SystemExit as exit:
        status = exit.code
print(json.dumps({"status": status, "modules": sorted(sys.modules)}))
"""

EN = load_catalogue("en")


def loaded(*args: str) -> tuple[int, list[str]]:
    """The modules a command line imports, in a fresh interpreter."""
    env = {key: value for key, value in os.environ.items() if key != "OKEY_LANGUAGE"}
    result = subprocess.run(
        [sys.executable, "-c", LOADED, *args],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env=env,
    )
    found = json.loads(result.stdout.splitlines()[-1])
    return found["status"], found["modules"]


def test_the_registry_names_each_module_as_it_names_itself() -> None:
    for entry in COMMANDS:
        module = importlib.import_module(entry.module)
        assert (entry.name, entry.help_key) == (module.NAME, module.HELP_KEY)
    assert len({entry.name for entry in COMMANDS}) == len(COMMANDS)


@pytest.mark.parametrize(
    "args",
    [("--help",), ("hand", "r1", "r2", "r3", "-i", "k4"), ("rules",), ("nonsense",)],
)
def test_help_and_hand_load_neither_the_table_nor_the_speech_layer(args: tuple[str, ...]) -> None:
    status, modules = loaded(*args)
    assert status in (0, 2)
    heavy = [name for name in modules if name.startswith(HEAVY)]
    assert heavy == []
    others = {f"okey.commands.{entry.name}" for entry in COMMANDS} - {f"okey.commands.{args[0]}"}
    assert others.isdisjoint(modules)  # no other command's module either


# What ``okey --help`` never needs (each costs start-up time; issue 29's goal is 60 ms of
# processor time for it): the rules and their TOML reader, the engine and the hand's
# searches, the folders library, asyncio and ssl, the audio library, threads, processes;
# the settings' checkers (there is no settings file), the tiles, dataclasses (and the
# inspect it loads), pathlib, and shutil (argparse's way to the terminal's width, which
# brings the compression modules).
NOT_FOR_HELP = (
    "okey.preferences",
    "okey.tiles",
    "dataclasses",
    "inspect",
    "pathlib",
    "shutil",
    "bz2",
    "lzma",
    "okey.rules",
    "okey.engine",
    "okey.hand",
    "okey.games",
    "okey.saves",
    "okey.net",
    "okey.web",
    "tomllib",
    "platformdirs",
    "asyncio",
    "ssl",
    "miniaudio",
    "threading",
    "subprocess",
)


def test_help_imports_no_heavy_module(
    monkeypatch: pytest.MonkeyPatch, tmp_path: pathlib.Path
) -> None:
    monkeypatch.setenv("OKEY_SETTINGS", str(tmp_path / "settings.toml"))  # none there
    status, modules = loaded("--help")
    assert status == 0
    assert [name for name in modules if name.startswith(NOT_FOR_HELP + HEAVY)] == []


def test_a_command_is_configured_when_it_parses_or_shows_its_help(
    capsys: pytest.CaptureFixture[str],
) -> None:
    parser = build_parser(EN, {"sounds": False})
    args = parser.parse_args(["play", "--seed", "3"])
    assert (args.seed, args.sounds, args.run.__module__) == (3, False, "okey.commands.play")
    with pytest.raises(SystemExit):
        parser.parse_args(["hand", "--help"])
    assert "--batch" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        parser.parse_args(["play", "--no-such-option"])
    assert "--no-such-option" in capsys.readouterr().err


def test_the_speech_mode_is_read_before_the_parser() -> None:
    assert chosen_speech(["play"], {}) == "auto"
    assert chosen_speech(["play"], {"speech": "off"}) == "off"
    assert chosen_speech(["play", "--speech", "off", "--speech=voice"], {}) == "voice"
    assert chosen_speech(["play", "--", "--speech", "off"], {}) == "auto"


@pytest.fixture
def early(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    started: list[str] = []
    monkeypatch.setattr(cli, "on_a_terminal", lambda: True)
    monkeypatch.setattr("okey.speech.background.start_early", lambda **_: started.append("speech"))
    return started


def test_speech_starts_early_only_for_a_command_that_will_speak(
    early: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert start_speech_early(["play", "--seed", "1"], {})
    assert start_speech_early(["menu"], {})
    assert start_speech_early(["resume", "--speech", "voice"], {"speech": "off"})
    assert not start_speech_early(["hand", "r1"], {})
    assert not start_speech_early(["play", "--help"], {})
    assert not start_speech_early(["play", "--speech", "off"], {})
    assert not start_speech_early(["play"], {"speech": "screen-reader"})
    assert not start_speech_early([], {})
    monkeypatch.setattr("okey.speech.readers.screen_reader", lambda: "Orca")
    assert not start_speech_early(["play"], {})  # auto will only print for Orca
    assert start_speech_early(["play", "--speech", "voice"], {})
    assert early == ["speech"] * 4
    monkeypatch.setattr(cli, "on_a_terminal", lambda: False)
    assert not start_speech_early(["play", "--speech", "voice"], {})


@pytest.fixture
def no_speech(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The real early worker, probing nothing: the languages it was started for."""
    languages: list[str] = []

    def prober(language: str) -> Callable[[], Probe]:
        languages.append(language)
        return lambda: Probe(None)

    monkeypatch.setattr(cli, "on_a_terminal", lambda: True)
    monkeypatch.setattr("okey.speech.readers.screen_reader", lambda: None)
    monkeypatch.setattr(background, "_system_prober", prober)
    yield languages
    background.stop_early()


def test_a_game_start_looks_for_speech_before_the_settings_are_read(
    no_speech: list[str],
) -> None:
    assert guess_speech_early(["play", "--seed", "1"], "tr")
    assert no_speech == ["tr"]
    background.stop_early()
    assert guess_speech_early(["menu"], None)
    assert not guess_speech_early(["resume"], None)  # only what starts a game guesses
    assert not guess_speech_early(["play", "--speech", "print"], None)
    assert not guess_speech_early(["hand", "r1"], None)
    assert not guess_speech_early(["play", "--help"], None)
    assert not guess_speech_early(["play"], "xx")  # refused by main, not here
    assert no_speech == ["tr", "en"]


def test_the_settings_keep_the_guess_or_close_it(no_speech: list[str]) -> None:
    assert guess_speech_early(["play"], None)
    assert start_speech_early(["play"], {}, "en")  # kept: no second probe
    assert no_speech == ["en"]
    assert not start_speech_early(["play"], {"speech": "off"}, "en")
    assert background._early == []  # closed: the settings say no speech
    assert guess_speech_early(["play"], None)
    assert start_speech_early(["play"], {"language": "tr"}, "tr")
    assert no_speech == ["en", "en", "tr"]  # the settings' language: probed again in it
    assert len(background._early) == 1


@pytest.mark.parametrize("columns", ["", "0", "-3", "x", "50", "200"])
def test_the_help_is_as_wide_as_shutil_finds_the_terminal(
    monkeypatch: pytest.MonkeyPatch, columns: str
) -> None:
    monkeypatch.setenv("COLUMNS", columns)
    assert cli.terminal_columns() == shutil.get_terminal_size().columns
    assert cli.HelpLayout("okey")._width == shutil.get_terminal_size().columns - 2


def test_a_settings_file_that_is_there_is_read_and_one_that_is_not_is_no_problem(
    monkeypatch: pytest.MonkeyPatch, tmp_path: pathlib.Path
) -> None:
    path = tmp_path / "settings.toml"
    monkeypatch.setenv("OKEY_SETTINGS", str(path))
    assert cli._load_settings() == ({}, None)
    path.write_text('speech = "off"\n', encoding="utf-8")
    assert cli._load_settings() == ({"speech": "off"}, None)
    path.unlink()
    path.mkdir()  # there, but no file to read: said why
    settings, problem = cli._load_settings()
    assert settings == {}
    assert problem is not None


def test_the_catalogue_names_each_colour_by_its_own_key() -> None:
    from okey.tiles import Colour  # the catalogue keys colours without importing them

    for colour in Colour:
        assert EN.colour(colour) == EN.text(f"colour.{colour.name.lower()}")
