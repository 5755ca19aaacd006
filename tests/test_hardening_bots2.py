"""Hardening, third pass (issue 28, items 3 and 5): a plug-in bot's failure of any kind
(``sys.exit``, ``SystemExit(0)``, a ``KeyboardInterrupt`` it raises itself) is the bot's
failure, never the end of ``okey simulate``; an in-process bot that loops forever is
stopped at its time limit (or retired when it cannot be); a ``process:`` seat's child is
limited in processor time and memory, and learns nothing of okey's command line (the seed)
or environment: its own hold nothing, and where Linux offers isolation it cannot see
okey's process at all."""

from __future__ import annotations

import json
import os
import random
import signal
import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from bots_support import make_view

from okey.bots import LEVELS, sandbox
from okey.bots.plugins import GuardedBot, Incident, seat_bot
from okey.bots.process import ProcessBot
from okey.bots.sandbox import isolation
from okey.cli import main
from okey.commands import simulate as simulate_command
from okey.engine.actions import Action
from okey.engine.view import TableView
from okey.errors import render
from okey.messages import load_catalogue

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
    before = signal.signal(signal.SIGINT, signal.default_int_handler)  # as okey runs
    try:
        with pytest.raises(KeyboardInterrupt):
            guard.choose(make_view(HAND))
    finally:
        inner.release.set()
        signal.signal(signal.SIGINT, before)
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


# -- item 5: a process seat's processor time and memory are limited --------------------------

HUNGRY = """
from okey.bots.example import LuckyBot


class Hungry(LuckyBot):
    name = "hungry"

    def choose(self, view):
        {how}
"""

needs_limits = pytest.mark.skipif(
    not sys.platform.startswith(("linux", "darwin")), reason="resource limits are POSIX's"
)


