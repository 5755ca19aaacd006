"""``okey simulate`` at a classic table: each seat's wins, points lost, indicator shows
and finishes (runs and sets, pairs, by an okey discard), and the drawn rounds; plug-in
seats as docs/bots.md says (``module:callable``, ``file.py:callable``, ``process:``)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, assert_never

from okey.bots import LEVELS, Bot
from okey.bots.plugins import PluginError, check_seat_name, seat_bot
from okey.commands.simulate_kit import Seating, SimulatePart
from okey.engine.events import (
    AutopilotChanged,
    Dealt,
    DeclaredPairs,
    DeclinedDiscard,
    DiceThrown,
    Discarded,
    Drew,
    Event,
    GameEvent,
    IndicatorTurned,
    MatchOver,
    RoundDrawn,
    RoundStarted,
    RoundWon,
    ShowedIndicator,
    TimedOut,
    TookDiscard,
    TurnedToOkey,
)
from okey.hand.scoring import FinishKind


@dataclass
class SeatStats:
    bot: str
    wins: int = 0
    points_lost: int = 0
    shows: int = 0
    combinations: int = 0
    pairs: int = 0
    okey_discard: int = 0


@dataclass
class OkeyTally:
    """A classic run's figures: every round played counts, won or drawn."""

    seats: list[SeatStats]
    rounds: int = 0
    drawn: int = 0

    def count(self, event: Event) -> None:
        match event:
            case ShowedIndicator():
                self.seats[event.seat].shows += 1
                for loser in event.losers:
                    self.seats[loser].points_lost += event.penalty
            case RoundWon():
                self.rounds += 1
                stats = self.seats[event.seat]
                stats.wins += 1
                if event.kind is FinishKind.PAIRS:
                    stats.pairs += 1
                else:
                    stats.combinations += 1
                stats.okey_discard += event.okey_discard
                for loser in event.losers:
                    self.seats[loser].points_lost += event.points
            case RoundDrawn():
                self.rounds += 1
                self.drawn += 1
            case (
                RoundStarted()
                | DiceThrown()
                | Dealt()
                | IndicatorTurned()
                | Drew()
                | TookDiscard()
                | Discarded()
                | TurnedToOkey()
                | DeclaredPairs()
                | DeclinedDiscard()
                | TimedOut()
                | AutopilotChanged()
                | MatchOver()
                | GameEvent()  # another game's: never at a classic table
            ):
                pass  # nothing to count
            case _:
                assert_never(event)

    def totals(self) -> dict[str, int]:
        return {"drawn": self.drawn}

    def seat_figures(self) -> list[dict[str, Any]]:
        return [
            {
                "bot": s.bot,
                "wins": s.wins,
                "win_share": round(s.wins / self.rounds, 4) if self.rounds else 0.0,
                "points_lost": s.points_lost,
                "shows": s.shows,
                "finishes": {
                    "combinations": s.combinations,
                    "pairs": s.pairs,
                    "okey_discard": s.okey_discard,
                },
            }
            for s in self.seats
        ]

    def seat_words(self) -> list[dict[str, Any]]:
        return [
            {
                "bot": s.bot,
                "wins": s.wins,
                "share": s.wins / self.rounds if self.rounds else 0.0,
                "lost": s.points_lost,
                "shows": s.shows,
                "combinations": s.combinations,
                "pairs": s.pairs,
                "okey": s.okey_discard,
            }
            for s in self.seats
        ]

    def team_words(self, team: Sequence[int]) -> dict[str, Any]:
        """Partners share one score: the team's wins are both seats', its loss either's."""
        seats = [self.seats[s] for s in team]
        wins = sum(s.wins for s in seats)
        return {
            "bots": ", ".join(s.bot for s in seats),
            "wins": wins,
            "share": wins / self.rounds if self.rounds else 0.0,
            "lost": seats[0].points_lost,
        }


def _tally(names: Sequence[str]) -> OkeyTally:
    return OkeyTally([SeatStats(name) for name in names])


def _check_plugin(name: str) -> PluginError | None:
    return check_seat_name(name, LEVELS)


def _plugin(name: str, rng: random.Random, seating: Seating) -> Bot:
    return seat_bot(
        name, rng, LEVELS, time_limit=seating.time_limit, on_incident=seating.on_incident
    )


PART = SimulatePart(
    tally=_tally,
    summary="simulate.summary",
    seat="simulate.seat",
    team="simulate.team",
    head={},
    rate_digits=1,
    check_plugin=_check_plugin,
    plugin=_plugin,
)
