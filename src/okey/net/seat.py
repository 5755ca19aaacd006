"""A seat at a table server, played at the accessible table: the network's SeatLink.

:class:`NetSeat` is all the table knows of a seat played on a server
(:class:`okey.table.state.seat.SeatLink`): the seat's last view, its version and the events it
saw, mirrored from the server's Updates; a move goes into an outbox and is answered
later, by the server. :class:`Online` runs beside the table in the same event loop: it
reads what the server says (:class:`~okey.net.client.Client`) and tells the table, from
its seat's point of view: the others' moves (:meth:`okey.table.controller.Table.heard`),
the answer to the player's own move or its refusal, the lobby, chat, drops and returns,
what was missed while away, the review when it comes, and a lost server.

How a move goes::

    key -> Table -> NetSeat.act(action) -> Done(()) at once, and Act(action) in the outbox
    server -> Update(events, view) -> Online -> the mirror moves on -> the table tells the
              events (answering the key), exactly as a local table tells its own
    server -> Refused(illegal_move, reason) -> Online -> the table says why

Another person's draw is held back (:data:`HOLD_DRAW`) until their discard, so that
their turn is told as one line, as a bot's is at a local table.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Protocol, assert_never

from okey.engine.actions import Action, TimeOut
from okey.engine.events import (
    DeclinedDiscard,
    Discarded,
    Drew,
    EndsRound,
    Event,
    RoundWon,
    ShowedIndicator,
    TookDiscard,
)
from okey.engine.view import Phase
from okey.hand.notation import parse_tile
from okey.messages import Catalogue, Verbosity
from okey.net.client import FINAL, Disconnected
from okey.net.heard import HeardLog
from okey.net.protocol import Act as ActMessage
from okey.net.protocol import (
    AskReview,
    Brief,
    Chat,
    ClientMessage,
    Goodbye,
    Lobby,
    MatchRecord,
    Pong,
    Presence,
    PresenceState,
    Readied,
    Ready,
    Reason,
    Refused,
    Remove,
    Reviewed,
    Said,
    Seated,
    SeatInfo,
    SeatKind,
    SeatView,
    ServerMessage,
    Start,
    Update,
)
from okey.net.table import clean_chat, plain_name
from okey.review import RoundReview
from okey.rules import RuleSet, load_rules
from okey.table.controller import Table
from okey.table.input import chatting, moves, router
from okey.table.keys import Command
from okey.table.lines import AndList, Field, Joined, Line, Names, Speech, Where, sentence
from okey.table.output.welcome import sides
from okey.table.state.chat import ChatRoom
from okey.table.state.clock import WARNING_AT
from okey.table.state.seat import Done, Outcome, Step
from okey.table.state.seat import Refused as SeatRefused
from okey.table.state.seat import SeatView as TableSeatView
from okey.table.state.seats import Seats
from okey.table.state.settings import TableSettings
from okey.table.state.sorting import SortMode
from okey.tiles import Tile

HOLD_DRAW = 2.0
"""Seconds another person's draw waits for their discard, to be told with it as one turn
(a person who thinks longer is heard drawing, then discarding)."""
CLOCK_SLACK = 2
"""Seconds the table's own turn clock may differ from the server's before it is set again."""
KEEP_PENDING = 16  # moves remembered by ref, to word a late refusal
_TURN_OVER = (Discarded, RoundWon, DeclinedDiscard)


class NetSeat:
    """One seat of a match played on a table server, as the table sees it."""

    def __init__(self, seated: Seated, rules: RuleSet, settings: TableSettings) -> None:
        self.seated = seated
        self._rules = rules
        self._settings = settings
        self.asked_name = settings.names[seated.seat]  # the table may add a number to it
        self._view: SeatView | None = None  # the view of the table's game
        self._version = 0
        self._seen: list[Event] = []
        self.heard = HeardLog()  # the spans of events heard, to check the record against
        self.lobby: Lobby | None = None
        self.outbox: asyncio.Queue[ClientMessage] = asyncio.Queue()
        self.pending: dict[int, Action] = {}  # moves sent, by ref, to word a refusal
        self._refs = itertools.count(1)
        self.awaiting = False  # the player's move is on its way: its events answer the key
        self.reviews: dict[int, RoundReview] = {}
        self._asked: dict[int, int] = {}  # the reviews asked for, by the ref of the asking
        self.wanted: int | None = None  # the review the player asked for before it came
        self.note: Callable[[Speech], None] = lambda speech: None  # answers of its own
        self.waiting: tuple[int, ...] = ()  # between rounds: the people the deal waits for

    # -- the SeatLink --------------------------------------------------------------

    @property
    def you(self) -> int:
        return self.seated.seat

    @property
    def rules(self) -> RuleSet:
        return self._rules

    @property
    def settings(self) -> TableSettings:
        return self._settings

    @property
    def version(self) -> int:
        return self._version

    def step(self) -> Step:
        view = self._view
        if view is None:
            return Step.ROUND_OVER  # the lobby: Enter starts (the host) or waits
        if view.phase is Phase.MATCH_OVER:
            return Step.MATCH_OVER
        if view.phase is Phase.ROUND_OVER:
            return Step.ROUND_OVER
        if view.turn == self.you:
            return Step.AUTOPILOT if self.you in view.autopilot else Step.PLAYER
        return Step.BOT

    def view(self) -> TableSeatView | None:
        return self._view

    def table_view(self) -> SeatView | None:
        """The seat's view as the server sent it (its class is its game's view)."""
        return self._view

    def seen(self) -> Sequence[Event]:
        return self._seen

    def act(self, action: Action) -> Outcome:
        """Send the move; the server's Update (or Refused) answers it."""
        if isinstance(action, TimeOut):
            return Done(())  # the server's clock times turns out, not this one
        ref = next(self._refs)
        self.pending[ref] = action
        if len(self.pending) > KEEP_PENDING:
            del self.pending[min(self.pending)]
        self.awaiting = True
        self.send(ActMessage(action, ref))
        return Done(())

    def deal(self) -> Outcome:
        """Enter between rounds: ready for the next deal; in the lobby the host starts."""
        if self._view is None:
            if self.hosting:
                self.send(Start())  # answered by the start itself, said to everyone
            else:
                self.note(Line("net.host_starts", name=self.host_name()))
            return Done(())
        self.send(Ready())
        if self.waiting != (self.you,):  # else the deal comes at once and says it all
            self.note(Line("net.ready"))
        return Done(())

    def review(self, number: int) -> RoundReview | None:
        found = self.reviews.get(number)
        if found is None:
            self.wanted = number
            self.ask_review(number)
        return found

    # -- the rest of the seat --------------------------------------------------------

    @property
    def hosting(self) -> bool:
        return self.lobby is not None and self.lobby.host == self.you

    @property
    def started(self) -> bool:
        return self._view is not None or (self.lobby is not None and self.lobby.started)

    def host_name(self) -> Field:
        lobby = self.lobby
        if lobby is None or lobby.host is None:
            return Line("net.nobody")
        return lobby.seats[lobby.host].name

    def send(self, message: ClientMessage) -> None:
        self.outbox.put_nowait(message)

    def chat(self, text: str) -> Speech | None:
        """Send a chat line; None when it went, else why not."""
        line = clean_chat(text)
        if line is None:
            return Line("net.reason.bad_chat")
        self.send(Chat(line))
        return None

    def ask_review(self, number: int) -> None:
        if number not in self._asked.values() and number not in self.reviews:
            ref = next(self._refs)
            self._asked[ref] = number
            self.send(AskReview(number, ref))

    def review_refused(self, ref: int | None) -> bool:
        """The server could not review the round asked with ``ref``: it may be asked again;
        True when the player is waiting for it (then they are told)."""
        number = self._asked.pop(ref, None) if ref is not None else None
        if number is None or number == self.wanted:
            self.wanted = None
            return True
        return False

    def take(self, update: Update) -> None:
        """The mirror moves on: the server's version and view, and the events seen."""
        self._version = update.version
        if (
            update.view is None
            or self._view is None
            or (update.view.round_number != self._view.round_number)
        ):
            self.waiting = ()
        self._view = update.view
        self._seen += update.events
        self.heard.update(update)

    def missed(self, brief: Brief) -> None:
        self._seen += brief.missed
        self.heard.brief(brief)


