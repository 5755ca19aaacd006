"""Issue 28, the command line's half: values checked before use (item 6), every message
one clear line (item 8), and a log that never points okey at a file (item 9)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hardening_support import FIXTURES

from okey.cli import main
from okey.matchlog import MatchLogError, parse_log, replay
from okey.rules import rules_dir

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
