"""Untrusted bots (issue 18): seated in-process a plug-in can reach the live match; seated
``process:SPEC`` it runs in a child process that is given only its view, and a child that
is slow, breaks the protocol, cheats or dies is killed and played by the easy level."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest
from bots_support import make_view

from okey.bots import LEVELS
from okey.bots.plugins import GuardedBot, Incident, PluginError, check_seat_name, seat_bot
from okey.bots.process import ProcessBot
from okey.cli import main
from okey.engine.actions import Discard
from okey.engine.match import Match
from okey.engine.play import play_round
from okey.errors import render
from okey.messages import load_catalogue
from okey.rules import CLASSIC

HAND = "r1 r2 r3 b4 b5 b6 k7 k8 k9 y9 y10 y11 y12 b1 k13"

PEEKER = """
import gc
import random

from okey.bots.example import LuckyBot
from okey.engine.match import Match


class Peeker(LuckyBot):
    name = "peeker"

    def choose(self, view):
        matches = [thing for thing in gc.get_objects() if isinstance(thing, Match)]
        if matches:  # the live match: every hand and the pile's order, to rewrite
            raise RuntimeError(f"found the match: {len(matches[0].round.pile)} tiles to rewrite")
        return super().choose(view)


def make_bot(rng):
    return Peeker(rng)
"""

MISBEHAVING = """
import os
import time

from okey.bots.example import LuckyBot
from okey.engine.actions import Discard
from okey.hand.notation import parse_tile

HOW = {how!r}  # a child is given none of okey's environment: its way is in its file


class Bad(LuckyBot):
    name = "bad"

    def choose(self, view):
        print("chatter on stdout is not an answer")  # sent to standard error
        if HOW == "slow":
            time.sleep(30)
        if HOW == "exit":
            os._exit(3)
        if HOW == "raises":
            raise ValueError("no move")
        if HOW == "illegal":
            return Discard(parse_tile("y5"))
        if HOW == "huge":
            raise RuntimeError("x" * 200_000)
        return super().choose(view)


def make_bot(rng):
    return Bad(rng)
"""


@pytest.fixture
def bot_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "peeker.py").write_text(PEEKER, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _round_with(bot_at_0: object) -> tuple[Match, list[Incident]]:
    incidents: list[Incident] = []
    others = [seat_bot("easy", random.Random(seat), LEVELS) for seat in range(1, 4)]
    bots = [bot_at_0, *others]
    match = Match(CLASSIC, random.Random(4))
    play_round(match, lambda seat, view: bots[seat].choose(view))  # type: ignore[attr-defined]
    return match, incidents


def test_in_process_a_plug_in_reaches_the_live_match(bot_files: Path) -> None:
    """Why the docs call an in-process plug-in trusted code."""
    incidents: list[Incident] = []
    bot = seat_bot("./peeker.py:make_bot", random.Random(1), LEVELS, on_incident=incidents.append)
    assert isinstance(bot, GuardedBot)
    match, _ = _round_with(bot)
    assert match.round_over
    assert incidents and "found the match" in incidents[0].detail


def test_in_a_process_of_its_own_it_finds_no_match_and_plays_the_round(bot_files: Path) -> None:
    incidents: list[Incident] = []
    bot = seat_bot(
        "process:./peeker.py:make_bot", random.Random(1), LEVELS, on_incident=incidents.append
    )
    assert isinstance(bot, ProcessBot)
    try:
        match, _ = _round_with(bot)
        assert match.round_over
        assert incidents == []  # it played every move itself, seeing only its view
        assert not bot.replaced and bot.process.poll() is None
    finally:
        bot.close()
    assert bot.process.poll() is not None  # closed: the child is gone


@pytest.mark.parametrize(
    ("how", "reason"),
    [
        ("slow", "too_slow"),
        ("exit", "raised"),
        ("raises", "raised"),
        ("illegal", "illegal"),
        ("huge", "illegal"),  # a line longer than the protocol allows
    ],
)
def test_a_child_that_misbehaves_is_killed_and_played_by_easy(
    how: str, reason: str, bot_files: Path
) -> None:
    (bot_files / "bad.py").write_text(MISBEHAVING.format(how=how), encoding="utf-8")
    incidents: list[Incident] = []
    bot = seat_bot(
        "process:./bad.py:make_bot",
        random.Random(1),
        LEVELS,
        time_limit=1.0,
        on_incident=incidents.append,
    )
    assert isinstance(bot, ProcessBot)
    view = make_view(HAND)
    action = bot.choose(view)
    assert action in view.legal
    assert isinstance(action, Discard)
    assert [incident.reason for incident in incidents] == [reason]
    assert "\n" not in incidents[0].detail and len(incidents[0].detail) < 100
    assert bot.replaced and bot.process.poll() is not None  # the child was killed
    assert bot.choose(view) in view.legal  # easy plays on; no second incident
    assert len(incidents) == 1


def test_a_child_that_answers_with_garbage_lines_is_refused() -> None:
    script = (
        "import sys\n"
        "print('{\"ready\": true}', flush=True)\n"
        "sys.stdin.readline()\n"
        "print('{\"action\": [1, 2]}', flush=True)\n"
        "sys.stdin.read()\n"
    )
    incidents: list[Incident] = []
    bot = ProcessBot(
        "process:x:y",
        random.Random(0),
        time_limit=5.0,
        on_incident=incidents.append,
        command=[sys.executable, "-c", script],
    )
    view = make_view(HAND)
    assert bot.choose(view) in view.legal
    assert [incident.reason for incident in incidents] == ["illegal"]


@pytest.mark.parametrize(
    ("spec", "words"),
    [("process:", "callable"), ("process:./missing.py:make_bot", "")],
)
def test_a_process_seat_that_cannot_start_is_one_clear_reason(
    spec: str, words: str, bot_files: Path
) -> None:
    problem = check_seat_name(spec, LEVELS)
    if problem is None:  # the form is right: it fails as it starts
        with pytest.raises(PluginError) as caught:
            seat_bot(spec, random.Random(0), LEVELS)
        problem = caught.value
    reason = render(problem, load_catalogue("en"))
    assert reason and "\n" not in reason and "Traceback" not in reason
    assert words in reason


def test_okey_simulate_seats_a_process_bot(
    bot_files: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    seats = "process:./peeker.py:make_bot,easy,easy,easy"
    status = main(["simulate", "--rounds", "1", "--seats", seats, "--seed", "2", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert status == 0
    assert [seat["bot"] for seat in data["seats"]] == seats.split(",")
    assert data["replaced"] == []
