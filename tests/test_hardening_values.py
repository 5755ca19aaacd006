"""Issue 28, the command line's half: values checked before use (item 6), every message
one clear line (item 8), and a log that never points okey at a file (item 9)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hardening_support import FIXTURES, okey

from okey.cli import main
from okey.matchlog import MatchLogError, parse_log, replay
from okey.rules import rules_dir
from okey.saves import SaveData

ROOT = Path(__file__).resolve().parents[1]


def _one_line(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    """Run ``okey ARGV`` in this process; its one line on standard error (refused)."""
    status = main(argv)
    err = capsys.readouterr().err
    lines = [line for line in err.splitlines() if line.strip()]
    assert status != 0, err
    assert len(lines) == 1 and lines[0].startswith("okey: "), err
    assert "Traceback" not in err
    return lines[0]


def _refused(argv: list[str]) -> str:
    """Run ``okey ARGV`` as a process of its own (a server that starts instead of
    refusing is stopped at the hardening time limit, and fails the test); its one line."""
    run = okey(argv)
    assert run.problems() == [], (run.status, run.err)
    return run.err_lines[0]


# -- 9. a log names a rule set, never a file ----------------------------------------------


def _log_naming(rules: str) -> str:
    text = (FIXTURES / "classic.okeylog").read_text(encoding="utf-8")
    return text.replace('[Rules "classic"]', f'[Rules "{rules}"]', 1)


def test_a_log_s_rules_header_never_opens_a_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A real rules file the header points at: it must not be read.
    rules_file = tmp_path / "mine.toml"
    rules_file.write_text((rules_dir() / "classic.toml").read_text(encoding="utf-8"))
    for named in (str(rules_file), "/etc/passwd", "../rules/classic.toml", "classic.toml"):
        with pytest.raises(MatchLogError) as caught:
            replay(parse_log(_log_naming(named)))
        assert caught.value.line == 2
        assert "never a file" in str(caught.value)
        log = tmp_path / "game.okeylog"
        log.write_text(_log_naming(named), encoding="utf-8")
        line = _one_line(capsys, ["replay", str(log)])
        assert "never a file" in line and "passwd:" not in line


def test_a_log_naming_one_of_okey_s_rule_sets_still_replays() -> None:
    match = replay(parse_log(_log_naming("classic")))
    assert match.round_number >= 1


# -- 6. values checked before use ---------------------------------------------------------


@pytest.mark.parametrize(
    "bind",
    [
        "../../etc/passwd",
        "\u200f127.0.0.1",
        "a" * 100_000,
        "host name",
        "x-.example",
        "exa_mple.com",
    ],
)
def test_serve_refuses_a_bind_that_is_no_address(bind: str, tmp_path: Path) -> None:
    line = _refused(["serve", "--bind", bind, "--saves", str(tmp_path), "--port", "0"])
    assert "--bind takes an address" in line and "unexpected" not in line
    assert len(line) < 300


def test_serve_takes_the_addresses_and_names_it_always_took() -> None:
    from okey.commands.serve import checked_bind

    for bind in ("0.0.0.0", "::", "127.0.0.1", "::1", "localhost", "okey.example.org", ""):
        assert checked_bind(bind) == bind


@pytest.mark.parametrize("delay", ["-1", "nan", "inf", "-inf", "1e400"])
def test_serve_refuses_a_bot_delay_that_is_no_pause(delay: str, tmp_path: Path) -> None:
    argv = ["serve", "--bot-delay", delay, "--saves", str(tmp_path), "--port", "0"]
    assert "--bot-delay" in _refused(argv)


def test_a_saves_folder_that_is_a_file_is_refused_before_the_match(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from okey.saves import SaveError, write_save

    line = _refused(["serve", "--saves", "/dev/null", "--port", "0"])
    assert "/dev/null is not a folder" in line and "File exists" not in line
    a_file = tmp_path / "file"
    a_file.write_text("mine", encoding="utf-8")
    line = _one_line(capsys, ["host", "--saves", str(a_file)])  # refused before the table
    assert "is not a folder" in line
    with pytest.raises(SaveError) as caught:
        write_save("game", _a_save(), a_file)
    assert caught.value.key == "not_folder"
    assert a_file.read_text(encoding="utf-8") == "mine"


def _a_save() -> SaveData:
    from test_saves_support import Table

    table = Table.new("classic", 3)
    table.play(5)
    return table.save()


def test_play_name_is_limited_as_the_settings_are(capsys: pytest.CaptureFixture[str]) -> None:
    from okey.cli import build_parser
    from okey.messages import load_catalogue

    line = _one_line(capsys, ["play", "--name", "x" * 5000])
    assert "1 to 40 printable characters" in line
    _one_line(capsys, ["play", "--name", "x" * 41])
    _one_line(capsys, ["play", "--name", "   "])
    parser = build_parser(load_catalogue("en"))
    assert parser.parse_args(["play", "--name", "x" * 40]).name == "x" * 40
    assert parser.parse_args(["play", "--name", " Ayşe "]).name == "Ayşe"


def _rules_file(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "mine.toml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("seconds", [1, 4, 601, 3600])
def test_a_rules_file_s_timer_is_what_the_command_line_takes(seconds: int, tmp_path: Path) -> None:
    from okey.rules import RulesError, load_rules

    path = _rules_file(tmp_path, f"[play]\ntimer_seconds = {seconds}\n")
    with pytest.raises(RulesError) as caught:
        load_rules(path)
    assert caught.value.option == "play.timer_seconds"
    assert "from 5 to 600 seconds" in str(caught.value)
    path101 = _rules_file(tmp_path, f'game = "101"\n[play]\ntimer_seconds = {seconds}\n')
    with pytest.raises(RulesError):
        load_rules(path101)


@pytest.mark.parametrize("seconds", [0, 5, 90, 600])
def test_the_timers_the_command_line_takes_load(seconds: int, tmp_path: Path) -> None:
    from okey.rules import load_rules

    path = _rules_file(tmp_path, f"[play]\ntimer_seconds = {seconds}\n")
    assert load_rules(path).play.timer_seconds == seconds


@pytest.mark.parametrize("text", ["", "\n\n", "# only a comment\n", "\ufeff"])
def test_an_empty_rules_file_is_refused(
    text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from okey.rules import RulesError, load_rules

    path = _rules_file(tmp_path, text)
    with pytest.raises(RulesError) as caught:
        load_rules(path)
    assert caught.value.key == "empty"
    line = _one_line(capsys, ["hand", "--rules", str(path), "-i", "r5", "r1", "r2", "r3"])
    assert "the file is empty" in line


def test_serve_timer_agrees_with_the_rules(tmp_path: Path) -> None:
    for seconds in ("1", "601"):
        line = _refused(["serve", "--timer", seconds, "--saves", str(tmp_path), "--port", "0"])
        assert "0 (no timer) or 5 to 600 seconds" in line


def test_hand_table_at_classic_rules_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    line = _one_line(capsys, ["hand", "-i", "r5", "r1", "r2", "r3", "--table", "r5 r6 r7"])
    assert "--rules 101" in line


# -- 8. one line, whatever the value ------------------------------------------------------


@pytest.mark.parametrize(
    "argv",
    [
        ["play", "--rules", "a\nb"],
        ["resume", "x\ny"],
        ["hand", "-i", "r5", "r1\nr2"],
        ["--language", "en\ntr", "rules"],
        ["rules", "classic\r\nsalon"],
        ["rules", "classic\u2028salon"],
    ],
)
def test_an_argument_with_a_line_break_gets_one_line(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    line = _one_line(capsys, argv)
    assert "\\n" in line or "\\r" in line or "\\u2028" in line or "en\\ntr" in line


def test_a_binary_log_is_one_clear_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "game.okeylog"
    log.write_bytes(bytes(range(256)) * 8)
    for argv in (["replay", str(log)], ["review", "--log", str(log)]):
        line = _one_line(capsys, argv)
        assert "codec" not in line and "not text (UTF-8)" in line
