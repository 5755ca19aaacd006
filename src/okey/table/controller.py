"""The table: one player's seat at a match, with its rack, its voice and what is open.

Everything the player does goes through :meth:`Table.press` (a key name) or
:meth:`Table.run` (a command), routed by :mod:`okey.table.input.router` to a handler;
the front end plays the others' turns with :meth:`Table.play_bot` and the clock
with :meth:`Table.tick`. Every change is told in one step (:mod:`okey.table.change`).
The table knows the match only through its seat (:class:`~okey.table.state.seat.SeatLink`).
"""

from __future__ import annotations

from collections.abc import Sequence

from okey.engine.actions import TimeOut
from okey.engine.events import Event, TimedOut
from okey.engine.view import Phase
from okey.rules_words import rules_name
from okey.speech import QUIET_POLL
from okey.table.change import Seen, turn_begins, win_alert
from okey.table.core import Guide, Saver, TableCore
from okey.table.input import finding, leaving, moves, router
from okey.table.keys import Command, command_for, spoken_key
from okey.table.lines import Line, Problem, Speech
from okey.table.output import prompts, status
from okey.table.output.narration import indicator_line
from okey.table.output.welcome import match_welcome
from okey.table.state.clock import Tick
from okey.table.state.seat import Done, Step

__all__ = ["HOLDING", "Guide", "Saver", "Table"]

HOLDING = frozenset({Command.HELP, Command.RULES, Command.MENU})
"""The keys that hold the turn's clock at a local table instead of starting it."""


def close_for_timeout(table: TableCore) -> None:
    """The player's time ran out: close what is open (a question, the take-or-draw
    choice, the Escape menu, finding a tile) and let the timeout's line say which."""
    menu = table.menu
    if table.asking is not None or (menu is not None and menu.choice):
        table.narrator.closing = "question"
    elif menu is not None:
        table.narrator.closing = "menu"
    table.menu = None
    table.asking = None
    table.finding = None


class Table(TableCore):
    """One player's table: its state (:class:`~okey.table.core.TableCore`) and its entry
    points."""

    # -- starting ------------------------------------------------------------------

    def welcome(self) -> Speech:
        """A new match's first line: its welcome, or its guide's (a tutorial)."""
        if self.guide is not None:
            return self.guide.welcome()
        return match_welcome(self.seat.rules, self.settings, self.seats)

    def begin(self, *, notice: str | None = None) -> None:
        """A new match: welcome the player and deal the first round."""
        self.voice.event(self.welcome())
        if notice:
            self.speaker.event_text(notice)
        moves.next_round(self, by_player=False)

    def reopen(self, *, notice: str | None = None) -> None:
        """A resumed match: say where it stands, as if the player had just sat down."""
        state = self.refresh()
        rules = self.seat.rules
        self.voice.event(Line("table.resumed", rules=rules_name(rules), number=state.round_number))
        if notice:
            self.speaker.event_text(notice)
        seen = state.seen
        if seen is None:
            moves.next_round(self, by_player=False)
            return
        self.narrator.opened = seen.opened
        self.update_rack(seen)
        if state.step is Step.MATCH_OVER:
            over = Seen.of(self.seat.seen(), self.seats.you)
            for line in prompts.match_over(over.standings, self.seats):
                self.voice.event(line)
            return
        if state.step is Step.ROUND_OVER:
            self.voice.event(prompts.round_over(state, lowest=self.game.lowest_first))
            return
        if self.game.resumed(self, state):
            return
        view = state.view
        if view is None:
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
        if self.finding is not None:
            self.clock.start(self.now())
            if finding.key(self, key):
                return
        command = command_for(key, self.keys)
        if command is Command.SKIP and self.guide is None:
            command = None  # Tab only skips a tutorial's steps; elsewhere it does nothing
        if command is None:
            if self.guide is None or self.guide.allows(None):
                self.voice.reply(Line("table.unknown_key", key=spoken_key(key, self.catalogue)))
            return
        self.run(command)

    def run(self, command: Command) -> None:
        """Carry out a command, or say why it does nothing now.

        A key starts the turn's clock if it was waiting for the game's words to end (the
        player acts); the help, the rules and the Escape menu hold it instead, at a local
        table (:mod:`okey.table.state.clock`).
        """
        clock = self.clock
        if command not in HOLDING or not self.holds_clock:
            clock.start(self.now())
        router.run(self, command)
        if clock.held and (self.menu is None or self.menu.choice):
            clock.release()  # the menu is closed: the time starts again once it is heard

    # -- the others, autopilot and the clock -----------------------------------------

    def heard(self, events: Sequence[Event]) -> None:
        """Other seats moved (or the game moved for the player): tell it."""
        you = self.seats.you
        if any(isinstance(event, TimedOut) and event.seat == you for event in events):
            close_for_timeout(self)  # a timeout the game's host told
        moves.answer(self, Done(tuple(events)), None, by_player=False)

    def play_bot(self) -> None:
        """Play the turn of the bot whose turn it is (the front end paces these)."""
        if self.state.step is Step.BOT:
            self.heard(self.session.bot_turn())

    def play_autopilot(self) -> None:
        if self.state.step is Step.AUTOPILOT:
            moves.answer(self, self.seat.act(TimeOut()), TimeOut(), by_player=False)

    def tick(self, *, heard: bool = True) -> None:
        """Check the turn clock: its start once the game's words are ``heard`` (the front
        end asks the speaker), the warning at 10 seconds in each phase, then the timeout."""
        clock = self.clock
        if self.state.step is not Step.PLAYER:
            clock.stop()
            return
        now = self.now()
        if heard:
            clock.start(now)
        happened = clock.tick(now)
        if happened is Tick.WARNING:
            view = self.state.view
            discarding = view is not None and view.phase is Phase.DISCARD
            key = "table.time_left.discard" if discarding else "table.time_left"
            self.voice.event(Line(key, seconds=clock.left(now)))
        elif happened is Tick.EXPIRED:
            close_for_timeout(self)
            moves.answer(self, self.seat.act(TimeOut()), TimeOut(), by_player=False)

    def clock_wait(self) -> float | None:
        """Seconds until the clock next needs a :meth:`tick` (None: no clock running);
        while it waits for the game's words to end, as long as they still take (with the
        voice's own "finished" signal, a look again soon)."""
        if self.clock.armed and self.state.step is Step.PLAYER:
            speaker = self.speaker
            return QUIET_POLL if speaker.finish_signal else max(QUIET_POLL, speaker.backlog())
        return self.clock.wait(self.now())

    # -- saving and leaving ------------------------------------------------------------

    def leave(self, *, force: bool = False) -> None:
        """Save and ask the front end to close the table (``force``: even unsaved)."""
        leaving.leave(self, force=force)

    def trouble(self, error: Exception) -> None:
        """Something failed inside the game: say so and carry on (the match is kept)."""
        self.menu = None
        self.asking = None
        self.finding = None
        self.voice.event(Line("table.error", error=Problem(error)))

    def farewell(self) -> str:
        """The last words, once the screen is closed, in words."""
        return self.words().say(leaving.farewell(self))
