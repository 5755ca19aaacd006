"""``okey simulate``: bot matches played headless, with per-seat statistics.

Written once for every game: the seats (a game's levels, :func:`okey.bots.make_bot`,
or plug-in bots seated by the game's part), the matches, the logs (``--log``), the
decision times and the report's frame. What a game counts and how its figures are
worded comes from its part (:class:`okey.commands.simulate_kit.SimulatePart`, from
its folder's module ``simulate``).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import secrets
import time
from collections import deque
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from okey import kits
from okey.bots import AnyBot, levels_of, make_bot
from okey.bots.plugins import DEFAULT_TIME_LIMIT, Incident, PluginError
from okey.bots.process import ProcessBot
from okey.bots.sandbox import isolation
from okey.commands import error, report
from okey.commands.simlog import decision_timing, log_folder, write_match_log, write_match_text
from okey.commands.simulate_kit import Seating, SimulatePart, Tally
from okey.engine.actions import Action
from okey.engine.events import Event
from okey.engine.match import Match
from okey.engine.view import TableView
from okey.errors import Phrase, render
from okey.matchlog import LogHeader, format_log
from okey.messages import DEFAULT_LANGUAGE, Catalogue, load_catalogue
from okey.numbers import JOBS, ROUNDS, SEED
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
    parser.add_argument(
        "--jobs",
        type=JOBS.argument(catalogue),
        help="processes playing matches side by side (default: one per core)",
    )
    parser.add_argument("--log", metavar="DIR", help="write each match's log into DIR")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


@dataclass
class Simulation:
    """Totals of a simulation run: the frame every game shares, and its game's tally."""

    rules: str
    seed: int
    part: SimulatePart
    tally: Tally
    matches: int = 0
    seconds: float = 0.0
    decisions: dict[str, list[float]] = field(default_factory=dict)
    incidents: list[Incident] = field(default_factory=list)
    log_failure: Phrase | None = None  # why the logs stopped being written
    isolation: str | None = None  # how its process seats were walled off (None: no such seat)
    teams: tuple[tuple[int, int], ...] = ()  # a partners table's: a line each in the report

    @property
    def rounds(self) -> int:
        return self.tally.rounds

    def to_json(self, catalogue: Catalogue | None = None) -> dict[str, Any]:
        """The figures as JSON; the replaced moves worded by ``catalogue`` (English when
        none is given)."""
        words = catalogue or load_catalogue(DEFAULT_LANGUAGE)
        rate = self.rounds / self.seconds if self.seconds else 0.0
        return {
            "rules": self.rules,
            **self.part.head,
            "seed": self.seed,
            "rounds": self.rounds,
            "matches": self.matches,
            **self.tally.totals(),
            "seconds": round(self.seconds, 3),
            "rounds_per_second": round(rate, self.part.rate_digits),
            "replaced": [render(incident.phrase(), words) for incident in self.incidents],
            "seats": self.tally.seat_figures(),
            "decision_ms": {
                bot: decision_timing(times) for bot, times in sorted(self.decisions.items())
            },
            **({"isolation": self.isolation} if self.isolation is not None else {}),
        }

    def unisolated(self) -> Phrase | None:
        """Said once when process seats ran without isolation, else None."""
        if self.isolation != "none":
            return None
        found = isolation()
        why = Phrase(f"bot.isolation.{found.why or 'missing'}", detail=found.detail)
        return Phrase("simulate.unisolated", why=why)


Decide = Callable[[int, Any], Action]
"""Chooses the move of a seat from that seat's view (a view of the match's game)."""


def play_table_round(match: Match, decide: Decide) -> None:
    """Deal the next round and play it to its end, asking whoever's turn it is with
    the view of the match's game."""
    match.start_round()
    while not match.round_over:
        seat = match.turn
        match.apply(seat, decide(seat, match.table_view(seat)))


def check_seat(name: str, game: str) -> PluginError | None:
    """Why ``name`` cannot sit at a table of ``game`` (worded when shown), or None."""
    if name in levels_of(game):
        return None
    return kits.part(game, "simulate", SimulatePart).check_plugin(name)


def bot_rng(seed: int, number: int, seat: int) -> random.Random:
    """The randomness of seat ``seat``'s bot in match ``number`` of a run: each match's
    bots are its own, so a match plays alike in whichever process plays it (the first
    match's seeds are those of a run whose bots played every match)."""
    if number == 0:
        return random.Random(f"{seed}:bot:{seat}")
    return random.Random(f"{seed}:{number}:bot:{seat}")


