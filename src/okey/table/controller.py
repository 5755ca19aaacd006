"""The table: one player's seat at a match, with its rack, its voice and what is open.

Everything the player does goes through :meth:`Table.press` (a key name) or
:meth:`Table.run` (a command), routed by :mod:`okey.table.router` to a handler;
the front end plays the others' turns with :meth:`Table.play_bot` and the clock
with :meth:`Table.tick`. Every change is told in one step (:mod:`okey.table.change`).
The table knows the match only through its seat (:class:`~okey.table.seat.SeatLink`).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Protocol

from okey.engine.actions import TimeOut
from okey.engine.events import Event
from okey.engine.view import PlayerView
from okey.hand.tiles import Tile
from okey.messages import CATALOGUE, Catalogue
from okey.review import RoundReview
from okey.speech import Speaker
from okey.table import leaving, moves, prompts, router, status
from okey.table.change import Seen, turn_begins, win_alert
from okey.table.clock import Tick, TurnClock
from okey.table.keys import Command, command_for, spoken_key
from okey.table.lines import Line, Speech
from okey.table.menu import Asking, Menu, Option
from okey.table.narration import TableNarrator, indicator_line
from okey.table.rack import Rack
from okey.table.seat import Done, SeatLink, SeatState, Step
from okey.table.seats import Seats
from okey.table.session import TableSession
from okey.table.voice import Voice
from okey.table.words import Words


class Saver(Protocol):
    """Keeps the table on disk (see :mod:`okey.table.persist`)."""

    def save(self, name: str | None = None) -> str:
        """Save under ``name`` (default: the date and time); returns the name used."""

    def autosave(self) -> None: ...


class Guide(Protocol):
    """A layer that leads the player (the tutorial): it may refuse a command, and
    it hears of every command carried out and every change to the match."""

    def welcome(self) -> Speech:
        """The first words at the table, instead of the table's own welcome."""

    def farewell(self) -> Speech:
        """The last words, instead of the table's own."""

    def allows(self, command: Command | None) -> bool:
        """Whether the table may carry out ``command`` (None: an unbound key); when
        not, the guide has answered the player already."""

    def after(self, command: Command | None, events: Sequence[Event]) -> None:
        """``command`` was carried out (None: the match changed, by ``events``)."""


