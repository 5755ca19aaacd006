"""A match: rounds one after another, the dealer moving one seat each round,
until a score reaches 0 or below (or a fixed number of rounds is played).

Typical use::

    match = Match(load_rules("classic"), random.Random(7))
    events = match.start_round()
    while not match.over:
        seat = match.turn
        events = match.apply(seat, choose(match.view(seat)))
        if match.round_over and not match.over:
            events = match.start_round()
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence

from okey.engine.actions import Action, Resume
from okey.engine.deal import DeckError, shuffled_deck
from okey.engine.errors import IllegalMoveError
from okey.engine.events import AutopilotChanged, Event, MatchOver, Standing
from okey.engine.round import Round
from okey.engine.scores import ScoreBoard
from okey.engine.traditional import Dice, throw_dice
from okey.engine.view import Phase, PlayerView
from okey.hand.tiles import Tile
from okey.rules import CLASSIC, RuleSet


class Match:
    """The whole match state; the only way to change it is :meth:`apply`."""

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
        self.board = ScoreBoard(rules.table)
        self.timeouts = [0] * self.players
        self.autopilot = [False] * self.players
        self.rounds_played = 0
        self.last_finisher: int | None = None
        self.over = False
        self.standings: tuple[Standing, ...] = ()
        self.events: list[Event] = []
        self._round: Round | None = None

    # -- reading -----------------------------------------------------------

    @property
    def round(self) -> Round:
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
        return self.board.per_seat()

    def next_dealer(self) -> int:
        return (self.first_dealer + self.rounds_played) % self.players

    def legal(self, seat: int) -> tuple[Action, ...]:
        return () if self.over else self.round.legal(seat)

    def view(self, seat: int) -> PlayerView:
        """Everything ``seat`` may know now, with its legal moves."""
        r = self.round
        return PlayerView(
            seat=seat,
            players=self.players,
            hand=tuple(r.hands[seat]),
            indicator=r.indicator,
            okey=r.okey,
            turn=r.turn,
            phase=self.phase,
            dealer=r.dealer,
            round_number=r.number,
            pile_count=len(r.pile),
            discards=tuple(tuple(pile) for pile in r.discards),
            taken=tuple(tuple(tiles) for tiles in r.taken),
            scores=self.board.per_seat(),
            legal=self.legal(seat),
            shown_indicator=() if r.shown_by is None else (r.shown_by,),
            declared_pairs=tuple(s for s in range(self.players) if r.pairs[s]),
            turned_to_okey=tuple(s for s in range(self.players) if r.turned[s]),
            hand_sizes=tuple(len(hand) for hand in r.hands),
            autopilot=tuple(s for s in range(self.players) if self.autopilot[s]),
            last_chance=r.last_chance,
            winner=r.winner,
            middle=r.middle,
            rules=self.rules,
        )

    # -- changing ----------------------------------------------------------

    def start_round(
        self, deck: Sequence[Tile] | None = None, dice: Dice | None = None
    ) -> list[Event]:
        """Shuffle (or use ``deck``, an order of the 106 tiles) and deal the next round.

        At a table with ``traditional_deal`` the deal is made from stacks with two
        die throws: ``dice`` (a replay's), else thrown now from the match's generator,
        after the shuffle. Other tables refuse ``dice`` (a DeckError).
        """
        if self.over:
            raise IllegalMoveError("match_over")
        if not self.round_over:
            raise IllegalMoveError("round_in_play")
        if dice is not None and not self.rules.play.traditional_deal:
            raise DeckError("this table does not deal from stacks with dice")
        dealer = self.next_dealer()
        order = tuple(deck) if deck is not None else shuffled_deck(self.rng)
        if self.rules.play.traditional_deal and dice is None:
            dice = throw_dice(self.rng)
        self._round = Round(
            self.rules,
            self.rounds_played + 1,
            dealer,
            order,
            self.board,
            self.timeouts,
            self.autopilot,
            dice,
        )
        self.rounds_played += 1
        return self._record(self._round.start_events())

    def check(self, seat: int, action: Action) -> None:
        """Raise :class:`IllegalMoveError` (a ValueError) saying why, if not allowed."""
        if not 0 <= seat < self.players:
            raise IllegalMoveError("no_such_seat", seat=seat)
        if self.over:
            raise IllegalMoveError("match_over")
        if isinstance(action, Resume):  # a table matter, in a round or between rounds
            if not self.autopilot[seat]:
                raise IllegalMoveError("not_on_autopilot")
            return
        if self._round is None:
            raise IllegalMoveError("round_over")
        self._round.check(seat, action)

    def can_apply(self, seat: int, action: Action) -> bool:
        try:
            self.check(seat, action)
        except IllegalMoveError:
            return False
        return True

    def apply(self, seat: int, action: Action, *, check: bool = True) -> list[Event]:
        """Check (unless ``check=False``, the fast path for search) and apply an
        action; returns the new events (also appended to :attr:`events`)."""
        if check:
            self.check(seat, action)
        if isinstance(action, Resume):
            self.autopilot[seat] = False
            self.timeouts[seat] = 0
            return self._record([AutopilotChanged(seat, on=False)])
        events = self.round.apply(seat, action)
        if self.round.over:
            events += self._end_round()
        return self._record(events)

    def _end_round(self) -> list[Event]:
        self.last_finisher = self.round.winner
        table = self.rules.table
        if table.rounds:
            self.over = self.rounds_played >= table.rounds
        else:
            self.over = self.board.anyone_out()
        if not self.over:
            return []
        self.standings = self.board.standings(self.last_finisher)
        return [MatchOver(self.standings, self.board.per_seat())]

    def _record(self, events: list[Event]) -> list[Event]:
        self.events.extend(events)
        return events
