"""How the Apartment Table's neighbours differ: each style against three ``medium``.

Each style sits in every seat in turn (the same deals for every style: the seed
gives each round's shuffle) against three medium bots at ``short`` rules, and the
figures are counted from the engine's events:

* takes per round: discards the style took from its left;
* pairs finishes: of its finishes, those with seven pairs;
* okeys thrown: okeys it threw away without finishing, per 100 rounds;
* fed: its discards the next seat took, per round;
* won: the share of rounds it finished; lost: points it lost per round.

``okey simulate --seats okey.story.styles:Gulsum,medium,medium,medium`` plays a
style as a plug-in too. Run: ``uv run python benchmarks/neighbours.py`` (``--rounds``
per style, default 400; ``--json``).
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from okey.bots.base import Bot
from okey.bots.medium import MediumBot
from okey.engine.events import Discarded, IndicatorTurned, RoundWon, TookDiscard
from okey.engine.match import Match
from okey.hand.scoring import FinishKind
from okey.rules import load_rules
from okey.story.styles import STYLES


@dataclass
class Tally:
    rounds: int = 0
    takes: int = 0
    wins: int = 0
    pairs: int = 0
    okeys_thrown: int = 0
    fed: int = 0
    lost: int = 0
    seconds: float = 0.0

    def figures(self) -> dict[str, float]:
        per = max(self.rounds, 1)
        return {
            "rounds": self.rounds,
            "takes_per_round": round(self.takes / per, 3),
            "won_share": round(self.wins / per, 3),
            "pairs_of_finishes": round(self.pairs / max(self.wins, 1), 3),
            "okeys_thrown_per_100": round(100 * self.okeys_thrown / per, 2),
            "fed_per_round": round(self.fed / per, 3),
            "points_lost_per_round": round(self.lost / per, 3),
            "cpu_ms_per_round": round(1000 * self.seconds / per, 1),
        }


def play_rounds(style: Callable[[random.Random], Bot], rounds: int, seed: int) -> Tally:
    rules = load_rules("short")
    tally = Tally()
    number = 0
    while tally.rounds < rounds:
        seat = number % 4
        rng = random.Random(seed * 1_000_003 + number)
        bots: list[Bot] = [MediumBot(random.Random(rng.random())) for _ in range(4)]
        bots[seat] = style(random.Random(rng.random()))
        match = Match(rules, random.Random(rng.random()), first_dealer=number % 4)
        started = time.process_time()
        events = match.start_round()
        while not match.round_over:
            turn = match.turn
            events += match.apply(turn, bots[turn].choose(match.view(turn)))
        tally.seconds += time.process_time() - started
        okey = next(event.okey for event in events if isinstance(event, IndicatorTurned))
        for event in events:
            match event:
                case TookDiscard(seat=taker, source=source):
                    tally.takes += taker == seat
                    tally.fed += source == seat
                case Discarded(seat=thrower, tile=tile) if thrower == seat and tile == okey:
                    tally.okeys_thrown += 1
                case RoundWon() as won:
                    if won.seat == seat:
                        tally.wins += 1
                        tally.pairs += won.kind is FinishKind.PAIRS
                    if seat in won.losers:
                        tally.lost += won.points
                case _:
                    pass
        tally.rounds += 1
        number += 1
    return tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    styles: dict[str, Callable[[random.Random], Bot]] = {"medium": MediumBot, **STYLES}
    results = {
        name: play_rounds(make, args.rounds, args.seed).figures() for name, make in styles.items()
    }
    if args.json:
        print(json.dumps(results, indent=1))
        return
    columns = list(next(iter(results.values())))
    print("style".ljust(9) + "".join(column[:22].rjust(23) for column in columns))
    for name, figures in results.items():
        print(name.ljust(9) + "".join(str(figures[column]).rjust(23) for column in columns))


if __name__ == "__main__":
    main()
