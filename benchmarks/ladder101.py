"""Okey 101 bot ladder: each level against three of the level below; prints one JSON object.

For each step (easy over random, medium over easy, hard over medium) it plays
``--rounds`` scored rounds of 101 matches, the stronger level in one seat (the
seat moving one place each match) and the weaker in the other three, and
reports for the stronger level and for one weaker seat: the share of rounds
finished and the mean points per round (penalty points, lower is better), each
with a 95% interval (Wilson for shares; the normal interval of the mean). Every
round is also checked at its end (okey.games.okey101.checks: the 106 tiles,
valid combinations, openings at the threshold, the scores as the rule book
counts them); ``problems`` must be 0.

``--compare`` plays hard vs 3 medium twice on the same seeds (so the same deals),
hard as it was before it weighed waiting for a one-turn finish (``hard (opens at
once)``) and as it is, and prints both side by side with the paired difference of
hard's points per round (after minus before, round by round on the same deal) and
its 95% interval, and how many rounds each finished in one turn.

Run: ``uv run python benchmarks/ladder101.py [--rounds 2000] [--jobs 2] [--compare]``.
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
from dataclasses import replace
from typing import Any

from okey.engine.match import Match
from okey.games.okey101.checks import score_problems, state_problems
from okey.games.okey101.events import RoundScored101
from okey.games.okey101.levels import Level101, make_bot101
from okey.games.okey101.round import Round101
from okey.games.okey101.view import View101
from okey.rules import load_rules

STEPS = (("easy", "random"), ("medium", "easy"), ("hard", "medium"))
BEFORE = "hard (opens at once)"
COMPARE = ((BEFORE, "medium"), ("hard", "medium"))


def make(name: str, rng: random.Random) -> Level101:
    """A level by name, or hard as it was before it weighed waiting (:data:`BEFORE`)."""
    if name == BEFORE:
        bot = Level101(rng, "hard")
        bot.style = replace(bot.style, waits=False)
        return bot
    return make_bot101(name, rng)


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


def ladder_step(
    upper: str, lower: str, rounds: int, seed: int, keep: bool = False
) -> dict[str, Any]:
    rules = load_rules("101")
    upper_points: list[int] = []
    lower_points: list[int] = []
    upper_wins = lower_wins = pile_out = cancelled = problems = matches = one_turn = 0
    began = time.perf_counter()
    while len(upper_points) < rounds:
        seat_of_upper = matches % 4
        names = [upper if s == seat_of_upper else lower for s in range(4)]
        bots = [make(name, random.Random(f"{seed}:{matches}:{s}")) for s, name in enumerate(names)]
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
                one_turn += scored.one_turn
            elif scored.finisher == low_seat:
                lower_wins += 1
    seconds = time.perf_counter() - began
    n = len(upper_points)
    result: dict[str, Any] = {
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
            "one_turn_finishes": one_turn,
            "points": mean_interval(upper_points),
        },
        f"{lower} (one seat)": {
            "finish_share": round(lower_wins / n, 4),
            "finish_share_95": wilson(lower_wins, n),
            "points": mean_interval(lower_points),
        },
    }
    if keep:
        result["per_round"] = upper_points
    return result


def compared(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """Before and after side by side, and the paired difference of the upper seat's
    points (after minus before, on the same deals)."""
    low = "medium (one seat)"
    difference = [
        b - a for a, b in zip(before.pop("per_round"), after.pop("per_round"), strict=True)
    ]
    return {
        "step": "hard vs 3 medium, before and after waiting",
        "rounds": after["rounds"],
        "finish_share": {
            "before": before[BEFORE]["finish_share"],
            "after": after["hard"]["finish_share"],
        },
        "finish_share_95": {
            "before": before[BEFORE]["finish_share_95"],
            "after": after["hard"]["finish_share_95"],
        },
        "points": {"before": before[BEFORE]["points"], "after": after["hard"]["points"]},
        "one_turn_finishes": {
            "before": before[BEFORE]["one_turn_finishes"],
            "after": after["hard"]["one_turn_finishes"],
        },
        "medium_seat_points": {"before": before[low]["points"], "after": after[low]["points"]},
        "paired_points_difference": mean_interval(difference),
        "problems": before["problems"] + after["problems"],
        "runs": [before, after],
    }


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=101)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--compare", action="store_true", help="hard before and after waiting")
    args = parser.parse_args(argv)
    if args.compare:
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            runs = [
                pool.submit(ladder_step, upper, lower, args.rounds, args.seed, True)
                for upper, lower in COMPARE
            ]
            before, after = (run.result() for run in runs)
        comparison = compared(before, after)
        print(json.dumps({"compare": comparison}, indent=2))
        return 0 if comparison["problems"] == 0 else 1
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
