"""The table session: the match, the bots and their random sources, and the settings.

Its whole state is ``(match, settings, bot rngs, the autopilot's rng)``: a save keeps
exactly that (see :mod:`okey.table.state.persist`). The session knows nothing of keys, speech
or the screen. It is the local :class:`~okey.table.state.seat.SeatLink`: the player's seat
sees the match through it (the view, the events seen by the seat) and moves
through it (:meth:`act`, checked once by the engine); it also plays the bots'
turns, which a table server would play instead.

When the player's time runs out (or autopilot holds the seat), the session chooses the
moves made for them (:attr:`Match.choose_automatic <okey.engine.match.Match.choose_automatic>`):
the choice of the game's bot for it (:attr:`okey.bots.kit.BotsPart.automatic`: at Okey the
medium bot; a game without one plays its round's own automatic moves) from the player's
view, by a bot with its own seeded generator (:attr:`TableSession.autopilot_rng`), so that a
resumed match plays on the same.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterable, Iterator, Mapping, Sequence

from okey import kits
from okey.bots import AnyBot, make_bot
from okey.bots.kit import BotsPart
from okey.engine.actions import Action
from okey.engine.errors import IllegalMoveError
from okey.engine.events import Event, seen_by
from okey.engine.match import Match
from okey.review import RoundReview, review_match
from okey.rules import RuleSet
from okey.table.state.seat import Detail, Done, Outcome, Refused, SeatView, Step
from okey.table.state.settings import TableSettings
from okey.tiles import Tile

__all__ = ["Step", "TableSession", "fresh_rng", "new_session"]


class TableSession:
    """A match in play at this table, seen from the player's seat."""

    def __init__(
        self,
        match: Match,
        settings: TableSettings,
        bot_rngs: dict[int, random.Random],
        *,
        decks: Iterator[Sequence[Tile]] | None = None,
        bots: Mapping[int, AnyBot] | None = None,
        autopilot_rng: random.Random | None = None,
    ) -> None:
        self.match = match
        self.settings = settings
        self.bot_rngs = bot_rngs
        game = match.rules.game
        given = dict(bots) if bots is not None else {}
        # The seats' bots: the given ones (a prepared round's), else the game's levels.
        self.bots: dict[int, AnyBot] = {
            seat: make_bot(settings.levels[seat], rng, game)
            for seat, rng in bot_rngs.items()
            if seat not in given
        } | given
        self.decks = decks  # prepared deals (tests, tutorials); None: shuffle
        # The bot that plays the player's timed-out turns (a table with a timer; a game
        # without one plays the round's own automatic moves).
        self.autopilot_rng = autopilot_rng
        automatic = kits.part(game, "bots", BotsPart).automatic
        if autopilot_rng is not None and automatic is not None:
            match.choose_automatic = automatic(autopilot_rng).choose

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

    def view(self) -> SeatView | None:
        if not self.match.started:
            return None
        return seat_view(self.match, self.you)

    def step(self) -> Step:
        match = self.match
        if match.over:
            return Step.MATCH_OVER
        if match.round_over:
            return Step.ROUND_OVER
        if match.turn == self.you:
            return Step.AUTOPILOT if match.autopilot[self.you] else Step.PLAYER
        return Step.BOT

    def seen(self) -> list[Event]:
        return self._seen(self.match.events)

    def review(self, number: int) -> RoundReview:
        return review_match(self.match, self.you, {number})[0]

    # -- changing the match ----------------------------------------------------

    def act(self, action: Action) -> Outcome:
        """The player's move: the engine checks it once and applies it, or refuses it."""
        try:
            events = self.match.apply(self.you, action)
        except IllegalMoveError as error:
            return refused(error)
        return Done(tuple(self._seen(events)))

    def deal(self) -> Outcome:
        try:
            return Done(tuple(self._seen(self.start_round())))
        except IllegalMoveError as error:
            return refused(error)

    def start_round(self) -> list[Event]:
        """Deal the next round (a prepared deck when there is one); every event."""
        deck = next(self.decks, None) if self.decks is not None else None
        return self.match.start_round(deck)

    def bot_turn(self) -> list[Event]:
        """Play the whole turn of the bot whose turn it is; the events the player saw."""
        match = self.match
        seat = match.turn
        events: list[Event] = []
        bot = self.bots[seat]
        for _ in range(kits.part(match.rules.game, "bots", BotsPart).most_moves_per_turn):
            events += match.apply(seat, bot.choose(seat_view(match, seat)))
            if match.round_over or match.turn != seat:
                break
        return self._seen(events)

    def _seen(self, events: Iterable[Event]) -> list[Event]:
        you = self.you
        return [shown for event in events if (shown := seen_by(event, you)) is not None]


def seat_view(match: Match, seat: int) -> SeatView:
    """What ``seat`` sees of the match: its game's view."""
    return match.table_view(seat)


def refused(error: IllegalMoveError) -> Refused:
    """The engine's refusal for the table: its reason and the numbers and tile it names."""
    details: dict[str, Detail] = {
        name: value
        for name, value in error.fields.items()
        if isinstance(value, int | str | Tile) and not isinstance(value, bool)
    }
    details.pop("okey", None)
    return Refused(error.key, details)


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
    bots: Mapping[int, AnyBot] | None = None,
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
    autopilot = fresh_rng(seed, "autopilot") if rules.play.timer_seconds else None
    return TableSession(match, settings, bot_rngs, decks=decks, bots=bots, autopilot_rng=autopilot)
