"""Plug-in bots: loading ``module:callable``, the README example, and the guard."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

import pytest
from bots_support import make_view

from okey.bots import LEVELS, Bot
from okey.bots.example import LuckyBot, make_bot
from okey.bots.plugins import (
    GuardedBot,
    Incident,
    PluginError,
    check_seat_name,
    is_file_name,
    load_factory,
    seat_bot,
    split_spec,
)
from okey.cli import main
from okey.engine.actions import Action, Discard, DrawFromPile
from okey.engine.match import Match
from okey.engine.play import play_round
from okey.engine.view import Phase, PlayerView
from okey.errors import render
from okey.hand.notation import parse_tile
from okey.messages import load_catalogue
from okey.rules import CLASSIC

HAND = "r1 r2 r3 b4 b5 b6 k7 k8 k9 y9 y10 y11 y12 b1 k13"

EN = load_catalogue("en")


class Raising:
    name = "raising"

    def choose(self, view: PlayerView) -> Action:
        raise RuntimeError("boom")


class Illegal:
    name = "illegal"

    def choose(self, view: PlayerView) -> Action:
        return Discard(parse_tile("y5"))  # not in the hand


class Slow:
    name = "slow"

    def choose(self, view: PlayerView) -> Action:
        time.sleep(0.3)
        return view.legal[0]


def test_the_example_bot_loads_and_plays_a_round() -> None:
    factory = load_factory("okey.bots.example:make_bot")
    assert factory is make_bot
    incidents: list[Incident] = []
    bots: list[Bot] = [
        seat_bot(
            "okey.bots.example:make_bot", random.Random(s), LEVELS, on_incident=incidents.append
        )
        for s in range(2)
    ] + [seat_bot("easy", random.Random(2), LEVELS), seat_bot("hard", random.Random(3), LEVELS)]
    assert isinstance(bots[0], GuardedBot) and isinstance(bots[0].bot, LuckyBot)
    match = Match(CLASSIC, random.Random(4))
    play_round(match, lambda seat, view: bots[seat].choose(view))
    assert match.round_over
    assert incidents == []


def test_the_example_finishes_when_it_can() -> None:
    view = make_view("r1 r2 r3 b4 b5 b6 k7 k8 k9 y9 y10 y11 y12 y13 b9", indicator="r5")
    assert make_bot(random.Random(0)).choose(view) == Discard(parse_tile("b9"))
    draw = make_view(HAND[:-4], phase=Phase.DRAW, discards=("", "", "", "r5"))
    assert make_bot(random.Random(0)).choose(draw) == DrawFromPile()


@pytest.mark.parametrize(
    "spec",
    [
        "no_such_module_here:make_bot",
        "okey.bots.example:no_such",
        "okey.bots.example:LuckyBot.name",
        ":x",
        "okey.bots.example:",
    ],
)
def test_bad_specs_are_refused_with_a_reason(spec: str) -> None:
    with pytest.raises(PluginError):
        load_factory(spec)
    assert check_seat_name(spec, LEVELS)


def test_seat_names() -> None:
    assert check_seat_name("hard", LEVELS) is None
    assert check_seat_name("okey.bots.example:make_bot", LEVELS) is None
    problem = check_seat_name("grandmaster", LEVELS)
    assert problem is not None and problem.key == "unknown_file"
    assert "hard" in render(problem, EN)  # worded when shown
    with pytest.raises(PluginError):
        seat_bot("grandmaster", random.Random(0), LEVELS)


def broken_factory(rng: random.Random) -> Bot:
    raise ValueError("no bot today")


def test_a_factory_that_fails_is_reported() -> None:
    with pytest.raises(PluginError, match="could not be made"):
        seat_bot(f"{__name__}:broken_factory", random.Random(0), LEVELS)


@pytest.mark.parametrize(
    ("inner", "reason"), [(Raising(), "raised"), (Illegal(), "illegal"), (Slow(), "too_slow")]
)
@pytest.mark.parametrize("threaded", [True, False])
def test_guard_replaces_a_failing_move_with_easy(inner: Bot, reason: str, threaded: bool) -> None:
    seen: list[Incident] = []
    guard = GuardedBot(
        inner, random.Random(0), time_limit=0.1, on_incident=seen.append, threaded=threaded
    )
    view = make_view(HAND)
    action = guard.choose(view)
    assert action in view.legal
    assert isinstance(action, Discard) and action.tile in (parse_tile("b1"), parse_tile("k13"))
    assert [incident.reason for incident in guard.incidents] == [reason]
    assert seen == guard.incidents
    text = render(seen[0].phrase(), EN)
    assert inner.name in text and "easy" in text


def test_guard_passes_good_moves_through() -> None:
    guard = GuardedBot(LuckyBot(random.Random(0)), random.Random(0))
    view = make_view(HAND[:-4], phase=Phase.DRAW)
    assert guard.choose(view) == DrawFromPile()
    assert guard.incidents == []
    assert guard.name == "lucky"


# -- a plug-in named by its file ------------------------------------------------------------

LUCKY_FILE = """
import random
from dataclasses import dataclass