def seat_rules(seated: Seated) -> RuleSet:
    """The table's rules: sent whole by the server, else known here by name (RulesError)."""
    if seated.ruleset is not None:
        return seated.ruleset
    rules = load_rules(seated.rules)
    return replace(rules, play=replace(rules.play, timer_seconds=seated.timer))


def net_seat(
    seated: Seated,
    name: str,
    *,
    verbosity: Verbosity = Verbosity.DETAILED,
    sounds: bool = True,
    sort_mode: SortMode = SortMode.COLOUR,
) -> NetSeat:
    """The seat the server gave, with this player's settings (RulesError: rules unknown)."""
    rules = seat_rules(seated)
    players = rules.table.players
    names = [""] * players  # the lobby names everyone
    names[seated.seat] = name
    settings = TableSettings(
        rules=rules.name,
        you=seated.seat,
        names=names,
        levels=["" if seat == seated.seat else seated.level for seat in range(players)],
        verbosity=verbosity,
        sounds=sounds,
        pace=0.0,  # the server paces its bots
        sort_mode=sort_mode,
    )
    return NetSeat(seated, rules, settings)


# -- the table's words for the lobby and the seats --------------------------------------


def bot_names(lobby: Lobby, catalogue: Catalogue) -> dict[int, str]:
    """Names for the bots (and the seats still free): the catalogue's bot names that sound
    like no person's, given in seat order, so that every seat calls a bot the same."""
    # A bot that took over a person's seat (a salon forfeit) keeps the person's name, so
    # the other bots' names do not shift and players and watchers say the same names.
    named = {info.seat for info in lobby.seats if info.kind is not SeatKind.OPEN and info.name}
    people = {plain_name(lobby.seats[seat].name) for seat in named}
    # The local table's three names first; the spares when a person has one of them (a
    # bot called Ayşe at Ayşe's table was heard as Ayşe playing twice).
    pool = [
        n.strip()
        for key in ("table.bot_names", "table.bot_names.spare")
        for n in catalogue.text(key).split(",")
        if n.strip()
    ]
    names = [name for name in pool if plain_name(name) not in people]
    others = [
        info.seat
        for info in lobby.seats
        if info.kind is not SeatKind.PERSON and info.seat not in named
    ]
    while len(names) < len(others):
        names.append(f"{pool[0] if pool else '?'} {len(names) + 1}")
    kept = {
        seat: lobby.seats[seat].name for seat in named if lobby.seats[seat].kind is SeatKind.BOT
    }
    return dict(zip(others, names, strict=False)) | kept


