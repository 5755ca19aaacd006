"""The table: one player's seat at a match, with its rack, its voice and what is open.

Everything the player does goes through :meth:`Table.press` (a key name) or
:meth:`Table.run` (a command), routed by :mod:`okey.table.router` to a handler;
the front end plays the others' turns with :meth:`Table.play_bot` and the clock
with :meth:`Table.tick`. Every change is told in one step (:mod:`okey.table.change`).
The table knows the match only through its seat (:class:`~okey.table.seat.SeatLink`).
"""

from __future__ import annotations

from collections.abc import Sequence

from okey.engine.actions import TimeOut
from okey.engine.events import Event
from okey.table import leaving, moves, prompts, router, status
from okey.table.change import Seen, turn_begins, win_alert
from okey.table.clock import Tick
from okey.table.core import Guide, Saver, TableCore
from okey.table.keys import Command, command_for, spoken_key
from okey.table.lines import Line, Problem
from okey.table.narration import indicator_line
from okey.table.seat import Done, Step

__all__ = ["Guide", "Saver", "Table"]


class Table(TableCore):
    """One player's table: its state (:class:`~okey.table.core.TableCore`) and its entry
    points."""

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
                self.voice.reply(Line("table.unknown_key", key=spoken_key(key, self.catalogue)))
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

    def leave(self, *, force: bool = False) -> None:
        """Save and ask the front end to close the table (``force``: even unsaved)."""
        leaving.leave(self, force=force)

    def trouble(self, error: Exception) -> None:
        """Something failed inside the game: say so and carry on (the match is kept)."""
        self.menu = None
        self.asking = None
        self.voice.event(Line("table.error", error=Problem(error)))

    def farewell(self) -> str:
        """The last words, once the screen is closed, in words."""
        return self.words().say(leaving.farewell(self))
