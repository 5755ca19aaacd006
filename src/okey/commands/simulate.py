"""``okey simulate``: bot matches played headless, with per-seat statistics."""

from __future__ import annotations

import argparse
import json
import random
import secrets
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, assert_never

from okey.bots import LEVELS, Bot
from okey.bots.plugins import Incident, PluginError, check_seat_name, seat_bot
from okey.commands import error, report
from okey.commands.simlog import decision_timing, log_folder, write_match_log
from okey.commands.simulate101 import check_seat_name101, run101
from okey.engine.actions import Action
from okey.engine.events import (
    AutopilotChanged,
    Dealt,
    DeclaredPairs,
    DeclinedDiscard,
    DiceThrown,
    Discarded,
    Drew,
    Event,
    GameEvent,
    IndicatorTurned,
    MatchOver,
    RoundDrawn,
    RoundStarted,
    RoundWon,
    ShowedIndicator,
    TimedOut,
    TookDiscard,
    TurnedToOkey,
)
from okey.engine.match import Match
from okey.engine.play import play_round
from okey.engine.view import PlayerView
from okey.errors import Phrase, render
from okey.hand.scoring import FinishKind
from okey.matchlog import LogHeader
from okey.messages import DEFAULT_LANGUAGE, Catalogue, load_catalogue
from okey.numbers import ROUNDS, SEED
from okey.rules import RulesError, RuleSet, load_rules

NAME = "simulate"
HELP_KEY = "simulate.cli.help"


def configure(parser: argparse.ArgumentParser, catalogue: Catalogue) -> None:
    parser.add_argument(
        "--rounds",
        type=ROUNDS.argument(catalogue),
        default=100,
        help="rounds to play (default 100)",
    )
    parser.add_argument(
        "--seats", default="random,random,random,random", help="one bot level per seat, by commas"
    )
    parser.add_argument("--rules", default="classic", help="rule set name or TOML file")
    parser.add_argument(
        "--seed", type=SEED.argument(catalogue), help="seed for the deals and the bots"
    )
    parser.add_argument("--log", metavar="DIR", help="write each match's log into DIR")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


@dataclass
class SeatStats:
    bot: str
    wins: int = 0
    points_lost: int = 0
    shows: int = 0
    combinations: int = 0
    pairs: int = 0
    okey_discard: int = 0


@dataclass
class Simulation:
    """Totals of a simulation run."""

    rules: str
    seed: int
    seats: list[SeatStats]
    rounds: int = 0
    matches: int = 0
    drawn: int = 0
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
            "seed": self.seed,
            "rounds": self.rounds,
            "matches": self.matches,
            "drawn": self.drawn,
            "seconds": round(self.seconds, 3),
            "rounds_per_second": round(rate, 1),
            "replaced": [render(incident.phrase(), words) for incident in self.incidents],
            "seats": [
                {
                    "bot": s.bot,
                    "wins": s.wins,
                    "win_share": round(s.wins / self.rounds, 4) if self.rounds else 0.0,
                    "points_lost": s.points_lost,
                    "shows": s.shows,
                    "finishes": {
                        "combinations": s.combinations,
                        "pairs": s.pairs,
                        "okey_discard": s.okey_discard,
                    },
                }
                for s in self.seats
            ],
            "decision_ms": {
                bot: decision_timing(times) for bot, times in sorted(self.decisions.items())
            },
        }


def simulate(
    rules: RuleSet,
    levels: list[str],
    rounds: int,
    seed: int,
    log_dir: Path | None = None,
) -> Simulation:
    """Play matches until ``rounds`` rounds are played; seats keep their bots."""
    sim = Simulation(rules.name, seed, [SeatStats(level) for level in levels])
    bots: list[Bot] = [
        seat_bot(
            level,
            random.Random(f"{seed}:bot:{seat}"),
            LEVELS,
            on_incident=sim.incidents.append,
        )
        for seat, level in enumerate(levels)
    ]
    sim.decisions = {level: [] for level in levels}
    clock = time.perf_counter

    def decide(seat: int, view: PlayerView) -> Action:
        started = clock()
        action = bots[seat].choose(view)
        sim.decisions[levels[seat]].append((clock() - started) * 1000.0)
        return action

    began = clock()
    while sim.rounds < rounds:
        match_seed = f"{seed}:{sim.matches}"
        match = Match(rules, random.Random(match_seed))
        sim.matches += 1
        while not match.over and sim.rounds < rounds:
            start = len(match.events)
            play_round(match, decide)
            sim.rounds += 1
            _count(sim, match.events[start:])
        if log_dir is not None and sim.log_failure is None:
            header = LogHeader(rules.name, tuple(levels), match_seed)
            path = log_dir / f"match-{sim.matches:04d}.okeylog"
            sim.log_failure = write_match_log(path, header, match)
    sim.seconds = clock() - began
    return sim


