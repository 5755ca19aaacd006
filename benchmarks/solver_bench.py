"""Solver benchmark: prints one JSON object.

Fixed seeded sets: random 15-tile deals, and winning 15-tile hands (a
finished hand plus one drawn tile) holding 0, 1 and 2 okeys. Measures full
15-tile analyses (win check and every winning discard) per second on the
winning sets and deficiency evaluations per second on the random deals.
Every rate is measured from empty memos ("cold") and after a warm-up on a
different seeded set ("warm"); medians over the repeats are reported.
Run: ``uv run python benchmarks/solver_bench.py``.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import statistics
import sys
import time
from collections.abc import Callable, Sequence

from okey.hand import solver
from okey.hand.handgen import random_deal, winning_hand
from okey.hand.tiles import ALL_FACES, Tile, full_set, indicator_for
from okey.rules import CLASSIC

Hand = tuple[list[Tile], Tile]


def winning_set(seed: int, size: int, okeys: int) -> list[Hand]:
    rng = random.Random(seed)
    hands = []
    for _ in range(size):
        okey = rng.choice(ALL_FACES)
        hand = winning_hand(rng, okey, okeys=okeys)
        pool = full_set()
        pool.remove(indicator_for(okey))
        for tile in hand:
            pool.remove(tile)
        hand.append(rng.choice(pool))
        hands.append((hand, okey))
    return hands


def deal_set(seed: int, size: int) -> list[Hand]:
    rng = random.Random(seed)
    hands = []
    for _ in range(size):
        okey = rng.choice(ALL_FACES)
        hands.append((random_deal(rng, 15, okey), okey))
    return hands


def full_analysis(hand: list[Tile], okey: Tile) -> object:
    return solver.finishes(hand, okey, CLASSIC.scoring)


def rate(hands: Sequence[Hand], work: Callable[[list[Tile], Tile], object]) -> float:
    start = time.perf_counter()
    for hand, okey in hands:
        work(hand, okey)
    return len(hands) / (time.perf_counter() - start)


def measure(
    hands: Sequence[Hand],
    warmup: Sequence[Hand],
    work: Callable[[list[Tile], Tile], object],
    repeats: int,
) -> dict[str, float]:
    """Rates from empty memos, and after a warm-up on *other* hands (as in a long game).

    Each repeat starts again from empty memos, so no hand is ever measured twice
    against its own cached results.
    """
    cold = []
    warm = []
    for _ in range(repeats):
        solver.clear_caches()  # the row memos too
        cold.append(rate(hands, work))
        solver.clear_caches()  # the row memos too
        rate(warmup, work)
        warm.append(rate(hands, work))
    return {
        "cold_median_per_s": round(statistics.median(cold)),
        "warm_median_per_s": round(statistics.median(warm)),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000, help="hands per set")
    parser.add_argument("--repeats", type=int, default=5, help="warm repeats per measure")
    args = parser.parse_args(argv)
    report: dict[str, object] = {"hands_per_set": args.hands, "python": sys.version.split()[0]}
    finishes_found = {}
    for okeys in (0, 1, 2):
        hands = winning_set(1000 + okeys, args.hands, okeys)
        found = sum(1 for hand, okey in hands if solver.finishes(hand, okey, CLASSIC.scoring))
        finishes_found[okeys] = found
        warmup = winning_set(2000 + okeys, args.hands, okeys)
        report[f"analysis_winning_{okeys}_okeys"] = measure(
            hands, warmup, full_analysis, args.repeats
        )
    report["winning_hands_with_a_finish"] = finishes_found
    deals = deal_set(7, args.hands)
    other_deals = deal_set(8, args.hands)
    report["deficiency_random_deals"] = measure(deals, other_deals, solver.deficiency, args.repeats)
    report["analysis_random_deals"] = measure(deals, other_deals, full_analysis, args.repeats)
    report["peak_rss_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
