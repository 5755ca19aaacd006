"""The table session: the match, the bots and their random sources, and the settings.

Its whole state is ``(match, settings, bot rngs)``: a save keeps exactly that
(see :mod:`okey.table.persist`). The session knows nothing of keys, speech or
the screen; it applies the player's moves, plays the bots' turns and says
what should happen next.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterator, Mapping, Sequence
from enum import Enum

from okey.bots import Bot, make_bot
from okey.engine.actions import Action, TimeOut
from okey.engine.errors import IllegalMoveError
from okey.engine.events import Event
from okey.engine.match import Match
from okey.engine.view import PlayerView
from okey.hand.tiles import Tile
from okey.rules import RuleSet
from okey.table.settings import TableSettings

MOST_MOVES_PER_TURN = 8  # a bot's turn is a few moves (show, declare, draw, discard)


class Step(Enum):
    """What the table waits for."""

    PLAYER = "player"  # the player's move
    AUTOPILOT = "autopilot"  # the game plays the player's seat (after timeouts)
    BOT = "bot"  # a bot's turn
    ROUND_OVER = "round_over"  # the player starts the next round
    MATCH_OVER = "match_over"


class TableSession:
    """A match in play at this table."""

    def __init__(
        self,
        match: Match,
        settings: TableSettings,
        bot_rngs: dict[int, random.Random],
        *,
        decks: Iterator[Sequence[Tile]] | None = None,
        bots: Mapping[int, Bot] | None = None,
    ) -> None:
        self.match = match
        self.settings = settings
        self.bot_rngs = bot_rngs
        self.bots: dict[int, Bot] = (
            dict(bots)
            if bots is not None
            else {seat: make_bot(settings.levels[seat], rng) for seat, rng in bot_rngs.items()}
        )
        self.decks = decks  # prepared deals (tests, tutorials); None: shuffle

    @property
    def you(self) -> int:
        return self.settings.you

    @property
    def rules(self) -> RuleSet:
        return self.match.rules

    @property
    def version(self) -> int:
        """Grows with every change to the match (the number of events so far)."""
        return len(self.match.events)

    def view(self) -> PlayerView:
        return self.match.view(self.you)

    def step(self) -> Step:
        match = self.match
        if match.over:
            return Step.MATCH_OVER
        if match.round_over:
            return Step.ROUND_OVER
        if match.turn == self.you:
            return Step.AUTOPILOT if match.autopilot[self.you] else Step.PLAYER
        return Step.BOT

    # -- changing the match ----------------------------------------------------

    def start_round(self) -> list[Event]:
        deck = next(self.decks, None) if self.decks is not None else None
        return self.match.start_round(deck)

    def why_not(self, action: Action) -> IllegalMoveError | None:
        try:
            self.match.check(self.you, action)
        except IllegalMoveError as error:
            return error
        return None

    def act(self, action: Action) -> list[Event]:
        """The player's move (checked: raises IllegalMoveError)."""
        return self.match.apply(self.you, action)

    def time_out(self) -> list[Event]:
        """The turn clock ran out, or autopilot plays: the engine moves for the player."""
        return self.match.apply(self.you, TimeOut())

    def bot_turn(self) -> list[Event]:
        """Play the whole turn of the bot whose turn it is."""
        match = self.match
        seat = match.turn
        bot = self.bots[seat]
        events: list[Event] = []
        for _ in range(MOST_MOVES_PER_TURN):
            events += match.apply(seat, bot.choose(match.view(seat)))
            if match.round_over or match.turn != seat:
                break
        return events


def fresh_rng(seed: int | None, label: str) -> random.Random:
    """A seeded random source (a fresh one from the system when there is no seed)."""
    if seed is None:
        return random.Random(secrets.randbits(64))
    return random.Random(f"{seed}:{label}")


def new_session(
    rules: RuleSet,
    settings: TableSettings,
    *,
    decks: Iterator[Sequence[Tile]] | None = None,
    first_dealer: int | None = None,
    bots: Mapping[int, Bot] | None = None,
) -> TableSession:
    """A new match at this table (no round dealt yet); ``bots`` seats given bots
    (a prepared round's) instead of the settings' levels."""
    seed = settings.seed
    match = Match(rules, fresh_rng(seed, "match"), first_dealer=first_dealer)
    bot_rngs = {
        seat: fresh_rng(seed, f"bot:{seat}")
        for seat in range(rules.table.players)
        if seat != settings.you
    }
    return TableSession(match, settings, bot_rngs, decks=decks, bots=bots)