def seat_names(lobby: Lobby, catalogue: Catalogue) -> list[str]:
    bots = bot_names(lobby, catalogue)
    return [info.name if info.kind is SeatKind.PERSON else bots[info.seat] for info in lobby.seats]


def _entry(info: SeatInfo, you: int, names: Sequence[str], partner: int | None) -> Line:
    where = Where(info.seat)
    # Across at a partners table: "Veli, your partner, across" ("{name} {where}" read
    # "a free seat your partner, across").
    mate = ".partner" if info.seat == partner else ""
    if info.seat == you:
        return Line("net.lobby.you")
    if info.kind is SeatKind.PERSON:
        key = "net.lobby.person" if info.connected else "net.lobby.away"
        return Line(key + mate, name=info.name, where=where)
    if info.kind is SeatKind.BOT:
        return Line("net.lobby.bot" + mate, name=names[info.seat], where=where)
    return Line("net.lobby.open" + mate, where=where)


def lobby_lines(lobby: Lobby, seats: Seats, level: str, catalogue: Catalogue) -> list[Speech]:
    """Who sits where, from the player's chair, and who starts the match."""
    names = seat_names(lobby, catalogue)
    order = seats.in_play_order()
    entries = tuple(_entry(lobby.seats[seat], seats.you, names, seats.partner) for seat in order)
    said: list[Speech] = [Line("net.lobby.seats", seats=AndList(entries))]
    if lobby.host == seats.you:
        said.append(Line("net.lobby.you_host", level=level))
    elif lobby.host is not None:
        said.append(Line("net.lobby.host", name=lobby.seats[lobby.host].name))
    return said