def _count(sim: Simulation, events: Sequence[Event]) -> None:
    for event in events:
        match event:
            case ShowedIndicator():
                sim.seats[event.seat].shows += 1
                for loser in event.losers:
                    sim.seats[loser].points_lost += event.penalty
            case RoundWon():
                stats = sim.seats[event.seat]
                stats.wins += 1
                if event.kind is FinishKind.PAIRS:
                    stats.pairs += 1
                else:
                    stats.combinations += 1
                stats.okey_discard += event.okey_discard
                for loser in event.losers:
                    sim.seats[loser].points_lost += event.points
            case RoundDrawn():
                sim.drawn += 1
            case (
                RoundStarted()
                | DiceThrown()
                | Dealt()
                | IndicatorTurned()
                | Drew()
                | TookDiscard()
                | Discarded()
                | TurnedToOkey()
                | DeclaredPairs()
                | DeclinedDiscard()
                | TimedOut()
                | AutopilotChanged()
                | MatchOver()
                | GameEvent()  # Okey 101 is counted by okey.okey101.simulate
            ):
                pass  # nothing to count
            case _:
                assert_never(event)


def describe(sim: Simulation, catalogue: Catalogue) -> list[str]:
    text = catalogue.text
    data = sim.to_json(catalogue)
    lines = [
        text(
            "simulate.summary",
            rounds=sim.rounds,
            matches=sim.matches,
            drawn=sim.drawn,
            seconds=sim.seconds,
            rate=data["rounds_per_second"],
            rules=sim.rules,
            seed=sim.seed,
        )
    ]
    for seat, stats in enumerate(sim.seats):
        lines.append(
            text(
                "simulate.seat",
                seat=seat,
                bot=stats.bot,
                wins=stats.wins,
                share=stats.wins / sim.rounds if sim.rounds else 0.0,
                lost=stats.points_lost,
                shows=stats.shows,
                combinations=stats.combinations,
                pairs=stats.pairs,
                okey=stats.okey_discard,
            )
        )
    for bot, timing in data["decision_ms"].items():
        lines.append(text("simulate.timing", bot=bot, median=timing["median"], p99=timing["p99"]))
    lines.extend(render(incident.phrase(), catalogue) for incident in sim.incidents)
    return lines


def run(args: argparse.Namespace, catalogue: Catalogue) -> int:
    try:
        rules = load_rules(args.rules)
    except RulesError as exc:
        return error(exc, catalogue)
    levels = [level.strip() for level in args.seats.split(",") if level.strip()]
    players = rules.table.players
    if len(levels) != players:
        return error(Phrase("simulate.error.seats", players=players, count=len(levels)), catalogue)
    for level in levels:
        if rules.okey101 is not None:
            problem = check_seat_name101(level)
        else:
            problem = check_seat_name(level, LEVELS)
        if problem is not None:
            return error(problem, catalogue)
    if args.rounds < 1:
        return error(Phrase("simulate.error.rounds"), catalogue)
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    log_dir: Path | None = None
    if args.log:
        found = log_folder(args.log)
        if isinstance(found, Phrase):
            return error(found, catalogue)
        log_dir = found
    if rules.okey101 is not None:
        return run101(args, rules, levels, seed, log_dir, catalogue)
    try:
        sim = simulate(rules, levels, args.rounds, seed, log_dir)
    except PluginError as exc:
        return error(exc, catalogue)
    if args.json:
        print(json.dumps(sim.to_json(catalogue), ensure_ascii=False))
    else:
        print("\n".join(describe(sim, catalogue)))
    if sim.log_failure is not None:
        report(sim.log_failure, catalogue)
        return 1
    return 0
