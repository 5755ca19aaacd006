"""Okey 101 bot ladder: each level against three of the level below; prints one JSON object.

For each step (easy over random, medium over easy, hard over medium) it plays
``--rounds`` scored rounds of 101 matches, the stronger level in one seat (the
seat moving one place each match) and the weaker in the other three, and
reports for the stronger level and for one weaker seat: the share of rounds
finished and the mean points per round (penalty points, lower is better), each
with a 95% interval (Wilson for shares; the normal interval of the mean). Every
round is also checked at its end (okey.engine.okey101.checks: the 106 tiles,
valid combinations, openings at the threshold, the scores as the rule book
counts them); ``problems`` must be 0.

Run: ``uv run python benchmarks/ladder101.py [--rounds 2000] [--jobs 2]``.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any

from okey.bots.level101 import make_bot101
from okey.engine.match import Match
from okey.engine.okey101.checks import score_problems, state_problems
from okey.engine.okey101.events import RoundScored101
from okey.engine.okey101.round import Round101
from okey.engine.okey101.view import View101
from okey.rules import load_rules

STEPS = (("easy", "random"), ("medium", "easy"), ("hard", "medium"))
Z = 1.959964


def wilson(successes: int, n: int) -> tuple[float, float]:
    if not n:
        return (0.0, 0.0)
    p = successes / n
    centre = (p + Z * Z / (2 * n)) / (1 + Z * Z / n)
    half = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n)) / (1 + Z * Z / n)
    return (round(centre - half, 4), round(centre + half, 4))


def mean_interval(values: list[int]) -> dict[str, float]:
    mean = statistics.fmean(values)
    half = Z * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return {"mean": round(mean, 2), "low": round(mean - half, 2), "high": round(mean + half, 2)}


def ladder_step(upper: str, lower: str, rounds: int, seed: int) -> dict[str, Any]:
    rules = load_rules("101")
    upper_points: list[int] = []
    lower_points: list[int] = []
    upper_wins = lower_wins = pile_out = cancelled = problems = matches = 0
    began = time.perf_counter()
    while len(upper_points) < rounds:
        seat_of_upper = matches % 4
        names = [upper if s == seat_of_upper else lower for s in range(4)]
        bots = [
            make_bot101(name, random.Random(f"{seed}:{matches}:{s}"))
            for s, name in enumerate(names)
        ]
        match = Match(rules, random.Random(f"{seed}:{matches}"))
        matches += 1
        while not match.over and len(upper_points) < rounds:
            match.start_round()
            round_ = match.round
            assert isinstance(round_, Round101)
            while not match.round_over:
                seat = match.turn
                view = match.table_view(seat)
                assert isinstance(view, View101)
                match.apply(seat, bots[seat].choose(view))
            if round_.cancelled:
                cancelled += 1
                continue
            scored = [e for e in match.events if isinstance(e, RoundScored101)][-1]
            problems += len(state_problems(round_)) + len(score_problems(round_, scored))
            upper_points.append(scored.points[seat_of_upper])
            low_seat = (seat_of_upper + 1) % 4  # one weaker seat: the next one
            lower_points.append(scored.points[low_seat])
            if scored.finisher is None:
                pile_out += 1
            elif scored.finisher == seat_of_upper:
                upper_wins += 1
            elif scored.finisher == low_seat:
                lower_wins += 1
    seconds = time.perf_counter() - began
    n = len(upper_points)
    return {
        "step": f"{upper} vs 3 {lower}",
        "rounds": n,
        "matches": matches,
        "pile_out_share": round(pile_out / n, 4),
        "cancelled": cancelled,
        "problems": problems,
        "seconds": round(seconds, 1),
        upper: {
            "finish_share": round(upper_wins / n, 4),
            "finish_share_95": wilson(upper_wins, n),
            "points": mean_interval(upper_points),
        },
        f"{lower} (one seat)": {
            "finish_share": round(lower_wins / n, 4),
            "finish_share_95": wilson(lower_wins, n),
            "points": mean_interval(lower_points),
        },
    }


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=101)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        futures = [
            pool.submit(ladder_step, upper, lower, args.rounds, args.seed) for upper, lower in STEPS
        ]
        for future in as_completed(futures):  # each step's figures as soon as it is done
            print(json.dumps(future.result()), file=sys.stderr, flush=True)
        results = [future.result() for future in futures]
    print(json.dumps({"ladder": results}, indent=2))
    return 0 if all(r["problems"] == 0 for r in results) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
