"""Who sits where, seen from the player's chair: names, left/right/across, teams.

Play passes from seat ``s`` to ``s + 1``: the player before you (whose
discards you may take) sits on your left, the one after you on your right.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from okey.messages import Catalogue
from okey.rules import TableRules


class Place(StrEnum):
    """A seat as the player sees it."""

    YOU = "you"
    LEFT = "left"
    RIGHT = "right"
    ACROSS = "across"


@dataclass(frozen=True)
class Seats:
    """The table's seats around the player at ``you``."""

    table: TableRules
    you: int
    names: tuple[str, ...]

    @property
    def players(self) -> int:
        return self.table.players

    def place(self, seat: int) -> Place:
        players = self.table.players
        offset = (seat - self.you) % players
        if offset == 0:
            return Place.YOU
        if players == 2:
            return Place.ACROSS
        if offset == 1:
            return Place.RIGHT
        if offset == players - 1:
            return Place.LEFT
        return Place.ACROSS

    def at(self, place: Place) -> int | None:
        """The seat at a place, if anyone sits there (in a duo the other seat is across)."""
        for seat in self.in_play_order():
            if self.place(seat) is place:
                return seat
        if self.players == 2 and place in (Place.LEFT, Place.RIGHT):
            return (self.you + 1) % 2
        return None

    def in_play_order(self) -> list[int]:
        """Every seat, starting with the player's and going the way play passes."""
        return [(self.you + step) % self.players for step in range(self.players)]

    def others(self) -> list[int]:
        return self.in_play_order()[1:]

    @property
    def partner(self) -> int | None:
        return (self.you + 2) % 4 if self.table.partners else None

    def on_my_side(self, seat: int) -> bool:
        """True for the player and, at a partners table, their partner."""
        return seat == self.you or seat == self.partner

    @property
    def rival(self) -> int | None:
        """In a duel, the other person (across); at a two-seat table, the other seat."""
        if self.table.duel or self.players == 2:
            return (self.you + self.players // 2) % self.players
        return None

    def deciding(self) -> list[int]:
        """Seats whose scores decide the match (a duel: the two people only)."""
        if self.table.duel:
            rival = self.rival
            return [self.you] if rival is None else [self.you, rival]
        return self.in_play_order()


def default_names(
    players: int, you: int, your_name: str, bot_names: Sequence[str]
) -> tuple[str, ...]:
    """Seat names: the player's, then bot names from the left round to the right."""
    names = [""] * players
    names[you] = your_name
    pool = list(bot_names)
    for step in range(1, players):
        seat = (you - step) % players
        names[seat] = pool[(step - 1) % len(pool)] if pool else f"{step}"
    return tuple(names)


def table_names(
    players: int, you: int, catalogue: Catalogue, your_name: str | None = None
) -> tuple[str, ...]:
    """The usual names: the player's (or the catalogue's word for them) and the
    catalogue's bot names."""
    text = catalogue.text
    bots = [name.strip() for name in text("table.bot_names").split(",")]
    return default_names(players, you, your_name or text("table.default_name"), bots)
