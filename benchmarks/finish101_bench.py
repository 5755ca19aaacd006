"""Okey 101's F at the table: how long the finish search takes on real turns.

F asks :func:`okey.hand.finishing.finish_plan` (through
:func:`okey.games.okey101.laying.finish_for`) with the player's hand after the draw,
the table's combinations, the okey and how the player has opened. The states here
are every such moment of seeded matches of four hard bots (each seat's turn after
its draw and after each lay, opened or not, the table as it stood), so the slow cases are
the ones players meet: a long hand against a table full of combinations holding okeys.

Each state is timed from empty memos (the table asks once per F); the figures are the
median, p90, p99 and the largest in milliseconds, of processor time and of wall time
(one process; on a loaded machine the wall time is mostly waiting for a core), the
processor time of them all, and the goal (p99 at most 50 ms). Beside it, 101's G (the
hint: the master's move, :func:`okey.bots.master.master_move`) on the same turns in the
same run.
Prints one JSON object, every row it measures.
Run: ``uv run python benchmarks/finish101_bench.py [--matches 4] [--seed 101]``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from okey.bots import levels_of
from okey.bots.master import master_move
from okey.engine.match import Match
from okey.engine.view import Phase
from okey.games.okey101.levels import rules_now
from okey.games.okey101.round import Round101
from okey.games.okey101.view import View101
from okey.hand import cover, runvalue
from okey.hand.finishing import Opened, finish_plan
from okey.rules import load_rules

GOAL_P99_MS = 50.0
ROUNDS_A_MATCH = 3


@dataclass(frozen=True)
class Turn:
    """One seat's turn after the draw, as F would see it."""

    view: View101


def turns(matches: int, seed: int) -> list[Turn]:
    """Every turn after a draw (and after each lay) of ``matches`` seeded matches of four
    hard bots, ``ROUNDS_A_MATCH`` rounds each."""
    levels = levels_of("101")
    rules = load_rules("101")
    found: list[Turn] = []
    for number in range(matches):
        bots = [levels["hard"](random.Random(f"{seed}:{number}:{s}")) for s in range(4)]
        match = Match(rules, random.Random(f"{seed}:{number}"))
        for _ in range(ROUNDS_A_MATCH):
            if match.over:
                break
            match.start_round()
            assert isinstance(match.round, Round101)
            while not match.round_over:
                seat = match.turn
                view = match.table_view(seat)
                assert isinstance(view, View101)
                new = not found or found[-1].view.hand != view.hand
                if view.phase is Phase.DISCARD and len(view.hand) >= 2 and new:
                    found.append(Turn(view))
                match.apply(seat, bots[seat].choose(view))
    return found


def clear_caches() -> None:
    runvalue.clear_caches()
    cover.clear_caches()


def finish(view: View101) -> object:
    return finish_plan(
        view.hand, view.table, view.okey, rules_now(view), view.my_opening, view.must_use
    )


def percentile(ordered: Sequence[float], share: float) -> float:
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


def measure(found: Sequence[Turn], work: Callable[[View101], object]) -> dict[str, float]:
    """Each turn from empty memos: the median, p90, p99 and largest of its processor time
    and of its wall time (ms; the machine is shared, so the processor time says what it
    costs a player with a core to spare), and the processor time of them all (s)."""
    walls, cpus = [], []
    for turn in found:
        clear_caches()
        cpu, wall = time.process_time(), time.perf_counter()
        work(turn.view)
        cpus.append((time.process_time() - cpu) * 1000)
        walls.append((time.perf_counter() - wall) * 1000)
    report: dict[str, float] = {}
    for name, times in (("cpu", sorted(cpus)), ("wall", sorted(walls))):
        for label, share in (("median", 0.5), ("p90", 0.9), ("p99", 0.99)):
            report[f"{label}_{name}_ms"] = round(percentile(times, share), 2)
        report[f"max_{name}_ms"] = round(times[-1], 2) if times else 0.0
    report["cpu_s"] = round(sum(cpus) / 1000, 2)
    return report


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=4, help="seeded matches of hard bots")
    parser.add_argument("--seed", type=int, default=101)
    args = parser.parse_args(argv)
    found = turns(args.matches, args.seed)
    load = os.getloadavg()
    finished = measure(found, finish)
    report: dict[str, object] = {
        "python": sys.version.split()[0],
        "turns": len(found),
        "not_opened": sum(1 for t in found if t.view.my_opening is Opened.NOT_YET),
        "finishing": sum(1 for t in found if finish(t.view) is not None),
        "F_finish_plan": finished,
        "G_reference_hint": measure(found, master_move),
        "goal_p99_ms": GOAL_P99_MS,
        "goal_met_cpu": finished["p99_cpu_ms"] <= GOAL_P99_MS,
        "goal_met_wall": finished["p99_wall_ms"] <= GOAL_P99_MS,
        "load_average": [round(x, 2) for x in load],
    }
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
