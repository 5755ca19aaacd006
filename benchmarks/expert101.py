"""Okey 101's expert level beside hard, on the same deals; prints one JSON object.

Three tables play the same matches (the match's random source, so its deals, is
the same at each): ``expert vs 3 hard`` (the expert's seat moving one place each
match), ``hard vs 3 hard`` (hard in that same seat), and ``4 expert``. For the
tested seat of the first two it reports the share of rounds it finished and its
points a round (penalty points: lower is better), each with a 95% interval
(Wilson for shares, the normal interval of the mean), and the paired difference
of its points round by round (expert minus hard on the same deal, with its
interval); for ``4 expert`` the share of rounds ending with the pile run out.
The tested seat's decision time (CPU time of each ``choose``) is given as its
median and p99 in milliseconds. Every round is checked at its end
(:mod:`okey.games.okey101.checks`: the 106 tiles, the combinations, the
openings, the scores as the rule book counts them) and every move is checked
before it is made (``refused``); ``problems`` and ``refused`` must be 0.

The matches are shared among ``--jobs`` processes (each plays every jobs-th
match of each table).

Run: ``uv run python benchmarks/expert101.py [--rounds 2000] [--jobs 2] [--seed 101]``.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from okey.bots import levels_of
from okey.engine.match import Match
from okey.games.okey101.checks import score_problems, state_problems
from okey.games.okey101.events import RoundScored101
from okey.games.okey101.round import Round101
from okey.games.okey101.view import View101
from okey.rules import load_rules

ROUNDS_A_MATCH = 5
TABLES: dict[str, tuple[str, str]] = {
    "expert vs 3 hard": ("expert", "hard"),
    "hard vs 3 hard": ("hard", "hard"),
    "4 expert": ("expert", "expert"),
}
Z = 1.959964


def wilson(successes: int, n: int) -> list[float]:
    if not n:
        return [0.0, 0.0]
    p = successes / n
    centre = (p + Z * Z / (2 * n)) / (1 + Z * Z / n)
    half = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n)) / (1 + Z * Z / n)
    return [round(centre - half, 4), round(centre + half, 4)]


def mean_interval(values: list[int] | list[float]) -> dict[str, float]:
    mean = statistics.fmean(values)
    half = Z * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return {"mean": round(mean, 2), "low": round(mean - half, 2), "high": round(mean + half, 2)}


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


def play(table: str, matches: list[int], seed: int) -> dict[str, Any]:
    """Play the given matches of one table; the rounds' raw figures, keyed by match."""
    tested, other = TABLES[table]
    levels = levels_of("101")
    rules = load_rules("101")
    rounds: dict[int, list[dict[str, Any]]] = {}
    decisions: list[float] = []
    problems = refused = cancelled = 0
    cpu = time.process_time()
    for number in matches:
        seat_of_tested = number % 4
        names = [tested if s == seat_of_tested else other for s in range(4)]
        bots = [levels[n](random.Random(f"{seed}:{number}:{s}")) for s, n in enumerate(names)]
        match = Match(rules, random.Random(f"{seed}:{number}"))
        played: list[dict[str, Any]] = []
        while not match.over:
            match.start_round()
            round_ = match.round
            assert isinstance(round_, Round101)
            while not match.round_over:
                seat = match.turn
                view = match.table_view(seat)
                assert isinstance(view, View101)
                began = time.process_time()
                action = bots[seat].choose(view)
                if seat == seat_of_tested:
                    decisions.append((time.process_time() - began) * 1000)
                if not match.can_apply(seat, action):
                    refused += 1
                    raise AssertionError(f"{names[seat]} made a refused move: {action}")
                match.apply(seat, action)
            if round_.cancelled:
                cancelled += 1
                continue
            scored = [e for e in match.events if isinstance(e, RoundScored101)][-1]
            problems += len(state_problems(round_)) + len(score_problems(round_, scored))
            played.append(
                {
                    "deal": f"{number}:{','.join(str(t.code) for t in round_.deck)}",
                    "points": scored.points[seat_of_tested],
                    "next_points": scored.points[(seat_of_tested + 1) % 4],
                    "finisher": None
                    if scored.finisher is None
                    else (scored.finisher - seat_of_tested) % 4,
                }
            )
        rounds[number] = played
    return {
        "rounds": rounds,
        "decisions": decisions,
        "problems": problems,
        "refused": refused,
        "cancelled": cancelled,
        "cpu_seconds": time.process_time() - cpu,
    }


