"""The score board: seats or teams, who loses when someone finishes or shows, rankings."""

from __future__ import annotations

from okey.engine.events import Standing
from okey.rules import TableRules

DUEL_SEATS = (0, 2)


class ScoreBoard:
    """Scores per side: a seat, or in partners a team of opposite seats."""

    def __init__(self, table: TableRules) -> None:
        self.table = table
        self.players = table.players
        sides = 2 if table.partners else table.players
        self.values = [table.starting_score] * sides

    def side(self, seat: int) -> int:
        return seat % 2 if self.table.partners else seat

    def seats_of(self, side: int) -> tuple[int, ...]:
        return tuple(seat for seat in range(self.players) if self.side(seat) == side)

    def per_seat(self) -> tuple[int, ...]:
        values = self.values
        if self.table.partners:
            return tuple(values[seat % 2] for seat in range(self.players))
        return tuple(values)

    def charge_others(self, seat: int, points: int) -> tuple[int, ...]:
        """Every side but ``seat``'s loses ``points``; returns the seats that lost."""
        mine = self.side(seat)
        for side in range(len(self.values)):
            if side != mine:
                self.values[side] -= points
        return tuple(s for s in range(self.players) if self.side(s) != mine)

    def deciding_sides(self) -> tuple[int, ...]:
        """The sides whose scores decide the match (a duel: only the two people)."""
        if self.table.duel:
            return DUEL_SEATS
        return tuple(range(len(self.values)))

    def anyone_out(self) -> bool:
        return any(self.values[side] <= 0 for side in self.deciding_sides())

    def standings(self, last_finisher: int | None) -> tuple[Standing, ...]:
        """Places by score, highest first; ties shared or won by the last finisher."""
        finisher_side = None if last_finisher is None else self.side(last_finisher)
        breaks_ties = self.table.tie == "last_finisher"

        def key(side: int) -> tuple[int, int]:
            first = 1 if breaks_ties and side == finisher_side else 0
            return (-self.values[side], -first)

        order = sorted(self.deciding_sides(), key=key)
        result: list[Standing] = []
        for index, side in enumerate(order):
            place = result[-1].place if index and key(order[index - 1]) == key(side) else index + 1
            result.append(Standing(place, self.seats_of(side), self.values[side]))
        return tuple(result)
