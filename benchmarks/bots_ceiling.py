"""How far can ``hard`` go against three ``medium``? Peeking variants set a ceiling.

Each variant is ``hard`` given one piece of hidden information that no player
at the table has (these peekers live here, never in the game):

* ``peek-pile``: its live-tile counts are the exact copies left in the pile;
* ``peek-next-hand``: it sees the next player's hand and, among its best
  discards, throws one that does not lower that player's need when it can;
* ``peek-next-tile``: it knows the pile's top tile, and draws or takes the
  discard on its left by whichever leaves it needing fewer tiles.

If even these stay short of a share, better guessing of the same information
cannot reach it. Seats are rotated; shares carry 95% Wilson intervals.

Run: ``uv run python benchmarks/bots_ceiling.py`` (``--rounds`` per variant,
default 2000; ``--jobs`` worker processes).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from okey.bots import LEVELS, Bot
from okey.bots.evaluate import Discards, Hand, Route, hand_need
from okey.bots.hard import HardBot
from okey.bots.memory import face_index
from okey.engine.actions import Action, DrawFromPile, TakeDiscard
from okey.engine.events import RoundWon
from okey.engine.match import Match
from okey.engine.play import play_round
from okey.engine.view import Phase, PlayerView
from okey.rules import CLASSIC
from okey.tiles import Tile

sys.path.insert(0, str(Path(__file__).parent))
from bots_ladder import wilson

Peek = Callable[[], Match]


class PeekPile(HardBot):
    def __init__(self, rng: random.Random, peek: Peek) -> None:
        super().__init__(rng)
        self.peek = peek

    def pick_discard(self, view: PlayerView) -> Tile:
        hand = Hand.of(view.hand, view.okey)
        discards = Discards(hand, self.route)
        _, faces = discards.best()
        weights = [0.0] * 52
        okeys = 0.0
        for tile in self.peek().round.pile:
            if tile == view.okey:
                okeys += 1
            else:
                weights[face_index(tile, view.okey)] += 1
        return hand.tile(max(faces, key=lambda face: discards.outlook(face).live(weights, okeys)))


class PeekNextHand(HardBot):
    def __init__(self, rng: random.Random, peek: Peek) -> None:
        super().__init__(rng)
        self.peek = peek

    def pick_discard(self, view: PlayerView) -> Tile:
        choice = super().pick_discard(view)
        other = list(self.peek().round.hands[view.next])
        need = hand_need(Hand.of(other, view.okey), Route.COMBINATIONS)

        def feeds(tile: Tile) -> bool:
            return hand_need(Hand.of([*other, tile], view.okey), Route.COMBINATIONS) < need

        if not feeds(choice):
            return choice
        hand = Hand.of(view.hand, view.okey)
        _, faces = Discards(hand, self.route).best()
        safe = [hand.tile(face) for face in faces if not feeds(hand.tile(face))]
        return safe[0] if safe else choice


class PeekNextTile(HardBot):
    def __init__(self, rng: random.Random, peek: Peek) -> None:
        super().__init__(rng)
        self.peek = peek

    def choose(self, view: PlayerView) -> Action:
        pile = self.peek().round.pile
        offered = view.available_discard
        if view.phase is Phase.DRAW and TakeDiscard() in view.legal and pile and offered:
            take = hand_need(Hand.of([*view.hand, offered], view.okey), self.route)
            draw = hand_need(Hand.of([*view.hand, pile[-1]], view.okey), self.route)
            if take != draw:
                return TakeDiscard() if take < draw else DrawFromPile()
        return super().choose(view)


VARIANTS: dict[str, Callable[[random.Random, Peek], Bot]] = {
    "hard": lambda rng, peek: HardBot(rng),
    "peek-pile": PeekPile,
    "peek-next-hand": PeekNextHand,
    "peek-next-tile": PeekNextTile,
}


def play(job: tuple[str, int, int, int]) -> tuple[str, int, int]:
    variant, seat, rounds, seed = job
    current: list[Match] = []
    bots: list[Bot] = [LEVELS["medium"](random.Random(f"{seed}:{s}")) for s in range(4)]
    bots[seat] = VARIANTS[variant](random.Random(f"{seed}:{seat}"), lambda: current[-1])
    wins = played = matches = 0
    while played < rounds:
        current.append(Match(CLASSIC, random.Random(f"{seed}:{matches}")))
        matches += 1
        match = current[-1]
        while not match.over and played < rounds:
            start = len(match.events)
            play_round(match, lambda s, view: bots[s].choose(view))
            played += 1
            wins += sum(isinstance(e, RoundWon) and e.seat == seat for e in match.events[start:])
    return variant, wins, played


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2000, help="rounds per variant")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    per_seat = max(1, args.rounds // 4)
    work = [
        (variant, seat, per_seat, args.seed * 1000 + 20 + seat)  # the ladder's hard seeds
        for variant in VARIANTS
        for seat in range(4)
    ]
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(play, work))
    report: list[dict[str, Any]] = []
    for variant in VARIANTS:
        wins = sum(w for v, w, _ in results if v == variant)
        total = sum(n for v, _, n in results if v == variant)
        low, high = wilson(wins, total)
        report.append(
            {
                "variant": variant,
                "against": "3 x medium",
                "rounds": total,
                "wins": wins,
                "win_share": round(wins / total, 4),
                "interval_95": [round(low, 4), round(high, 4)],
            }
        )
    print(json.dumps({"seed": args.seed, "ceiling": report}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
