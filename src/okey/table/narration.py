"""The table's events as lines, as the player hears them.

One line per thing that happened, short and front-loaded: another player's
whole turn is one line ("Ayşe, on your left, draws from the pile and
discards red 5"), the player's own moves name the tile and where it went in
the rack, and a finished round is told as who and how, the combinations,
and the cost. What comes after (whose turn now, a possible finish, the
standings) is said by :mod:`okey.table.prompts` from the state, not here.

At Okey 101 (the change step passes the seat's view) another player's turn is their draw
or take, then each opening, laying and addition as a line of its own, naming the
combination and its owner ("Ayşe adds red 10 to Mehmet's run red 7 to 9"), then the
discard, then a penalty and why; the deal adds the hand's best opening and how short it is;
a finish is told once, with why each seat scores what it does
(:mod:`okey.table.meldwords` words the combinations).

Every event is told or passed over on purpose in one ``match``: a new event type
fails type checking here until it is handled.

There are two narrators, this one and the replay's (:mod:`okey.narrate`),
because they tell different listeners different things: this one speaks to one
seat from its chair ("you", "on your left"), pairs another player's draw with their
discard, follows the rack and the round's opening, and is silent where a prompt
speaks; the replay tells every seat's events by name, one line each, for a log
read afterwards. They share the catalogue's variants for the dice
(:func:`~okey.engine.traditional.dice_variant`).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import assert_never

from okey.audio import Cue
from okey.engine.events import (
    AutopilotChanged,
    Dealt,
    DeclaredPairs,
    DeclinedDiscard,
    DiceThrown,
    Discarded,
    Drew,
    Event,
    GameEvent,
    IndicatorTurned,
    MatchOver,
    RoundDrawn,
    RoundStarted,
    RoundWon,
    ShowedIndicator,
    TimedOut,
    TookDiscard,
    TurnedToOkey,
)
from okey.engine.traditional import dice_variant, passed_over
from okey.engine.view import TableView
from okey.games.okey101.events import (
    Added101,
    AnyEvent101,
    GaveBack101,
    Laid101,
    Opened101,
    Penalised101,
    PenaltyReason,
    RoundCancelled101,
    RoundScored101,
)
from okey.games.okey101.view import View101
from okey.hand.finishing import Opened
from okey.hand.layoff import meld_additions
from okey.hand.melds import hand_value
from okey.hand.opening import best_opening
from okey.hand.pairs import best_pairs
from okey.hand.tiles import Tile
from okey.table.lines import (
    AndList,
    Capital,
    Face,
    Field,
    Joined,
    Line,
    Name,
    Names,
    Scores,
    Speech,
    Tiles,
    seat_fields,
    sentence,
)
from okey.table.meldwords import laid_line, meld_before, meld_line, owned_line
from okey.table.seats import Seats

Position = Callable[[Tile], tuple[int, int]]
"""Where a tile now sits in the player's rack: (1-based position, tile count)."""


def indicator_line(indicator: Tile, okey: Tile) -> Line:
    """ "Indicator yellow 7, okey yellow 8." (both tiles by their faces)."""
    return Line("table.indicator", indicator=Face(indicator), okey=Face(okey))


PAIRS_WORTH_SAYING = 4
"""At the deal of Okey 101, the best pairs opening is said from this many pairs."""


def opening_line(hand: Sequence[Tile], view: View101) -> Line:
    """How far the hand is from opening: "Best opening 87: 14 short." or "Best opening
    117: enough to open.", with the pairs when there are enough of them to matter."""
    rules = view.opening
    threshold = view.threshold
    best = best_opening(hand, view.okey, rules, view.must_use)
    value = 0 if best is None or not best.melds else best.value
    if not value:
        said = Line("table.101.best.none", threshold=threshold)
    elif value >= threshold:
        said = Line("table.101.best.enough", value=value)
    else:
        said = Line("table.101.best.short", value=value, short=threshold - value)
    pairs = best_pairs(hand, view.okey, rules, view.must_use)
    count = 0 if pairs is None else len(pairs.pairs)
    if count >= min(PAIRS_WORTH_SAYING, view.pairs_needed):
        needed = view.pairs_needed
        pairs_said = (
            Line("table.101.best.pairs_enough", count=count)
            if count >= needed
            else Line("table.101.best.pairs_short", count=count, short=needed - count)
        )
        return Line("table.101.best.with_pairs", opening=said, pairs=pairs_said)
    return said


