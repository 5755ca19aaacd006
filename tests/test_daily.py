"""Today's hand (``okey daily``): one round, the same deal for everyone that day, one
attempt a day kept as the save ``daily-YYYY-MM-DD``."""

from __future__ import annotations

import argparse
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from okey.cli import build_parser, main
from okey.commands import daily as command
from okey.commands import resume as resume_command
from okey.daily import DAILY_RULES, daily_seed, parse_day, save_name
from okey.engine.actions import Discard
from okey.messages import Catalogue, load_catalogue
from okey.rules import load_rules
from okey.saves import read_save
from okey.table.state.persist import DiskSaver
from okey.table.state.session import TableSession, new_session
from okey.table.state.settings import TableSettings

DAY = date(2026, 11, 30)

EN = load_catalogue("en")


def test_the_seed_depends_on_the_day_alone_and_never_changes() -> None:
    # Pinned: every copy of the game, on every machine, deals this day the same way.
    assert daily_seed(DAY) == daily_seed(date(2026, 11, 30)) == 261891512074947
    days = [date(2026, 1, 1).fromordinal(date(2026, 1, 1).toordinal() + n) for n in range(366)]
    assert len({daily_seed(day) for day in days}) == 366
    assert save_name(DAY) == "daily-2026-11-30"


@pytest.mark.parametrize("text", ["2026-11-30", " 2026-11-30 "])
def test_a_day_is_written_year_month_day(text: str) -> None:
    assert parse_day(text) == DAY


@pytest.mark.parametrize("text", ["2026-1-30", "30-11-2026", "20261130", "2026-13-01", "today", ""])
def test_anything_else_is_not_a_day(text: str) -> None:
    with pytest.raises(ValueError):
        parse_day(text)


def _settings(seed: int) -> TableSettings:
    return TableSettings(
        rules=DAILY_RULES,
        names=["You", "Ayşe", "Mehmet", "Zeynep"],
        levels=["", "medium", "medium", "medium"],
        seed=seed,
    )


def _session(day: date = DAY) -> TableSession:
    return new_session(load_rules(DAILY_RULES), _settings(daily_seed(day)))


def test_the_same_day_deals_the_same_hand_and_another_day_another() -> None:
    first, again, tomorrow = _session(), _session(), _session(date(2026, 12, 1))
    for session in (first, again, tomorrow):
        session.start_round()
    assert first.match.round.hands == again.match.round.hands
    assert first.match.round.indicator == again.match.round.indicator
    assert first.match.round.pile == again.match.round.pile
    assert first.match.round.hands != tomorrow.match.round.hands
    # Pinned like the seed: this day's indicator and first dealer.
    assert (str(first.match.round.indicator), first.match.round.dealer) == ("r13", 3)


def _args(tmp_path: Path, **more: Any) -> list[str]:
    line = ["daily", "--saves", str(tmp_path), "--speech", "off"]
    for key, value in more.items():
        line += [f"--{key}", str(value)]
    return line


class Opened:
    """Stands in for the terminal table: records what it was asked to open."""

    def __init__(self) -> None:
        self.calls: list[dict[str, Any]] = []

    def __call__(
        self,
        session: TableSession,
        args: argparse.Namespace,
        catalogue: Catalogue,
        **options: Any,
    ) -> int:
        self.calls.append({"session": session, "language": catalogue.language, **options})
        return 0


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> Opened:
    recorder = Opened()
    monkeypatch.setattr(command, "open_table", recorder)
    monkeypatch.setattr(command, "today", lambda: DAY)  # whatever the calendar says
    return recorder


def test_a_new_day_opens_a_one_round_table_saved_under_the_days_name(
    tmp_path: Path, opened: Opened
) -> None:
    assert main(_args(tmp_path, date="2026-11-30")) == 0
    [call] = opened.calls
    session = call["session"]
    assert call["saved_as"] == "daily-2026-11-30"
    assert session.settings.seed == daily_seed(DAY)
    assert session.settings.rules == DAILY_RULES
    assert session.match.rules.table.rounds == 1
    assert [level for level in session.settings.levels if level] == ["medium"] * 3
    assert call["notice"] == "The hand of 30 November 2026: dealt the same for every player today."
    assert not call.get("resumed", False)


def _saved_daily(tmp_path: Path, *, finish: bool) -> TableSession:
    session = _session()
    session.start_round()
    if finish:  # play the round out: everyone throws their first tile until it ends
        while not session.match.round_over:
            seat = session.match.turn
            view = session.match.view(seat)
            legal = [move for move in view.legal if not isinstance(move, Discard)]
            session.match.apply(seat, legal[0] if legal else Discard(view.hand[0]))
    DiskSaver(session, tmp_path).save(save_name(DAY))
    return session


def test_an_unfinished_day_is_picked_up_where_it_was_left(tmp_path: Path, opened: Opened) -> None:
    before = _saved_daily(tmp_path, finish=False)
    assert main(_args(tmp_path, date="2026-11-30")) == 0
    [call] = opened.calls
    assert call["resumed"] is True
    assert call["saved_as"] == "daily-2026-11-30"
    assert call["session"].match.round.hands == before.match.round.hands
    assert "earlier" in call["notice"]


def test_a_finished_day_is_only_reported(
    tmp_path: Path, opened: Opened, capsys: pytest.CaptureFixture[str]
) -> None:
    session = _saved_daily(tmp_path, finish=True)
    assert read_save(save_name(DAY), tmp_path).over
    assert main(_args(tmp_path, date="2026-11-30")) == 0
    assert opened.calls == []
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith(("You won the hand of 30 November 2026", "The hand of 30 November"))
    assert lines[-1].endswith(
        f"okey play --rules one-round --level medium --seed {daily_seed(DAY)}"
    )
    assert session.match.over


def test_a_bad_date_is_one_clear_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(_args(tmp_path, date="30/11/2026")) == 2
    err = capsys.readouterr().err.strip()
    assert err == "okey: --date wants a day written YYYY-MM-DD, not 30/11/2026"


def test_a_damaged_days_save_is_one_clear_line_and_stays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    damaged = tmp_path / "daily-2026-11-30.json"
    damaged.write_text("{ not json", encoding="utf-8")
    assert main(_args(tmp_path, date="2026-11-30")) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("okey: ")
    assert damaged.read_text(encoding="utf-8") == "{ not json"


def test_the_practice_command_plays_the_same_table_whatever_the_settings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _saved_daily(tmp_path, finish=True)
    assert main(_args(tmp_path, date="2026-11-30")) == 0
    practice = capsys.readouterr().out.splitlines()[-1].split(": ", 1)[1].split()[1:]
    args = build_parser(EN, {"level": "hard", "rules": "classic"}).parse_args(practice)
    assert (args.rules, args.level, args.seed) == ("one-round", "medium", daily_seed(DAY))


def test_the_days_hand_is_kept_under_its_name_after_every_turn(
    tmp_path: Path, opened: Opened
) -> None:
    assert main(_args(tmp_path, date="2026-11-29")) == 0
    [call] = opened.calls
    assert call["autosave_as"] == "daily-2026-11-29"
    assert call["notice"] == (
        "The hand of 29 November 2026: dealt the same for every player that day."
    )


def test_resuming_the_days_hand_by_name_keeps_it_under_its_own_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _saved_daily(tmp_path, finish=False)
    recorder = Opened()
    monkeypatch.setattr(resume_command, "open_table", recorder)
    assert main(["resume", "daily-2026-11-30", "--saves", str(tmp_path), "--speech", "off"]) == 0
    [call] = recorder.calls
    assert call["autosave_as"] == call["saved_as"] == "daily-2026-11-30"
