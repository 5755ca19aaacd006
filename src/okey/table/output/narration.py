"""The table's events as lines, as the player hears them.

One line per thing that happened, short and front-loaded: another player's
whole turn is one line ("Ayşe, on your left, draws from the pile and
discards red 5"), the player's own moves name the tile and where it went in
the rack, and a finished round is told as who and how, the combinations,
and the cost. What comes after (whose turn now, a possible finish, the
standings) is said by :mod:`okey.table.output.prompts` from the state, not here.

A game's own events (Okey 101's openings, layings, penalties and scores) are told by
its folder's words (:class:`TableWordsPart`, the module ``table_words`` of the game),
with what else differs: how a round's start is said, whether the dealer's first discard
"opens", what the deal adds to the hand, which discard a finish tells. The game is the
one of the seat's view the change step passes.

Every event is told or passed over on purpose in one ``match``: a new event type
fails type checking here until it is handled.

There are two narrators, this one and the replay's (:mod:`okey.narrate`),
because they tell different listeners different things: this one speaks to one
seat from its chair ("you", "on your left"), pairs another player's draw with their
discard, follows the rack and the round's opening, and is silent where a prompt
speaks; the replay tells every seat's events by name, one line each, for a log
read afterwards. They share the catalogue's variants for the dice
(:func:`~okey.engine.traditional.dice_variant`) and the words of a combination
(:mod:`okey.table.output.meldwords`).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import Protocol, assert_never

from okey import kits
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
from okey.table.lines import (
    Face,
    Field,
    Joined,
    Line,
    Name,
    Names,
    Speech,
    seat_fields,
    sentence,
)
from okey.table.output.meldwords import group_line
from okey.table.state.seats import Seats
from okey.tiles import Tile

Position = Callable[[Tile], tuple[int, int]]
"""Where a tile now sits in the player's rack: (1-based position, tile count)."""


def indicator_line(indicator: Tile, okey: Tile) -> Line:
    """ "Indicator yellow 7, okey yellow 8." (both tiles by their faces)."""
    return Line("table.indicator", indicator=Face(indicator), okey=Face(okey))


class TableTeller(Protocol):
    """What the table's narrator offers a game's words."""

    @property
    def seats(self) -> Seats: ...

    def who(self, seat: int, key: str, **fields: Field) -> Line:
        """``key.you`` for the player's own move, else ``key.other`` with the seat's name,
        place and label."""
        ...


@dataclass(frozen=True)
class TableWordsPart:
    """What a game's folder gives the table's narrator (its module ``table_words``'s
    ``PART``): ``events`` tells one of its own events, given the seat's view after them
    (when known); ``finished_with``: the seat and discard an event of its own tells as a
    finish (that discard is not told again); ``round_key``: the key of a round's start
    (``stacks``: dealt from stacks); ``first_discard_opens``: the dealer's first discard
    is said as the round's opening; ``dealt``: what follows the player's hand at the
    deal."""

    events: Callable[[TableTeller, GameEvent, TableView | None], list[Speech]]
    finished_with: Callable[[GameEvent], tuple[int, Tile] | None]
    round_key: Callable[[bool], str]
    first_discard_opens: bool
    dealt: Callable[[Sequence[Tile], TableView], list[Speech]]


def words_of(game: str) -> TableWordsPart:
    """Game ``game``'s words at the table."""
    return kits.part(game, "table_words", TableWordsPart)


class TableNarrator:
    """Turns a batch of events (as the player may know them) into lines."""

    def __init__(self, seats: Seats, autopilot_after: int = 0) -> None:
        self.seats = seats
        self.opened = False  # the dealer has made the round's first discard
        self.stacked = False  # the round being told was dealt from stacks, with dice
        self.autopilot_after = autopilot_after  # timeouts before autopilot takes a seat
        self.played_for_you = False  # in the batch being told, the game played your turn
        self.closing = ""  # what the player's timeout closed: "menu", "question" or nothing
        self.view: TableView | None = None  # the seat's view after the events told
        self.round_okey: Tile | None = None  # the okey of the round being told, once turned
        self.game = kits.DEFAULT_GAME  # the view's game
        self.game_words = words_of(self.game)  # its words

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
        the cues played instead of their words (brief mode, :func:`okey.table.output.cues.alone`):
        with the draw's, another player's draw from the pile goes without saying.
        ``view``: the seat's view after the events: its game's words tell what differs
        (at Okey 101 it names the combinations a penalised discard fitted, the scores'
        reasons and the deal's best opening)."""
        self.view = view
        game = view.rules.game if view is not None else kits.DEFAULT_GAME
        if game != self.game:
            self.game, self.game_words = game, words_of(game)
        said: list[Speech] = []
        pending: Drew | TookDiscard | None = None  # another player's draw, told with a discard
        you = self.seats.you
        # The game played the player's turn (a timeout, autopilot): their draw is said
        # without a place in the rack, which the discard after it changes at once.
        self.played_for_you = any(isinstance(e, TimedOut) and e.seat == you for e in events)
        draw_heard = Cue.DRAW in heard
        if any(isinstance(event, RoundStarted) for event in events):
            self.stacked = any(isinstance(event, DiceThrown) for event in events)
        # A game's finish may tell its discard ("Ayşe finishes, discarding red 5"): not twice.
        finishing = {
            finish
            for event in events
            if isinstance(event, GameEvent)
            and (finish := words_of(event.game).finished_with(event)) is not None
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
        first = not self.opened and self.game_words.first_discard_opens
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
                key = self.game_words.round_key(self.stacked)
                if event.dealer == you:
                    key += ".you"
                return [Line(key, number=event.number, name=Name(event.dealer))]
            case DiceThrown():
                return [self._dice(event)]
            case IndicatorTurned():
                self.round_okey = event.okey
                said: list[Speech] = [indicator_line(event.indicator, event.okey)]
                if event.turned_back and not self.stacked:  # the dice line told it
                    said.insert(0, Line("table.turned_back", count=event.turned_back))
                return said
            case Dealt():
                if event.seat != you:
                    return []
                if self.view is None:
                    return [hand]
                return [hand, *self.game_words.dealt(event.hand, self.view)]
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
            case GameEvent():  # the game's own: its folder's words tell it
                return words_of(event.game).events(self, event, self.view)
            case _:
                assert_never(event)

    def who(self, seat: int, key: str, **fields: Field) -> Line:
        """``key.you`` for the player's own move, else ``key.other`` with the seat's name,
        place and label."""
        if seat == self.seats.you:
            return Line(f"{key}.you", **fields)
        return Line(f"{key}.other", **seat_fields(seat), **fields)

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

    @property
    def okey(self) -> Tile | None:
        """The okey of the round being told: as it was turned, else the view's."""
        if self.round_okey is not None:
            return self.round_okey
        return self.view.okey if self.view is not None else None

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
            sentence(group_line(group.kind, group.tiles, self.okey)) for group in event.groups
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
