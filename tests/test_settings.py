"""``okey settings``: standing choices for new games, kept in a small TOML file; the
command line still wins for one game, and a damaged file is reported, never used."""

from __future__ import annotations

import os
import tomllib
from pathlib import Path

import pytest

from okey.cli import build_parser, main
from okey.messages import load_catalogue
from okey.preferences import PREFERENCES, PreferencesError, check, load, settings_path, store

EN = load_catalogue("en")


@pytest.fixture
def path() -> Path:
    return settings_path()


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str], str]:
    status = main(["settings", *argv])
    captured = capsys.readouterr()
    return status, captured.out.splitlines(), captured.err.strip()


def test_the_tests_have_their_own_settings_file(path: Path) -> None:
    assert path == Path(os.environ["OKEY_SETTINGS"])
    assert not path.exists()


def test_listing_shows_every_setting_and_its_source(
    capsys: pytest.CaptureFixture[str], path: Path
) -> None:
    status, out, err = run(capsys)
    assert status == 0 and err == ""
    assert out[0] == f"Settings file: {path}"
    assert out[1:] == [f"{p.key}: {_shown(p.default(EN))} (the default)" for p in PREFERENCES]
    assert not path.exists()  # listing writes nothing


def _shown(value: object) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return f"{value:g}" if isinstance(value, float) else str(value)


def test_set_read_and_reset(capsys: pytest.CaptureFixture[str], path: Path) -> None:
    assert run(capsys, "speech", "screen-reader")[1] == ["speech: screen-reader"]
    assert run(capsys, "sounds", "off")[1] == ["sounds: off"]
    assert run(capsys, "pace", "0.5")[1] == ["pace: 0.5"]
    assert run(capsys, "name", 'Deniz "D" Ç')[1] == ['name: Deniz "D" Ç']
    assert run(capsys, "speech")[1] == ["speech: screen-reader"]
    document = tomllib.loads(path.read_text(encoding="utf-8"))
    assert document == {
        "name": 'Deniz "D" Ç',
        "speech": "screen-reader",
        "sounds": False,
        "pace": 0.5,
    }
    assert run(capsys, "speech", "--reset")[1] == ["speech: auto (the default)"]
    assert "speech" not in load(path)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ("level", "grandmaster"),
            "okey: level cannot be grandmaster (it can be: easy, expert, hard, medium, random)",
        ),
        (
            ("colour", "red"),
            "okey: no setting called colour (known: name, speech, verbosity, "
            "sounds, volume, sort, pace, timer, level, rules, screen, language)",
        ),
        (("sounds", "loud"), "okey: sounds is on or off, not loud"),
        (("pace", "-1"), "okey: pace is a number of seconds from 0 to 60, not -1"),
        (("pace", "soon"), "okey: pace is a number of seconds from 0 to 60, not soon"),
        (("name", " "), "okey: a name is 1 to 40 printable characters"),
        (("sort",), None),
        (
            ("speech", "off", "--reset"),
            "okey: give a setting, then a value or --reset, like: okey settings speech off",
        ),
    ],
)
def test_bad_input_is_one_line_and_changes_nothing(
    capsys: pytest.CaptureFixture[str], path: Path, argv: tuple[str, ...], message: str | None
) -> None:
    store(path, {"speech": "off"}, catalogue=EN)
    before = path.read_bytes()
    status, out, err = run(capsys, *argv)
    if message is None:  # a key alone only reads
        assert status == 0 and out == ["sort: colour (the default)"]
    else:
        assert status == 2 and out == [] and err == message
    assert path.read_bytes() == before


def test_a_damaged_file_is_reported_and_left_alone(
    capsys: pytest.CaptureFixture[str], path: Path
) -> None:
    path.write_text('speech = "screen-reader"\nspeech = "off"\n', encoding="utf-8")
    before = path.read_bytes()
    status, _out, err = run(capsys, "sounds", "off")
    assert status == 2 and err.startswith(f"okey: the settings file {path} is damaged (")
    assert err.endswith("): correct it or delete it")
    assert path.read_bytes() == before
    # Other commands warn once and go on with the game's defaults.
    assert main(["rules"]) == 0
    captured = capsys.readouterr()
    assert captured.err.strip().endswith("; the game's defaults are used")
    assert "classic" in captured.out