@needs_limits
@pytest.mark.parametrize(
    ("how", "reason"),
    [
        ("held = bytearray(512 * 2**20)", "memory"),  # over a 256 MiB address space
        ("while True: pass", "cpu"),  # over 1 s of processor time, well within 30 s a move
    ],
)
def test_a_child_over_its_limits_is_an_incident(
    how: str, reason: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    if reason == "memory" and sys.platform == "darwin":
        pytest.skip("macOS does not enforce RLIMIT_AS")
    (tmp_path / "hungry.py").write_text(
        HUNGRY.format(how=how) + "\n\ndef make_bot(rng):\n    return Hungry(rng)\n",
        encoding="utf-8",
    )
    monkeypatch.chdir(tmp_path)
    incidents: list[Incident] = []
    bot = ProcessBot(
        "process:./hungry.py:make_bot",
        random.Random(1),
        time_limit=30.0,
        on_incident=incidents.append,
        cpu_limit=1,
        memory_limit=256 * 2**20,
    )
    try:
        view = make_view(HAND)
        assert bot.choose(view) in view.legal
    finally:
        bot.close()
    assert [incident.reason for incident in incidents] == [reason]
    text = render(incidents[0].phrase(), load_catalogue("en"))
    assert "hungry.py:make_bot in seat 0" in text and "limit" in text and "\n" not in text


# -- item 3: an untrusted bot learns nothing from okey's command line or environment --------

SEED = "2718281"
MARK = "okey-test-secret-7391"

CHEAT = f"""
import os

from okey.bots.example import LuckyBot


def peek():
    found = [name for name, value in os.environ.items() if {MARK!r} in value]
    for pid in os.listdir("/proc") if os.path.isdir("/proc") else []:
        if not pid.isdigit():
            continue
        for part in ("cmdline", "environ"):
            try:
                with open(f"/proc/{{pid}}/{{part}}", "rb") as file:
                    data = file.read()
            except OSError:
                continue
            if {SEED!r}.encode() in data or {MARK!r}.encode() in data:
                found.append(f"/proc/{{pid}}/{{part}}")
    return found


class Cheat(LuckyBot):
    name = "cheat"

    def choose(self, view):
        found = peek()
        if found:
            raise RuntimeError("found the seed in " + " ".join(found))
        return super().choose(view)


def make_bot(rng):
    return Cheat(rng)
"""

OWN = """
import os
import sys

from okey.bots.example import LuckyBot


class Own(LuckyBot):
    name = "own"

    def choose(self, view):
        told = [name for name in os.environ if name.startswith("OKEY_TEST")]
        if told or sys.argv[1:]:
            raise RuntimeError(f"given {told} {sys.argv[1:]}")
        return super().choose(view)


def make_bot(rng):
    return Own(rng)
"""


def test_a_childs_command_line_and_environment_hold_nothing_of_okeys(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Everywhere, isolated or not: the plug-in, its seed and its limits go through its
    standard input, and it is given a few harmless names of okey's environment."""
    (tmp_path / "own.py").write_text(OWN, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("OKEY_TEST_SECRET", MARK)
    incidents: list[Incident] = []
    bot = ProcessBot(
        "process:./own.py:make_bot", random.Random(1), time_limit=10.0, on_incident=incidents.append
    )
    try:
        view = make_view(HAND)
        assert bot.choose(view) in view.legal
    finally:
        bot.close()
    assert incidents == []


def _simulate_with_a_cheat(tmp_path: Path) -> dict[str, object]:
    (tmp_path / "cheat.py").write_text(CHEAT, encoding="utf-8")
    seats = "hard,process:./cheat.py:make_bot,easy,easy"
    argv = ["simulate", "--rounds", "1", "--seed", SEED, "--seats", seats, "--json"]
    env = {**os.environ, "OKEY_TEST_SECRET": MARK}
    done = subprocess.run(
        [sys.executable, "-m", "okey", *argv],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr.decode()
    data: dict[str, object] = json.loads(done.stdout)
    return data


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="isolation is Linux's")
def test_an_isolated_cheat_finds_neither_the_seed_nor_the_environment(tmp_path: Path) -> None:
    found = isolation()
    if found.kind == "none":
        pytest.skip(f"no isolation on this machine ({found.why}: {found.detail})")
    data = _simulate_with_a_cheat(tmp_path)
    assert data["replaced"] == []  # the cheat played every move itself: it found nothing
    assert data["isolation"] == found.kind


def test_without_isolation_the_report_says_so_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "own.py").write_text(OWN, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sandbox, "isolation", lambda: sandbox.Isolation("none", "missing"))
    monkeypatch.setattr(simulate_command, "isolation", sandbox.isolation)
    seats = "process:./own.py:make_bot,easy,process:./own.py:make_bot,easy"
    assert main(["simulate", "--rounds", "1", "--seed", "3", "--seats", seats]) == 0
    out = capsys.readouterr().out
    assert out.count("without isolation") == 1
    line = next(line for line in out.splitlines() if "without isolation" in line)
    assert "neither bwrap nor unshare" in line and "bubblewrap" in line
    assert main(["simulate", "--rounds", "1", "--seed", "3", "--seats", seats, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["isolation"] == "none"


SNOOP = """
import os
import socket

from okey.bots.example import LuckyBot


def reached():
    found = []
    if os.path.exists({secret!r}):
        found.append("a file of the user's")
    try:
        socket.create_connection(("127.0.0.1", {port}), timeout=2).close()
        found.append("okey's network")
    except OSError:
        pass
    return found


class Snoop(LuckyBot):
    name = "snoop"

    def choose(self, view):
        found = reached()
        if found:
            raise RuntimeError("reached " + ", ".join(found))
        return super().choose(view)


def make_bot(rng):
    return Snoop(rng)
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="isolation is Linux's")
def test_under_bubblewrap_a_bot_reaches_neither_your_files_nor_the_network(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    found = isolation()
    if found.kind != "bwrap":
        pytest.skip(f"no bubblewrap on this machine ({found.kind}: {found.why} {found.detail})")
    secret = tmp_path / "secret.txt"
    secret.write_text("the seed", encoding="utf-8")
    with socket.create_server(("127.0.0.1", 0)) as server:
        port = server.getsockname()[1]
        bot_file = tmp_path / "snoop.py"
        bot_file.write_text(SNOOP.format(secret=str(secret), port=port), encoding="utf-8")
        monkeypatch.chdir(tmp_path)
        incidents: list[Incident] = []
        bot = ProcessBot(
            "process:./snoop.py:make_bot",
            random.Random(1),
            time_limit=10.0,
            on_incident=incidents.append,
        )
        try:
            view = make_view(HAND)
            assert bot.choose(view) in view.legal
        finally:
            bot.close()
    assert bot.isolation == "bwrap"
    assert incidents == []


@pytest.mark.parametrize("rules", ["classic", "101"])
def test_a_factory_that_exits_is_one_clear_line_at_every_game(
    rules: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    plugin = tmp_path / "exits.py"
    plugin.write_text("import sys\n\ndef make(rng):\n    sys.exit(3)\n", encoding="utf-8")
    seats = f"{plugin}:make,easy,easy,easy"
    args = ["simulate", "--rules", rules, "--rounds", "1", "--seed", "2", "--seats", seats]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert "could not be made: SystemExit: 3" in err and err.count("\n") == 1
