"""The bots' strength ladder and speed: prints one JSON object.

Strength: each level plays three of the level below (easy against random,
medium against easy, hard against medium) through ``okey simulate``'s engine
loop, with fixed seeds and the stronger bot in each of the four seats in
turn (a quarter of the rounds each). A round counts as won by the seat that
finished it; drawn rounds count as not won. Shares carry 95% Wilson
intervals; 25% is par.

Speed: four ``hard`` bots play on their own (no other work running), and the
decision times of every move and the rounds per second are reported.

Run: ``uv run python benchmarks/bots_ladder.py`` (``--rounds 2000`` per
matchup by default, ``--jobs`` worker processes, ``--quick`` for a smoke run).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from okey.commands.simulate import simulate
from okey.rules import CLASSIC

LADDER: tuple[tuple[str, str], ...] = (("easy", "random"), ("medium", "easy"), ("hard", "medium"))
TARGET = 0.35
Z95 = 1.959964


def wilson(wins: int, total: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if total == 0:
        return (0.0, 1.0)
    p = wins / total
    denominator = 1 + Z95**2 / total
    centre = (p + Z95**2 / (2 * total)) / denominator
    half = Z95 * math.sqrt(p * (1 - p) / total + Z95**2 / (4 * total**2)) / denominator
    return (centre - half, centre + half)


def play_rotation(job: tuple[str, str, int, int, int]) -> dict[str, Any]:
    """One matchup with the stronger level in one seat."""
    level, opponent, seat, rounds, seed = job
    seats = [opponent] * 4
    seats[seat] = level
    sim = simulate(CLASSIC, seats, rounds, seed)
    figures = sim.to_json()
    return {
        "level": level,
        "seat": seat,
        "wins": figures["seats"][seat]["wins"],
        "rounds": sim.rounds,
        "drawn": figures["drawn"],
        "seconds": sim.seconds,
    }


def ladder(rounds: int, seed: int, jobs: int) -> list[dict[str, Any]]:
    per_seat = max(1, rounds // 4)
    work = [
        (level, opponent, seat, per_seat, seed * 1000 + index * 10 + seat)
        for index, (level, opponent) in enumerate(LADDER)
        for seat in range(4)
    ]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        results = list(pool.map(play_rotation, work))
    report = []
    for level, opponent in LADDER:
        mine = [r for r in results if r["level"] == level]
        wins = sum(r["wins"] for r in mine)
        total = sum(r["rounds"] for r in mine)
        drawn = sum(r["drawn"] for r in mine)
        low, high = wilson(wins, total)
        report.append(
            {
                "level": level,
                "against": f"3 x {opponent}",
                "rounds": total,
                "wins": wins,
                "drawn": drawn,
                "win_share": round(wins / total, 4),
                "interval_95": [round(low, 4), round(high, 4)],
                "share_of_decided": round(wins / max(1, total - drawn), 4),
                "by_seat": [r["wins"] for r in sorted(mine, key=lambda r: r["seat"])],
                "target": TARGET,
                "meets_target": wins / total >= TARGET,
            }
        )
    return report


def speed(rounds: int, seed: int) -> dict[str, Any]:
    started = time.perf_counter()
    sim = simulate(CLASSIC, ["hard"] * 4, rounds, seed)
    seconds = time.perf_counter() - started
    times = sorted(sim.decisions["hard"])
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    return {
        "bots": "4 x hard",
        "rounds": sim.rounds,
        "decisions": len(times),
        "rounds_per_second": round(sim.rounds / seconds, 2),
        "decision_ms": {
            "median": round(statistics.median(times), 3),
            "p99": round(p99, 3),
            "max": round(times[-1], 3),
        },
        "targets": {"median_ms": 10.0, "p99_ms": 50.0, "rounds_per_second": 3.0},
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2000, help="rounds per matchup")
    parser.add_argument(
        "--speed-rounds", type=int, default=200, help="rounds of 4 x hard (0: no speed run)"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2, help="worker processes for the ladder")
    parser.add_argument("--quick", action="store_true", help="a few rounds only (smoke test)")
    args = parser.parse_args(argv)
    rounds, speed_rounds = (40, 8) if args.quick else (args.rounds, args.speed_rounds)
    result = {
        "python": sys.version.split()[0],
        "rules": CLASSIC.name,
        "seed": args.seed,
        "speed": speed(speed_rounds, args.seed) if speed_rounds > 0 else None,
        "ladder": ladder(rounds, args.seed, args.jobs),
    }
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