def lobby_changes(before: Lobby, now: Lobby, you: int) -> list[Speech]:
    """Who sat down, left, came back or lost their seat since the lobby before (the host
    hears how to free a seat at once)."""
    said: list[Speech] = []
    for old, new in zip(before.seats, now.seats, strict=True):
        if new.seat == you:
            continue
        if new.kind is not SeatKind.PERSON:
            if old.kind is SeatKind.PERSON:
                said.append(Line("net.presence.freed", name=old.name))
            continue
        where = Where(new.seat)
        if old.kind is not SeatKind.PERSON or old.name != new.name:
            said.append(Line("net.presence.joined", name=new.name, where=where))
        elif old.connected and not new.connected:
            said.append(Line("net.presence.left", name=new.name))
            if now.host == you and not now.started:
                command = Line("net.command.remove")
                said.append(Line("net.lobby.free_now", name=new.name, command=command))
        elif new.connected and not old.connected:
            said.append(Line("net.presence.returned", name=new.name))
    if now.host != before.host and now.host == you:
        said.append(Line("net.lobby.now_host"))
    return said


def away_line(lobby: Lobby, you: int) -> Line | None:
    """Joining a match under way (a rejoin, the host's resume): the people not there, whose
    seats the autopilot plays until they come back (None: everyone is there)."""
    away = tuple(
        info.seat
        for info in lobby.seats
        if info.kind is SeatKind.PERSON and not info.connected and info.seat != you
    )
    return Line("net.lobby.away_now", names=Names(away)) if away else None


def presence_line(presence: Presence) -> Line:
    """Another seat dropped, left or came back during the match."""
    name = presence.name
    match presence.state:
        case PresenceState.DROPPED:
            return Line("net.presence.dropped", name=name)
        case PresenceState.LEFT:
            return Line("net.presence.away", name=name)
        case PresenceState.RETURNED:
            return Line("net.presence.returned", name=name)
        case _:
            assert_never(presence.state)


def readied_line(readied: Readied, you: int) -> Line:
    """Someone is ready for the next round: who the deal still waits for."""
    waiting = Names(readied.waiting)
    if readied.seat == you:
        return Line("net.waiting", waiting=waiting)
    return Line("net.readied", name=readied.name, waiting=waiting)


def started_line(
    lobby: Lobby, you: int, catalogue: Catalogue, seats: Seats | None = None
) -> Speech:
    """The match begins: which seats the bots took, and at a partners or duel table who
    plays with or against whom (as a local table's welcome says)."""
    names = seat_names(lobby, catalogue)
    bots = tuple(
        Line("net.lobby.bot", name=names[info.seat], where=Where(info.seat))
        for info in lobby.seats
        if info.kind is SeatKind.BOT and info.seat != you
    )
    begins = Line("net.started", bots=AndList(bots)) if bots else Line("net.started.people")
    company = sides(seats) if seats is not None and seats.players > 2 else None
    return begins if company is None else Joined((begins, sentence(company)))


def missed_lines(table: Table, brief: Brief) -> list[Speech]:
    """What a seat missed while away, in brief: how many turns, how many the autopilot
    played for it, and how rounds ended meanwhile."""
    you = table.seats.you
    turns = sum(1 for e in brief.missed if isinstance(e, _TURN_OVER))
    yours = sum(1 for e in brief.missed if isinstance(e, _TURN_OVER) and e.seat == you)
    head: list[Field] = [Line("net.missed", count=turns)]
    if yours:
        head.append(Line("net.missed.yours", count=yours))
    if brief.left_out:
        head.append(Line("net.missed.left_out", count=brief.left_out))
    ends = [e for e in brief.missed if isinstance(e, EndsRound | ShowedIndicator)]
    told = table.narrator.lines(ends, table.position, table.hand(), view=table.state.seen)
    return [Joined(tuple(head)), *told]


def lost_line(lost: Disconnected, address: str, catalogue: Catalogue) -> Line:
    """Why the client gave up, in the player's words."""
    reason = catalogue.text(f"net.reason.{lost.reason.value}") if lost.reason is not None else ""
    return Line(f"net.lost.{lost.lost.value}", address=address, reason=reason)


def lost_text(lost: Disconnected, address: str, catalogue: Catalogue) -> str:
    """The same, as printed once the table is closed (or before it opened)."""
    line = lost_line(lost, address, catalogue)
    return catalogue.text(line.key, **line.fields)


# -- the table online ----------------------------------------------------------------------


class ServerLine(Protocol):
    """What :class:`Online` needs of its seat's client: a
    :class:`~okey.net.client.Client`, or a :class:`~okey.net.local.LocalClient` when the
    seat is played in the server's own process."""

    retry_delays: tuple[float, ...]
    on_retry: Callable[[int, int], None] | None

    async def receive(self) -> ServerMessage: ...

    async def send(self, message: ClientMessage) -> None: ...


