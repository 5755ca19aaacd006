"""The master's review of one Okey 101 round: how long J (and ``okey review``) takes.

Plays seeded one-round 101 matches of the levels (hard, medium, easy, hard), then
times the review of each seat's round (:func:`okey.review.review_match`), and the
review of a classic Okey round of the hard bots beside it in the same run. Also
measured: the time spent in the finishing search
(:func:`okey.hand.finishing.finish_plan`, which the hard level asks when a hand
looks near finishing; rare big tables make it slow) and its slowest call.

Prints one JSON object: per game, the median, p99 and max seconds per reviewed
round (wall clock, and CPU seconds per review: the machine is shared),
decisions per round, and the finishing search's share. The goal: a round reviewed
in well under 2 s (J answers at once).
Run: ``uv run python benchmarks/review101_bench.py [--rounds N]``.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import okey.games.okey101.levels as level101
import okey.games.okey101.review as review101
from okey.bots import make_bot
from okey.commands.simulate import play_table_round
from okey.engine.match import Match
from okey.games.okey101.levels import make_bot101
from okey.hand import finishing
from okey.review import review_match
from okey.rules import load_rules

LEVELS = ("hard", "medium", "easy", "hard")
CALLERS = (level101, review101)
"""The modules whose finishing searches are timed (each imported the function)."""
GOAL_SECONDS = 2.0


class Searches:
    """Wraps the finishing search where the review's master calls it, timing each call."""

    def __init__(self) -> None:
        self.times: list[float] = []
        self.original = finishing.finish_plan

    def __enter__(self) -> Searches:
        original = self.original

        def timed(*args: Any, **kwargs: Any) -> Any:
            start = time.perf_counter()
            try:
                return original(*args, **kwargs)
            finally:
                self.times.append(time.perf_counter() - start)

        for module in CALLERS:
            setattr(module, "finish_plan", timed)  # noqa: B010 (a name mypy sees as private)
        return self

    def __exit__(self, *exc: object) -> None:
        for module in CALLERS:
            setattr(module, "finish_plan", self.original)  # noqa: B010


def round101(seed: int, levels: tuple[str, ...] = LEVELS) -> Match:
    match = Match(load_rules("101"), random.Random(f"review101:{seed}"))
    bots = [make_bot101(level, random.Random(seat)) for seat, level in enumerate(levels)]
    play_table_round(match, lambda seat, view: bots[seat].choose(view))
    return match


def classic_round(seed: int) -> Match:
    match = Match(load_rules("classic"), random.Random(f"review:{seed}"))
    bots = [make_bot("hard", random.Random(seat)) for seat in range(match.players)]
    match.start_round()
    while not match.round_over:
        seat = match.turn
        match.apply(seat, bots[seat].choose(match.view(seat)))
    return match


def measure(matches: list[Match]) -> dict[str, Any]:
    times: list[float] = []
    cpus: list[float] = []
    decisions: list[int] = []
    with Searches() as searches:
        for match in matches:
            for seat in range(match.players):
                start, cpu = time.perf_counter(), time.process_time()
                (review,) = review_match(match, seat, {1})
                times.append(time.perf_counter() - start)
                cpus.append(time.process_time() - cpu)
                decisions.append(len(review.decisions))
    ordered = sorted(times)
    searched = sum(searches.times)
    return {
        "reviews": len(times),
        "median_s": round(statistics.median(ordered), 4),
        "p99_s": round(ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))], 4),
        "max_s": round(ordered[-1], 4),
        "cpu_median_s": round(statistics.median(cpus), 4),
        "cpu_max_s": round(max(cpus), 4),
        "decisions_median": statistics.median(decisions),
        "finish_plan_calls": len(searches.times),
        "finish_plan_share": round(searched / sum(times), 3) if times else 0.0,
        "finish_plan_max_s": round(max(searches.times, default=0.0), 4),
        "over_goal": sum(1 for t in times if t > GOAL_SECONDS),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20, help="rounds of each game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--levels", default=",".join(LEVELS), help="the four 101 levels, by seat, comma-separated"
    )
    args = parser.parse_args()
    seeds = range(args.seed, args.seed + args.rounds)
    levels = tuple(args.levels.split(","))
    made: dict[str, Callable[[int], Match]] = {
        "101": lambda seed: round101(seed, levels),
        "classic": classic_round,
    }
    result: dict[str, Any] = {
        "goal_s": GOAL_SECONDS,
        "rounds": args.rounds,
        "seed": args.seed,
        "levels": levels,
    }
    for game, make in made.items():
        result[game] = measure([make(seed) for seed in seeds])
    ratio = result["101"]["median_s"] / result["classic"]["median_s"]
    result["ratio_101_to_classic"] = round(ratio, 2)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
