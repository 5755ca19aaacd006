"""Solver benchmark: prints one JSON object.

Fixed seeded sets: random 15-tile deals, and winning 15-tile hands (a
finished hand plus one drawn tile) holding 0, 1 and 2 okeys. Measures full
15-tile analyses (win check and every winning discard) per second on the
winning sets and deficiency evaluations per second on the random deals.
Every rate is measured from empty memos ("cold") and after a warm-up on a
different seeded set ("warm"); medians over the repeats are reported.

Beside a reference in the same run (issue 29): the deficiency of random 14-tile
hands next to the pure-Python shanten of the ``mahjong`` package (a dev
dependency) on random 14-tile mahjong hands, repeats interleaved, as a ratio;
and ``okey hand --batch --json``'s work for one line (parse, analyse, JSON) on
finished 15-tile hands, with and without the sentences the command also words
today, beside the goal of 3,000 lines a second.

Rates are per second of this process's CPU time (``--clock wall`` for the wall
clock): on a shared machine other programs then slow the figures less, and the
ratios measured side by side hold either way. The load average is reported.
Run: ``uv run python benchmarks/solver_bench.py``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import sys
import time
from collections.abc import Callable, Sequence

from okey.hand import solver
from okey.hand.analysis import analyse, to_json
from okey.hand.handgen import random_deal, winning_hand
from okey.hand.notation import format_tiles, parse_tile, parse_tiles
from okey.rules import CLASSIC
from okey.tiles import ALL_FACES, Tile, full_set, indicator_for

clock = time.process_time
BATCH_GOAL = 3000  # lines a second (issue 29)

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


def full_analysis(hand: list[Tile], okey: Tile) -> object:
    return solver.finishes(hand, okey, CLASSIC.scoring)


def deal_set(seed: int, size: int, tiles: int = 15) -> list[Hand]:
    rng = random.Random(seed)
    hands = []
    for _ in range(size):
        okey = rng.choice(ALL_FACES)
        hands.append((random_deal(rng, tiles, okey), okey))
    return hands


def rate(hands: Sequence[Hand], work: Callable[[list[Tile], Tile], object]) -> float:
    start = clock()
    for hand, okey in hands:
        work(hand, okey)
    return len(hands) / (clock() - start)


def mahjong_hands(seed: int, size: int) -> list[list[int]]:
    """Random 14-tile riichi hands (34-kind counts) from the 136-tile wall."""
    rng = random.Random(seed)
    wall = [kind for kind in range(34) for _ in range(4)]
    hands = []
    for _ in range(size):
        counts = [0] * 34
        for kind in rng.sample(wall, 14):
            counts[kind] += 1
        hands.append(counts)
    return hands


def deficiency_beside_mahjong(size: int, repeats: int) -> dict[str, object]:
    """Our deficiency on random 14-tile hands (cold and warm, as :func:`measure`) and the
    ``mahjong`` package's shanten on random 14-tile hands, repeats interleaved."""
    shanten: Callable[[list[int]], int] | None
    try:
        from mahjong.shanten import Shanten

        shanten = Shanten.calculate_shanten
    except ImportError:  # pragma: no cover - the dev dependency is missing
        shanten = None
    hands = deal_set(17, size, 14)
    warmup = deal_set(18, size, 14)
    riichi = mahjong_hands(19, size)
    cold: list[float] = []
    warm: list[float] = []
    reference: list[float] = []
    for _ in range(repeats):
        solver.clear_caches()
        cold.append(rate(hands, solver.deficiency))
        solver.clear_caches()
        rate(warmup, solver.deficiency)
        warm.append(rate(hands, solver.deficiency))
        if shanten is not None:
            start = clock()
            for counts in riichi:
                shanten(counts)
            reference.append(len(riichi) / (clock() - start))
    result: dict[str, object] = {
        "cold_median_per_s": round(statistics.median(cold)),
        "warm_median_per_s": round(statistics.median(warm)),
    }
    if reference:
        mahjong = statistics.median(reference)
        result["mahjong_shanten_median_per_s"] = round(mahjong)
        result["cold_over_mahjong"] = round(statistics.median(cold) / mahjong, 2)
        result["warm_over_mahjong"] = round(statistics.median(warm) / mahjong, 2)
    else:
        result["mahjong_shanten_median_per_s"] = None
    return result


def batch_lines(hands: Sequence[Hand]) -> list[str]:
    """Batch-file lines ('indicator: tiles') of the hands."""
    return [f"{indicator_for(okey)}: {format_tiles(hand)}" for hand, okey in hands]


def batch_rates(lines: Sequence[str], repeats: int) -> dict[str, object]:
    """Lines a second of ``okey hand --batch --json``'s work: parse, analyse and print
    the JSON; and the same with the sentences, which the command words today even for
    ``--json`` (each repeat from empty memos, as a new ``okey hand`` process starts)."""
    from okey.games.okey.hand import describe
    from okey.messages import load_catalogue

    catalogue = load_catalogue("en")

    def json_only(text: str) -> object:
        indicator, _, tiles = text.partition(":")
        analysis = analyse(parse_tiles(tiles), parse_tile(indicator), CLASSIC.scoring)
        return json.dumps({"line": 1, **to_json(analysis)}, ensure_ascii=False)

    def with_words(text: str) -> object:
        indicator, _, tiles = text.partition(":")
        analysis = analyse(parse_tiles(tiles), parse_tile(indicator), CLASSIC.scoring)
        describe(analysis, catalogue)
        return json.dumps({"line": 1, **to_json(analysis)}, ensure_ascii=False)

    rates: dict[str, list[float]] = {"json": [], "json_and_sentences": []}
    for _ in range(repeats):
        for name, work in (("json", json_only), ("json_and_sentences", with_words)):
            solver.clear_caches()
            start = clock()
            for text in lines:
                work(text)
            rates[name].append(len(lines) / (clock() - start))
    json_rate = statistics.median(rates["json"])
    return {
        "lines": len(lines),
        "json_median_per_s": round(json_rate),
        "json_and_sentences_median_per_s": round(statistics.median(rates["json_and_sentences"])),
        "goal_per_s": BATCH_GOAL,
        "json_over_goal": round(json_rate / BATCH_GOAL, 2),
    }


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
    parser.add_argument(
        "--clock", choices=("cpu", "wall"), default="cpu", help="what a rate counts"
    )
    args = parser.parse_args(argv)
    global clock
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    report: dict[str, object] = {
        "hands_per_set": args.hands,
        "python": sys.version.split()[0],
        "clock": args.clock,
        "load_average_start": [round(x, 2) for x in os.getloadavg()],
    }
    report["deficiency_random_14_beside_mahjong"] = deficiency_beside_mahjong(
        args.hands, args.repeats
    )
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
    finished = [
        hand for okeys in (0, 1, 2) for hand in winning_set(3000 + okeys, args.hands // 3, okeys)
    ]
    report["hand_batch_finished_15"] = batch_rates(batch_lines(finished), args.repeats)
    report["load_average_end"] = [round(x, 2) for x in os.getloadavg()]
    report["peak_rss_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
