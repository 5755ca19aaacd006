"""The table the handlers work on: its state put together, and the few helpers every
handler uses.

:class:`TableCore` holds the seat's state and what is open (:mod:`okey.table.state`),
the voice and the narrator (:mod:`okey.table.output`) and the game's part
(:mod:`okey.table.kit`); the mode router, the handlers (:mod:`okey.table.input`), the
change step and a game's own handlers work on it.
:class:`~okey.table.controller.Table` is the same table with its entry points (keys,
the others' turns, the clock, leaving). The handlers sit between the two, so that
none of them imports the table that calls them.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Protocol

from okey.engine.events import Event
from okey.engine.view import TableView
from okey.messages import Catalogue, Verbosity
from okey.review import RoundReview
from okey.speech import Speaker
from okey.table.keys import Command, keymap
from okey.table.kit import TablePart, table_part
from okey.table.lines import Line, Problem, Said, Speech
from okey.table.output.narration import TableNarrator
from okey.table.output.voice import Voice
from okey.table.output.words import Words
from okey.table.state.chat import ChatRoom
from okey.table.state.clock import TurnClock
from okey.table.state.looking import Looking
from okey.table.state.menu import Asking, Menu, Option
from okey.table.state.rack import Rack
from okey.table.state.seat import SeatLink, SeatState, Step
from okey.table.state.seats import Seats
from okey.table.state.session import TableSession
from okey.tiles import Tile

Handler = Callable[["TableCore", Command], None]
"""What a command does in normal play (the command is passed for handlers of several)."""


class Saver(Protocol):
    """Keeps the table on disk (see :mod:`okey.table.state.persist`)."""

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


class Talk(Protocol):
    """Words of the others that are not moves (a story's neighbours): the table asks for
    them after each change, only where no decision of the player's waits."""

    def lines(self, events: Sequence[Event], verbosity: Verbosity) -> list[Said]: ...


class TableCore:
    """One player's table as the handlers see it: the seat, the rack, the voice, the
    clock and what is open; :class:`~okey.table.controller.Table` adds the entry points."""

    def __init__(
        self,
        seat: SeatLink,
        speaker: Speaker,
        *,
        saver: Saver | None = None,
        now: Callable[[], float] = time.monotonic,
        catalogue: Catalogue | None = None,
    ) -> None:
        self.seat = seat
        self.settings = seat.settings
        self.speaker = speaker
        self.saver = saver
        self.now = now  # the clock's time source
        self.catalogue = catalogue if catalogue is not None else speaker.catalogue
        rules = seat.rules
        self.seats = Seats(rules.table, self.settings.you, tuple(self.settings.names))
        self.keys = keymap(rules)  # this table's keys (G, K, X: 101's at a 101 table)
        self.game: TablePart[TableCore] = table_part(rules)  # what the game does its own way
        self.rack = Rack(self.settings.sort_mode, self.game.rack_opening(rules))
        self.narrator = TableNarrator(self.seats, rules.play.autopilot_after)
        self.voice = Voice(speaker, self.words)
        self.voice.follow(self.settings)
        self.clock = TurnClock(rules.play.timer_seconds)
        self.menu: Menu[Option] | None = None
        self.asking: Asking | None = None
        self.finding: Looking | None = None  # Ctrl+F: the keys type what to find
        self.found_before = False  # Ctrl+F was pressed before: its prompt is short
        self.browsing: object | None = None  # 3 at a 101 table: the table browsed
        self.marks: list[Tile] = []  # K at a 101 table: the tiles marked for a laying
        self.finishing = False  # a finish said yes to is being made (no alert inside it)
        self.guide: Guide | None = None
        self.chat: ChatRoom | None = None  # a table played online has one
        self.talk: Talk | None = None  # a story's table has its neighbours' (V silences)
        self.leave_question = Line("table.ask.quit")  # Q asks it (online: another one)
        # W before any deal: nothing is dealt (online: who sits where, who starts).
        self.before_deal: Callable[[], Speech] = lambda: Line("table.not_dealt")
        self.leaving = False
        self.on_leave: Callable[[], None] = lambda: None
        self.saved_as: str | None = None
        self.last: Command | None = None  # the command before (H twice, C twice)
        self.presses = 0  # keys handled so far (tests wait on it)
        self.win_told: tuple[int, tuple[Tile, ...]] | None = None
        # (round, seat): the fewest tiles the table said that seat held (Okey 101)
        self.sizes_told: dict[tuple[int, int], int] = {}
        self.reviewed: RoundReview | None = None  # the last review asked for, kept
        self._state = SeatState.of(self.seat)
        self.told = self._state  # the state the last change was told from

    @property
    def holds_clock(self) -> bool:
        """Whether reading the help, the rules or the menu holds the turn's clock: at a
        local table, whose clock is the player's own (a server's runs for every seat)."""
        return isinstance(self.seat, TableSession)

    @property
    def session(self) -> TableSession:
        """The local seat, which also plays the bots (a remote seat has none)."""
        if not isinstance(self.seat, TableSession):
            raise TypeError("this table's seat is not a local session")
        return self.seat

    # -- the seat's state ----------------------------------------------------------

    @property
    def state(self) -> SeatState:
        """The seat as the last change left it (built again only if the match moved)."""
        if self._state.version != self.seat.version:
            self._state = SeatState.of(self.seat)
        return self._state

    def refresh(self) -> SeatState:
        """The seat after a change: its state built once, for everything that follows
        (a game may keep the rack its way here: Okey 101 re-sorts it, and keeps the marks
        only while the player's turn lasts and the tiles are held)."""
        before = self._state
        self._state = self.told = now = SeatState.of(self.seat)
        if self.game.refreshed is not None:
            self.game.refreshed(self, before, now)
        return now

    def keep_marks(self, view: TableView) -> None:
        """Forget the marks once the turn is over or their tiles are gone."""
        if view.turn != view.seat or self._state.step is not Step.PLAYER:
            self.marks.clear()
            return
        held = list(view.hand)
        kept = []
        for tile in self.marks:
            if tile in held:
                held.remove(tile)
                kept.append(tile)
        self.marks[:] = kept

    @property
    def marked(self) -> frozenset[int]:
        """The rack's positions (in its order) holding the tiles marked for a laying."""
        left = list(self.marks)
        found: set[int] = set()
        for index, tile in enumerate(self.rack.tiles):
            if tile in left:
                left.remove(tile)
                found.add(index)
        return frozenset(found)

    def words(self) -> Words:
        words = Words(self.seats, self.settings.verbosity, self.catalogue)
        view = self.state.seen
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
        self,
        view: TableView,
        follow: Tile | None = None,
        *,
        reset: bool = False,
        gone: Tile | None = None,
    ) -> None:
        """The rack after a change (``gone``: the tile the player discarded)."""
        if reset:
            self.rack.focus = 0
        self.rack.update(view.hand, view.okey, follow=follow, gone=gone)

    # -- saving ----------------------------------------------------------------------

    def autosave(self) -> None:
        """Save after a turn (a failure is said, and play goes on)."""
        if self.saver is None:
            return
        try:
            self.saver.autosave()
        except (OSError, ValueError) as error:
            self.voice.event(Line("table.save.failed", reason=Problem(error)))
