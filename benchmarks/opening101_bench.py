"""Okey 101 hand benchmark: prints one JSON object.

The goal: the best opening of a random 22-tile hand (dealt from a shuffled
106-tile set with a random indicator) at 2,000 hands per second or more. Also
measured: the opening's value alone, hands full of combinations (a finished
14-tile classic hand and 8 more tiles, 0..2 okeys: the hands of a player near
opening), and whether such hands finish this turn (opened or not, empty table).

Each measure times every hand of a fixed seeded set, from empty memos
("cold") and after a warm-up on another set ("warm"); median and p99 per hand
in microseconds and hands per second (wall clock, and per CPU second: the
machine is shared), each the median over the repeats.

Beside them, in the same run (issue 29's row "101 best opening"): the brute-force
oracle of the tests (tests/reference101.py) on the first ``--oracle`` hands built
from runs and sets, per CPU second and as the solver's ratio to it; and ``okey hand
--rules 101 --batch FILE --json`` on those hands as a process, lines per CPU second
of its work (its CPU time less that of the same command on one line: the start),
beside the solver's cold rate on the same hands (the goal: within 20% of it).
Run: ``uv run python benchmarks/opening101_bench.py``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from okey.hand import cover, runvalue
from okey.hand import opening as searches
from okey.hand.finishing import Opened, finish_plan
from okey.hand.handgen import winning_hand
from okey.hand.notation import format_tiles
from okey.hand.opening import best_opening, best_opening_value
from okey.tiles import ALL_FACES, Tile, full_set, indicator_for, okey_for

# The brute-force oracle lives with the tests.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import reference101

Hand = tuple[list[Tile], Tile]
GOAL_PER_S = 2000


def dealt_set(seed: int, size: int) -> list[Hand]:
    """22 tiles dealt from a shuffled full set after turning a random indicator."""
    rng = random.Random(seed)
    hands = []
    for _ in range(size):
        tiles = full_set()
        rng.shuffle(tiles)
        indicator = next(t for t in tiles if not t.is_false_joker)
        tiles.remove(indicator)
        hands.append((tiles[:22], okey_for(indicator)))
    return hands


def rich_set(seed: int, size: int) -> list[Hand]:
    """A finished 14-tile hand (0..2 okeys) and 8 more tiles from the same set."""
    rng = random.Random(seed)
    hands = []
    for _ in range(size):
        okey = rng.choice(ALL_FACES)
        hand = winning_hand(rng, okey, okeys=rng.choice([0, 1, 2]))
        pool = full_set()
        pool.remove(indicator_for(okey))
        for tile in hand:
            pool.remove(tile)
        hands.append((hand + rng.sample(pool, 8), okey))
    return hands


def clear_caches() -> None:
    runvalue.clear_caches()
    cover.clear_caches()
    searches.clear_caches()


def timings(
    hands: Sequence[Hand], work: Callable[[list[Tile], Tile], object]
) -> tuple[list[float], float]:
    """Each hand's wall time, and the process's CPU time for them all."""
    found = []
    cpu = time.process_time()
    for hand, okey in hands:
        start = time.perf_counter()
        work(hand, okey)
        found.append(time.perf_counter() - start)
    return found, time.process_time() - cpu


def summary(measured: tuple[list[float], float]) -> dict[str, float]:
    """Median and p99 per hand (wall), hands per second (wall, and CPU: the machine is
    shared, so the CPU rate says what the code costs when it has a core to itself)."""
    times, cpu = measured
    ordered = sorted(times)
    return {
        "median_us": ordered[len(ordered) // 2] * 1e6,
        "p99_us": ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1e6,
        "per_s": len(ordered) / sum(ordered),
        "cpu_per_s": len(ordered) / max(cpu, 1e-9),
    }


def measure(
    hands: Sequence[Hand],
    warmup: Sequence[Hand],
    work: Callable[[list[Tile], Tile], object],
    repeats: int,
) -> dict[str, dict[str, float]]:
    """Cold (from empty memos) and warm (after ``warmup``) figures, medians over repeats."""
    runs: dict[str, list[dict[str, float]]] = {"cold": [], "warm": []}
    for _ in range(repeats):
        clear_caches()
        runs["cold"].append(summary(timings(hands, work)))
        clear_caches()
        timings(warmup, work)
        runs["warm"].append(summary(timings(hands, work)))
    return {
        phase: {key: round(statistics.median(r[key] for r in found), 1) for key in found[0]}
        for phase, found in runs.items()
    }


def opening(hand: list[Tile], okey: Tile) -> object:
    return best_opening(hand, okey)


def opening_value(hand: list[Tile], okey: Tile) -> object:
    return best_opening_value(hand, okey)


def finish_opened(hand: list[Tile], okey: Tile) -> object:
    return finish_plan(hand, [], okey, opened=Opened.COMBINATIONS)


def finish_not_opened(hand: list[Tile], okey: Tile) -> object:
    return finish_plan(hand, [], okey, opened=Opened.NOT_YET)


def cpu_rate(hands: Sequence[Hand], work: Callable[[list[Tile], Tile], object]) -> float:
    """Hands per CPU second of ``work``, from empty memos."""
    clear_caches()
    start = time.process_time()
    for hand, okey in hands:
        work(hand, okey)
    return len(hands) / max(time.process_time() - start, 1e-9)


def oracle(hand: list[Tile], okey: Tile) -> object:
    return reference101.opening_value(hand, okey)


def beside_oracle(hands: Sequence[Hand]) -> dict[str, float]:
    """The solver's best opening value beside the brute-force oracle's, per CPU second."""
    solver = cpu_rate(hands, opening_value)
    slow = cpu_rate(hands, oracle)
    return {
        "hands": len(hands),
        "solver_cpu_per_s": round(solver, 1),
        "oracle_cpu_per_s": round(slow, 1),
        "solver_over_oracle": round(solver / slow, 2),
    }


def _batch_cpu(lines: Sequence[str]) -> float:
    """The CPU seconds of ``okey hand --rules 101 --batch FILE --json`` on these lines."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as batch:
        batch.write("".join(f"{line}\n" for line in lines))
    okey = Path(sys.executable).with_name("okey")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        subprocess.run(
            [str(okey), "hand", "--rules", "101", "--batch", batch.name, "--json"],
            stdout=subprocess.DEVNULL,
            timeout=600,
            check=False,
        )
    finally:
        os.unlink(batch.name)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def batch_beside_solver(hands: Sequence[Hand]) -> dict[str, float]:
    """``okey hand --rules 101 --batch --json``'s lines per CPU second of work beside the
    solver's best openings per CPU second on the same hands (both from empty memos)."""
    lines = [f"{indicator_for(okey)}: {format_tiles(hand)}" for hand, okey in hands]
    start = min(_batch_cpu(lines[:1]) for _ in range(3))
    work = _batch_cpu(lines) - start
    batch = (len(lines) - 1) / max(work, 1e-9)
    solver = cpu_rate(hands, opening)
    return {
        "lines": len(lines),
        "start_cpu_s": round(start, 3),
        "batch_cpu_per_s": round(batch, 1),
        "solver_cpu_per_s": round(solver, 1),
        "batch_over_solver": round(batch / solver, 2),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000, help="hands per set")
    parser.add_argument("--repeats", type=int, default=3, help="repeats per measure")
    parser.add_argument("--oracle", type=int, default=200, help="hands for the oracle, batch")
    args = parser.parse_args(argv)
    report: dict[str, object] = {
        "hands_per_set": args.hands,
        "python": sys.version.split()[0],
        "goal_per_s": GOAL_PER_S,
    }
    dealt, other_dealt = dealt_set(1, args.hands), dealt_set(2, args.hands)
    rich, other_rich = rich_set(3, args.hands), rich_set(4, args.hands)
    report["opening_dealt_22"] = measure(dealt, other_dealt, opening, args.repeats)
    report["opening_value_dealt_22"] = measure(dealt, other_dealt, opening_value, args.repeats)
    report["opening_rich_22"] = measure(rich, other_rich, opening, args.repeats)
    report["finish_opened_rich_22"] = measure(rich, other_rich, finish_opened, args.repeats)
    report["finish_not_opened_rich_22"] = measure(rich, other_rich, finish_not_opened, args.repeats)
    built = rich[: args.oracle]
    report["opening_built_beside_oracle"] = beside_oracle(built)
    report["batch_101_json_beside_solver"] = batch_beside_solver(built)
    reaching = sum(1 for hand, okey in dealt if (best_opening_value(hand, okey) or 0) >= 101)
    report["dealt_hands_reaching_101"] = reaching
    finishing = sum(1 for hand, okey in rich if finish_opened(hand, okey) is not None)
    report["rich_hands_finishing_when_opened"] = finishing
    cold = report["opening_dealt_22"]
    assert isinstance(cold, dict)
    report["goal_met_cold"] = cold["cold"]["per_s"] >= GOAL_PER_S
    report["peak_rss_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
