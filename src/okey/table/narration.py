"""The table's events in words, as the player hears them.

One line per thing that happened, short and front-loaded: another player's
whole turn is one line ("Ayşe, on your left, draws from the pile and
discards red 5"), the player's own moves name the tile and where it went in
the rack, and a finished round is told as who and how, the combinations,
and the cost. What comes after (whose turn now, a possible finish, the
standings) is said by :mod:`okey.table.prompts` from the state, not here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from okey.engine.events import (
    AutopilotChanged,
    Dealt,
    DeclaredPairs,
    DeclinedDiscard,
    DiceThrown,
    Discarded,
    Drew,
    Event,
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
from okey.engine.narrate import dice_variant
from okey.engine.traditional import passed_over
from okey.hand.tiles import Tile
from okey.table.words import Words

Position = Callable[[Tile], tuple[int, int]]
"""Where a tile now sits in the player's rack: (1-based position, tile count)."""


@dataclass(frozen=True, slots=True)
class Line:
    """One message."""

    text: str


def indicator_line(indicator: Tile, okey: Tile, words: Words) -> str:
    """ "Indicator yellow 7, okey yellow 8." (both tiles by their faces)."""
    plain = words.catalogue.tile
    return words("table.indicator", indicator=plain(indicator), okey=plain(okey))


