"""Plug-in bots: loading ``module:callable``, the README example, and the one guard of
every game (at Okey 101 too: a move that takes longer than the time limit, raises or is
refused by the table is played by the game's easy level, and said)."""

from __future__ import annotations

import importlib
import inspect
import json
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from bots_support import make_view

from okey.bots import LEVELS, AnyBot, AnyBotFactory, Bot, levels_of, make_bot
from okey.bots.example import LuckyBot
from okey.bots.example import make_bot as make_lucky
from okey.bots.plugins import (
    DEFAULT_TIME_LIMIT,
    Guarded101,
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
from okey.commands.simulate import simulate
from okey.engine.actions import Action, Discard, DrawFromPile
from okey.engine.match import Match
from okey.engine.play import play_round
from okey.engine.view import Phase, TableView
from okey.errors import render
from okey.games.okey101.actions import Open
from okey.games.okey101.example import make_bot as make_opener
from okey.games.okey101.notation import parse_meld
from okey.games.okey101.simulate import _check_plugin as check_seat_name101
from okey.games.okey101.view import View101
from okey.hand.melds import Meld
from okey.hand.notation import format_tile, parse_tile
from okey.kits import game_names
from okey.messages import load_catalogue
from okey.rules import CLASSIC, load_rules
from okey.tiles import full_set

HAND = "r1 r2 r3 b4 b5 b6 k7 k8 k9 y9 y10 y11 y12 b1 k13"
RULES_101 = load_rules("101")

EN = load_catalogue("en")


class Raising:
    name = "raising"

    def choose(self, view: TableView) -> Action:
        raise RuntimeError("boom")


class Illegal:
    name = "illegal"

    def choose(self, view: TableView) -> Action:
        return Discard(next(t for t in full_set() if t not in view.hand))  # not in the hand


class Slow:
    name = "slow"

    def choose(self, view: TableView) -> Action:
        time.sleep(0.3)
        return view.legal[0]


@dataclass(frozen=True)
class Seat:
    """A plug-in's seat at a game: its view, the table's check of a move, what the easy
    level may play there, a good plug-in and a view it plays from."""

    game: str
    view: TableView
    accepts: Callable[[Any, Action], bool]
    sensible: Callable[[Action], bool]
    plugin: AnyBotFactory
    plugin_name: str
    good_view: TableView


def okey_seat() -> Seat:
    loose = (Discard(parse_tile("b1")), Discard(parse_tile("k13")))
    return Seat(
        "okey",
        make_view(HAND),
        lambda view, action: action in view.legal,
        lambda action: action in loose,  # a loose tile, not a run's
        make_lucky,
        "lucky",
        make_view(HAND[:-4], phase=Phase.DRAW),
    )


def view101(seed: int = 1) -> tuple[Match, View101]:
    match = Match(RULES_101, random.Random(seed))
    match.start_round()
    view = match.table_view(match.turn)
    assert isinstance(view, View101)
    return match, view


def seat101() -> Seat:
    match, view = view101()
    return Seat(
        "101",
        view,
        lambda seen, action: match.can_apply(seen.seat, action),
        lambda action: match.can_apply(view.seat, action),
        make_opener,
        "opener",
        view,
    )


SEATS: dict[str, Callable[[], Seat]] = {"okey": okey_seat, "101": seat101}


def test_every_game_has_a_seat_here() -> None:
    assert set(SEATS) == set(game_names())


def test_the_example_bot_loads_and_plays_a_round() -> None:
    factory = load_factory("okey.bots.example:make_bot")
    assert factory is make_lucky
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
    assert make_lucky(random.Random(0)).choose(view) == Discard(parse_tile("b9"))
    draw = make_view(HAND[:-4], phase=Phase.DRAW, discards=("", "", "", "r5"))
    assert make_lucky(random.Random(0)).choose(draw) == DrawFromPile()


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


@pytest.mark.parametrize("game", sorted(SEATS))
@pytest.mark.parametrize(
    ("inner", "reason"), [(Raising(), "raised"), (Illegal(), "illegal"), (Slow(), "too_slow")]
)
@pytest.mark.parametrize("threaded", [True, False])
def test_guard_replaces_a_failing_move_with_the_games_easy_level(
    game: str, inner: AnyBot, reason: str, threaded: bool
) -> None:
    seat = SEATS[game]()
    view = seat.view
    seen: list[Incident] = []
    guard = GuardedBot(
        inner,
        random.Random(2),
        game=game,
        accepts=seat.accepts,
        # Under the slow bot's 0.3 s; the others answer at once, and a tight limit would
        # call them slow when a loaded machine starts the guard's thread late.
        time_limit=0.1 if reason == "too_slow" else 5.0,
        on_incident=seen.append,
        threaded=threaded,
    )
    action = guard.choose(view)
    assert action == make_bot("easy", random.Random(2), game).choose(view)
    assert seat.accepts(view, action) and seat.sensible(action)
    assert [incident.reason for incident in guard.incidents] == [reason]
    assert seen == guard.incidents
    assert seen[0].seat == view.seat and seen[0].bot == inner.name
    text = render(seen[0].phrase(), EN)
    assert inner.name in text and "easy" in text


@pytest.mark.parametrize("game", sorted(SEATS))
def test_guard_passes_good_moves_through(game: str) -> None:
    seat = SEATS[game]()
    guard = GuardedBot(seat.plugin(random.Random(3)), random.Random(0), game=game)
    view = seat.good_view
    assert guard.choose(view) == seat.plugin(random.Random(3)).choose(view)
    assert guard.incidents == []
    assert guard.name == seat.plugin_name


def test_guard_passes_good_moves_through_at_okey() -> None:
    guard = GuardedBot(LuckyBot(random.Random(0)), random.Random(0))
    assert guard.choose(make_view(HAND[:-4], phase=Phase.DRAW)) == DrawFromPile()


def test_the_games_own_check_refuses_a_101_opening_of_tiles_not_held() -> None:
    _, view = view101()
    missing = next(t for t in full_set() if t not in view.hand)
    melds: tuple[Meld, ...] = (parse_meld(f"{format_tile(missing)} r1 r2"),)

    class Opening:
        name = "opening"

        def choose(self, view: TableView) -> Action:
            return Open(melds)

    guard = GuardedBot(Opening(), random.Random(2), game="101", threaded=False)
    action = guard.choose(view)
    assert action == make_bot("easy", random.Random(2), "101").choose(view)
    assert [incident.reason for incident in guard.incidents] == ["illegal"]


def test_the_101_guard_keeps_its_old_form_and_name() -> None:
    match, view = view101()
    guarded = Guarded101(
        make_opener(random.Random(3)),
        make_bot("easy", random.Random(2), "101"),
        lambda v, a: match.can_apply(v.seat, a),
    )
    assert isinstance(guarded, GuardedBot)
    assert guarded.choose(view) == make_opener(random.Random(3)).choose(view)
    assert importlib.import_module("okey.bots.guard101").Guarded101 is Guarded101


def test_a_seat_name_is_checked_and_seated_for_its_game() -> None:
    levels = levels_of("101")
    assert check_seat_name("hard", levels, "101") is None
    assert check_seat_name("okey.bots.example101:make_bot", levels, "101") is None
    seated = seat_bot("okey.bots.example101:make_bot", random.Random(1), levels, game="101")
    assert isinstance(seated, GuardedBot) and seated.name == "opener"
    assert isinstance(seated.fallback, type(make_bot("easy", random.Random(1), "101")))
    spec = "process:okey.bots.example:make_bot"
    assert check_seat_name(spec, LEVELS) is None  # a child process plays Okey
    problem = check_seat_name(spec, levels, "101")
    old = check_seat_name101(spec)
    assert problem is not None and old is not None
    assert problem.key == old.key and render(problem, EN) == render(old, EN)
    with pytest.raises(PluginError):
        seat_bot(spec, random.Random(1), levels, game="101")


def test_every_guard_gives_the_same_time_limit() -> None:
    for guard in (GuardedBot, Guarded101):
        assert inspect.signature(guard).parameters["time_limit"].default == DEFAULT_TIME_LIMIT
    assert inspect.signature(simulate).parameters["time_limit"].default == DEFAULT_TIME_LIMIT


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


# -- a plug-in at Okey 101 ------------------------------------------------------------------

PLUGIN_101 = """
import time
from okey.games.okey101.example import make_bot as make_opener

class Slow:
    name = "slow101"

    def __init__(self, rng):
        self.inner = make_opener(rng)
        self.calls = 0

    def choose(self, view):
        self.calls += 1
        if self.calls <= {slow}:
            time.sleep(0.5)
        return self.inner.choose(view)

def make_bot(rng):
    return Slow(rng)
"""


def test_simulate101_replaces_a_plug_in_move_past_the_time_limit(tmp_path: Path) -> None:
    plugin = tmp_path / "slow101.py"
    plugin.write_text(PLUGIN_101.replace("{slow}", "2"), encoding="utf-8")
    seats = [f"{plugin}:make_bot", "easy", "easy", "easy"]
    sim = simulate(RULES_101, seats, 1, seed=3, time_limit=0.2)
    assert [(i.seat, i.bot, i.reason) for i in sim.incidents] == [(0, "slow101", "too_slow")] * 2
    said = sim.to_json()["replaced"]
    assert len(said) == 2 and all("took too long" in line for line in said)
    assert sim.rounds == 1


def test_okey_simulate_at_101_says_when_a_plug_in_was_too_slow(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import okey.commands.simulate as simulate_module

    plugin = tmp_path / "slow101.py"
    plugin.write_text(PLUGIN_101.replace("{slow}", "1"), encoding="utf-8")
    original = simulate_module.simulate

    def quick(*args: object, **kwargs: object) -> object:
        return original(*args, **kwargs, time_limit=0.2)  # type: ignore[arg-type]

    monkeypatch.setattr(simulate_module, "simulate", quick)
    seats = f"{plugin}:make_bot,easy,easy,easy"
    args = ["simulate", "--rules", "101", "--seats", seats, "--rounds", "1", "--seed", "3"]
    assert main([*args, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    (line,) = data["replaced"]
    assert "slow101" in line and "took too long" in line


def test_a_process_seat_at_101_is_refused_clearly(capsys: pytest.CaptureFixture[str]) -> None:
    seats = "process:okey.bots.example101:make_bot,easy,easy,easy"
    assert main(["simulate", "--rules", "101", "--seats", seats, "--rounds", "1"]) == 2
    said = capsys.readouterr().err
    assert "okey.bots.example101:make_bot" in said and "Okey 101" in said
    assert "Traceback" not in said
