"""``okey simulate --rules 101``: Okey 101 bot matches, headless, with per-seat figures.

Seats are 101 levels (:data:`okey.games.okey101.levels.LEVELS_101`) or plug-in bots
(``module:callable`` or ``file.py:callable``, as for Okey: docs/bots.md). A
plug-in is guarded as at Okey (:class:`okey.bots.plugins.Guarded101`): a move
that raises, takes longer than the time limit (2 seconds, as at Okey) or that
the engine refuses is played by the easy level instead, and the incident
reported. A ``process:`` seat is refused: its child speaks Okey's views only.
Every match's log is written with ``--log`` as for Okey.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from okey.bots.plugins import (
    DEFAULT_TIME_LIMIT,
    Guarded101,
    Incident,
    PluginError,
    is_plugin_name,
    load_factory,
)
from okey.bots.process import PREFIX as PROCESS_PREFIX
from okey.bots.process import is_process_name
from okey.commands import error, report
from okey.commands.simlog import decision_timing, write_match_log
from okey.engine.actions import Action
from okey.engine.events import Event
from okey.engine.match import Match
from okey.errors import Phrase, render
from okey.games.okey101.events import Opened101, Penalised101, RoundCancelled101, RoundScored101
from okey.games.okey101.levels import LEVELS_101, Bot101, make_bot101
from okey.games.okey101.view import View101
from okey.matchlog import LogHeader
from okey.messages import DEFAULT_LANGUAGE, Catalogue, load_catalogue
from okey.rules import RuleSet


@dataclass
class Seat101:
    bot: str
    finishes: int = 0
    points: int = 0
    penalties: int = 0
    opened: int = 0  # rounds opened with runs and sets
    opened_pairs: int = 0
    okey_finishes: int = 0
    per_round: list[int] = field(default_factory=list)


@dataclass
class Simulation101:
    rules: str
    seed: int
    seats: list[Seat101]
    rounds: int = 0
    matches: int = 0
    pile_out: int = 0
    cancelled: int = 0
    seconds: float = 0.0
    decisions: dict[str, list[float]] = field(default_factory=dict)
    incidents: list[Incident] = field(default_factory=list)
    log_failure: Phrase | None = None  # why the logs stopped being written

    def to_json(self, catalogue: Catalogue | None = None) -> dict[str, Any]:
        """The figures as JSON; the replaced moves worded by ``catalogue`` (English when
        none is given)."""
        words = catalogue or load_catalogue(DEFAULT_LANGUAGE)
        rate = self.rounds / self.seconds if self.seconds else 0.0
        return {
            "rules": self.rules,
            "game": "101",
            "seed": self.seed,
            "rounds": self.rounds,
            "matches": self.matches,
            "pile_out": self.pile_out,
            "cancelled": self.cancelled,
            "seconds": round(self.seconds, 3),
            "rounds_per_second": round(rate, 2),
            "replaced": [render(incident.phrase(), words) for incident in self.incidents],
            "seats": [
                {
                    "bot": s.bot,
                    "finishes": s.finishes,
                    "finish_share": round(s.finishes / self.rounds, 4) if self.rounds else 0.0,
                    "points": s.points,
                    "mean_points": round(s.points / self.rounds, 2) if self.rounds else 0.0,
                    "penalties": s.penalties,
                    "opened": s.opened,
                    "opened_pairs": s.opened_pairs,
                    "okey_finishes": s.okey_finishes,
                }
                for s in self.seats
            ],
            "decision_ms": {
                bot: decision_timing(times) for bot, times in sorted(self.decisions.items())
            },
        }


def check_seat_name101(name: str) -> PluginError | None:
    """Why ``name`` cannot sit at a 101 table (worded when shown), or None."""
    if name in LEVELS_101:
        return None
    if is_process_name(name):
        return PluginError("process_101", spec=name.removeprefix(PROCESS_PREFIX))
    if not is_plugin_name(name):
        return PluginError("unknown_file", name=name, known=", ".join(LEVELS_101))
    try:
        load_factory(name)
    except PluginError as exc:
        return exc
    return None


def seat_bot101(name: str, rng: random.Random) -> Bot101:
    """The 101 bot for a seat name: a level, or a plug-in made from its factory."""
    if name in LEVELS_101:
        return make_bot101(name, rng)
    factory = load_factory(name)
    try:
        made = factory(rng)
    except Exception as exc:  # a plug-in may fail in any way
        raise PluginError("make", spec=name, reason=exc) from exc
    return cast(Bot101, made)


Chooser = Callable[[int, View101], Action]


def play_round101(match: Match, decide: Chooser) -> list[Event]:
    """Deal the next round and play it to its end; the round's events."""
    start = len(match.events)
    match.start_round()
    while not match.round_over:
        seat = match.turn
        view = match.table_view(seat)
        assert isinstance(view, View101)
        match.apply(seat, decide(seat, view))
    return match.events[start:]