def merged(parts: list[dict[str, Any]]) -> dict[str, Any]:
    rounds: dict[int, list[dict[str, Any]]] = {}
    for part in parts:
        rounds.update(part["rounds"])
    return {
        "rounds": [r for number in sorted(rounds) for r in rounds[number]],
        "decisions": [d for part in parts for d in part["decisions"]],
        "problems": sum(part["problems"] for part in parts),
        "refused": sum(part["refused"] for part in parts),
        "cancelled": sum(part["cancelled"] for part in parts),
        "cpu_seconds": round(sum(part["cpu_seconds"] for part in parts), 1),
    }


def summary(table: str, run: dict[str, Any]) -> dict[str, Any]:
    rounds = run["rounds"]
    n = len(rounds)
    wins = sum(1 for r in rounds if r["finisher"] == 0)
    next_wins = sum(1 for r in rounds if r["finisher"] == 1)
    decisions = run["decisions"]
    tested, other = TABLES[table]
    return {
        "rounds": n,
        "pile_out_share": round(sum(1 for r in rounds if r["finisher"] is None) / n, 4),
        "problems": run["problems"],
        "refused": run["refused"],
        "cancelled": run["cancelled"],
        "cpu_seconds": run["cpu_seconds"],
        f"{tested} (tested seat)": {
            "finish_share": round(wins / n, 4),
            "finish_share_95": wilson(wins, n),
            "points": mean_interval([r["points"] for r in rounds]),
            "decision_ms": {
                "median": round(statistics.median(decisions), 2),
                "p99": round(percentile(decisions, 0.99), 2),
                "decisions": len(decisions),
            },
        },
        f"{other} (next seat)": {
            "finish_share": round(next_wins / n, 4),
            "finish_share_95": wilson(next_wins, n),
            "points": mean_interval([r["next_points"] for r in rounds]),
        },
    }


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=101)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--tables", default=",".join(TABLES), help="which tables to play")
    args = parser.parse_args(argv)
    tables = [t.strip() for t in args.tables.split(",")]
    count = math.ceil(args.rounds / ROUNDS_A_MATCH)
    shares = [list(range(j, count, args.jobs)) for j in range(args.jobs)]
    began = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        futures = {t: [pool.submit(play, t, share, args.seed) for share in shares] for t in tables}
        runs = {t: merged([f.result() for f in fs]) for t, fs in futures.items()}
    report: dict[str, Any] = {t: summary(t, run) for t, run in runs.items()}
    if "expert vs 3 hard" in runs and "hard vs 3 hard" in runs:
        # Paired by deal: a round cancelled at one table and not the other shifts the
        # match's later deals there, and those rounds are left unpaired.
        hard = {r["deal"]: r["points"] for r in runs["hard vs 3 hard"]["rounds"]}
        expert = runs["expert vs 3 hard"]["rounds"]
        difference = [r["points"] - hard[r["deal"]] for r in expert if r["deal"] in hard]
        paired = mean_interval(difference)
        report["paired_points_difference"] = paired | {"rounds": len(difference)}
    report["wall_seconds"] = round(time.perf_counter() - began, 1)
    report["load_average"] = [round(x, 2) for x in os.getloadavg()]
    print(json.dumps(report, indent=2))
    bad = sum(run["problems"] + run["refused"] for run in runs.values())
    return 0 if bad == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
