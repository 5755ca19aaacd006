"""Helpers for the saves tests (no tests here): a scripted table whose every seat's
moves depend only on its view and its own generator, so two tables in the same
state play the same future."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engine_support import okey_board

from okey.bots import Bot, make_bot
from okey.engine import Match, Phase, PlayerView, Resume, TimeOut
from okey.engine.actions import Action
from okey.engine.events import Event
from okey.rules import load_rules
from okey.saves import RngState, SaveData, restore_bot_rngs, restore_match, snapshot

PERSON = 0


def person_move(view: PlayerView) -> Action:
    """The scripted person at seat 0: a move chosen from the view alone (sometimes
    letting the clock run out or coming back from autopilot, on a table with a timer)."""
    key = sum(tile.code for tile in view.hand) + view.pile_count * 7 + view.round_number
    if view.seat in view.autopilot and key % 3 == 0:
        return Resume()
    if view.rules.play.timer_seconds and key % 4 == 0:
        return TimeOut()
    return view.legal[key % len(view.legal)]


class Table:
    """A match with a scripted person at seat 0 and random bots, each with its own rng."""

    def __init__(self, match: Match, bot_rngs: list[random.Random | None]) -> None:
        self.match = match
        self.bot_rngs = bot_rngs
        self.bots: dict[int, Bot] = {
            seat: make_bot("random", rng) for seat, rng in enumerate(bot_rngs) if rng is not None
        }

    @classmethod
    def new(cls, rules: str, seed: int) -> Table:
        match = Match(load_rules(rules), random.Random(seed))
        rngs: list[random.Random | None] = [
            None if seat == PERSON else random.Random(seed * 100 + seat)
            for seat in range(match.players)
        ]
        return cls(match, rngs)

    @classmethod
    def resumed(cls, data: SaveData) -> Table:
        return cls(restore_match(data), restore_bot_rngs(data))

    def save(self, **settings: Any) -> SaveData:
        names = ["You", "Ayşe", "Bob", "Cem"][: self.match.players]
        return snapshot(
            self.match,
            bot_rngs=self.bot_rngs,
            settings={"names": names, **settings},
            label="test",
            names=names,
        )

    def step(self) -> list[Event]:
        """One thing happens: the next deal, or the seat to play makes its move."""
        match = self.match
        if match.round_over:
            return match.start_round()
        seat = match.turn
        view = match.view(seat)
        bot = self.bots.get(seat)
        action = bot.choose(view) if bot is not None else person_move(view)
        return match.apply(seat, action)

    def play(self, steps: int) -> list[Event]:
        events: list[Event] = []
        for _ in range(steps):
            if self.match.over:
                break
            events += self.step()
        return events

    def play_until(self, done: Callable[[Match], bool], most: int = 2000) -> None:
        for _ in range(most):
            if done(self.match):
                return
            if self.match.over:
                break
            self.step()
        raise AssertionError("the table never reached the state wanted")


def state_of(match: Match) -> dict[str, Any]:
    """Everything the match holds (hands and piles in order, views of every seat,
    scores, the event stream, the random state), for comparing two matches."""
    state: dict[str, Any] = {
        "rules": match.rules,
        "first_dealer": match.first_dealer,
        "rounds_played": match.rounds_played,
        "scores": match.scores,
        "board": list(okey_board(match).values),
        "timeouts": list(match.timeouts),
        "autopilot": list(match.autopilot),
        "last_finisher": match.last_finisher,
        "over": match.over,
        "standings": match.standings,
        "events": list(match.events),
        "record": match.record,
        "rng": RngState.of(match.rng),
        "started": match.started,
    }
    if match.started:
        skip = {"board", "rules"}
        state["round"] = {k: v for k, v in vars(match.round).items() if k not in skip}
        state["views"] = [match.view(seat) for seat in range(match.players)]
        state["phase"] = match.phase
    return state


def in_phase(phase: Phase) -> Callable[[Match], bool]:
    return lambda match: match.started and not match.round_over and match.round.phase is phase