class Table:
    """One player's table: the seat, the rack, the voice and what is open."""

    def __init__(
        self,
        session: TableSession,
        speaker: Speaker,
        *,
        saver: Saver | None = None,
        now: Callable[[], float] = time.monotonic,
        catalogue: Catalogue = CATALOGUE,
    ) -> None:
        self.session = session  # the local seat, which also plays the bots
        self.seat: SeatLink = session
        self.settings = session.settings
        self.speaker = speaker
        self.saver = saver
        self.now = now  # the clock's time source
        self.catalogue = catalogue
        rules = session.rules
        self.seats = Seats(rules.table, self.settings.you, tuple(self.settings.names))
        self.rack = Rack(self.settings.sort_mode)
        self.narrator = TableNarrator(self.seats, rules.play.autopilot_after)
        self.voice = Voice(speaker, self.words)
        self.voice.follow(self.settings)
        self.clock = TurnClock(rules.play.timer_seconds)
        self.menu: Menu[Option] | None = None
        self.asking: Asking | None = None
        self.guide: Guide | None = None
        self.leaving = False
        self.on_leave: Callable[[], None] = lambda: None
        self.saved_as: str | None = None
        self.last: Command | None = None  # the command before (H twice, C twice)
        self.presses = 0  # keys handled so far (tests wait on it)
        self.win_told: tuple[int, tuple[Tile, ...]] | None = None
        self.reviewed: RoundReview | None = None  # the last review asked for, kept
        self._state = SeatState.of(self.seat)
        self.told = self._state  # the state the last change was told from

    # -- the seat's state ----------------------------------------------------------

    @property
    def state(self) -> SeatState:
        """The seat as the last change left it (built again only if the match moved)."""
        if self._state.version != self.seat.version:
            self._state = SeatState.of(self.seat)
        return self._state

    def refresh(self) -> SeatState:
        """The seat after a change: its state built once, for everything that follows."""
        self._state = self.told = SeatState.of(self.seat)
        return self._state

    def words(self) -> Words:
        words = Words(self.seats, self.settings.verbosity, self.catalogue)
        view = self.state.view
        if view is not None:
            words.okey = view.okey
        return words

    # -- the rack ------------------------------------------------------------------

    def hand(self) -> Line:
        """The rack read out: "Your 15 tiles, by colour: ..."."""
        rack = self.rack
        mode = Line(f"table.sort.{rack.mode.value}")
        return Line("table.hand", count=rack.count, mode=mode, tiles=rack.sorted)

    def position(self, tile: Tile) -> tuple[int, int]:
        return self.rack.position_of(tile), self.rack.count

    def update_rack(
        self, view: PlayerView, follow: Tile | None = None, *, reset: bool = False
    ) -> None:
        if reset:
            self.rack.focus = 0
        self.rack.update(view.hand, view.okey, follow=follow)

    # -- starting ------------------------------------------------------------------

    def begin(self, *, notice: str | None = None) -> None:
        """A new match: welcome the player and deal the first round."""
        if self.guide is not None:
            self.voice.event(self.guide.welcome())
        else:
            levels = [level for level in self.settings.levels if level]
            self.voice.event(prompts.welcome(self.seat.rules.name, levels, self.seats))
        if notice:
            self.speaker.event_text(notice)
        moves.next_round(self, by_player=False)

    def reopen(self, *, notice: str | None = None) -> None:
        """A resumed match: say where it stands, as if the player had just sat down."""
        state = self.refresh()
        rules = self.seat.rules
        self.voice.event(Line("table.resumed", rules=rules.name, number=state.round_number))
        if notice:
            self.speaker.event_text(notice)
        view = state.view
        if view is None:
            moves.next_round(self, by_player=False)
            return
        self.narrator.opened = view.opened
        self.update_rack(view)
        if state.step is Step.MATCH_OVER:
            over = Seen.of(self.seat.seen(), self.seats.you)
            for line in prompts.match_over(over.standings, self.seats):
                self.voice.event(line)
            return
        if state.step is Step.ROUND_OVER:
            self.voice.event(prompts.round_over(state))
            return
        self.voice.event(status.scores(view))
        self.voice.event(indicator_line(view.indicator, view.okey))
        self.voice.event(self.hand())
        self.voice.event(prompts.show_offer(view))
        if state.step is Step.PLAYER:
            said = turn_begins(self, view) + win_alert(self, view)
            self.voice.say_all(said, by_player=False)
        else:
            self.voice.event(prompts.whose_turn(state))

    # -- keys ------------------------------------------------------------------------

    def press(self, key: str) -> None:
        """A key from the keyboard (prompt_toolkit's name for it)."""
        self.presses += 1
        command = command_for(key)
        if command is Command.SKIP and self.guide is None:
            command = None  # Tab only skips a tutorial's steps; elsewhere it does nothing
        if command is None:
            if self.guide is None or self.guide.allows(None):
                self.voice.reply(Line("table.unknown_key", key=spoken_key(key)))
            return
        self.run(command)

    def run(self, command: Command) -> None:
        """Carry out a command, or say why it does nothing now."""
        router.run(self, command)

    # -- the others, autopilot and the clock -----------------------------------------

    def heard(self, events: Sequence[Event]) -> None:
        """Other seats moved (or the game moved for the player): tell it."""
        moves.answer(self, Done(tuple(events)), None, by_player=False)

    def play_bot(self) -> None:
        """Play the turn of the bot whose turn it is (the front end paces these)."""
        if self.state.step is Step.BOT:
            self.heard(self.session.bot_turn())

    def play_autopilot(self) -> None:
        if self.state.step is Step.AUTOPILOT:
            moves.answer(self, self.seat.act(TimeOut()), TimeOut(), by_player=False)

    def tick(self) -> None:
        """Check the turn clock: the warning at 10 seconds, then the timeout."""
        if self.state.step is not Step.PLAYER:
            self.clock.stop()
            return
        happened = self.clock.tick(self.now())
        if happened is Tick.WARNING:
            self.voice.event(Line("table.time_left", seconds=self.clock.left(self.now())))
        elif happened is Tick.EXPIRED:
            self.menu = None
            self.asking = None
            moves.answer(self, self.seat.act(TimeOut()), TimeOut(), by_player=False)

    def clock_wait(self) -> float | None:
        """Seconds until the clock next needs a :meth:`tick` (None: no clock running)."""
        return self.clock.wait(self.now())

    # -- saving and leaving ------------------------------------------------------------

    def autosave(self) -> None:
        leaving.autosave(self)

    def leave(self) -> None:
        """Save and ask the front end to close the table."""
        leaving.leave(self)

    def trouble(self, error: Exception) -> None:
        """Something failed inside the game: say so and carry on (the match is kept)."""
        self.menu = None
        self.asking = None
        self.voice.event(Line("table.error", error=str(error)))

    def farewell(self) -> str:
        """The last words, once the screen is closed, in words."""
        return self.words().say(leaving.farewell(self))
