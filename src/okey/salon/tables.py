"""A salon table: a table of :mod:`okey.net` that seats only by the salon's tickets, with
what the salon keeps beside it (who sits by account, watchers, stake, the last moves and
chat lines for reports).

:class:`SalonNetTable` is the table server's own :class:`~okey.net.table.NetTable` with
three guards: a Hello without a seat's token is refused (the salon seats people by
account, never by code and name), a player who leaves a running match is told to the
salon (the stake is forfeited and a bot takes the seat), and a muted account's table
chat is refused.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

from okey.engine.events import Event, seen_by
from okey.engine.notation import format_action
from okey.engine.record import MoveEntry
from okey.net.protocol import Chat, ClientMessage, Hello, Reason, SeatKind
from okey.net.server import Hosted
from okey.net.table import NetTable, Refusal
from okey.salon.messages import Card, CardSeat

EVIDENCE = 20  # chat lines and moves kept for a report
SPECTATOR = -1  # no seat: public events only


class SalonNetTable(NetTable):
    """A net table that seats only the salon's tickets (see the module)."""

    reserving = False  # True while the salon itself seats an account
    on_left: Callable[[int], None] = staticmethod(lambda seat: None)
    muted: Callable[[int], bool] = staticmethod(lambda seat: False)
    on_seats: Callable[[], None] = staticmethod(lambda: None)

    def advance(self) -> float | None:
        before = [seat.kind for seat in self.seats]
        wait = super().advance()
        if [seat.kind for seat in self.seats] != before:  # a seat kept too long was freed
            self.on_seats()
        return wait

    def hello(self, hello: Hello, on_seat: Callable[[int], None]) -> int:
        if hello.token is None and not self.reserving:
            raise Refusal(Reason.WRONG_CODE)
        return super().hello(hello, on_seat)

    def drop(self, seat: int, *, left: bool = False) -> None:
        place = self.seats[seat]
        if place.connected and left and self.started and not self.over:
            # Walked out of a match under way: the salon gives the seat to a bot and says
            # so (the table's own line, that the autopilot plays until they are back,
            # would not be true).
            self.on_left(seat)
            place.connected = False
            return
        super().drop(seat, left=left)

    def handle(self, seat: int, message: ClientMessage) -> None:
        if isinstance(message, Chat) and self.muted(seat):
            raise Refusal(Reason.BAD_CHAT)
        super().handle(seat, message)

    def to_bot(self, seat: int) -> None:
        """A bot plays the seat from now on; its token takes nothing back."""
        place = self.seats[seat]
        place.kind = SeatKind.BOT
        place.connected = False
        place.token_digest = ""


@dataclass(eq=False)
class SalonTable:
    """A table of the salon and what the salon keeps of it."""

    number: int
    hosted: Hosted
    stake: int
    rating: int  # the lowest rating it seats
    points: int
    accounts: dict[int, int] = field(default_factory=dict)  # seat: account id
    watchers: dict[int, str] = field(default_factory=dict)  # account id: name
    forfeited: dict[int, int] = field(default_factory=dict)  # seat: account id
    chat: deque[str] = field(default_factory=lambda: deque(maxlen=EVIDENCE))
    moves: deque[str] = field(default_factory=lambda: deque(maxlen=EVIDENCE))
    heard: int = 0  # events told to the watchers
    recorded: int = 0  # record entries written to ``moves``
    settled: bool = False
    telling: bool = False  # the watchers are to hear what happened, at the end of this step

    @property
    def table(self) -> SalonNetTable:
        table = self.hosted.table
        assert isinstance(table, SalonNetTable)
        return table

    @property
    def code(self) -> str:
        return self.hosted.code

    def seat_of(self, account: int) -> int | None:
        return next((seat for seat, found in self.accounts.items() if found == account), None)

    def free_seats(self) -> int:
        return sum(1 for seat in self.table.seats if seat.kind is SeatKind.OPEN)

    def tidy(self) -> None:
        """Forget the accounts whose seats were freed (gone before the first deal)."""
        seats = self.table.seats
        for seat in [s for s in self.accounts if seats[s].kind is not SeatKind.PERSON]:
            del self.accounts[seat]

    def card(self, rating_of: Callable[[int], int]) -> Card:
        table = self.table
        rules = table.match.rules
        seats = []
        for number, seat in enumerate(table.seats):
            account = self.accounts.get(number)
            rating = rating_of(account) if account is not None else None
            seats.append(CardSeat(seat.kind.value, seat.name, rating))
        return Card(
            self.number,
            rules.game,
            rules.name,
            self.points,
            tuple(seats),
            self.stake,
            self.rating,
            table.started,
            len(self.watchers),
        )

    def new_events(self) -> tuple[int, tuple[Event, ...]]:
        """The public events since the watchers last heard (and the version now)."""
        events = self.table.match.events
        new = tuple(e for event in events[self.heard :] if (e := seen_by(event, SPECTATOR)))
        self.heard = len(events)
        return self.heard, new

    def public_events(self) -> tuple[Event, ...]:
        events = self.table.match.events
        return tuple(e for event in events if (e := seen_by(event, SPECTATOR)))

    def note_moves(self) -> None:
        """Write the moves made since last time (for a report's evidence)."""
        table = self.table
        record = table.match.record
        for entry in record[self.recorded :]:
            if isinstance(entry, MoveEntry):
                name = table.seats[entry.seat].name or str(entry.seat + 1)
                self.moves.append(f"{name}: {format_action(entry.action)}")
        self.recorded = len(record)
