"""One round: the deal, the turns, the shows and declarations, a win or a draw.

The dealer opens by discarding; then each turn is a draw (the pile's top, or
the discard the previous seat just made) and a discard. A discard that leaves
14 finished tiles wins at once and goes to the middle (after okeye dönmek only
an explicit ``Finish`` does). When the pile is empty after a discard:
``take_last_discard`` gives the next seat the choice to take that discard or
decline it (a draw); having taken it, their next discard must finish, or the
round is drawn. ``close_after_last_discard`` draws the round at once.

The round changes scores only through the :class:`ScoreBoard` it is given; the
match decides what happens after the round.
"""

from __future__ import annotations

from collections.abc import Sequence

from okey.engine.actions import (
    Action,
    DeclarePairs,
    DeclineDiscard,
    Discard,
    DrawFromPile,
    Finish,
    ShowIndicator,
    TakeDiscard,
    TimeOut,
    TurnToOkey,
)
from okey.engine.deal import deal
from okey.engine.errors import IllegalMoveError
from okey.engine.events import (
    AutopilotChanged,
    Dealt,
    DeclaredPairs,
    DeclinedDiscard,
    DiceThrown,
    Discarded,
    DrawReason,
    Drew,
    Event,
    IndicatorTurned,
    RoundDrawn,
    RoundStarted,
    RoundWon,
    ShowedIndicator,
    TimedOut,
    TookDiscard,
    TurnedToOkey,
)
from okey.engine.scores import ScoreBoard
from okey.engine.traditional import Dice, StackDeal, deal_from_stacks
from okey.engine.view import Phase
from okey.hand.scoring import FinishKind, best_finish, colour_doubles
from okey.hand.solver import (
    combination_grouping,
    finishes,
    hand_counts,
    has_finish,
    kinds_after_discard,
    pairs_grouping,
    winning_kinds,
)
from okey.hand.tiles import Tile, is_okey, okey_for
from okey.messages import tile_name
from okey.rules import RuleSet


