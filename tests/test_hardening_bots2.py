"""Hardening, third pass (issue 28, items 3 and 5): a plug-in bot's failure of any kind
(``sys.exit``, ``SystemExit(0)``, a ``KeyboardInterrupt`` it raises itself) is the bot's
failure, never the end of ``okey simulate``; an in-process bot that loops forever is
stopped at its time limit (or retired when it cannot be)."""

from __future__ import annotations

import json
import random
import signal
import threading
from pathlib import Path

import pytest
from bots_support import make_view

from okey.bots import LEVELS
from okey.bots.plugins import GuardedBot, seat_bot
from okey.cli import main
from okey.engine.actions import Action
from okey.engine.view import TableView

HAND = "r1 r2 r3 b4 b5 b6 k7 k8 k9 y9 y10 y11 y12 b1 k13"

ENDING = """
import sys

from okey.bots.example import LuckyBot


class Ending(LuckyBot):
    name = "ending"

    def choose(self, view):
        {how}


def make_bot(rng):
    return Ending(rng)
"""

HOWS = {
    "exit3": ("sys.exit(3)", "SystemExit"),
    "exit0": ("raise SystemExit(0)", "SystemExit"),
    "interrupt": ("raise KeyboardInterrupt", "KeyboardInterrupt"),
    "generator_exit": ("raise GeneratorExit", "GeneratorExit"),
}


@pytest.mark.parametrize("how", sorted(HOWS))
@pytest.mark.parametrize("threaded", [True, False])
def test_a_bot_that_exits_or_interrupts_is_its_own_failure(
    how: str, threaded: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "ending.py").write_text(ENDING.format(how=HOWS[how][0]), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    bot = seat_bot("./ending.py:make_bot", random.Random(1), LEVELS)
    assert isinstance(bot, GuardedBot)
    bot.threaded = threaded
    view = make_view(HAND)
    assert bot.choose(view) in view.legal
    assert [incident.reason for incident in bot.incidents] == ["raised"]
    assert bot.incidents[0].detail.startswith(HOWS[how][1])


@pytest.mark.parametrize("how", ["exit3", "exit0", "interrupt"])
def test_okey_simulate_goes_on_and_writes_its_report_and_logs(
    how: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "ending.py").write_text(ENDING.format(how=HOWS[how][0]), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    seats = "easy,./ending.py:make_bot,easy,easy"
    argv = ["simulate", "--rounds", "2", "--seed", "5", "--seats", seats, "--log", "logs"]
    status = main([*argv, "--json"])
    data = json.loads(capsys.readouterr().out)
    assert status == 0
    assert data["rounds"] == 2 and data["replaced"]
    assert all("ending in seat 1" in line for line in data["replaced"])
    assert sorted(path.name for path in (tmp_path / "logs").iterdir()) == ["match-0001.okeylog"]


class Interrupting:
    """Sends the process a real SIGINT, as the user's Ctrl+C at the terminal would."""

    name = "interrupting"

    def __init__(self) -> None:
        self.release = threading.Event()

    def choose(self, view: TableView) -> Action:
        signal.raise_signal(signal.SIGINT)
        self.release.wait(5)
        return view.legal[0]


@pytest.mark.parametrize("threaded", [True, False])
def test_a_real_ctrl_c_still_stops_okey(threaded: bool) -> None:
    inner = Interrupting()
    guard = GuardedBot(inner, random.Random(0), time_limit=5.0, threaded=threaded)
    try:
        with pytest.raises(KeyboardInterrupt):
            guard.choose(make_view(HAND))
    finally:
        inner.release.set()
    assert guard.incidents == []


class Looping:
    name = "looping"

    def __init__(self) -> None:
        self.asked = 0

    def choose(self, view: TableView) -> Action:
        self.asked += 1
        while True:
            pass


class Stuck:
    """Waits inside C code, where no exception can reach it, until released."""

    name = "stuck"

    def __init__(self) -> None:
        self.asked = 0
        self.release = threading.Event()

    def choose(self, view: TableView) -> Action:
        self.asked += 1
        self.release.wait()
        return view.legal[0]


def _bot_threads() -> list[threading.Thread]:
    return [thread for thread in threading.enumerate() if thread.name.startswith("bot-")]


def test_a_bot_that_loops_forever_is_stopped_at_its_limit() -> None:
    inner = Looping()
    guard = GuardedBot(inner, random.Random(0), time_limit=0.05)
    view = make_view(HAND)
    for _ in range(3):
        assert guard.choose(view) in view.legal
    assert [incident.reason for incident in guard.incidents] == ["too_slow"] * 3
    assert inner.asked == 3 and not guard.retired
    assert not [thread for thread in _bot_threads() if thread.name == "bot-looping"]


def test_a_bot_that_cannot_be_stopped_is_retired() -> None:
    inner = Stuck()
    guard = GuardedBot(inner, random.Random(0), time_limit=0.05)
    view = make_view(HAND)
    try:
        assert guard.choose(view) in view.legal
        assert guard.retired and [incident.reason for incident in guard.incidents] == ["stuck"]
        assert guard.choose(view) in view.legal  # the fallback plays on, unasked
        assert inner.asked == 1 and len(guard.incidents) == 1
    finally:
        inner.release.set()
