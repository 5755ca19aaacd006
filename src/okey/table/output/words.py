"""Lines put in words: catalogue texts at the current verbosity, and the table's phrases.

:meth:`Words.say` renders a :mod:`~okey.table.lines` message: its key at the verbosity
the player chose, each field named in the player's language (tiles with the round's
okey, seats from the player's chair). The helpers below it name tiles, seats and the
rack for the screen and the review command too.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import assert_never

from okey.errors import OkeyError, render
from okey.messages import Catalogue, Verbosity
from okey.rules_words import Named
from okey.table.lines import (
    AndList,
    Capital,
    Face,
    Field,
    Joined,
    Label,
    Line,
    Name,
    Names,
    Problem,
    Scores,
    Speech,
    Tiles,
    Where,
)
from okey.table.sorted_hand import SectionKind, SortedHand, SortMode
from okey.table.state.seats import Place, Seats
from okey.tiles import Tile


class Words:
    """Looks texts up at one verbosity and names tiles, seats and lists."""

    def __init__(self, seats: Seats, verbosity: Verbosity, catalogue: Catalogue) -> None:
        self.seats = seats
        self.verbosity = verbosity
        self.catalogue = catalogue
        self.okey: Tile | None = None

    def __call__(self, key: str, /, **fields: object) -> str:
        return self.catalogue.variant(key, self.verbosity, **fields)

    # -- lines ---------------------------------------------------------------

    def say(self, speech: Speech) -> str:
        """A whole message in words."""
        return str(self.field(speech))

    def fields(self, line: Line) -> dict[str, int | str]:
        """A line's fields in words (numbers stay numbers, for the catalogue's formats)."""
        return {name: self.field(value) for name, value in line.fields.items()}

    def field(self, value: Field) -> int | str:
        match value:
            case int() | str():
                return value
            case Named():
                return value.render(self.catalogue)
            case Tile():
                return self.tile(value)
            case Face():
                return self.catalogue.tile(value.tile)
            case Tiles():
                return self.tiles(value.tiles)
            case Name():
                return self.name(value.seat)
            case Where():
                return self.where(value.seat)
            case Label():
                return self.label(value.seat)
            case Names():
                return self.names(value.seats)
            case Scores():
                return self.scores(value.scores, ranked=value.ranked, lowest=value.lowest_first)
            case SortedHand():
                return self.hand(value)
            case Capital():
                return self.capital(str(self.field(value.text)))
            case AndList():
                return self.join([str(self.field(part)) for part in value.parts])
            case Joined():
                return value.sep.join(str(self.field(part)) for part in value.parts)
            case Line():
                return self(value.key, **self.fields(value))
            case Problem(error=OkeyError() as error):
                return render(error, self.catalogue)
            case Problem():
                return str(value.error)
            case _:
                assert_never(value)

    # -- tiles ---------------------------------------------------------------

    def tile(self, tile: Tile) -> str:
        return self.catalogue.tile(tile, self.okey)

    def tiles(self, tiles: Sequence[Tile]) -> str:
        return self.catalogue.tiles(list(tiles), self.okey)

    def join(self, items: Sequence[str]) -> str:
        """ "a", "a and b", "a, b and c"."""
        if not items:
            return self("list.empty")
        if len(items) == 1:
            return items[0]
        return self("table.and", rest=", ".join(items[:-1]), last=items[-1])

    # -- seats ---------------------------------------------------------------

    def name(self, seat: int) -> str:
        """The seat's name in a sentence: "you" for the player."""
        if seat == self.seats.you:
            return self("table.you")
        return self.seats.names[seat]

    def where(self, seat: int) -> str:
        """Where a seat sits: "on your left", "your partner, across"."""
        if seat == self.seats.partner:
            return self("table.where.partner")
        return self(f"table.where.{self.seats.place(seat).value}")

    def label(self, seat: int) -> str:
        """A short label: "Left", "Across", "Partner"."""
        if seat == self.seats.partner:
            return self("table.label.partner")
        place = self.seats.place(seat)
        return self("table.label.you") if place is Place.YOU else self(f"table.label.{place.value}")

    def names(self, seats: Sequence[int]) -> str:
        """Seats in play order from the player: "you, Mehmet and Zeynep"."""
        order = self.seats.in_play_order()
        ordered = sorted(seats, key=order.index)
        return self.join([self.name(seat) for seat in ordered])

    def capital(self, text: str) -> str:
        return self.catalogue.capitalise(text)

    # -- the hand ------------------------------------------------------------

    def mode(self, mode: SortMode) -> str:
        return self(f"table.sort.{mode.value}")

    def hand(self, hand: SortedHand) -> str:
        """The tiles in order; in smart grouping, group by group with their kind."""
        if hand.mode is not SortMode.SMART:
            return self.tiles(hand.tiles)
        parts = []
        for section in hand.sections:
            tiles = self.tiles(hand.tiles[section.start : section.end])
            parts.append(self("table.hand.section", kind=self.kind(section.kind), tiles=tiles))
        return "; ".join(parts)

    def kind(self, kind: SectionKind) -> str:
        return self(f"table.kind.{kind.value}")

    # -- scores --------------------------------------------------------------

    def scores(self, scores: Sequence[int], *, ranked: bool, lowest: bool = False) -> str:
        """Scores as the player hears them: per seat, per team ("us", "them"), or a duel;
        ``ranked``: the best first (``lowest``: the lowest is the best, as at Okey 101)."""
        seats = self.seats
        you = seats.you
        if seats.table.partners:
            partner = seats.partner
            them = next(s for s in seats.in_play_order() if s not in (you, partner))
            return self("table.scores.teams", us=scores[you], them=scores[them])
        deciding = seats.deciding()
        order = list(deciding)
        if ranked:
            order.sort(key=lambda s: scores[s] if lowest else -scores[s])
        text = ", ".join(self("table.score", name=self.name(s), score=scores[s]) for s in order)
        sides = [s for s in seats.in_play_order() if s not in deciding]
        if sides:
            side_text = ", ".join(
                self("table.score", name=self.name(s), score=scores[s]) for s in sides
            )
            return self("table.scores.duel", deciding=text, sides=side_text)
        return text
