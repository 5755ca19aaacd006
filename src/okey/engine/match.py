"""A match: rounds one after another, the dealer moving one seat each round, until the
game says it is over (Okey: a score reaches 0 or below, or a fixed number of rounds).

Typical use::

    match = Match(load_rules("classic"), random.Random(7))
    events = match.start_round()
    while not match.over:
        seat = match.turn
        events = match.apply(seat, choose(match.view(seat)))
        if match.round_over and not match.over:
            events = match.start_round()

The match is the same for every game: the game (:mod:`okey.engine.games`, chosen
by ``rules.game``) deals, plays and scores the rounds. The match keeps the
seats and dealers, the shuffle and the dice, the turn clock and autopilot, the
event stream (:attr:`events`) and the record of what it applied (:attr:`record`,
:mod:`okey.engine.record`), from which :meth:`replay` builds the same match again.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Iterable, Iterator, Sequence

from okey.engine.actions import Action, Resume, ShowIndicator, TimeOut
from okey.engine.deal import shuffled_deck
from okey.engine.errors import (
    DeckError,
    DeckProblem,
    IllegalMoveError,
    MoveError,
    RecordError,
    RecordProblem,
)
from okey.engine.events import AutopilotChanged, Event, MatchOver, Standing, TimedOut
from okey.engine.games import Game, GameRound, game_for
from okey.engine.record import DealEntry, MoveEntry, RecordEntry
from okey.engine.traditional import Dice
from okey.engine.view import Phase, PlayerView, TableView
from okey.rules import CLASSIC, RuleSet
from okey.tiles import Tile

MOST_AUTOMATIC_MOVES = 8
"""A bound on the moves made for one timed-out turn (the game's own take two at most)."""

ChooseAutomatic = Callable[[PlayerView], Action]
"""Chooses a timed-out seat's move from its view (it must be one of ``view.legal``)."""


class Match:
    """The whole match state; the only ways to change it are :meth:`start_round`,
    :meth:`apply` and :meth:`play`."""

    def __init__(
        self,
        rules: RuleSet = CLASSIC,
        rng: random.Random | None = None,
        *,
        first_dealer: int | None = None,
    ) -> None:
        self.rules = rules
        self.players = rules.table.players
        self.rng: random.Random = rng if rng is not None else secrets.SystemRandom()
        if first_dealer is None:
            first_dealer = self.rng.randrange(self.players)
        if not 0 <= first_dealer < self.players:
            raise ValueError(f"no seat {first_dealer} at a table of {self.players}")
        self.first_dealer = first_dealer
        self.game: Game = game_for(rules)
        self.timeouts = [0] * self.players
        self.autopilot = [False] * self.players
        self.rounds_played = 0
        self.last_finisher: int | None = None
        self.over = False
        self.standings: tuple[Standing, ...] = ()
        self.events: list[Event] = []
        # None: the game's own move for a timed-out seat; a front end may choose instead.
        self.choose_automatic: ChooseAutomatic | None = None
        self._round: GameRound | None = None
        # The record as applied: a deal's entry, or a move as (seat, action, automatic),
        # made an entry only when read (a move is applied far more often than the record
        # is read); and where each step's events begin in ``events``.
        self._steps: list[DealEntry | tuple[int, Action, bool]] = []
        self._entries: list[RecordEntry] = []  # the steps read so far, as entries
        self._marks: list[int] = []
        self._owed: int | None = None  # a timed-out seat whose automatic moves are to come

    @classmethod
    def replay(
        cls,
        record: Iterable[RecordEntry],
        rules: RuleSet = CLASSIC,
        rng: random.Random | None = None,
        *,
        first_dealer: int = 0,
    ) -> Match:
        """The match a record describes, every entry checked again (:meth:`play`).

        The first deal names the first dealer (``first_dealer`` counts only for a
        record with no deal). A timeout with no automatic moves after it (as a match
        log keeps it) gets the game's own, made again.
        """
        match = cls(rules, rng, first_dealer=first_dealer)
        for entry in record:
            if match.owed is not None and not (isinstance(entry, MoveEntry) and entry.automatic):
                match.complete_time_out()
            match.play(entry)
        match.complete_time_out()
        return match

    # -- reading -----------------------------------------------------------

    @property
    def round(self) -> GameRound:
        if self._round is None:
            raise RuntimeError("no round has started: call start_round()")
        return self._round

    @property
    def started(self) -> bool:
        return self._round is not None

    @property
    def round_number(self) -> int:
        return self.rounds_played

    @property
    def round_over(self) -> bool:
        """True before the first deal and between rounds (and when the match is over)."""
        return self._round is None or self._round.over

    @property
    def turn(self) -> int:
        return self.round.turn

    @property
    def phase(self) -> Phase:
        return Phase.MATCH_OVER if self.over else self.round.phase

    @property
    def scores(self) -> tuple[int, ...]:
        return self.game.scores()

    @property
    def record(self) -> tuple[RecordEntry, ...]:
        """Every deal and move applied so far, in order (:mod:`okey.engine.record`)."""
        entries, steps = self._entries, self._steps
        for step in steps[len(entries) :]:
            entries.append(step if isinstance(step, DealEntry) else MoveEntry(*step))
        return tuple(entries)

    def played(self) -> Iterator[tuple[RecordEntry, Sequence[Event]]]:
        """Each record entry with the events it produced, in order."""
        ends = [*self._marks[1:], len(self.events)][: len(self._marks)]
        for entry, start, end in zip(self.record, self._marks, ends, strict=True):
            yield entry, self.events[start:end]

    @property
    def owed(self) -> int | None:
        """The seat whose time ran out while its automatic moves are still to come (only
        between entries of a replay: :meth:`apply` makes them at once)."""
        return self._owed

    def next_dealer(self) -> int:
        return self.game.dealer_for(self.first_dealer, self.rounds_played)

    def legal(self, seat: int) -> tuple[Action, ...]:
        return () if self.over else self.round.legal(seat)

    def view(self, seat: int) -> PlayerView:
        """Everything ``seat`` may know now, with its legal moves: Okey's view.

        (Game-neutral code reads :meth:`table_view`; this one refuses a game whose view
        is not Okey's, loudly.)
        """
        view = self.table_view(seat)
        if not isinstance(view, PlayerView):
            raise TypeError(f"a {self.game.name} view is a {type(view).__name__}: use table_view")
        return view

    def table_view(self, seat: int) -> TableView:
        """Everything ``seat`` may know now: the common part and the game's own."""
        round_ = self._round
        if round_ is None:
            raise RuntimeError("no round has started: call start_round()")
        over = self.over
        autopilot = self.autopilot
        return round_.view(
            seat,
            phase=Phase.MATCH_OVER if over else round_.phase,
            legal=() if over else round_.legal(seat),
            scores=self.game.scores(),
            autopilot=tuple(s for s in range(self.players) if autopilot[s])
            if any(autopilot)
            else (),
        )

    # -- changing ----------------------------------------------------------

    def start_round(
        self, deck: Sequence[Tile] | None = None, dice: Dice | None = None
    ) -> list[Event]:
        """Shuffle (or use ``deck``, an order of the 106 tiles) and deal the next round.

        At a table whose game throws dice (Okey's ``traditional_deal``) the deal is
        made with two die throws: ``dice`` (a replay's), else thrown now from the
        match's generator, after the shuffle. Other tables refuse ``dice`` (a DeckError).
        """
        if self.over:
            raise IllegalMoveError(MoveError.MATCH_OVER)
        if not self.round_over:
            raise IllegalMoveError(MoveError.ROUND_IN_PLAY)
        game = self.game
        if dice is not None and not game.throws_dice:
            raise DeckError(DeckProblem.NO_DICE)
        dealer = self.next_dealer()
        order = tuple(deck) if deck is not None else shuffled_deck(self.rng)
        if game.throws_dice and dice is None:
            dice = game.throw_dice(self.rng)
        self._round = game.deal(self.rounds_played + 1, dealer, order, dice)
        self.rounds_played += 1
        self._marks.append(len(self.events))
        self._steps.append(DealEntry(self.rounds_played, dealer, order, dice))
        return self._note(self._round.start_events())

    def check(self, seat: int, action: Action) -> None:
        """Raise :class:`IllegalMoveError` (a ValueError) saying why, if not allowed."""
        if not 0 <= seat < self.players:
            raise IllegalMoveError(MoveError.NO_SUCH_SEAT, seat=seat)
        if self.over:
            raise IllegalMoveError(MoveError.MATCH_OVER)
        if self._owed is not None:
            raise IllegalMoveError(MoveError.TIME_OUT_OWED, seat=self._owed)
        if isinstance(action, Resume):  # a table matter, in a round or between rounds
            if not self.autopilot[seat]:
                raise IllegalMoveError(MoveError.NOT_ON_AUTOPILOT)
            return
        round_ = self._round
        if round_ is None:
            raise IllegalMoveError(MoveError.ROUND_OVER)
        if isinstance(action, TimeOut):  # the clock is the table's, the turn the round's
            if round_.over:
                raise IllegalMoveError(MoveError.ROUND_OVER)
            if seat != round_.turn:
                raise IllegalMoveError(MoveError.NOT_YOUR_TURN)
            if not self.rules.play.timer_seconds and not self.autopilot[seat]:
                raise IllegalMoveError(MoveError.NO_TIMER)
            return
        round_.check(seat, action)

    def can_apply(self, seat: int, action: Action) -> bool:
        try:
            self.check(seat, action)
        except IllegalMoveError:
            return False
        return True

    def apply(self, seat: int, action: Action, *, check: bool = True) -> list[Event]:
        """Check (unless ``check=False``, the fast path for search) and apply an
        action; returns the new events (also appended to :attr:`events`). A TimeOut
        is followed at once by the moves made for the seat (recorded as automatic)."""
        if check:
            self.check(seat, action)
        events = self._move(seat, action)
        if self._owed is not None:
            events += self.complete_time_out()
        return events

    def play(self, entry: RecordEntry) -> list[Event]:
        """Apply one record entry, checked: the one way every reader replays a record.

        A deal must be the next round's, by the next dealer, with dice exactly when the
        game throws them (before the first deal, its dealer is the first dealer); a move
        is checked as :meth:`apply` checks it. A ``TimeOut`` leaves the seat's turn to
        the automatic entries that follow it, or to :meth:`complete_time_out`.
        Raises :class:`RecordError`, :class:`IllegalMoveError` or ``DeckError``.
        """
        if isinstance(entry, DealEntry):
            self._check_deal(entry)
            return self.start_round(entry.deck, entry.dice)
        seat, action = entry.seat, entry.action
        if not self.started:
            raise RecordError(RecordProblem.NO_ROUND)
        if not 0 <= seat < self.players:
            raise RecordError(RecordProblem.SEAT, seat=seat)
        if entry.automatic:
            if self._owed != seat:
                raise RecordError(RecordProblem.NOT_OWED, seat=seat)
            self._check_automatic(seat, action)
            return self._automatic(seat, action)
        self.check(seat, action)
        return self._move(seat, action)

    def complete_time_out(self) -> list[Event]:
        """Make the moves still owed to a timed-out seat (none owed: nothing happens):
        the game's own, or :attr:`choose_automatic`'s from the seat's view."""
        events: list[Event] = []
        for _ in range(MOST_AUTOMATIC_MOVES):
            seat = self._owed
            if seat is None:
                return events
            chooser = self.choose_automatic
            if chooser is None:
                move = self.round.automatic_move(seat)
            else:
                move = chooser(self.view(seat))
                self._check_automatic(seat, move)
            events += self._automatic(seat, move)
        raise RuntimeError("the automatic moves of a timed-out turn never ended it")

    # -- inside ------------------------------------------------------------

    def _check_deal(self, entry: DealEntry) -> None:
        if not self.started and self.rounds_played == 0:
            if not 0 <= entry.dealer < self.players:
                raise RecordError(RecordProblem.SEAT, seat=entry.dealer)
            self.first_dealer = entry.dealer
        if not self.round_over or self.over or self._owed is not None:
            raise RecordError(RecordProblem.ROUND_IN_PLAY, number=self.round_number)
        expected = self.rounds_played + 1
        if entry.number != expected:
            raise RecordError(RecordProblem.ROUND_NUMBER, expected=expected, found=entry.number)
        dealer = self.next_dealer()
        if entry.dealer != dealer:
            raise RecordError(
                RecordProblem.DEALER, number=entry.number, expected=dealer, found=entry.dealer
            )
        if self.game.throws_dice and entry.dice is None:
            raise RecordError(RecordProblem.DICE_MISSING)
        if entry.dice is not None and not self.game.throws_dice:
            raise RecordError(RecordProblem.DICE_UNEXPECTED)

    def _check_automatic(self, seat: int, action: Action) -> None:
        """A move made for a timed-out seat: a move of the game's, allowed now."""
        if isinstance(action, TimeOut | Resume):
            raise IllegalMoveError(MoveError.TIME_OUT_OWED, seat=seat)
        self.round.check(seat, action)

    def _move(self, seat: int, action: Action) -> list[Event]:
        """Record and apply a checked action of a seat."""
        self._marks.append(len(self.events))
        self._steps.append((seat, action, False))
        if isinstance(action, Resume):
            self.autopilot[seat] = False
            self.timeouts[seat] = 0
            return self._note([AutopilotChanged(seat, on=False)])
        if isinstance(action, TimeOut):
            return self._note(self._time_out(seat))
        if not isinstance(action, ShowIndicator):  # a show out of turn is no move of a turn
            self.timeouts[seat] = 0
        round_ = self.round
        events = round_.apply(seat, action)
        if round_.phase is Phase.ROUND_OVER:
            events += self._end_round()
        self.events += events
        return events

    def _time_out(self, seat: int) -> list[Event]:
        self.timeouts[seat] += 1
        events: list[Event] = [TimedOut(seat, self.timeouts[seat])]
        if self.timeouts[seat] >= self.rules.play.autopilot_after and not self.autopilot[seat]:
            self.autopilot[seat] = True
            events.append(AutopilotChanged(seat, on=True))
        self._owed = seat
        return events

    def _automatic(self, seat: int, action: Action) -> list[Event]:
        """Record and apply a checked move made for the timed-out ``seat``."""
        self._marks.append(len(self.events))
        self._steps.append((seat, action, True))
        round_ = self.round
        events = round_.apply(seat, action)
        if round_.over:
            events += self._end_round()
        if round_.over or round_.turn != seat:
            self._owed = None
        return self._note(events)

    def _end_round(self) -> list[Event]:
        self.last_finisher = self.round.winner
        self.over = self.game.match_over(self.rounds_played)
        if not self.over:
            return []
        self.standings = self.game.standings(self.last_finisher)
        return [MatchOver(self.standings, self.game.scores())]

    def _note(self, events: list[Event]) -> list[Event]:
        self.events.extend(events)
        return events