class TableNarrator:
    """Turns a batch of events (as the player may know them) into lines."""

    def __init__(self, autopilot_after: int = 0) -> None:
        self.opened = False  # the dealer has made the round's first discard
        self.stacked = False  # the round being told was dealt from stacks, with dice
        self.autopilot_after = autopilot_after  # timeouts before autopilot takes a seat

    def lines(
        self, events: Sequence[Event], words: Words, position: Position, hand_text: str
    ) -> list[Line]:
        said: list[Line] = []
        pending: Event | None = None  # another player's draw, told with their discard
        if any(isinstance(event, RoundStarted) for event in events):
            self.stacked = any(isinstance(event, DiceThrown) for event in events)
        for event in events:
            if isinstance(event, Drew | TookDiscard) and event.seat != words.seats.you:
                if pending is not None:
                    said.append(Line(self._draw_only(pending, words)))
                pending = event
                continue
            if isinstance(event, Discarded) and event.seat != words.seats.you:
                said.append(Line(self._turn(pending, event, words)))
                pending = None
                self.opened = True
                continue
            if pending is not None:
                said.append(Line(self._draw_only(pending, words)))
                pending = None
            said += self._one(event, words, position, hand_text)
        if pending is not None:
            said.append(Line(self._draw_only(pending, words)))
        return said

    # -- another player's turn ---------------------------------------------

    def _turn(self, drew: Event | None, discarded: Discarded, words: Words) -> str:
        seat = discarded.seat
        fields = {
            "name": words.name(seat),
            "where": words.where(seat),
            "label": words.label(seat),
            "tile": words.tile(discarded.tile),
        }
        if isinstance(drew, TookDiscard):
            key = "table.turn.take_yours" if drew.source == words.seats.you else "table.turn.take"
            return words(key, taken=words.tile(drew.tile), **fields)
        if isinstance(drew, Drew):
            key = "table.turn.last" if drew.pile_count == 0 else "table.turn.pile"
            return words(key, **fields)
        return words("table.turn.open" if not self.opened else "table.turn.discard", **fields)

    def _draw_only(self, drew: Event, words: Words) -> str:
        assert isinstance(drew, Drew | TookDiscard)
        fields = {
            "name": words.name(drew.seat),
            "where": words.where(drew.seat),
            "label": words.label(drew.seat),
        }
        if isinstance(drew, TookDiscard):
            return words("table.took", taken=words.tile(drew.tile), **fields)
        return words("table.drew", **fields)

    # -- everything else -----------------------------------------------------

    def _one(self, event: Event, words: Words, position: Position, hand_text: str) -> list[Line]:
        you = words.seats.you
        if isinstance(event, RoundStarted):
            self.opened = False
            key = "table.round.stacks" if self.stacked else "table.round"
            if event.dealer == you:
                key += ".you"
            return [Line(words(key, number=event.number, name=words.name(event.dealer)))]
        if isinstance(event, DiceThrown):
            return [Line(self._dice(event, words))]
        if isinstance(event, IndicatorTurned):
            words.okey = event.okey
            said = [Line(indicator_line(event.indicator, event.okey, words))]
            if event.turned_back and not self.stacked:  # the dice line told it
                said.insert(0, Line(words("table.turned_back", count=event.turned_back)))
            return said
        if isinstance(event, Dealt):
            return [Line(hand_text)] if event.seat == you else []
        if isinstance(event, Drew | TookDiscard):  # the player's own (others are paired above)
            assert event.tile is not None
            where, count = position(event.tile)
            key = "table.you_take" if isinstance(event, TookDiscard) else "table.you_draw"
            if not where:  # already gone again (the game played the turn)
                key += "_gone"
            said = [Line(words(key, tile=words.tile(event.tile), position=where, count=count))]
            if isinstance(event, Drew) and event.pile_count == 0:
                said.append(Line(words("table.pile.empty")))
            return said
        if isinstance(event, Discarded):
            self.opened = True
            return [Line(words("table.you_discard", tile=words.tile(event.tile)))]
        if isinstance(event, ShowedIndicator):
            return [Line(self._show(event, words))]
        if isinstance(event, TurnedToOkey | DeclaredPairs):
            what = "turned" if isinstance(event, TurnedToOkey) else "pairs"
            if event.seat == you:
                return [Line(words(f"table.{what}.you"))]
            return [Line(words(f"table.{what}.other", name=words.name(event.seat)))]
        if isinstance(event, DeclinedDiscard):
            if event.seat == you:
                return [Line(words("table.you_decline", tile=words.tile(event.tile)))]
            return [
                Line(
                    words(
                        "table.declined",
                        name=words.name(event.seat),
                        where=words.where(event.seat),
                        label=words.label(event.seat),
                        tile=words.tile(event.tile),
                    )
                )
            ]
        if isinstance(event, TimedOut):
            if self.autopilot_after and event.in_a_row > self.autopilot_after:
                return []  # autopilot was already playing: it said so once
            if event.seat == you:
                return [Line(words("table.timeout.you"))]
            return [Line(words("table.timeout.other", name=words.name(event.seat)))]
        if isinstance(event, AutopilotChanged):
            state = "on" if event.on else "off"
            if event.seat == you:
                return [Line(words(f"table.autopilot_{state}.you"))]
            return [Line(words(f"table.autopilot_{state}.other", name=words.name(event.seat)))]
        if isinstance(event, RoundWon):
            return [Line(text) for text in self._won(event, words)]
        if isinstance(event, RoundDrawn):
            return [Line(words(f"table.drawn.{event.reason.value}"))]
        if isinstance(event, MatchOver):
            return []  # told with the final standings (prompts)
        return []  # pragma: no cover - every event is handled above

    def _dice(self, event: DiceThrown, words: Words) -> str:
        """ "Ayşe throws a 5 and a 2: the spare tile goes on the fifth stack, and its
        second tile from the bottom is turned up." (brief: the throws only)."""
        dice = event.dice
        passed = passed_over(dice.tile, event.position)
        nth = {
            "stack_nth": words(f"ordinal.{dice.stack}"),
            "tile_nth": words(f"ordinal.{dice.tile}"),
            "second_nth": words(f"ordinal.{passed[-1] if passed else dice.tile}"),
            "position_nth": words(f"ordinal.{event.position}"),
        }
        story = "table.dice.story" + dice_variant(dice.tile, event.position)
        who = "you" if event.seat == words.seats.you else "other"
        return words(
            f"table.dice.{who}",
            name=words.name(event.seat),
            stack=dice.stack,
            tile=dice.tile,
            story=words(story, **nth),
        )

    def _show(self, event: ShowedIndicator, words: Words) -> str:
        cost = self._cost(event.losers, event.penalty, words, each=False)
        tile = words.tile(event.tile)
        if event.seat == words.seats.you:
            return words("table.showed.you", tile=tile, cost=cost)
        return words("table.showed.other", name=words.name(event.seat), tile=tile, cost=cost)

    def _won(self, event: RoundWon, words: Words) -> list[str]:
        kind = words(f"kind.{event.kind.value}")
        tile = words.tile(event.tile)
        if event.seat == words.seats.you:
            first = words("table.won.you", kind=kind, tile=tile)
        else:
            first = words("table.won.other", name=words.name(event.seat), kind=kind, tile=tile)
        extras = []
        if event.okey_discard:
            extras.append(words("table.won.okey"))
        if event.colored:
            extras.append(words("table.won.colored"))
        head = " ".join([first, *extras])
        groups = " ".join(
            words(f"hand.group.{group.kind.value}", tiles=words.tiles(group.tiles))
            for group in event.groups
        )
        cost = self._cost(event.losers, event.points, words, each=True)
        return [head, groups, words("table.sentence", text=words.capital(cost))]

    def _cost(self, losers: Sequence[int], points: int, words: Words, *, each: bool) -> str:
        """Who loses what: "you, Mehmet and Zeynep lose 2 each", or "we lose 2"."""
        seats = words.seats
        if seats.table.partners:
            ours = any(seats.on_my_side(seat) for seat in losers)
            return words("table.cost.us" if ours else "table.cost.them", points=points)
        if len(losers) == 1 and losers[0] != seats.you:
            key = "table.cost.one"
        else:
            key = "table.cost.each" if each and len(losers) > 1 else "table.cost"
        return words(key, losers=words.names(losers), points=points)