def simulate101(
    rules: RuleSet,
    names: list[str],
    rounds: int,
    seed: int,
    log_dir: Path | None = None,
    *,
    time_limit: float = DEFAULT_TIME_LIMIT,
) -> Simulation101:
    """Play 101 matches until ``rounds`` rounds are scored (cancelled rounds not counted);
    a plug-in seat is guarded, ``time_limit`` seconds a move, as at Okey."""
    sim = Simulation101(rules.name, seed, [Seat101(name) for name in names])
    match = Match(rules, random.Random(f"{seed}:0"))

    def accepts(view: View101, action: Action) -> bool:
        return match.can_apply(view.seat, action)

    bots: list[Bot101] = []
    for s, name in enumerate(names):
        bot = seat_bot101(name, random.Random(f"{seed}:bot:{s}"))
        if name not in LEVELS_101:
            fallback = make_bot101("easy", random.Random(f"{seed}:easy:{s}"))
            bot = Guarded101(
                bot, fallback, accepts, time_limit=time_limit, on_incident=sim.incidents.append
            )
        bots.append(bot)
    sim.decisions = {name: [] for name in names}
    clock = time.perf_counter

    def decide(seat: int, view: View101) -> Action:
        started = clock()
        action = bots[seat].choose(view)
        sim.decisions[names[seat]].append((clock() - started) * 1000.0)
        if names[seat] in LEVELS_101 and not match.can_apply(seat, action):
            raise AssertionError(f"the {names[seat]} level made a bad move: {action!r}")
        return action

    began = clock()
    while sim.rounds < rounds:
        match = Match(rules, random.Random(f"{seed}:{sim.matches}"))
        sim.matches += 1
        while not match.over and sim.rounds < rounds:
            _count(sim, play_round101(match, decide))
        if log_dir is not None and sim.log_failure is None:
            header = LogHeader(rules.name, tuple(names), f"{seed}:{sim.matches - 1}")
            path = log_dir / f"match-{sim.matches:04d}.okeylog"
            sim.log_failure = write_match_log(path, header, match)
    sim.seconds = clock() - began
    return sim


def _count(sim: Simulation101, events: Sequence[Event]) -> None:
    for event in events:
        if isinstance(event, Opened101):
            opener = sim.seats[event.seat]
            if event.pairs:
                opener.opened_pairs += 1
            else:
                opener.opened += 1
        elif isinstance(event, Penalised101):
            sim.seats[event.seat].penalties += 1
        elif isinstance(event, RoundCancelled101):
            sim.cancelled += 1
        elif isinstance(event, RoundScored101):
            sim.rounds += 1
            if event.finisher is None:
                sim.pile_out += 1
            else:
                sim.seats[event.finisher].finishes += 1
                sim.seats[event.finisher].okey_finishes += event.okey_finish
            for seat, points in enumerate(event.points):
                sim.seats[seat].points += points
                sim.seats[seat].per_round.append(points)


def describe101(sim: Simulation101, catalogue: Catalogue) -> list[str]:
    text = catalogue.text
    data = sim.to_json(catalogue)
    lines = [
        text(
            "simulate101.summary",
            rounds=sim.rounds,
            matches=sim.matches,
            pile_out=sim.pile_out,
            cancelled=sim.cancelled,
            seconds=sim.seconds,
            rate=data["rounds_per_second"],
            rules=sim.rules,
            seed=sim.seed,
        )
    ]
    for seat, (stats, figures) in enumerate(zip(sim.seats, data["seats"], strict=True)):
        lines.append(
            text(
                "simulate101.seat",
                seat=seat,
                bot=stats.bot,
                finishes=stats.finishes,
                share=figures["finish_share"],
                mean=figures["mean_points"],
                penalties=stats.penalties,
                opened=stats.opened,
                pairs=stats.opened_pairs,
            )
        )
    for bot, timing in data["decision_ms"].items():
        lines.append(text("simulate.timing", bot=bot, median=timing["median"], p99=timing["p99"]))
    lines.extend(render(incident.phrase(), catalogue) for incident in sim.incidents)
    return lines


def run101(
    args: argparse.Namespace,
    rules: RuleSet,
    names: list[str],
    seed: int,
    log_dir: Path | None,
    catalogue: Catalogue,
) -> int:
    """``okey simulate`` at a 101 table, its command line checked by ``run``."""
    try:
        sim = simulate101(rules, names, args.rounds, seed, log_dir)
    except PluginError as exc:
        return error(exc, catalogue)
    if args.json:
        print(json.dumps(sim.to_json(catalogue), ensure_ascii=False))
    else:
        print("\n".join(describe101(sim, catalogue)))
    if sim.log_failure is not None:
        report(sim.log_failure, catalogue)
        return 1
    return 0
