"""One round of Okey 101: the deal, turns of a draw, lays and a discard, the scores.

The dealer holds 22 tiles and begins by laying (if they wish) and
discarding; every later turn draws from the pile or takes the left discard,
may lay (an :class:`Open`, then :class:`Lay` and :class:`Add`) and always
discards. A taken discard must be laid that turn: until it is, every lay must
hold it and no discard is allowed, and it may be given back (then the pile).
Discarding the last tile finishes (the player must have opened); the round
also ends when the pile is empty after a discard, or is cancelled when all
four open with pairs. ``docs/okey101.md`` is the rule book; each refusal is an
:class:`IllegalMoveError` with its reason.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
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
    Discarded,
    Drew,
    Event,
    IndicatorTurned,
    RoundStarted,
    TookDiscard,
)
from okey.engine.games.base import GameRound
from okey.engine.view import Phase
from okey.games.okey101.actions import Add, GiveBack, Lay, Open, Pair
from okey.games.okey101.events import (
    Added101,
    GaveBack101,
    Laid101,
    Opened101,
    Penalised101,
    PenaltyReason,
    RoundCancelled101,
    RoundEnd,
    RoundScored101,
)
from okey.games.okey101.scores import (
    Board101,
    Finish101,
    hand_erased,
    okey_penalties,
    round_factor,
    round_points,
)
from okey.games.okey101.sections import Rules101, rules_101
from okey.games.okey101.view import LaidMeld, LaidPair, View101, discard_penalty
from okey.hand.combinations import GroupKind
from okey.hand.finishing import Opened
from okey.hand.layoff import Place, add_to, additions
from okey.hand.melds import Meld, make_meld, melds_value
from okey.rules import RuleSet
from okey.tiles import Tile, is_okey, okey_for, stand_in

HAND_101 = 21


def is_pair(pair: Pair, okey: Tile) -> bool:
    """Two identical tiles, or an okey with anything (two false jokers are identical)."""
    a, b = pair
    return is_okey(a, okey) or is_okey(b, okey) or stand_in(a, okey) == stand_in(b, okey)


def checked_meld(meld: Meld, okey: Tile, rules: Rules101) -> Meld | None:
    """The meld as the table keeps it, or None when its tiles make no such run or set
    (a run's faces must be the ones its order gives)."""
    made = make_meld(meld.kind, meld.tiles, okey, rules.opening())
    if made is None or (meld.kind is GroupKind.RUN and made.faces != tuple(meld.faces)):
        return None
    return made


class Round101(GameRound):
    """The state of one round of Okey 101. Drive it through :class:`okey.engine.match.Match`."""

    def __init__(
        self, rules: RuleSet, number: int, dealer: int, deck: Sequence[Tile], board: Board101
    ) -> None:
        self.rules = rules
        self.own: Rules101 = rules_101(rules)
        self.players = players = rules.table.players
        self.number = number
        self.dealer = dealer
        self.deck = tuple(deck)
        dealt = deal(self.deck, players, dealer, HAND_101)
        self.indicator = dealt.indicator
        self.turned_back = dealt.turned_back
        self.okey = okey_for(dealt.indicator)
        self.hands = [list(hand) for hand in dealt.hands]
        self.pile = list(reversed(dealt.pile))
        self.discards: list[list[Tile]] = [[] for _ in range(players)]
        self.taken: list[list[Tile]] = [[] for _ in range(players)]
        self.turn = dealer
        self.phase = Phase.DISCARD
        self.winner: int | None = None
        self.cancelled = False
        self.board = board
        self.melds: list[LaidMeld] = []
        self.pairs: list[LaidPair] = []
        self.opened = [Opened.NOT_YET] * players
        self.opening_values = [0] * players
        self.opened_in_turn = [0] * players  # the turn number of each seat's opening
        self.penalties = [0] * players  # penalties charged in play, counted
        self.extra = [0] * players  # points charged apart (giving back, when it costs)
        self.best_value = 0  # the highest combinations opening (rising thresholds)
        self.most_pairs = 0
        self.turns = 0  # turns begun so far (the dealer's first is 1)
        self._new_turn()
        self.turns = 1

    def _new_turn(self) -> None:
        self.must_use: Tile | None = None
        self.gave_back = False
        self.laid = False
        self.layoffs = 0
        self.drawn: Tile | None = None
        self.turns += 1

    # -- reading -----------------------------------------------------------

    def previous(self, seat: int) -> int:
        return (seat - 1) % self.players

    @property
    def table(self) -> list[Meld]:
        return [laid.meld for laid in self.melds]

    def threshold(self) -> int:
        base = self.own.play.opening_threshold
        return max(base, self.best_value + 1) if self.own.play.rising_threshold else base

    def pairs_needed(self) -> int:
        base = self.own.play.pairs_to_open
        return max(base, self.most_pairs + 1) if self.own.play.rising_threshold else base

    def start_events(self) -> list[Event]:
        events: list[Event] = [RoundStarted(self.number, self.dealer, self.deck)]
        events.append(IndicatorTurned(self.indicator, self.okey, len(self.pile), self.turned_back))
        for step in range(self.players):
            seat = (self.dealer + step) % self.players
            events.append(Dealt(seat, tuple(self.hands[seat])))
        return events

    def penalised_by(self, tile: Tile) -> PenaltyReason | None:
        """What discarding ``tile`` now (not as the last tile) would cost, if anything."""
        return discard_penalty(tile, self.table, self.okey, self.own)

    def legal(self, seat: int) -> tuple[Action, ...]:
        """The listed moves (an Open or a Lay is never listed: see :mod:`.view`)."""
        if self.over or seat != self.turn:
            return ()
        moves: list[Action] = []
        if self.phase is Phase.DRAW:
            moves.append(DrawFromPile())
            if self.discards[self.previous(seat)] and not self.gave_back:
                moves.append(TakeDiscard())
            return tuple(moves)
        hand = self.hands[seat]
        must = self.must_use
        if must is None:
            faces = {tile.code: tile for tile in hand}
            moves += [Discard(faces[code]) for code in sorted(faces)]
        else:
            moves.append(GiveBack())
        if self._may_add(seat) is None:
            for found in additions(hand, self.table, self.okey, self.own.opening()):
                action = Add(found)
                if self._add_problem(seat, action) is None:
                    moves.append(action)
        return tuple(moves)

    def view(
        self,
        seat: int,
        *,
        phase: Phase,
        legal: tuple[Action, ...],
        scores: tuple[int, ...],
        autopilot: tuple[int, ...],
    ) -> View101:
        mine = seat == self.turn
        return View101(
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
            melds=tuple(self.melds),
            pairs=tuple(self.pairs),
            openings=tuple(self.opened),
            opening_values=tuple(self.opening_values),
            penalties=tuple(self.penalties),
            threshold=self.threshold(),
            pairs_needed=self.pairs_needed(),
            must_use=self.must_use if mine else None,
            gave_back=self.gave_back and mine,
            laid_this_turn=self.laid and mine,
            opened_this_turn=mine and self.opened_in_turn[seat] == self.turns,
            layoffs_this_turn=self.layoffs if mine else 0,
            opening=self.own.opening(),
        )

    # -- checking ----------------------------------------------------------

    def _refuse(
        self, reason: MoveError, tile: Tile | None = None, **more: object
    ) -> IllegalMoveError:
        """The refusal; ``more``: the reason's numbers (points, pairs) for its words."""
        error = IllegalMoveError(reason, tile=tile, okey=self.okey)
        error.fields.update(more)
        return error

    def check(self, seat: int, action: Action) -> None:
        if self.over:
            raise self._refuse(MoveError.ROUND_OVER)
        if seat != self.turn:
            raise self._refuse(MoveError.NOT_YOUR_TURN)
        phase = self.phase
        match action:
            case DrawFromPile():
                if phase is Phase.DISCARD:
                    raise self._refuse(MoveError.MUST_DISCARD)
            case TakeDiscard():
                if phase is Phase.DISCARD:
                    raise self._refuse(MoveError.MUST_DISCARD)
                if self.gave_back:
                    raise self._refuse(MoveError.TAKE_AFTER_GIVE_BACK)
                if not self.discards[self.previous(seat)]:
                    raise self._refuse(MoveError.NOTHING_TO_TAKE)
            case GiveBack():
                if self.must_use is None:
                    raise self._refuse(MoveError.NOTHING_TO_GIVE_BACK)
            case Discard():
                self._check_discard(seat, action.tile)
            case Open():
                self._check_open(seat, action)
            case Lay():
                self._check_lay(seat, action)
            case Add():
                problem = self._may_add(seat) or self._add_problem(seat, action)
                if problem is not None:
                    raise problem
            case Finish() | ShowIndicator() | DeclineDiscard() | TurnToOkey() | DeclarePairs():
                raise self._refuse(MoveError.NOT_THIS_GAME)
            case TimeOut() | Resume():  # the match's own
                pass
            case GameAction():  # another game's own move
                raise self._refuse(MoveError.NOT_THIS_GAME)
            case _:
                assert_never(action)

    def _check_discard(self, seat: int, tile: Tile) -> None:
        if self.phase is Phase.DRAW:
            raise self._refuse(MoveError.MUST_DRAW)
        if tile not in self.hands[seat]:
            raise self._refuse(MoveError.NOT_IN_HAND, tile)
        if self.must_use is not None:
            if tile == self.must_use:
                raise self._refuse(MoveError.DISCARD_TAKEN, tile)
            raise self._refuse(MoveError.TAKEN_NOT_USED, self.must_use)

    def _laying(self, seat: int, tiles: Sequence[Tile]) -> None:
        """What every laying must respect: the turn's phase, the hand, the taken tile,
        and a tile kept to discard."""
        if self.phase is Phase.DRAW:
            raise self._refuse(MoveError.MUST_DRAW)
        if seat == self.dealer and self.turns == 1 and not self.own.play.dealer_lays_first_turn:
            raise self._refuse(MoveError.LAY_FIRST_TURN)
        missing = Counter(tiles) - Counter(self.hands[seat])
        if missing:
            raise self._refuse(MoveError.NOT_IN_HAND, next(iter(missing)))
        if self.must_use is not None and self.must_use not in tiles:
            raise self._refuse(MoveError.TAKEN_NOT_USED, self.must_use)
        if len(tiles) >= len(self.hands[seat]):
            raise self._refuse(MoveError.KEEP_ONE)

    def _melds(self, melds: Iterable[Meld]) -> list[Meld]:
        checked = []
        for meld in melds:
            made = checked_meld(meld, self.okey, self.own)
            if made is None:
                raise self._refuse(MoveError.BAD_MELD, meld.tiles[0] if meld.tiles else None)
            checked.append(made)
        return checked

    def _pairs(self, pairs: Iterable[Pair]) -> None:
        for pair in pairs:
            if not is_pair(pair, self.okey):
                raise self._refuse(MoveError.BAD_PAIR, pair[0])

    def _check_open(self, seat: int, action: Open) -> None:
        if self.opened[seat] is not Opened.NOT_YET:
            raise self._refuse(MoveError.ALREADY_OPENED)
        if bool(action.melds) == bool(action.pairs):
            raise self._refuse(MoveError.OPEN_ONE_KIND)
        tiles = [t for meld in action.melds for t in meld.tiles] + [
            t for pair in action.pairs for t in pair
        ]
        self._laying(seat, tiles)
        if action.melds:
            value = melds_value(self._melds(action.melds))
            threshold = self.threshold()
            if value < threshold:
                raise self._refuse(MoveError.BELOW_THRESHOLD, value=value, threshold=threshold)
        else:
            self._pairs(action.pairs)
            needed = self.pairs_needed()
            if len(action.pairs) < needed:
                raise self._refuse(MoveError.TOO_FEW_PAIRS, count=len(action.pairs), needed=needed)

    def _check_lay(self, seat: int, action: Lay) -> None:
        opened = self.opened[seat]
        if opened is Opened.NOT_YET:
            raise self._refuse(MoveError.NOT_OPENED)
        if bool(action.melds) == bool(action.pairs):
            raise self._refuse(MoveError.OPEN_ONE_KIND)
        if action.melds and opened is Opened.PAIRS:
            raise self._refuse(MoveError.NO_RUNS_AFTER_PAIRS)
        lays_pairs = self.own.play.series_opener_lays_pairs
        if action.pairs and opened is Opened.COMBINATIONS and not lays_pairs:
            raise self._refuse(MoveError.NO_PAIRS_AFTER_RUNS)
        tiles = [t for meld in action.melds for t in meld.tiles] + [
            t for pair in action.pairs for t in pair
        ]
        self._laying(seat, tiles)
        self._melds(action.melds)
        self._pairs(action.pairs)

    def _may_add(self, seat: int) -> IllegalMoveError | None:
        """Why ``seat`` may add nothing to the table now (None: it may)."""
        if self.phase is not Phase.DISCARD:
            return self._refuse(MoveError.MUST_DRAW)
        if self.opened[seat] is Opened.NOT_YET:
            return self._refuse(MoveError.NOT_OPENED)
        play = self.own.play
        if not play.lay_off_on_opening_turn and self.opened_in_turn[seat] == self.turns:
            return self._refuse(MoveError.ADD_NEXT_TURN)
        limit = play.pairs_opener_layoff_limit
        if self.opened[seat] is Opened.PAIRS and limit and self.layoffs >= limit:
            return self._refuse(MoveError.LAY_OFF_LIMIT)
        return None

    def _add_problem(self, seat: int, action: Add) -> IllegalMoveError | None:
        addition = action.addition
        tile = addition.tile
        hand = self.hands[seat]
        if tile not in hand:
            return self._refuse(MoveError.NOT_IN_HAND, tile)
        if self.must_use is not None and tile != self.must_use:
            return self._refuse(MoveError.TAKEN_NOT_USED, self.must_use)
        if addition.place is Place.OKEY:
            if self.own.play.okey_swap == "never":
                return self._refuse(MoveError.NO_OKEY_SWAP)
        elif len(hand) <= 1:
            return self._refuse(MoveError.KEEP_ONE)
        if not 0 <= addition.meld < len(self.melds):
            return self._refuse(MoveError.NO_FIT, tile)
        meld = self.melds[addition.meld].meld
        if add_to(meld, addition, self.okey, self.own.opening()) is None:
            return self._refuse(MoveError.NO_FIT, tile)
        return None

    # -- changing ----------------------------------------------------------

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Apply a move already known to be legal (no checks)."""
        match action:
            case DrawFromPile():
                tile = self.pile.pop()
                self.hands[seat].append(tile)
                self.drawn = tile
                self.phase = Phase.DISCARD
                return [Drew(seat, tile, len(self.pile))]
            case TakeDiscard():
                source = self.previous(seat)
                tile = self.discards[source].pop()
                self.hands[seat].append(tile)
                self.taken[seat].append(tile)
                self.must_use = self.drawn = tile
                self.phase = Phase.DISCARD
                return [TookDiscard(seat, source, tile)]
            case GiveBack():
                return self._give_back(seat)
            case Discard():
                return self._discard(seat, action.tile)
            case Open():
                return self._open(seat, action)
            case Lay():
                melds = self._melds(action.melds)
                self._lay(seat, melds, action.pairs)
                events: list[Event] = [Laid101(seat, tuple(melds), action.pairs)]
                return events + self._cancel_if_all_pairs()
            case Add():
                return self._add(seat, action)
            case (
                Finish()
                | ShowIndicator()
                | DeclineDiscard()
                | TurnToOkey()
                | DeclarePairs()
                | TimeOut()
                | Resume()
            ):
                raise AssertionError(f"{action!r} is not Okey 101's to apply")
            case GameAction():
                raise AssertionError(f"{action!r} is another game's")
            case _:
                assert_never(action)

    def _give_back(self, seat: int) -> list[Event]:
        tile = self.must_use
        assert tile is not None
        source = self.previous(seat)
        self.hands[seat].remove(tile)
        self.taken[seat].remove(tile)
        self.discards[source].append(tile)
        self.must_use = self.drawn = None
        self.gave_back = True
        self.phase = Phase.DRAW
        events: list[Event] = [GaveBack101(seat, source, tile)]
        cost = self.own.scoring.give_back_penalty
        if cost:
            events.append(self._charge(seat, PenaltyReason.GIVE_BACK, cost, tile))
        return events

    def _charge(
        self, seat: int, reason: PenaltyReason, points: int, tile: Tile | None
    ) -> Penalised101:
        if reason is PenaltyReason.GIVE_BACK:
            self.extra[seat] += points
        else:
            self.penalties[seat] += 1
        return Penalised101(seat, reason, points, tile)

    def _lay(self, seat: int, melds: Sequence[Meld], pairs: Sequence[Pair]) -> None:
        hand = self.hands[seat]
        for meld in melds:
            for tile in meld.tiles:
                hand.remove(tile)
            self.melds.append(LaidMeld(seat, meld))
        for pair in pairs:
            for tile in pair:
                hand.remove(tile)
            self.pairs.append(LaidPair(seat, pair))
        laid = [t for meld in melds for t in meld.tiles] + [t for pair in pairs for t in pair]
        if self.must_use is not None and self.must_use in laid:
            self.must_use = None
        self.laid = True

    def _open(self, seat: int, action: Open) -> list[Event]:
        melds = self._melds(action.melds)
        value = melds_value(melds)
        self._lay(seat, melds, action.pairs)
        if melds:
            self.opened[seat] = Opened.COMBINATIONS
            self.opening_values[seat] = value
            self.best_value = max(self.best_value, value)
        else:
            self.opened[seat] = Opened.PAIRS
            self.most_pairs = max(self.most_pairs, len(action.pairs))
        self.opened_in_turn[seat] = self.turns
        events: list[Event] = [Opened101(seat, tuple(melds), action.pairs, value)]
        return events + self._cancel_if_all_pairs()

    def _cancel_if_all_pairs(self) -> list[Event]:
        if self.own.play.all_pairs != "cancel" or any(o is not Opened.PAIRS for o in self.opened):
            return []
        self.cancelled = True
        self.phase = Phase.ROUND_OVER
        return [RoundCancelled101(self.board.per_seat())]

    def _add(self, seat: int, action: Add) -> list[Event]:
        addition = action.addition
        laid = self.melds[addition.meld]
        grown = add_to(laid.meld, addition, self.okey, self.own.opening())
        assert grown is not None
        meld, taken_back = grown
        self.melds[addition.meld] = LaidMeld(laid.owner, meld)
        hand = self.hands[seat]
        hand.remove(addition.tile)
        if taken_back is not None:
            hand.append(taken_back)
        if self.must_use is not None and addition.tile == self.must_use:
            self.must_use = None
        self.laid = True
        self.layoffs += 1
        return [Added101(seat, laid.owner, addition, meld, taken_back)]

    def _discard(self, seat: int, tile: Tile) -> list[Event]:
        hand = self.hands[seat]
        finishing = len(hand) == 1 and self.opened[seat] is not Opened.NOT_YET
        reason = None if finishing else self.penalised_by(tile)
        hand.remove(tile)
        self.discards[seat].append(tile)
        events: list[Event] = [Discarded(seat, tile)]
        if reason is not None:
            events.append(self._charge(seat, reason, self.own.scoring.penalty, tile))
        if finishing:
            others = [s for s in range(self.players) if s != seat]
            finish = Finish101(
                seat,
                okey_finish=is_okey(tile, self.okey),
                pairs_finish=self.opened[seat] is Opened.PAIRS,
                one_turn=self.opened_in_turn[seat] == self.turns
                and all(self.opened[s] is Opened.NOT_YET for s in others),
            )
            self.winner = seat
            return events + self._score(finish, tile)
        if not self.pile:
            return events + self._score(None, None)
        self.turn = (seat + 1) % self.players
        self.phase = Phase.DRAW
        self._new_turn()
        return events

    def _score(self, finish: Finish101 | None, tile: Tile | None) -> list[Event]:
        self.phase = Phase.ROUND_OVER
        events: list[Event] = []
        points = list(
            round_points(self.own, self.okey, self.hands, self.opened, self.penalties, finish)
        )
        void = finish is None and self.own.scoring.pile_out_scoring == "void"
        erased = hand_erased(self.own, finish)
        for seat, hand in enumerate(self.hands):
            if void:
                continue
            points[seat] += self.extra[seat]
            if seat == erased:
                continue  # the partner's hand, okeys included, is not counted
            for _ in range(okey_penalties(hand, self.okey, self.opened[seat], self.own)):
                cost = self.own.scoring.penalty
                events.append(Penalised101(seat, PenaltyReason.OKEY_IN_HAND, cost, self.okey))
        counted = self.board.counted + 1
        self.board.add(points, None if finish is None else finish.seat, counted)
        events.append(
            RoundScored101(
                end=RoundEnd.PILE_OUT if finish is None else RoundEnd.FINISHED,
                finisher=None if finish is None else finish.seat,
                tile=tile,
                okey_finish=finish is not None and finish.okey_finish,
                pairs_finish=finish is not None and finish.pairs_finish,
                one_turn=finish is not None and finish.one_turn,
                factor=round_factor(self.own, finish),
                hands=tuple(tuple(hand) for hand in self.hands),
                points=tuple(points),
                scores=self.board.per_seat(),
            )
        )
        return events

    # -- the turn clock ----------------------------------------------------

    def automatic_move(self, seat: int) -> Action:
        """For a seat whose time ran out: give a taken discard back, draw, then discard the
        drawn tile if that costs nothing, else the first tile that costs nothing, else
        the highest tile (the last tile, when it finishes)."""
        if self.must_use is not None:
            return GiveBack()
        if self.phase is Phase.DRAW:
            return DrawFromPile()
        hand = self.hands[seat]
        if len(hand) == 1:
            return Discard(hand[0])
        if self.drawn is not None and self.drawn in hand and self.penalised_by(self.drawn) is None:
            return Discard(self.drawn)
        free = [tile for tile in hand if self.penalised_by(tile) is None]
        if free:
            return Discard(max(free, key=lambda t: (stand_in(t, self.okey).number, t)))
        return Discard(max(hand, key=lambda t: (not is_okey(t, self.okey), t)))