@pytest.mark.parametrize("text", ["level = 3\n", 'colour = "red"\n', "\xff\xfe", "[table]\nx=1\n"])
def test_load_refuses_anything_but_known_keys_with_good_values(path: Path, text: str) -> None:
    path.write_bytes(text.encode("latin-1"))
    with pytest.raises(PreferencesError, match="damaged"):
        load(path)


def test_settings_are_defaults_and_options_still_win(path: Path) -> None:
    chosen = {
        key: check(key, value)
        for key, value in [
            ("speech", "off"),
            ("verbosity", "brief"),
            ("sounds", "off"),
            ("sort", "smart"),
            ("pace", "0.3"),
            ("level", "hard"),
            ("rules", "short"),
            ("name", "Deniz"),
        ]
    }
    parser = build_parser(EN, chosen)
    args = parser.parse_args(["play"])
    assert (args.speech, args.verbosity, args.sounds, args.sort) == ("off", "brief", False, "smart")
    assert (args.pace, args.level, args.rules, args.name) == (0.3, "hard", "short", "Deniz")
    args = parser.parse_args(["play", "--speech", "auto", "--sort", "colour", "--rules", "classic"])
    assert (args.speech, args.sort, args.rules) == ("auto", "colour", "classic")
    daily = parser.parse_args(["daily"])
    assert (daily.name, daily.sort, daily.speech) == ("Deniz", "smart", "off")
    assert not hasattr(daily, "level")  # the day's hand is the same for everyone


def test_a_new_match_starts_with_the_chosen_sort() -> None:
    from okey.commands.play import new_settings

    args = build_parser(EN, {"sort": "smart", "name": "Deniz"}).parse_args(["play"])
    settings = new_settings("classic", 4, "medium", args, None, catalogue=EN)
    assert settings.sort_mode == "smart"
    assert settings.names[0] == "Deniz"


EVERYTHING = {
    "name": "Ayse",
    "speech": "off",
    "verbosity": "brief",
    "sounds": "off",
    "sort": "smart",
    "pace": "3",
    "level": "hard",
    "rules": "short",
}


def test_settings_reach_only_the_commands_they_are_for() -> None:
    parser = build_parser(EN, {key: check(key, value) for key, value in EVERYTHING.items()})
    resume = parser.parse_args(["resume"])
    assert resume.name is None  # the save to open, not the player's name
    assert resume.pace is None  # as the save had it
    assert (resume.speech, resume.verbosity, resume.sounds) == ("off", "brief", False)
    assert parser.parse_args(["rules"]).name is None
    assert parser.parse_args(["review"]).name is None
    assert parser.parse_args(["simulate"]).rules == "classic"
    tutorial = parser.parse_args(["tutorial"])
    assert (tutorial.name, tutorial.pace, tutorial.speech) == ("Ayse", 3.0, "off")


def test_with_a_name_set_resume_still_finds_the_latest_save(
    capsys: pytest.CaptureFixture[str], path: Path, tmp_path: Path
) -> None:
    store(path, {"name": "Ayse"}, catalogue=EN)
    assert main(["resume", "--saves", str(tmp_path / "none")]) == 2
    assert "no saved match to resume" in capsys.readouterr().err


def test_a_rules_file_is_kept_as_a_full_path_and_a_missing_one_spoils_nothing(
    capsys: pytest.CaptureFixture[str], path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    house = tmp_path / "house"
    house.mkdir()
    (house / "mine.toml").write_bytes(
        (Path(__file__).parents[1] / "rules/classic.toml").read_bytes()
    )
    monkeypatch.chdir(house)
    assert run(capsys, "speech", "off")[0] == 0
    status, out, _ = run(capsys, "rules", "mine.toml")
    assert status == 0 and out == [f"rules: {house / 'mine.toml'}"]
    (house / "mine.toml").unlink()
    monkeypatch.chdir(tmp_path)
    assert load(path)["speech"] == "off"  # the rest of the file still counts
    assert run(capsys, "rules", "--reset")[1] == ["rules: classic (the default)"]
    status, _, err = run(capsys, "rules", "nope")
    assert status == 2 and "no such rules file" in err


def test_sounds_off_in_the_settings_can_be_turned_on_for_one_game() -> None:
    parser = build_parser(EN, {"sounds": False})
    assert parser.parse_args(["play"]).sounds is False
    assert parser.parse_args(["play", "--sounds"]).sounds is True
    assert build_parser(catalogue=EN).parse_args(["play", "--no-sounds"]).sounds is False