@dataclass(frozen=True)
class Played:
    """One match of a run of level seats, played to its end or to ``cap`` rounds that
    count: each round's events, how many rounds counted, the decision times by level,
    and the log's text when asked for."""

    rounds: tuple[tuple[Event, ...], ...]
    counted: int
    decisions: dict[str, list[float]]
    log: str | None


def timed_decisions(
    bots: Sequence[AnyBot],
    names: Sequence[str],
    decisions: dict[str, list[float]],
    legal: Callable[[int, Action], bool],
) -> Callable[[int, TableView], Action]:
    """Each seat's bot chooses, its time noted by its name (milliseconds); a move that
    ``legal`` refuses stops the run."""
    clock = time.perf_counter

    def decide(seat: int, view: TableView) -> Action:
        started = clock()
        action = bots[seat].choose(view)
        decisions[names[seat]].append((clock() - started) * 1000.0)
        if not legal(seat, action):
            raise AssertionError(f"the {names[seat]} level made a bad move: {action!r}")
        return action

    return decide


def play_match(
    rules: RuleSet, names: Sequence[str], seed: int, number: int, cap: int, log: bool
) -> Played:
    """Match ``number`` of a run of level seats (run in any process: what it needs comes
    in its arguments)."""
    part = kits.part(rules.game, "simulate", SimulatePart)
    tally = part.tally(names)
    bots = [
        make_bot(name, bot_rng(seed, number, seat), rules.game) for seat, name in enumerate(names)
    ]
    decisions: dict[str, list[float]] = {name: [] for name in names}
    match = Match(rules, random.Random(f"{seed}:{number}"))
    decide = timed_decisions(bots, names, decisions, match.can_apply)
    rounds: list[tuple[Event, ...]] = []
    while not match.over and tally.rounds < cap:
        start = len(match.events)
        play_table_round(match, decide)
        rounds.append(tuple(match.events[start:]))
        for event in rounds[-1]:
            tally.count(event)
    header = LogHeader(rules.name, tuple(names), f"{seed}:{number}")
    text = format_log(header, match.played()) if log else None
    return Played(tuple(rounds), tally.rounds, decisions, text)