class TableNarrator:
    """Turns a batch of events (as the player may know them) into lines."""

    def __init__(self, seats: Seats, autopilot_after: int = 0) -> None:
        self.seats = seats
        self.opened = False  # the dealer has made the round's first discard
        self.stacked = False  # the round being told was dealt from stacks, with dice
        self.autopilot_after = autopilot_after  # timeouts before autopilot takes a seat
        self.played_for_you = False  # in the batch being told, the game played your turn
        self.closing = ""  # what the player's timeout closed: "menu", "question" or nothing
        self.view101: View101 | None = None  # the view after the events told (Okey 101)

    def lines(
        self,
        events: Sequence[Event],
        position: Position,
        hand: Line,
        *,
        heard: Collection[Cue] = frozenset(),
        view: TableView | None = None,
    ) -> list[Speech]:
        """The events' lines; ``hand`` is the rack as the deal reads it out. ``heard``:
        the cues played instead of their words (brief mode, :func:`okey.table.cues.alone`):
        with the draw's, another player's draw from the pile goes without saying.
        ``view``: the seat's view after the events (at Okey 101 it names the combinations
        a penalised discard fitted, the scores' reasons and the deal's best opening)."""
        self.view101 = view if isinstance(view, View101) else None
        said: list[Speech] = []
        pending: Drew | TookDiscard | None = None  # another player's draw, told with a discard
        you = self.seats.you
        # The game played the player's turn (a timeout, autopilot): their draw is said
        # without a place in the rack, which the discard after it changes at once.
        self.played_for_you = any(isinstance(e, TimedOut) and e.seat == you for e in events)
        draw_heard = Cue.DRAW in heard
        if any(isinstance(event, RoundStarted) for event in events):
            self.stacked = any(isinstance(event, DiceThrown) for event in events)
        # At Okey 101 the finishing discard is told with the finish ("Ayşe finishes,
        # discarding red 5"), not twice.
        finishing = {
            (event.finisher, event.tile)
            for event in events
            if isinstance(event, RoundScored101) and event.finisher is not None
        }
        for event in events:
            if isinstance(event, Discarded) and (event.seat, event.tile) in finishing:
                if pending is not None:
                    said += self._draw_only(pending, draw_heard)
                    pending = None
                self.opened = True
                continue
            if isinstance(event, Drew | TookDiscard) and event.seat != you:
                if pending is not None:
                    said += self._draw_only(pending, draw_heard)
                pending = event
                continue
            if isinstance(event, Discarded) and event.seat != you:
                said.append(self._turn(pending, event, draw_heard))
                pending = None
                self.opened = True
                continue
            if pending is not None:
                said += self._draw_only(pending, draw_heard)
                pending = None
            said += self._one(event, position, hand)
        if pending is not None:
            said += self._draw_only(pending, draw_heard)
        return said

    # -- another player's turn ---------------------------------------------

    def _turn(
        self, drew: Drew | TookDiscard | None, discarded: Discarded, draw_heard: bool
    ) -> Line:
        seat = discarded.seat
        fields = {**seat_fields(seat), "tile": discarded.tile}
        if isinstance(drew, TookDiscard):
            key = "table.turn.take_yours" if drew.source == self.seats.you else "table.turn.take"
            return Line(key, taken=drew.tile, **fields)
        if isinstance(drew, Drew):
            if drew.pile_count == 0:
                return Line("table.turn.last", **fields)
            # The draw's cue said "pile": only the discard is left to say.
            return Line("table.turn.discard" if draw_heard else "table.turn.pile", **fields)
        # At Okey 101 "opens" means laying: a discard after lays (or the dealer's) is one.
        first = not self.opened and self.view101 is None
        return Line("table.turn.open" if first else "table.turn.discard", **fields)

    def _draw_only(self, drew: Drew | TookDiscard, draw_heard: bool) -> list[Speech]:
        if isinstance(drew, TookDiscard):
            return [Line("table.took", taken=drew.tile, **seat_fields(drew.seat))]
        if draw_heard and drew.pile_count:
            return []  # the draw's cue, from their side, said it all
        return [Line("table.drew", **seat_fields(drew.seat))]

    # -- everything else -----------------------------------------------------

    def _one(self, event: Event, position: Position, hand: Line) -> list[Speech]:
        you = self.seats.you
        match event:
            case RoundStarted():
                self.opened = False
                key = "table.round.stacks" if self.stacked else "table.round"
                if self.view101 is not None:
                    key = "table.101.dealt"
                if event.dealer == you:
                    key += ".you"
                return [Line(key, number=event.number, name=Name(event.dealer))]
            case DiceThrown():
                return [self._dice(event)]
            case IndicatorTurned():
                said: list[Speech] = [indicator_line(event.indicator, event.okey)]
                if event.turned_back and not self.stacked:  # the dice line told it
                    said.insert(0, Line("table.turned_back", count=event.turned_back))
                return said
            case Dealt():
                if event.seat != you:
                    return []
                if self.view101 is not None and event.hand:
                    return [hand, opening_line(event.hand, self.view101)]
                return [hand]
            case Drew() | TookDiscard():  # the player's own (the others' are paired above)
                assert event.tile is not None
                where, count = position(event.tile)
                key = "table.you_take" if isinstance(event, TookDiscard) else "table.you_draw"
                if not where or self.played_for_you:  # the game played the turn
                    key += "_gone"
                drawn: list[Speech] = [Line(key, tile=event.tile, position=where, count=count)]
                if isinstance(event, Drew) and event.pile_count == 0:
                    drawn.append(Line("table.pile", count=0))
                return drawn
            case Discarded():
                self.opened = True
                return [Line("table.you_discard", tile=event.tile)]
            case ShowedIndicator():
                return [self._show(event)]
            case TurnedToOkey() | DeclaredPairs():
                what = "turned" if isinstance(event, TurnedToOkey) else "pairs"
                if event.seat == you:
                    return [Line(f"table.{what}.you")]
                return [Line(f"table.{what}.other", name=Name(event.seat))]
            case DeclinedDiscard():
                if event.seat == you:
                    return [Line("table.you_decline", tile=event.tile)]
                return [Line("table.declined", tile=event.tile, **seat_fields(event.seat))]
            case TimedOut():
                if self.autopilot_after and event.in_a_row > self.autopilot_after:
                    return []  # autopilot was already playing: it said so once
                if event.seat == you:
                    closing, self.closing = self.closing, ""
                    return [Line("table.timeout.you" + (f".{closing}" if closing else ""))]
                return [Line("table.timeout.other", name=Name(event.seat))]
            case AutopilotChanged():
                state = "on" if event.on else "off"
                if event.seat == you:
                    return [Line(f"table.autopilot_{state}.you")]
                return [Line(f"table.autopilot_{state}.other", name=Name(event.seat))]
            case RoundWon():
                return self._won(event)
            case RoundDrawn():
                return [Line(f"table.drawn.{event.reason.value}")]
            case MatchOver():
                return []  # told with the final standings (prompts)
            case GameEvent():
                assert isinstance(event, AnyEvent101)
                return self._event101(event)
            case _:
                assert_never(event)

    # -- Okey 101 ------------------------------------------------------------------

    def _who(self, seat: int, key: str, **fields: Field) -> Line:
        """``key.you`` for the player's own move, else ``key.other`` with the seat's name,
        place and label."""
        if seat == self.seats.you:
            return Line(f"{key}.you", **fields)
        return Line(f"{key}.other", **seat_fields(seat), **fields)

    def _event101(self, event: AnyEvent101) -> list[Speech]:
        okey = self._okey(event)
        match event:
            case Opened101():
                laid = laid_line(event.melds, event.pairs, okey)
                if event.melds:
                    return [
                        self._who(event.seat, "table.101.opened", value=event.value, melds=laid)
                    ]
                count = len(event.pairs)
                return [self._who(event.seat, "table.101.opened_pairs", count=count, melds=laid)]
            case Laid101():
                laid = laid_line(event.melds, event.pairs, okey)
                return [self._who(event.seat, "table.101.laid", melds=laid)]
            case Added101():
                swapped = event.taken_back is not None  # the okey's face goes unsaid
                before = meld_line(meld_before(event), okey, okeys=not swapped)
                meld = owned_line(before, event.owner, event.seat, self.seats.you)
                tile = Face(event.addition.tile)
                if event.taken_back is not None:
                    return [self._who(event.seat, "table.101.swapped", tile=tile, meld=meld)]
                return [self._who(event.seat, "table.101.added", tile=tile, meld=meld)]
            case GaveBack101():
                source = Name(event.source)
                return [
                    self._who(event.seat, "table.101.gave_back", tile=event.tile, source=source)
                ]
            case Penalised101():
                return [self._penalty(event, okey)]
            case RoundScored101():
                return self._scored(event, okey)
            case RoundCancelled101():
                return [Line("table.101.cancelled")]
            case _:
                assert_never(event)

    def _okey(self, event: AnyEvent101) -> Tile:
        if self.view101 is not None:
            return self.view101.okey
        if isinstance(event, Penalised101) and event.reason is PenaltyReason.OKEY_IN_HAND:
            assert event.tile is not None
            return event.tile
        return Tile(0)  # no view: no tile is named an okey (never at a table)

    def _penalty(self, event: Penalised101, okey: Tile) -> Line:
        reason = event.reason
        key = f"table.101.penalty.{reason.value}"
        fields: dict[str, Field] = {"points": event.points}
        if reason is PenaltyReason.PLAYABLE_DISCARD and event.tile is not None:
            fields["tile"] = event.tile
            view = self.view101
            fitted = None
            if view is not None:
                fitted = next(
                    (
                        laid
                        for index, laid in enumerate(view.melds)
                        if meld_additions(laid.meld, index, [event.tile], okey, view.opening)
                    ),
                    None,
                )
            if fitted is None:
                key += ".table"
            else:
                described = meld_line(fitted.meld, okey)
                fields["meld"] = owned_line(described, fitted.owner, event.seat, self.seats.you)
        elif reason is PenaltyReason.GIVE_BACK and event.tile is not None:
            fields["tile"] = event.tile
        return self._who(event.seat, key, **fields)

    def _scored(self, event: RoundScored101, okey: Tile) -> list[Speech]:
        """Who finished and what doubled the round; then each seat's points and why (the
        standings that follow are the prompts')."""
        said: list[Speech] = []
        if event.finisher is None or event.tile is None:
            said.append(Line("table.101.pile_out"))
        else:
            said.append(self._who(event.finisher, "table.101.finished", tile=event.tile))
            why: list[Field] = []
            if event.okey_finish:
                why.append(Line("table.101.why.okey_finish"))
            if event.pairs_finish:
                why.append(Line("table.101.why.pairs_finish"))
            if event.one_turn:
                why.append(Line("table.101.why.one_turn"))
            if event.factor > 1:
                said.append(Line("table.101.factor", why=AndList(tuple(why)), count=event.factor))
        view = self.view101
        own = view.rules.okey101 if view is not None else None
        void = not any(event.points)
        if void and event.finisher is None:
            said.append(Line("table.101.void"))
        elif view is not None and own is not None:
            scoring = own.scoring
            for seat in self.seats.in_play_order():
                points = event.points[seat]
                name = Capital(Name(seat))
                held = hand_value(event.hands[seat], okey).points
                opened = view.openings[seat] if seat < len(view.openings) else Opened.NOT_YET
                if seat == event.finisher:
                    base = -scoring.finish_bonus * event.factor
                    line = Line("table.101.score.finisher", name=name, count=points)
                elif opened is Opened.NOT_YET:
                    base = scoring.unopened * event.factor
                    line = Line("table.101.score.unopened", name=name, count=points)
                else:
                    times = event.factor
                    key = "table.101.score.hand"
                    if opened is Opened.PAIRS and scoring.pairs_opener_factor > 1:
                        times *= scoring.pairs_opener_factor
                        key = "table.101.score.pairs_hand"
                    base = held * times
                    line = Line(key, name=name, count=points, hand=held, times=times)
                extra = points - base
                if extra:
                    said.append(Line("table.101.score.penalties", text=line, points=extra))
                else:
                    said.append(Line("table.101.score.end", text=line))
        else:
            said.append(Line("table.101.points", scores=Scores(event.points, ranked=False)))
        return said  # the totals follow from the state (prompts.round_over), said once

    def _dice(self, event: DiceThrown) -> Line:
        """ "Ayşe throws a 5 and a 2: the spare tile goes on the fifth stack, and its
        second tile from the bottom is turned up." (brief: the throws only)."""
        dice = event.dice
        passed = passed_over(dice.tile, event.position)
        story = Line(
            "table.dice.story" + dice_variant(dice.tile, event.position),
            stack_nth=Line(f"ordinal.{dice.stack}"),
            tile_nth=Line(f"ordinal.{dice.tile}"),
            second_nth=Line(f"ordinal.{passed[-1] if passed else dice.tile}"),
            position_nth=Line(f"ordinal.{event.position}"),
        )
        who = "you" if event.seat == self.seats.you else "other"
        return Line(
            f"table.dice.{who}",
            name=Name(event.seat),
            stack=dice.stack,
            tile=dice.tile,
            story=story,
        )

    def _show(self, event: ShowedIndicator) -> Line:
        cost = self._cost(event.losers, event.penalty, each=False)
        if event.seat == self.seats.you:
            return Line("table.showed.you", tile=event.tile, cost=cost)
        return Line("table.showed.other", name=Name(event.seat), tile=event.tile, cost=cost)

    def _won(self, event: RoundWon) -> list[Speech]:
        kind = Line(f"kind.{event.kind.value}")
        if event.seat == self.seats.you:
            first = Line("table.won.you", kind=kind, tile=event.tile)
        else:
            first = Line("table.won.other", name=Name(event.seat), kind=kind, tile=event.tile)
        head: list[Field] = [first]
        if event.okey_discard:
            head.append(Line("table.won.okey"))
        if event.colored:
            head.append(Line("table.won.colored"))
        groups = tuple(
            Line(f"hand.group.{group.kind.value}", tiles=Tiles(group.tiles))
            for group in event.groups
        )
        cost = self._cost(event.losers, event.points, each=True)
        return [Joined(tuple(head)), Joined(groups), sentence(cost)]

    def _cost(self, losers: Sequence[int], points: int, *, each: bool) -> Line:
        """Who loses what: "you, Mehmet and Zeynep lose 2 each", or "we lose 2"."""
        seats = self.seats
        if seats.table.partners:
            ours = any(seats.on_my_side(seat) for seat in losers)
            return Line("table.cost.us" if ours else "table.cost.them", points=points)
        if len(losers) == 1 and losers[0] != seats.you:
            key = "table.cost.one"
        else:
            key = "table.cost.each" if each and len(losers) > 1 else "table.cost"
        return Line(key, losers=Names(tuple(losers)), points=points)
