"""How hard the Masters' Table is: a strong stand-in in the player's seat.

The player's seat is played by the ``hard`` level (the strongest classic Okey has), with
Auntie Nazmiye opposite, against Captain Rüstem and Mualla the tailor, whole matches
at ``partners`` rules, as the story seats them. Each match's seed gives its shuffles
and the bots' generators, so two runs (before and after a change to the styles) play
the same deals. Reported: the player's side's share of matches won with a 95% Wilson
interval, its share of rounds won, and CPU seconds per match.

Run: ``uv run python benchmarks/masters.py`` (``--matches``, default 120; ``--seed``;
``--json``).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from dataclasses import dataclass

from okey.bots.base import Bot
from okey.bots.hard import HardBot
from okey.engine.events import MatchOver, RoundWon
from okey.engine.match import Match
from okey.rules import load_rules
from okey.story.cast import MASTERS, MASTERS_RULES
from okey.story.styles import STYLES

YOU = 0
SIDE = frozenset({0, 2})


@dataclass
class Tally:
    matches: int = 0
    won: int = 0
    rounds: int = 0
    rounds_won: int = 0
    seconds: float = 0.0

    def figures(self) -> dict[str, float]:
        low, high = wilson(self.won, self.matches)
        return {
            "matches": self.matches,
            "won_share": round(self.won / max(self.matches, 1), 3),
            "won_low": round(low, 3),
            "won_high": round(high, 3),
            "rounds": self.rounds,
            "rounds_won_share": round(self.rounds_won / max(self.rounds, 1), 3),
            "cpu_s_per_match": round(self.seconds / max(self.matches, 1), 2),
        }


def wilson(wins: int, total: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a share."""
    if not total:
        return 0.0, 1.0
    share = wins / total
    centre = share + z * z / (2 * total)
    spread = z * math.sqrt(share * (1 - share) / total + z * z / (4 * total * total))
    scale = 1 + z * z / total
    return (centre - spread) / scale, (centre + spread) / scale


def play_match(seed: int, tally: Tally) -> None:
    rules = load_rules(MASTERS_RULES)
    rng = random.Random(seed)
    bots: list[Bot] = [HardBot(random.Random(rng.random()))]
    bots += [STYLES[who](random.Random(rng.random())) for who in MASTERS]
    match = Match(rules, random.Random(rng.random()), first_dealer=seed % 4)
    started = time.process_time()
    over: MatchOver | None = None
    while over is None:
        events = match.start_round()
        while not match.round_over:
            turn = match.turn
            events += match.apply(turn, bots[turn].choose(match.view(turn)))
        tally.rounds += 1
        for event in events:
            if isinstance(event, RoundWon) and event.seat in SIDE:
                tally.rounds_won += 1
            elif isinstance(event, MatchOver):
                over = event
    tally.seconds += time.process_time() - started
    tally.matches += 1
    tally.won += YOU in over.winners


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=120)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    tally = Tally()
    for number in range(args.matches):
        play_match(args.seed * 1_000_003 + number, tally)
    figures = tally.figures()
    if args.json:
        print(json.dumps(figures, indent=1))
        return
    for name, value in figures.items():
        print(f"{name:>18} {value}")


if __name__ == "__main__":
    main()