class Online:
    """Tells one table what its seat hears from the server, until the table is left or the
    server is lost (:attr:`lost`)."""

    def __init__(
        self,
        table: Table,
        seat: NetSeat,
        client: ServerLine,
        *,
        address: str,
        welcome: Sequence[Speech] = (),
        hold: float = HOLD_DRAW,
        serving: bool = False,
        leaving: Line | None = None,
        on_record: Callable[[MatchRecord], None] | None = None,
    ) -> None:
        self.table = table
        # The finished match's record, when the server sends it (okey join and okey host
        # count the day's tasks with it; a browser's seat, played here, does not).
        self.on_record = on_record
        self.serving = serving  # this process runs the server: leaving closes the table
        self.leaving = leaving  # the question before leaving a match under way, if not ours
        self.removed = False  # the host freed this seat before the deal
        self.seat = seat
        self.client = client
        self.address = address
        self.welcome = list(welcome)
        self.hold = hold
        self.lost: Disconnected | None = None
        self.held: list[Update] = []
        self._flush: asyncio.TimerHandle | None = None
        self._brief: Brief | None = None
        self._changed: Callable[[], None] = lambda: None
        self._closed_said = False
        table.chat = ChatRoom(self._chat)
        table.leave_question = Line("net.ask.quit.host" if serving else "net.ask.quit")
        table.before_deal = self._before_deal
        seat.note = table.voice.reply
        client.on_retry = self._retrying

    async def run(self, changed: Callable[[], None] = lambda: None) -> None:
        """Say the welcome, then tell the table everything the server says (``changed``
        after each message: the front end draws again and looks at the clock)."""
        self._changed = changed
        table = self.table
        for line in self.welcome:
            table.voice.event(line)
        sender = asyncio.get_running_loop().create_task(self._send_all())
        try:
            while not table.leaving:
                try:
                    message = await self.client.receive()
                except Disconnected as lost:
                    self._gone(lost)
                    return
                try:
                    self.hear(message)
                except Exception as error:  # a message must never end the game
                    table.trouble(error)
                changed()
        finally:
            sender.cancel()
            if self._flush is not None:
                self._flush.cancel()

    def _gone(self, lost: Disconnected) -> None:
        """The server is gone for good: say so, and leave the table (a finished match
        just closes: nothing was lost)."""
        table = self.table
        if self.seat.step() is Step.MATCH_OVER:
            if not self._closed_said:
                table.voice.event(Line("net.reason.table_closed"))
        else:
            self.lost = lost
            table.voice.event(lost_line(lost, self.address, table.catalogue))
        table.leave()

    async def _send_all(self) -> None:
        while True:
            message = await self.seat.outbox.get()
            try:
                await self.client.send(message)
            except Disconnected:
                return  # receive() says why

    def _retrying(self, attempt: int, attempts: int) -> None:
        """Said once as the client starts trying again, and before its last try (not at
        every try: a listener would hear the same line five times)."""
        if attempt == 1:
            seconds = math.ceil(sum(self.client.retry_delays))
            self.table.voice.event(Line("net.retrying", seconds=seconds))
        elif attempt == attempts:
            self.table.voice.event(Line("net.retrying.last"))
        else:
            return
        self._changed()

    # -- one message -----------------------------------------------------------------

    def hear(self, message: ServerMessage) -> None:
        table, seat = self.table, self.seat
        match message:
            case Update():
                self._update(message)
            case Lobby():
                self._lobby(message)
            case Brief():
                self._release()
                seat.missed(message)
                self._brief = message
            case Presence():
                table.voice.event(presence_line(message))
            case Readied():
                seat.waiting = message.waiting
                table.voice.event(readied_line(message, seat.you))
            case Said():
                chatting.heard(table, message.seat, message.name, message.text)
            case Refused():
                self._refused(message)
            case Reviewed():
                self._reviewed(message.review)
            case Seated():  # joined again after the connection was lost
                seat.seated = message
                seat.awaiting = False
                table.voice.event(Line("net.back"))
            case Goodbye():
                over = seat.step() is Step.MATCH_OVER
                if message.reason not in FINAL or over:  # else the loss says it
                    table.voice.event(Line(f"net.reason.{message.reason.value}"))
                    self._closed_said = over
            case MatchRecord():
                self._release()  # every event told first: the record is checked against them
                # Only once the table heard the end (a record sent before is no server's
                # of this protocol, and is not read).
                if self.on_record is not None and seat.step() is Step.MATCH_OVER:
                    self.on_record(message)
            case Pong():
                pass
            case _:
                assert_never(message)

    def _chat(self, text: str) -> Speech | None:
        """A chat line; in the lobby the host's "remove NAME" (the catalogue's word) frees
        that person's seat instead."""
        seat = self.seat
        lobby = seat.lobby
        words = text.split(None, 1)
        word = self.table.catalogue.text("net.command.remove")
        if (
            lobby is None
            or seat.started
            or not seat.hosting
            or len(words) != 2
            or plain_name(words[0]) != plain_name(word)
        ):
            return seat.chat(text)
        name = words[1].strip()
        for info in lobby.seats:
            person = info.seat != seat.you and info.kind is SeatKind.PERSON
            if person and plain_name(info.name) == plain_name(name):
                seat.send(Remove(info.seat))  # the lobby that comes back says it
                return None
        return Line("net.remove.nobody", name=name)

    def _leave_question(self) -> Line:
        if self.serving:
            return Line("net.ask.quit.host")
        if self.leaving is not None and self.seat.started:
            return self.leaving
        return Line("net.ask.quit" if self.seat.started else "net.ask.quit.lobby")

    def _before_deal(self) -> Speech:
        """W in the lobby: who sits where, and who starts the match."""
        lobby = self.seat.lobby
        if lobby is None:
            return Line("table.not_dealt")
        table = self.table
        said = lobby_lines(lobby, table.seats, self.seat.seated.level, table.catalogue)
        return Joined(tuple(said))

    def _lobby(self, lobby: Lobby) -> None:
        table, seat = self.table, self.seat
        before = seat.lobby
        seat.lobby = lobby
        table.leave_question = self._leave_question()
        mine = lobby.seats[seat.you]
        if before is not None and mine.kind is not SeatKind.PERSON and not lobby.started:
            self.removed = True  # the host freed this seat: the server closes the connection
            self.client.retry_delays = ()
            table.voice.event(Line("net.removed"))
            table.leave()
            return
        names = seat_names(lobby, table.catalogue)
        if names != table.settings.names:
            table.settings.names[:] = names
            table.seats = Seats(seat.rules.table, seat.you, tuple(names))
            table.narrator.seats = table.seats
        if lobby.started:
            if before is not None and not before.started:
                table.voice.event(started_line(lobby, seat.you, table.catalogue, table.seats))
            away = away_line(lobby, seat.you) if before is None else None
            if away is not None:
                table.voice.event(away)
            return
        if before is None:
            said = lobby_lines(lobby, table.seats, seat.seated.level, table.catalogue)
            if mine.name != seat.asked_name and not seat.seated.rejoined:
                said.append(Line("net.renamed", asked=seat.asked_name, name=mine.name))
        else:
            said = lobby_changes(before, lobby, seat.you)
        for line in said:
            table.voice.event(line)

    def _update(self, update: Update) -> None:
        if self._brief is not None:
            self._back(update)
            return
        if self._holds(update):
            self.held.append(update)
            if self._flush is None:
                loop = asyncio.get_running_loop()
                self._flush = loop.call_later(self.hold, self._release_and_draw)
            return
        self._tell([*self._unheld(), update])

    def _holds(self, update: Update) -> bool:
        """Another person drew and has not discarded yet: wait for the discard."""
        you = self.seat.you
        view = update.view
        if not self.hold or view is None or view.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER):
            return False
        return bool(update.events) and all(
            isinstance(e, Drew | TookDiscard) and e.seat != you for e in update.events
        )

    def _unheld(self) -> list[Update]:
        held, self.held = self.held, []
        if self._flush is not None:
            self._flush.cancel()
            self._flush = None
        return held

    def _release(self) -> None:
        held = self._unheld()
        if held:
            self._tell(held)

    def _release_and_draw(self) -> None:
        self._flush = None
        self._release()
        self._changed()

    def _tell(self, updates: Sequence[Update]) -> None:
        table, seat = self.table, self.seat
        for update in updates:
            seat.take(update)
        events = tuple(event for update in updates for event in update.events)
        answers = seat.awaiting and any(getattr(e, "seat", None) == seat.you for e in events)
        if answers:
            seat.awaiting = False
        moves.answer(table, Done(events), None, by_player=answers)
        self._clock(updates[-1].clock)
        view = seat.view()
        if view is not None and any(isinstance(e, EndsRound) for e in events):
            seat.ask_review(view.round_number)  # ready by the time the player asks
        if seat.step() is Step.MATCH_OVER:
            self.client.retry_delays = ()  # a finished match is not joined again

    def _back(self, update: Update) -> None:
        """Rejoined: what was missed, in brief, then the table as it stands."""
        table, seat = self.table, self.seat
        brief, self._brief = self._brief, None
        assert brief is not None
        seat.take(update)
        for line in missed_lines(table, brief):
            table.voice.event(line)
        table.reopen()
        self._clock(update.clock)
        if seat.step() is Step.MATCH_OVER:  # it ended while the seat was away
            self.client.retry_delays = ()

    def _clock(self, seconds: int | None) -> None:
        """Keep the table's turn clock within :data:`CLOCK_SLACK` of the server's, running:
        the server's clock runs from the turn's start, whatever is being said here (it
        is not armed until the voice is quiet, nor held by the menu, as a local one is)."""
        table = self.table
        clock = table.clock
        if seconds is None or not clock.seconds or table.state.step is not Step.PLAYER:
            return
        now = table.now()
        if not clock.running or abs(clock.left(now) - seconds) > CLOCK_SLACK:
            warned = clock.warned
            clock.stop()
            clock.deadline = now + seconds
            clock.warned = warned or seconds <= WARNING_AT

    def _refused(self, refused: Refused) -> None:
        table, seat = self.table, self.seat
        if refused.reason is Reason.ILLEGAL_MOVE and refused.move is not None:
            action = seat.pending.pop(refused.ref, None) if refused.ref is not None else None
            seat.awaiting = False
            if not table.catalogue.has(f"engine.error.{refused.move}"):  # a newer server's
                table.voice.reply(Line("net.reason.illegal_move"))
                return
            # The engine's reason with what it names, worded as at a local table.
            moves.answer(table, SeatRefused(refused.move, details_fields(refused)), action)
        elif refused.reason is Reason.NO_REVIEW:
            if seat.review_refused(refused.ref):  # a review asked ahead is not told
                table.voice.reply(Line("table.review.not_now"))
        else:
            table.voice.reply(Line(f"net.reason.{refused.reason.value}"))

    def _reviewed(self, review: RoundReview) -> None:
        table, seat = self.table, self.seat
        seat.reviews[review.number] = review
        if seat.wanted != review.number:
            return
        seat.wanted = None
        state = table.state
        if state.step in (Step.ROUND_OVER, Step.MATCH_OVER) and state.round_number == review.number:
            router.play(table, Command.REVIEW)


