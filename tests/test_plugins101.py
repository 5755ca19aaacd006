"""Plug-in bots at a 101 table are guarded as at Okey: a move that takes longer than the
time limit, raises or is refused by the table is played by the easy 101 level, and said."""

from __future__ import annotations

import inspect
import json
import random
import time
from pathlib import Path

import pytest

from okey.bots.plugins import DEFAULT_TIME_LIMIT, Guarded101, Incident
from okey.cli import main
from okey.commands.simulate101 import simulate101
from okey.engine.actions import Action, Discard
from okey.engine.match import Match
from okey.games.okey101.example import make_bot as make_opener
from okey.games.okey101.levels import make_bot101
from okey.games.okey101.view import View101
from okey.hand.tiles import full_set
from okey.rules import load_rules

RULES = load_rules("101")

PLUGIN = """
import time
from okey.bots.example101 import make_bot as make_opener

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


def _view(seed: int = 1) -> tuple[Match, View101]:
    match = Match(RULES, random.Random(seed))
    match.start_round()
    view = match.table_view(match.turn)
    assert isinstance(view, View101)
    return match, view


class _Sleepy:
    name = "sleepy"

    def choose(self, view: View101) -> Action:
        time.sleep(0.3)
        return view.legal[0]


class _Raising:
    name = "raising"

    def choose(self, view: View101) -> Action:
        raise RuntimeError("boom")


class _Refused:
    name = "refused"

    def choose(self, view: View101) -> Action:
        return Discard(next(t for t in full_set() if t not in view.hand))  # not held


@pytest.mark.parametrize("threaded", [True, False])
@pytest.mark.parametrize(
    ("inner", "reason"), [(_Sleepy(), "too_slow"), (_Raising(), "raised"), (_Refused(), "illegal")]
)
def test_a_failing_101_move_is_played_by_the_fallback_and_recorded(
    inner: object, reason: str, threaded: bool
) -> None:
    match, view = _view()
    fallback = make_bot101("easy", random.Random(2))
    seen: list[Incident] = []
    guarded = Guarded101(
        inner,  # type: ignore[arg-type]
        fallback,
        lambda v, a: match.can_apply(v.seat, a),
        time_limit=0.1,
        on_incident=seen.append,
        threaded=threaded,
    )
    action = guarded.choose(view)
    assert action == make_bot101("easy", random.Random(2)).choose(view)
    assert match.can_apply(view.seat, action)
    assert [i.reason for i in seen] == [reason] and guarded.incidents == seen
    assert seen[0].seat == view.seat and seen[0].bot == inner.name  # type: ignore[attr-defined]


def test_a_good_101_move_passes_the_guard_untouched() -> None:
    match, view = _view()
    guarded = Guarded101(
        make_opener(random.Random(3)),
        make_bot101("easy", random.Random(2)),
        lambda v, a: match.can_apply(v.seat, a),
    )
    assert guarded.choose(view) == make_opener(random.Random(3)).choose(view)
    assert guarded.incidents == []


def test_the_101_guard_gives_the_okey_time_limit() -> None:
    limit = inspect.signature(Guarded101).parameters["time_limit"].default
    assert limit == DEFAULT_TIME_LIMIT
    assert inspect.signature(simulate101).parameters["time_limit"].default == DEFAULT_TIME_LIMIT


def test_simulate101_replaces_a_plug_in_move_past_the_time_limit(tmp_path: Path) -> None:
    plugin = tmp_path / "slow101.py"
    plugin.write_text(PLUGIN.replace("{slow}", "2"), encoding="utf-8")
    seats = [f"{plugin}:make_bot", "easy", "easy", "easy"]
    sim = simulate101(RULES, seats, 1, seed=3, time_limit=0.2)
    assert [(i.seat, i.bot, i.reason) for i in sim.incidents] == [(0, "slow101", "too_slow")] * 2
    said = sim.to_json()["replaced"]
    assert len(said) == 2 and all("took too long" in line for line in said)
    assert sim.rounds == 1


def test_okey_simulate_at_101_says_when_a_plug_in_was_too_slow(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import okey.commands.simulate101 as simulate101_module

    plugin = tmp_path / "slow101.py"
    plugin.write_text(PLUGIN.replace("{slow}", "1"), encoding="utf-8")
    original = simulate101_module.simulate101

    def quick(*args: object, **kwargs: object) -> object:
        return original(*args, **kwargs, time_limit=0.2)  # type: ignore[arg-type]

    monkeypatch.setattr(simulate101_module, "simulate101", quick)
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
