"""One round of Okey: the deal, the turns, the shows and declarations, a win or a draw.

The dealer opens by discarding; then each turn is a draw (the pile's top, or
the discard the previous seat just made) and a discard. A discard that leaves
14 finished tiles wins at once and goes to the middle (after okeye dönmek only
an explicit ``Finish`` does). When the pile is empty after a discard:
``take_last_discard`` gives the next seat the choice to take that discard or
decline it (a draw); having taken it, their next discard must finish, or the
round is drawn. ``close_after_last_discard`` draws the round at once.

The round changes scores only through the :class:`ScoreBoard` it is given; the
match decides what happens after the round. A seat whose time ran out is moved
by the match, one :meth:`Round.automatic_move` at a time.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import assert_never

from okey.engine.actions import (
    Action,
    DeclarePairs,
    DeclineDiscard,
    Discard,
    DrawFromPile,
    Finish,
    GameAction,
    Resume,
    ShowIndicator,
    TakeDiscard,
    TimeOut,
    TurnToOkey,
)
from okey.engine.deal import deal
from okey.engine.errors import IllegalMoveError, MoveError
from okey.engine.events import (
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
    TookDiscard,
    TurnedToOkey,
)
from okey.engine.games.base import GameRound
from okey.engine.traditional import Dice, StackDeal, deal_from_stacks
from okey.engine.view import Phase, PlayerView
from okey.games.okey.scores import ScoreBoard
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
from okey.rules import RuleSet
from okey.tiles import Tile, is_okey, okey_for


class Round(GameRound):
    """The state of one round of Okey. Drive it through :class:`okey.engine.match.Match`."""

    def __init__(
        self,
        rules: RuleSet,
        number: int,
        dealer: int,
        deck: Sequence[Tile],
        board: ScoreBoard,
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

    # -- reading -----------------------------------------------------------

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

    def view(
        self,
        seat: int,
        *,
        phase: Phase,
        legal: tuple[Action, ...],
        scores: tuple[int, ...],
        autopilot: tuple[int, ...],
    ) -> PlayerView:
        """What ``seat`` may know of this round: the common part and Okey's own."""
        players = range(self.players)
        return PlayerView(
            seat=seat,
            players=self.players,
            hand=tuple(self.hands[seat]),
            indicator=self.indicator,
            okey=self.okey,
            turn=self.turn,
            phase=phase,
            dealer=self.dealer,
            round_number=self.number,
            pile_count=len(self.pile),
            discards=tuple(tuple(pile) for pile in self.discards),
            taken=tuple(tuple(tiles) for tiles in self.taken),
            scores=scores,
            legal=legal,
            hand_sizes=tuple(len(hand) for hand in self.hands),
            autopilot=autopilot,
            winner=self.winner,
            rules=self.rules,
            shown_indicator=() if self.shown_by is None else (self.shown_by,),
            declared_pairs=tuple(s for s in players if self.pairs[s]),
            turned_to_okey=tuple(s for s in players if self.turned[s]),
            last_chance=self.last_chance,
            middle=self.middle,
        )

    # -- checking ----------------------------------------------------------

    def _refuse(self, reason: MoveError, tile: Tile | None = None) -> IllegalMoveError:
        return IllegalMoveError(reason, tile=tile, okey=self.okey)

    def check(self, seat: int, action: Action) -> None:
        """Raise :class:`IllegalMoveError` saying why ``action`` is not allowed now."""
        if self.over:
            raise self._refuse(MoveError.ROUND_OVER)
        if isinstance(action, ShowIndicator):
            self._check_show(seat)
            return
        if seat != self.turn:
            raise self._refuse(MoveError.NOT_YOUR_TURN)
        phase = self.phase
        match action:
            case DrawFromPile():
                if phase is Phase.DISCARD:
                    raise self._refuse(MoveError.MUST_DISCARD)
                if phase is Phase.PILE_OUT:
                    raise self._refuse(MoveError.PILE_EMPTY)
            case TakeDiscard():
                if phase is Phase.DISCARD:
                    raise self._refuse(MoveError.MUST_DISCARD)
                if not self.discards[self.previous(seat)]:
                    raise self._refuse(MoveError.NOTHING_TO_TAKE)
            case DeclineDiscard():
                if phase is not Phase.PILE_OUT:
                    raise self._refuse(MoveError.DECLINE_ONLY_PILE_OUT)
            case Discard() | Finish():
                self._check_discard(seat, action)
            case TurnToOkey():
                self._check_turn_to_okey(seat)
            case DeclarePairs():
                if not self.rules.play.declare_pairs:
                    raise self._refuse(MoveError.NO_DECLARE_PAIRS)
                if self.pairs[seat]:
                    raise self._refuse(MoveError.ALREADY_DECLARED_PAIRS)
                if phase is Phase.PILE_OUT:
                    raise self._refuse(MoveError.MUST_TAKE_OR_DECLINE)
            case TimeOut() | Resume():  # the match's own (the clock and autopilot)
                pass
            case GameAction():
                raise self._refuse(MoveError.NOT_THIS_GAME)
            case _:
                assert_never(action)

    def _check_show(self, seat: int) -> None:
        if not self.rules.scoring.show_indicator:
            raise self._refuse(MoveError.NO_SHOW)
        if self.shown_by is not None:
            raise self._refuse(MoveError.ALREADY_SHOWN)
        if self.moved[seat]:
            raise self._refuse(MoveError.SHOW_TOO_LATE)
        if self.indicator not in self.hands[seat]:
            raise self._refuse(MoveError.NO_TWIN, self.indicator)

    def _check_discard(self, seat: int, action: Discard | Finish) -> None:
        if self.phase is Phase.DRAW:
            raise self._refuse(MoveError.MUST_DRAW)
        if self.phase is Phase.PILE_OUT:
            raise self._refuse(MoveError.MUST_TAKE_OR_DECLINE)
        if action.tile not in self.hands[seat]:
            raise self._refuse(MoveError.NOT_IN_HAND, action.tile)
        if isinstance(action, Finish) and not self._leaves_win(seat, action.tile):
            raise self._refuse(MoveError.DOES_NOT_FINISH, action.tile)

    def _check_turn_to_okey(self, seat: int) -> None:
        if not self.rules.play.turn_to_okey:
            raise self._refuse(MoveError.NO_TURN_TO_OKEY)
        if self.turned[seat]:
            raise self._refuse(MoveError.ALREADY_TURNED)
        if self.phase is not Phase.DISCARD:
            raise self._refuse(MoveError.MUST_DRAW)
        if self.okey not in self.hands[seat]:
            raise self._refuse(MoveError.NO_OKEY, self.okey)
        if not self.can_turn_to_okey(seat):
            raise self._refuse(MoveError.NOT_READY)

    def _leaves_win(self, seat: int, tile: Tile) -> bool:
        return bool(kinds_after_discard(self.hands[seat], tile, self.okey))

    # -- changing ----------------------------------------------------------

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Apply a move already known to be legal (no checks)."""
        match action:
            case DrawFromPile():
                tile = self.pile.pop()
                self._receive(seat, tile)
                return [Drew(seat, tile, len(self.pile))]
            case TakeDiscard():
                source = self.previous(seat)
                tile = self.discards[source].pop()
                self.last_chance = self.phase is Phase.PILE_OUT
                self._receive(seat, tile)
                self.taken[seat].append(tile)
                return [TookDiscard(seat, source, tile)]
            case Discard():
                return self._discard(seat, action.tile, finishing=False)
            case Finish():
                return self._discard(seat, action.tile, finishing=True)
            case ShowIndicator():
                return self._show(seat)
            case DeclineDiscard():
                tile = self.discards[self.previous(seat)][-1]
                return [DeclinedDiscard(seat, tile), self._draw_round(DrawReason.DECLINED)]
            case TurnToOkey():
                self.turned[seat] = True
                return [TurnedToOkey(seat)]
            case DeclarePairs():
                self.pairs[seat] = True
                return [DeclaredPairs(seat)]
            case TimeOut() | Resume():
                raise AssertionError(f"{action!r} is the match's to apply")
            case GameAction():
                raise AssertionError(f"{action!r} is another game's")
            case _:
                assert_never(action)

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

    def automatic_move(self, seat: int) -> Action:
        """One move of the game's own for a seat whose time ran out: with the pile empty,
        take the last discard if it lets the seat finish, else decline it; draw from
        the pile; then :meth:`automatic_discard`."""
        if self.phase is Phase.PILE_OUT:
            tile = self.discards[self.previous(seat)][-1]
            counts, jokers = hand_counts([*self.hands[seat], tile], self.okey)
            return TakeDiscard() if has_finish(counts, jokers) else DeclineDiscard()
        if self.phase is Phase.DRAW:
            return DrawFromPile()
        return self.automatic_discard(seat)

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