def details_fields(refused: Refused) -> dict[str, int | Tile]:
    """What the engine's reason for a refused move names (``value`` and ``threshold``, a
    tile), as the catalogue's ``engine.error.<move>`` fields: the SeatLink's Refused
    details, as a local table's engine gives them."""
    fields: dict[str, int | Tile] = {}
    for detail in refused.details:
        value = detail.value
        if isinstance(value, str):
            with contextlib.suppress(ValueError):
                fields[detail.name] = parse_tile(value)
        else:
            fields[detail.name] = value
    return fields


def timer_line(seconds: int) -> Line:
    return Line("net.timer", count=seconds)


def welcome_lines(seat: NetSeat) -> list[Speech]:
    """The first words at an online table: the rules, the seats, the timer."""
    rules = seat.rules
    timer = timer_line(rules.play.timer_seconds)
    if seat.seated.rejoined:
        return []
    return [Line("net.welcome", rules=rules.name, players=rules.table.players, timer=timer)]


def hosting_lines(address: str, code: str, *, local_only: tuple[str, str] | None) -> list[Speech]:
    """What the host says to give the table away: the command to join, the code spelled."""
    spelled = ", ".join(c for c in code if not c.isspace() and c != "-")
    said: list[Speech] = [Line("net.host.join", address=address, code=code, spelled=spelled)]
    if local_only is not None:
        key, host = local_only
        said.append(Line(key, host=host))
    return said
