"""The hard bot's decision times, this tree beside an earlier commit: prints one JSON object.

Both sides play the same seeded matches through ``okey simulate``'s engine loop, each
in its own process (the earlier commit's ``src`` taken with ``git archive``), in
alternating chunks so that both meet the same load on a shared machine. Every decision
of the ``hard`` seats is timed; the median and p99 of each side, their ratios and the
load average are reported. The matches themselves are the same on both sides when the
bots' answers did not change.

Run: ``uv run python benchmarks/hard_decisions.py --before df1ea60`` (``--chunks`` and
``--rounds`` per chunk; without ``--before`` only this tree is timed).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Sequence
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Runs in a fresh interpreter whose okey is the side's tree; prints the hard seats'
# decision times (ms) and a digest of the results, as JSON.
PLAY = """
import json, sys
from okey.commands.simulate import simulate
from okey.rules import load_rules
rules, seats, rounds, seed = sys.argv[1], sys.argv[2].split(","), int(sys.argv[3]), int(sys.argv[4])
sim = simulate(load_rules(rules), seats, rounds, seed)
wins = [seat.wins for seat in sim.seats]
print(json.dumps({"times": sim.decisions.get("hard", []), "wins": wins, "drawn": sim.drawn}))
"""


def source_tree(revision: str, folder: Path) -> Path:
    """The ``src`` and ``rules`` folders of ``revision``, unpacked into ``folder``."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", revision, "src", "rules"],
        check=True,
        capture_output=True,
    ).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        if hasattr(tarfile, "data_filter"):  # Python 3.11.4 and later
            tar.extractall(folder, filter="data")
        else:  # pragma: no cover - older 3.11
            tar.extractall(folder)  # our own repository's archive
    return folder / "src"


def play(src: Path, rules: str, seats: str, rounds: int, seed: int) -> dict[str, object]:
    env = dict(os.environ, PYTHONPATH=str(src))
    done = subprocess.run(
        [sys.executable, "-c", PLAY, rules, seats, str(rounds), str(seed)],
        check=True,
        capture_output=True,
        text=True,
        cwd=src.parent,
        env=env,
    )
    result: dict[str, object] = json.loads(done.stdout)
    return result


def timing(times: list[float]) -> dict[str, float]:
    ordered = sorted(times)
    if not ordered:
        return {"decisions": 0, "median_ms": 0.0, "p99_ms": 0.0, "mean_ms": 0.0}
    return {
        "decisions": len(ordered),
        "median_ms": round(statistics.median(ordered), 3),
        "p99_ms": round(ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))], 3),
        "mean_ms": round(statistics.fmean(ordered), 3),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", metavar="REV", help="earlier commit to time beside this tree")
    parser.add_argument("--rules", default="classic")
    parser.add_argument("--seats", default="hard,hard,hard,hard")
    parser.add_argument("--rounds", type=int, default=8, help="rounds per chunk")
    parser.add_argument("--chunks", type=int, default=4, help="chunks per side (seeds 1..)")
    args = parser.parse_args(argv)
    report: dict[str, object] = {
        "rules": args.rules,
        "seats": args.seats,
        "rounds": args.rounds * args.chunks,
        "load_average_start": [round(x, 2) for x in os.getloadavg()],
    }
    with tempfile.TemporaryDirectory() as folder:
        sides = {"after": ROOT / "src"}
        if args.before:
            sides = {"before": source_tree(args.before, Path(folder)), **sides}
        times: dict[str, list[float]] = {side: [] for side in sides}
        results: dict[str, list[object]] = {side: [] for side in sides}
        for chunk in range(args.chunks):
            for side, src in sides.items():
                played = play(src, args.rules, args.seats, args.rounds, chunk + 1)
                played_times = played.pop("times")
                assert isinstance(played_times, list)
                times[side] += played_times
                results[side].append(played)
    report["load_average_end"] = [round(x, 2) for x in os.getloadavg()]
    for side in sides:
        report[side] = timing(times[side])
    if args.before:
        before, after = timing(times["before"]), timing(times["after"])
        report["same_results"] = results["before"] == results["after"]
        report["median_before_over_after"] = round(before["median_ms"] / after["median_ms"], 2)
        report["p99_before_over_after"] = round(before["p99_ms"] / after["p99_ms"], 2)
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