from okey.bots.example import LuckyBot


@dataclass
class Settings:  # a dataclass needs its module in sys.modules while it is made
    patience: int = 3


def make_bot(rng: random.Random) -> LuckyBot:
    return LuckyBot(rng)
"""


def test_a_bot_can_be_named_by_its_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "lucky.py").write_text(LUCKY_FILE, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    factory = load_factory("./lucky.py:make_bot")
    assert isinstance(factory(random.Random(0)), LuckyBot)
    assert load_factory(f"{tmp_path / 'lucky.py'}:make_bot") is factory  # loaded once
    bot = seat_bot("lucky.py:make_bot", random.Random(1), LEVELS)
    assert isinstance(bot, GuardedBot) and isinstance(bot.bot, LuckyBot)
    assert check_seat_name("./lucky.py:make_bot", LEVELS) is None


def test_a_windows_path_keeps_its_drive_letter() -> None:
    assert split_spec(r"C:\bots\lucky.py:make_bot") == (r"C:\bots\lucky.py", "make_bot")
    assert split_spec("mypackage.mybot:Maker.make") == ("mypackage.mybot", "Maker.make")
    assert is_file_name(r"C:\bots\lucky.py") and is_file_name("bots/lucky")
    assert not is_file_name("mypackage.mybot")
    with pytest.raises(PluginError, match=r"file\.py:callable"):
        split_spec(r"C:\bots\lucky.py")  # no callable: the drive's colon is not one


@pytest.mark.parametrize(
    ("source", "words"),
    [
        (None, "there is no file"),
        ("def make_bot(:\n", "SyntaxError"),
        ("raise RuntimeError('the cache is gone')\n", "RuntimeError: the cache is gone"),
        ("import sys\nsys.exit(3)\n", "SystemExit"),
        ("x = 1\n", "no such callable"),
    ],
)
def test_a_bot_file_that_cannot_be_loaded_is_one_clear_reason(
    tmp_path: Path, source: str | None, words: str
) -> None:
    path = tmp_path / "broken_bot.py"
    if source is not None:
        path.write_text(source, encoding="utf-8")
    problem = check_seat_name(f"{path}:make_bot", LEVELS)
    assert problem is not None
    reason = render(problem, EN)
    assert words in reason
    assert "Traceback" not in reason


def test_okey_simulate_seats_a_bot_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "lucky.py").write_text(LUCKY_FILE, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    seats = "./lucky.py:make_bot,easy,easy,easy"
    status = main(["simulate", "--rounds", "1", "--seats", seats, "--seed", "2", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert status == 0
    assert [seat["bot"] for seat in data["seats"]] == seats.split(",")
    assert data["replaced"] == []
