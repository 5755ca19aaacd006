"""``okey simulate --rules 101``: each seat's finishes, points a round, penalties and
openings (runs and sets, pairs), the rounds that ended with the pile and the cancelled
ones (not counted toward ``--rounds``).

Seats are 101 levels or plug-in bots (``module:callable`` or ``file.py:callable``, as
for Okey: docs/bots.md). A plug-in is guarded as at Okey
(:class:`okey.bots.plugins.Guarded101`): a move that raises, takes longer than the
time limit or that the table refuses is played by the easy level instead, and the
incident reported. A ``process:`` seat is refused: its child speaks Okey's views only.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

from okey.bots.plugins import (
    BotFailure,
    Guarded101,
    PluginError,
    bots_own_code,
    is_plugin_name,
    load_factory,
)
from okey.bots.process import PREFIX as PROCESS_PREFIX
from okey.bots.process import is_process_name
from okey.commands.simulate_kit import Seating, SimulatePart
from okey.engine.actions import Action
from okey.engine.events import Event
from okey.games.okey101.events import Opened101, Penalised101, RoundCancelled101, RoundScored101
from okey.games.okey101.levels import LEVELS_101, Bot101, make_bot101
from okey.games.okey101.view import View101


@dataclass
class Seat101:
    bot: str
    finishes: int = 0
    points: int = 0
    penalties: int = 0
    opened: int = 0  # rounds opened with runs and sets
    opened_pairs: int = 0
    okey_finishes: int = 0


@dataclass
class Tally101:
    """A 101 run's figures: a round counts once it is scored (a cancelled one does not)."""

    seats: list[Seat101]
    rounds: int = 0
    pile_out: int = 0
    cancelled: int = 0

    def count(self, event: Event) -> None:
        match event:
            case Opened101():
                opener = self.seats[event.seat]
                if event.pairs:
                    opener.opened_pairs += 1
                else:
                    opener.opened += 1
            case Penalised101():
                self.seats[event.seat].penalties += 1
            case RoundCancelled101():
                self.cancelled += 1
            case RoundScored101():
                self.rounds += 1
                if event.finisher is None:
                    self.pile_out += 1
                else:
                    self.seats[event.finisher].finishes += 1
                    self.seats[event.finisher].okey_finishes += event.okey_finish
                for seat, points in enumerate(event.points):
                    self.seats[seat].points += points
            case _:
                pass  # nothing else is counted

    def totals(self) -> dict[str, int]:
        return {"pile_out": self.pile_out, "cancelled": self.cancelled}

    def seat_figures(self) -> list[dict[str, Any]]:
        rounds = self.rounds
        return [
            {
                "bot": s.bot,
                "finishes": s.finishes,
                "finish_share": round(s.finishes / rounds, 4) if rounds else 0.0,
                "points": s.points,
                "mean_points": round(s.points / rounds, 2) if rounds else 0.0,
                "penalties": s.penalties,
                "opened": s.opened,
                "opened_pairs": s.opened_pairs,
                "okey_finishes": s.okey_finishes,
            }
            for s in self.seats
        ]

    def seat_words(self) -> list[dict[str, Any]]:
        return [
            {
                "bot": s.bot,
                "finishes": s.finishes,
                "share": figures["finish_share"],
                "mean": figures["mean_points"],
                "penalties": s.penalties,
                "opened": s.opened,
                "pairs": s.opened_pairs,
            }
            for s, figures in zip(self.seats, self.seat_figures(), strict=True)
        ]

    def team_words(self, team: Sequence[int]) -> dict[str, Any]:
        """Eşli 101: a team's finishes and points are its two seats' added up."""
        seats = [self.seats[s] for s in team]
        finishes = sum(s.finishes for s in seats)
        points = sum(s.points for s in seats)
        rounds = self.rounds
        return {
            "bots": ", ".join(s.bot for s in seats),
            "finishes": finishes,
            "share": round(finishes / rounds, 4) if rounds else 0.0,
            "points": points,
            "mean": round(points / rounds, 2) if rounds else 0.0,
        }


def _tally(names: Sequence[str]) -> Tally101:
    return Tally101([Seat101(name) for name in names])


def _check_plugin(name: str) -> PluginError | None:
    """Why ``name`` (no 101 level) cannot sit at a 101 table, or None."""
    if is_process_name(name):
        return PluginError("process_101", spec=name.removeprefix(PROCESS_PREFIX))
    if not is_plugin_name(name):
        return PluginError("unknown_file", name=name, known=", ".join(LEVELS_101))
    try:
        load_factory(name)
    except PluginError as exc:
        return exc
    return None


def _plugin(name: str, rng: random.Random, seating: Seating) -> Guarded101:
    """A plug-in made from its factory, guarded: the easy level plays a move it fails."""
    factory = load_factory(name)
    try:
        with bots_own_code():  # a plug-in may fail in any way, sys.exit included
            made = factory(rng)
    except BotFailure as exc:
        raise PluginError("make", spec=name, reason=exc) from None
    fallback = make_bot101("easy", random.Random(f"{seating.seed}:easy:{seating.seat}"))

    def accepts(view: View101, action: Action) -> bool:
        return seating.accepts(view.seat, action)

    return Guarded101(
        cast(Bot101, made),
        fallback,
        accepts,
        time_limit=seating.time_limit,
        on_incident=seating.on_incident,
    )


PART = SimulatePart(
    tally=_tally,
    summary="simulate101.summary",
    seat="simulate101.seat",
    team="simulate101.team",
    head={"game": "101"},
    rate_digits=2,
    check_plugin=_check_plugin,
    plugin=_plugin,
)