class Round:
    """The state of one round. Drive it through :class:`okey.engine.match.Match`."""

    def __init__(
        self,
        rules: RuleSet,
        number: int,
        dealer: int,
        deck: Sequence[Tile],
        board: ScoreBoard,
        timeouts: list[int],
        autopilot: list[bool],
        dice: Dice | None = None,
    ) -> None:
        self.rules = rules
        self.players = players = rules.table.players
        self.number = number
        self.dealer = dealer
        self.deck = tuple(deck)
        self.from_stacks: StackDeal | None = None  # the traditional deal, when dealt so
        if dice is None:
            dealt = deal(self.deck, players, dealer)
        else:
            self.from_stacks = deal_from_stacks(self.deck, dice, players, dealer)
            dealt = self.from_stacks.deal
        self.indicator = dealt.indicator
        self.turned_back = dealt.turned_back
        self.okey = okey_for(dealt.indicator)
        self.hands = [list(hand) for hand in dealt.hands]
        self.pile = list(reversed(dealt.pile))  # the top is the last item
        self.discards: list[list[Tile]] = [[] for _ in range(players)]
        self.taken: list[list[Tile]] = [[] for _ in range(players)]
        self.turn = dealer
        self.phase = Phase.DISCARD
        self.moved = [False] * players
        self.shown_by: int | None = None
        self.turned = [False] * players
        self.pairs = [False] * players
        self.last_chance = False  # took the last discard with the pile empty
        self.drawn: Tile | None = None  # the tile drawn or taken this turn
        self.winner: int | None = None
        self.middle: Tile | None = None
        self.board = board
        self.timeouts = timeouts
        self.autopilot = autopilot

    # -- reading -----------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.phase is Phase.ROUND_OVER

    def previous(self, seat: int) -> int:
        return (seat - 1) % self.players

    def start_events(self) -> list[Event]:
        events: list[Event] = [RoundStarted(self.number, self.dealer, self.deck)]
        told = self.from_stacks
        if told is not None:
            events.append(DiceThrown(told.thrower, told.dice, told.position))
        events.append(IndicatorTurned(self.indicator, self.okey, len(self.pile), self.turned_back))
        for step in range(self.players):
            seat = (self.dealer + step) % self.players
            events.append(Dealt(seat, tuple(self.hands[seat])))
        return events

    def can_show(self, seat: int) -> bool:
        return (
            not self.over
            and self.rules.scoring.show_indicator
            and self.shown_by is None
            and not self.moved[seat]
            and self.indicator in self.hands[seat]
        )

    def can_turn_to_okey(self, seat: int) -> bool:
        if not self.rules.play.turn_to_okey or self.turned[seat]:
            return False
        hand = self.hands[seat]
        if self.okey not in hand:
            return False
        return has_finish(*hand_counts(hand, self.okey))

    def finishing_tiles(self, seat: int) -> list[Tile]:
        """The distinct tiles whose discard now leaves ``seat`` a finished hand."""
        found = finishes(self.hands[seat], self.okey, self.rules.scoring)
        return list(dict.fromkeys(f.discard for f in found))

    def legal(self, seat: int) -> tuple[Action, ...]:
        """The moves ``seat`` may choose now (TimeOut and Resume are never listed)."""
        if self.over:
            return ()
        moves: list[Action] = []
        if seat == self.turn:
            if self.phase is Phase.DRAW:
                moves.append(DrawFromPile())
                if self.discards[self.previous(seat)]:
                    moves.append(TakeDiscard())
            elif self.phase is Phase.PILE_OUT:
                moves += [TakeDiscard(), DeclineDiscard()]
            else:
                faces = {tile.code: tile for tile in self.hands[seat]}
                moves += [Discard(faces[code]) for code in sorted(faces)]
                if self.turned[seat]:
                    moves += [Finish(tile) for tile in self.finishing_tiles(seat)]
                if self.can_turn_to_okey(seat):
                    moves.append(TurnToOkey())
            if (
                self.rules.play.declare_pairs
                and not self.pairs[seat]
                and self.phase is not Phase.PILE_OUT
            ):
                moves.append(DeclarePairs())
        if self.can_show(seat):
            moves.append(ShowIndicator())
        return tuple(moves)

    # -- checking ----------------------------------------------------------

    def check(self, seat: int, action: Action) -> None:
        """Raise :class:`IllegalMoveError` saying why ``action`` is not allowed now."""
        if self.over:
            raise IllegalMoveError("round_over")
        if isinstance(action, ShowIndicator):
            self._check_show(seat)
            return
        if seat != self.turn:
            raise IllegalMoveError("not_your_turn")
        phase = self.phase
        if isinstance(action, DrawFromPile):
            if phase is Phase.DISCARD:
                raise IllegalMoveError("must_discard")
            if phase is Phase.PILE_OUT:
                raise IllegalMoveError("pile_empty")
        elif isinstance(action, TakeDiscard):
            if phase is Phase.DISCARD:
                raise IllegalMoveError("must_discard")
            if not self.discards[self.previous(seat)]:
                raise IllegalMoveError("nothing_to_take")
        elif isinstance(action, DeclineDiscard):
            if phase is not Phase.PILE_OUT:
                raise IllegalMoveError("decline_only_pile_out")
        elif isinstance(action, Discard | Finish):
            self._check_discard(seat, action)
        elif isinstance(action, TurnToOkey):
            self._check_turn_to_okey(seat)
        elif isinstance(action, DeclarePairs):
            if not self.rules.play.declare_pairs:
                raise IllegalMoveError("no_declare_pairs")
            if self.pairs[seat]:
                raise IllegalMoveError("already_declared_pairs")
            if phase is Phase.PILE_OUT:
                raise IllegalMoveError("must_take_or_decline")
        elif (
            isinstance(action, TimeOut)
            and not self.rules.play.timer_seconds
            and not self.autopilot[seat]
        ):
            raise IllegalMoveError("no_timer")

    def _check_show(self, seat: int) -> None:
        if not self.rules.scoring.show_indicator:
            raise IllegalMoveError("no_show")
        if self.shown_by is not None:
            raise IllegalMoveError("already_shown")
        if self.moved[seat]:
            raise IllegalMoveError("show_too_late")
        if self.indicator not in self.hands[seat]:
            raise IllegalMoveError("no_twin", tile=tile_name(self.indicator))

    def _check_discard(self, seat: int, action: Discard | Finish) -> None:
        if self.phase is Phase.DRAW:
            raise IllegalMoveError("must_draw")
        if self.phase is Phase.PILE_OUT:
            raise IllegalMoveError("must_take_or_decline")
        if action.tile not in self.hands[seat]:
            raise IllegalMoveError("not_in_hand", tile=tile_name(action.tile, self.okey))
        if isinstance(action, Finish) and not self._leaves_win(seat, action.tile):
            raise IllegalMoveError("does_not_finish", tile=tile_name(action.tile, self.okey))

    def _check_turn_to_okey(self, seat: int) -> None:
        if not self.rules.play.turn_to_okey:
            raise IllegalMoveError("no_turn_to_okey")
        if self.turned[seat]:
            raise IllegalMoveError("already_turned")
        if self.phase is not Phase.DISCARD:
            raise IllegalMoveError("must_draw")
        if self.okey not in self.hands[seat]:
            raise IllegalMoveError("no_okey", tile=tile_name(self.okey, self.okey))
        if not self.can_turn_to_okey(seat):
            raise IllegalMoveError("not_ready")

    def _leaves_win(self, seat: int, tile: Tile) -> bool:
        return bool(kinds_after_discard(self.hands[seat], tile, self.okey))

    # -- changing ----------------------------------------------------------

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Apply an action already known to be legal (no checks)."""
        if isinstance(action, TimeOut):
            return self._time_out(seat)
        if isinstance(action, ShowIndicator):
            return self._show(seat)
        self.timeouts[seat] = 0
        return self._play(seat, action)

    def _play(self, seat: int, action: Action) -> list[Event]:
        if isinstance(action, DrawFromPile):
            tile = self.pile.pop()
            self._receive(seat, tile)
            return [Drew(seat, tile, len(self.pile))]
        if isinstance(action, TakeDiscard):
            source = self.previous(seat)
            tile = self.discards[source].pop()
            self.last_chance = self.phase is Phase.PILE_OUT
            self._receive(seat, tile)
            self.taken[seat].append(tile)
            return [TookDiscard(seat, source, tile)]
        if isinstance(action, Discard):
            return self._discard(seat, action.tile, finishing=False)
        if isinstance(action, Finish):
            return self._discard(seat, action.tile, finishing=True)
        if isinstance(action, DeclineDiscard):
            tile = self.discards[self.previous(seat)][-1]
            return [DeclinedDiscard(seat, tile), self._draw_round(DrawReason.DECLINED)]
        if isinstance(action, TurnToOkey):
            self.turned[seat] = True
            return [TurnedToOkey(seat)]
        if isinstance(action, DeclarePairs):
            self.pairs[seat] = True
            return [DeclaredPairs(seat)]
        raise AssertionError(f"unhandled action {action!r}")  # pragma: no cover

    def _receive(self, seat: int, tile: Tile) -> None:
        self.hands[seat].append(tile)
        self.moved[seat] = True
        self.drawn = tile
        self.phase = Phase.DISCARD

    def _show(self, seat: int) -> list[Event]:
        penalty = self.rules.scoring.show_penalty
        losers = self.board.charge_others(seat, penalty)
        self.shown_by = seat
        return [ShowedIndicator(seat, self.indicator, penalty, losers, self.board.per_seat())]

    def _discard(self, seat: int, tile: Tile, *, finishing: bool) -> list[Event]:
        hand = self.hands[seat]
        hand.remove(tile)
        self.moved[seat] = True
        if finishing or not self.turned[seat]:
            kinds = winning_kinds(hand, self.okey)
            if kinds:
                return [self._win(seat, tile, kinds)]
        self.discards[seat].append(tile)
        events: list[Event] = [Discarded(seat, tile)]
        if self.last_chance:
            events.append(self._draw_round(DrawReason.NO_WIN))
        elif not self.pile and self.rules.play.pile_out == "close_after_last_discard":
            events.append(self._draw_round(DrawReason.PILE_CLOSED))
        else:
            self.turn = (seat + 1) % self.players
            self.drawn = None
            self.phase = Phase.DRAW if self.pile else Phase.PILE_OUT
        return events

    def _win(self, seat: int, tile: Tile, kinds: list[FinishKind]) -> RoundWon:
        scoring = self.rules.scoring
        okey = self.okey
        points, kind = best_finish(scoring, kinds, tile, okey)
        hand = self.hands[seat]
        grouping = (
            combination_grouping(hand, okey)
            if kind is FinishKind.COMBINATIONS
            else pairs_grouping(hand, okey)
        )
        losers = self.board.charge_others(seat, points)
        self.winner = seat
        self.middle = tile
        self.phase = Phase.ROUND_OVER
        return RoundWon(
            seat=seat,
            tile=tile,
            kind=kind,
            okey_discard=is_okey(tile, okey),
            colored=colour_doubles(scoring, tile, okey),
            groups=grouping.groups,
            points=points,
            losers=losers,
            scores=self.board.per_seat(),
        )

    def _draw_round(self, reason: DrawReason) -> RoundDrawn:
        self.phase = Phase.ROUND_OVER
        return RoundDrawn(reason, self.board.per_seat())

    # -- the turn clock ----------------------------------------------------

    def _time_out(self, seat: int) -> list[Event]:
        self.timeouts[seat] += 1
        events: list[Event] = [TimedOut(seat, self.timeouts[seat])]
        if self.timeouts[seat] >= self.rules.play.autopilot_after and not self.autopilot[seat]:
            self.autopilot[seat] = True
            events.append(AutopilotChanged(seat, on=True))
        if self.phase is Phase.PILE_OUT:
            tile = self.discards[self.previous(seat)][-1]
            counts, jokers = hand_counts([*self.hands[seat], tile], self.okey)
            if not has_finish(counts, jokers):
                return events + self._play(seat, DeclineDiscard())
            events += self._play(seat, TakeDiscard())
        elif self.phase is Phase.DRAW:
            events += self._play(seat, DrawFromPile())
        return events + self._play(seat, self.automatic_discard(seat))

    def automatic_discard(self, seat: int) -> Action:
        """What the game discards for a seat whose time ran out: a win if there is one,
        else the tile drawn this turn, else the last spare tile of the hand."""
        winning = self.finishing_tiles(seat)
        if winning:
            return Finish(winning[0])
        if self.drawn is not None and self.drawn in self.hands[seat]:
            return Discard(self.drawn)
        spares = combination_grouping(self.hands[seat], self.okey).spares
        return Discard(spares[-1] if spares else self.hands[seat][-1])