def default_jobs() -> int:
    """One process per core this process may use."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


def simulate(
    rules: RuleSet,
    names: list[str],
    rounds: int,
    seed: int,
    log_dir: Path | None = None,
    *,
    time_limit: float = DEFAULT_TIME_LIMIT,
    jobs: int = 1,
) -> Simulation:
    """Play matches until ``rounds`` rounds are counted. Level seats get new bots each
    match, and the matches after the first are spread over ``jobs`` processes: the
    figures and logs are the same for any ``jobs``. A plug-in seat keeps its bot for the
    run, guarded (``time_limit`` seconds a move), and the matches are played here."""
    levels = levels_of(rules.game)
    if all(name in levels for name in names):
        return _simulate_levels(rules, names, rounds, seed, log_dir, jobs)
    part = kits.part(rules.game, "simulate", SimulatePart)
    sim = Simulation(rules.name, seed, part, part.tally(names), teams=rules.table.teams)
    match: Match | None = None  # the match being played

    def accepts(seat: int, action: Action) -> bool:
        assert match is not None
        return match.can_apply(seat, action)

    bots: list[AnyBot] = []
    for seat, name in enumerate(names):
        rng = random.Random(f"{seed}:bot:{seat}")
        if name in levels:
            bots.append(make_bot(name, rng, rules.game))
        else:
            seating = Seating(seat, seed, time_limit, sim.incidents.append, accepts)
            bots.append(part.plugin(name, rng, seating))
    kinds = {bot.isolation for bot in bots if isinstance(bot, ProcessBot)}
    if kinds:
        sim.isolation = "none" if "none" in kinds else min(kinds)
    sim.decisions = {name: [] for name in names}

    def checked(seat: int, action: Action) -> bool:  # a plug-in's moves its guard checks
        return names[seat] not in levels or accepts(seat, action)

    decide = timed_decisions(bots, names, sim.decisions, checked)
    clock = time.perf_counter
    began = clock()
    while sim.rounds < rounds:
        match_seed = f"{seed}:{sim.matches}"
        match = Match(rules, random.Random(match_seed))
        sim.matches += 1
        while not match.over and sim.rounds < rounds:
            start = len(match.events)
            play_table_round(match, decide)
            for event in match.events[start:]:
                sim.tally.count(event)
        if log_dir is not None and sim.log_failure is None:
            header = LogHeader(rules.name, tuple(names), match_seed)
            path = log_dir / f"match-{sim.matches:04d}.okeylog"
            sim.log_failure = write_match_log(path, header, match)
    sim.seconds = clock() - began
    return sim


def _simulate_levels(
    rules: RuleSet, names: list[str], rounds: int, seed: int, log_dir: Path | None, jobs: int
) -> Simulation:
    """:func:`simulate` with level seats only: match by match, in order, each played here
    or in a pool of ``jobs`` processes (started only once a second match is needed)."""
    part = kits.part(rules.game, "simulate", SimulatePart)
    sim = Simulation(rules.name, seed, part, part.tally(names), teams=rules.table.teams)
    sim.decisions = {name: [] for name in names}
    logging = log_dir is not None
    began = time.perf_counter()
    pool: ProcessPoolExecutor | None = None
    ahead: deque[Future[Played]] = deque()  # the next matches, in order
    try:
        while sim.rounds < rounds:
            number, need = sim.matches, rounds - sim.rounds
            if ahead:
                played = ahead.popleft().result()
            else:
                played = play_match(rules, names, seed, number, need, logging)
            if played.counted > need:  # played ahead with room to spare: cut where a run stops
                played = play_match(rules, names, seed, number, need, logging)
            if pool is None and jobs > 1 and played.counted < need:
                spawn = multiprocessing.get_context("spawn")  # no fork of a live process
                pool = ProcessPoolExecutor(max_workers=jobs, mp_context=spawn)
            sim.matches += 1
            _count(sim, played)
            if log_dir is not None and played.log is not None and sim.log_failure is None:
                path = log_dir / f"match-{sim.matches:04d}.okeylog"
                sim.log_failure = write_match_text(path, played.log)
            if pool is not None:
                while len(ahead) < jobs:
                    later = sim.matches + len(ahead)
                    args = (rules, names, seed, later, rounds - sim.rounds, logging)
                    ahead.append(pool.submit(play_match, *args))
    finally:
        if pool is not None:
            for future in ahead:
                future.cancel()
            pool.shutdown(wait=True, cancel_futures=True)
    sim.seconds = time.perf_counter() - began
    return sim


def _count(sim: Simulation, played: Played) -> None:
    for events in played.rounds:
        for event in events:
            sim.tally.count(event)
    for name, times in played.decisions.items():
        sim.decisions[name].extend(times)


def describe(sim: Simulation, catalogue: Catalogue) -> list[str]:
    text = catalogue.text
    data = sim.to_json(catalogue)
    lines = [
        text(
            sim.part.summary,
            rounds=sim.rounds,
            matches=sim.matches,
            seconds=sim.seconds,
            rate=data["rounds_per_second"],
            rules=sim.rules,
            seed=sim.seed,
            **sim.tally.totals(),
        )
    ]
    for seat, words in enumerate(sim.tally.seat_words()):
        lines.append(text(sim.part.seat, seat=seat, **words))
    for first, second in sim.teams:
        words = sim.tally.team_words((first, second))
        lines.append(text(sim.part.team, first=first, second=second, **words))
    for bot, timing in data["decision_ms"].items():
        lines.append(text("simulate.timing", bot=bot, median=timing["median"], p99=timing["p99"]))
    lines.extend(render(incident.phrase(), catalogue) for incident in sim.incidents)
    unisolated = sim.unisolated()
    if unisolated is not None:
        lines.append(render(unisolated, catalogue))
    return lines


def run(args: argparse.Namespace, catalogue: Catalogue) -> int:
    try:
        rules = load_rules(args.rules)
    except RulesError as exc:
        return error(exc, catalogue)
    names = [name.strip() for name in args.seats.split(",") if name.strip()]
    players = rules.table.players
    if len(names) != players:
        return error(Phrase("simulate.error.seats", players=players, count=len(names)), catalogue)
    for name in names:
        problem = check_seat(name, rules.game)
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
    try:
        jobs = args.jobs if args.jobs is not None else default_jobs()
        sim = simulate(rules, names, args.rounds, seed, log_dir, jobs=jobs)
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
