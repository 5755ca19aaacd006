"""One table on a server: the match, who sits where, bots, the clock, drops and returns.

The table does no input or output of its own: it is told what a seat sent
(:meth:`NetTable.join`, :meth:`NetTable.handle`, :meth:`NetTable.drop`...) and
the time, and it hands each message for a seat to ``send(seat, message)``.
It is authoritative: every move is checked by the engine, and a seat is sent
only its own view and the events as that seat sees them (``seen_by``).

:meth:`NetTable.advance` does what is due (a bot's turn, a timed-out turn, the
next deal) one step at a time and says when to call it again.
"""

from __future__ import annotations

import logging
import random
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import partial

from okey.engine.actions import Action, TimeOut
from okey.engine.errors import IllegalMoveError
from okey.engine.events import (
    Discarded,
    EndsRound,
    Event,
    MatchOver,
    RoundStarted,
    ShowedIndicator,
    seen_by,
)
from okey.engine.match import Match
from okey.hand.notation import format_tile
from okey.matchlog import LogHeader, format_log, parse_log
from okey.net.autopilot import Autopilot, TableBot
from okey.net.codes import new_token, same_code, token_digest, token_matches
from okey.net.limits import Bucket
from okey.net.protocol import (
    MAX_CHAT,
    MAX_NAME,
    MAX_RECORD,
    PROTOCOLS,
    RECORD_PROTOCOL,
    Act,
    AskReview,
    Brief,
    Chat,
    ClientMessage,
    Detail,
    Hello,
    Lobby,
    MatchRecord,
    Ping,
    Pong,
    Presence,
    PresenceState,
    Readied,
    Ready,
    Reason,
    Remove,
    Reviewed,
    Said,
    Seated,
    SeatInfo,
    SeatKind,
    ServerMessage,
    Start,
    Update,
)
from okey.review import RoundReview, review_log
from okey.rules import RuleSet
from okey.saves import new_rng
from okey.saves.data import is_unverified
from okey.tiles import Tile
from okey.wire.kit import net_part

DEFAULT_TIMER = 90
"""Seconds per turn at an online table unless the host chooses: generous, because a
screen-reader player hears the table before moving."""
LOBBY_GRACE = 30.0
"""Seconds a seat whose connection dropped before the first deal stays its player's: longer
than a client tries to join again (about 15 s), short enough that a table is not left full."""
MOST_MOVES_PER_TURN = 32  # a bot's moves told in one Update (a 101 turn lays and adds)
BRIEF_EVENTS = 400  # a rejoin brief holds at most this many missed events
_TURN_ENDS = (Discarded, ShowedIndicator, MatchOver, EndsRound)
log = logging.getLogger("okey.net")


class Refusal(Exception):
    """A message the table does not accept; only its sender is told."""

    def __init__(
        self, reason: Reason, move: str | None = None, details: tuple[Detail, ...] = ()
    ) -> None:
        self.reason = reason
        self.move = move
        self.details = details
        super().__init__(reason.value if move is None else f"{reason.value}: {move}")


def move_details(error: IllegalMoveError) -> tuple[Detail, ...]:
    """What the engine's reason names, as the wire carries it (tiles in the notation)."""
    found = []
    for name, value in error.fields.items():
        if isinstance(value, Tile):
            found.append(Detail(name, format_tile(value)))
        elif isinstance(value, int) and not isinstance(value, bool):
            found.append(Detail(name, value))
    return tuple(found)


def online_rules(rules: RuleSet, timer: int | None) -> RuleSet:
    """``rules`` with the online turn timer: ``timer`` seconds when given (0: none),
    else the rules' own timer, else :data:`DEFAULT_TIMER`."""
    seconds = timer if timer is not None else (rules.play.timer_seconds or DEFAULT_TIMER)
    return replace(rules, play=replace(rules.play, timer_seconds=max(0, seconds)))


@dataclass(frozen=True)
class TableConfig:
    """How a table plays: its rules (with the online timer), the code, the bots."""

    rules: RuleSet
    code: str
    level: str = "medium"  # the bots in the seats nobody takes, and the autopilot
    bot_delay: float = 0.0  # seconds before a bot (or autopilot) moves, so people can follow
    seed: int | None = None  # tests: the match and the bots from this seed
    lobby_grace: float = LOBBY_GRACE  # before the deal: a dropped seat is freed after this

    @property
    def timer(self) -> int:
        return self.rules.play.timer_seconds

    def rng(self, label: str) -> random.Random:
        return new_rng() if self.seed is None else random.Random(f"{self.seed}:{label}")


@dataclass
class Seat:
    kind: SeatKind = SeatKind.OPEN
    name: str = ""
    token_digest: str = ""
    connected: bool = False
    heard: int = 0  # events this seat had been sent when it dropped
    protocol: int = 1  # the protocol version its client speaks (its Hello's)
    ready: bool = False
    dropped_at: float | None = None  # when its connection was lost (freed in the lobby)
    chat: Bucket = field(default_factory=lambda: Bucket(rate=0.5, burst=4))


Send = Callable[[int, ServerMessage], None]
OnTurn = Callable[[], None]


def printable_line(text: str, most: int) -> str | None:
    """``text`` as one line that may be shown or spoken: spaces collapsed, 1 to ``most``
    characters, no control or format characters (None when it cannot be)."""
    if any(unicodedata.category(c) in ("Cc", "Cf", "Cs", "Co", "Cn") for c in text):
        return None
    line = " ".join(text.split())
    return line if 0 < len(line) <= most else None


def review_of(rules: RuleSet, log_text: str, seat: int, number: int) -> RoundReview:
    """The master's review of ``seat``'s round ``number`` in a match's log (the master
    decides from the seat's own view at each of its moves, so it reveals nothing)."""
    return review_log(parse_log(log_text), rules, seat, {number})[0]


def clean_name(text: str) -> str | None:
    return printable_line(text, MAX_NAME)


def clean_chat(text: str) -> str | None:
    return printable_line(text, MAX_CHAT)


def plain_name(name: str) -> str:
    """A name as two names are told apart by ear: no case, no accents (Ayşe is Ayse)."""
    parts = unicodedata.normalize("NFKD", name.casefold())
    return "".join(c for c in parts if not unicodedata.combining(c)).replace("\u0131", "i")


def unique_name(name: str, taken: Sequence[str]) -> str:
    """``name``, or ``name`` with the first number that makes it sound like none of
    ``taken`` ("Veli 2"), cut to fit :data:`MAX_NAME`."""
    heard = {plain_name(other) for other in taken}
    if plain_name(name) not in heard:
        return name
    for number in range(2, len(heard) + 3):
        suffix = f" {number}"
        candidate = name[: MAX_NAME - len(suffix)].rstrip() + suffix
        if plain_name(candidate) not in heard:
            return candidate
    raise AssertionError("a free number is always found")  # pragma: no cover


class NetTable:
    """A table of ``rules.table.players`` seats; people join, bots fill the rest."""

    def __init__(
        self,
        config: TableConfig,
        send: Send,
        now: Callable[[], float],
        *,
        match: Match | None = None,
        seats: Sequence[Seat] | None = None,
        bot_rngs: Sequence[random.Random | None] = (),
        on_turn: OnTurn | None = None,
        match_id: str | None = None,
    ) -> None:
        self.config = config
        self.send = send
        # The match's id in its saves (okey.saves.marks keeps how far it went), given when
        # the table is built again from a save; a new match gets one at its first save.
        self.match_id = match_id
        self.now = now
        self.match = match if match is not None else Match(config.rules, config.rng("match"))
        players = self.match.players
        self.seats = list(seats) if seats is not None else [Seat() for _ in range(players)]
        self.bot_rngs = [
            (bot_rngs[s] if s < len(bot_rngs) else None) or config.rng(f"bot:{s}")
            for s in range(players)
        ]
        rules = self.match.rules
        self.net = net_part(rules.game)  # the game on the wire
        self.bots = [TableBot(config.level, rng, rules) for rng in self.bot_rngs]
        self.on_turn = on_turn  # after every turn (the server autosaves)
        # A seat freed while its connection is still open: the server closes it.
        self.unseat: Callable[[int], None] = lambda seat: None
        self.host: int | None = None
        self.turn_deadline: float | None = None
        self.pause_deadline: float | None = None
        self.bot_due = 0.0
        self._turn_key: tuple[int, int] | None = None
        self.reviews: dict[tuple[int, int], RoundReview] = {}  # (seat, round): worked out
        self._record: MatchRecord | None = None  # the finished match's, written once
        self.closed = False
        self._pick_host()
        if self.match.started:
            self._clock_after_change()

    # -- reading -------------------------------------------------------------

    @property
    def players(self) -> int:
        return self.match.players

    @property
    def started(self) -> bool:
        return self.match.started

    @property
    def over(self) -> bool:
        return self.match.over

    @property
    def version(self) -> int:
        return len(self.match.events)

    def connected(self) -> list[int]:
        return [s for s, seat in enumerate(self.seats) if seat.connected]

    def lobby(self) -> Lobby:
        infos = tuple(
            SeatInfo(s, seat.kind, seat.name, seat.connected) for s, seat in enumerate(self.seats)
        )
        return Lobby(infos, self.host, self.started)

    def clock(self) -> int | None:
        """Whole seconds left for the move now awaited (None: nothing is timed)."""
        match = self.match
        if self.over or not self.started:
            return None
        if match.round_over:
            deadline = self.pause_deadline
        else:
            deadline = None if self._plays_itself(match.turn) else self.turn_deadline
        if deadline is None:
            return None
        return max(0, int(deadline - self.now() + 0.999))

    # -- seats -----------------------------------------------------------------

    def hello(self, hello: Hello, on_seat: Callable[[int], None]) -> int:
        """Seat the sender of ``hello`` (a new seat, or its own again); returns the seat.
        ``on_seat(seat)`` is called once the seat is chosen, before anything is sent to it.

        The server finds the table by the code; it is checked again here, so that a
        table never seats anyone without it."""
        if hello.protocol not in PROTOCOLS or hello.protocol < self.oldest_protocol:
            raise Refusal(Reason.PROTOCOL)
        if not same_code(hello.code, self.config.code):
            raise Refusal(Reason.WRONG_CODE)
        if hello.token is not None:
            return self._rejoin(hello.token, hello.since, on_seat, hello.protocol)
        return self._join(hello.name, on_seat, hello.protocol)

    @property
    def oldest_protocol(self) -> int:
        """The oldest protocol version that can sit at this table: its game's."""
        return self.net.protocol

    def _join(self, text: str, on_seat: Callable[[int], None], protocol: int) -> int:
        name = clean_name(text)
        if name is None:
            raise Refusal(Reason.BAD_NAME)
        if self.started:
            raise Refusal(Reason.STARTED)  # only a seat's own token gets in now
        free = [s for s, seat in enumerate(self.seats) if seat.kind is SeatKind.OPEN]
        if not free:
            raise Refusal(Reason.TABLE_FULL)
        seat_number = min(free, key=self._join_order)
        people = [seat.name for seat in self.seats if seat.kind is SeatKind.PERSON]
        name = unique_name(name, people)  # the table tells who is who by ear
        token = new_token()
        self.seats[seat_number] = Seat(
            SeatKind.PERSON, name, token_digest(token), connected=True, protocol=protocol
        )
        self._pick_host()
        on_seat(seat_number)
        self.send(seat_number, self._seated(seat_number, token, rejoined=False))
        self._tell_lobby()
        return seat_number

    def _rejoin(
        self, token: str, since: int | None, on_seat: Callable[[int], None], protocol: int
    ) -> int:
        found = self._seat_of(token)
        if found is None:
            raise Refusal(Reason.BAD_TOKEN)
        seat = self.seats[found]
        heard = min(seat.heard if since is None else since, self.version)
        seat.connected = True
        seat.dropped_at = None
        seat.protocol = protocol
        self._pick_host()
        on_seat(found)
        self.send(found, self._seated(found, token, rejoined=True))
        if not self.started:
            self._tell_lobby()
            return found
        self.send(found, self.lobby())  # who sits where, for a client that starts afresh
        missed = [e for event in self.match.events[heard:] if (e := seen_by(event, found))]
        left_out = max(0, len(missed) - BRIEF_EVENTS)
        self.send(found, Brief(heard, tuple(missed[left_out:]), left_out))
        self.send(found, self._update(found, []))
        if self.over:  # it ended while the seat was away
            self._send_record(found)
        self._tell_others(found, Presence(found, seat.name, PresenceState.RETURNED))
        return found

    def _seat_of(self, token: str) -> int | None:
        """The person's seat ``token`` takes back (None: no seat's)."""
        found = None
        for number, seat in enumerate(self.seats):
            # Every seat is compared, found or not, so the time says nothing.
            if seat.kind is SeatKind.PERSON and token_matches(token, seat.token_digest):
                found = number
        return found

    def holds_token(self, token: str) -> bool:
        """Whether ``token`` takes a seat back here."""
        return self._seat_of(token) is not None

    def _join_order(self, seat: int) -> int:
        """People sit in seat order; at a duel table the second sits across (the rival),
        the sides are the bots'."""
        if self.match.rules.table.duel:
            return (seat % (self.players // 2)) * self.players + seat
        return seat

    def _seated(self, seat: int, token: str, *, rejoined: bool) -> Seated:
        rules = self.match.rules
        config = self.config
        return Seated(
            self.seats[seat].protocol,
            seat,
            token,
            self.players,
            rules.name,
            config.timer,
            rejoined,
            rules,
            config.level,
        )

    def drop(self, seat: int, *, left: bool = False) -> None:
        """The seat's connection is gone (``left``: its player closed it): autopilot plays
        it until it returns."""
        place = self.seats[seat]
        if not place.connected:
            return
        place.connected = False
        place.heard = self.version
        place.dropped_at = self.now()
        self._pick_host()
        if self.started:
            state = PresenceState.LEFT if left else PresenceState.DROPPED
            self._tell_others(seat, Presence(seat, place.name, state))
        else:
            self._tell_lobby()

    def _pick_host(self) -> None:
        """The host is the first person seated who is connected (the first one joined)."""
        if self.host is not None and self.seats[self.host].connected:
            return
        people = [s for s in self.connected() if self.seats[s].kind is SeatKind.PERSON]
        self.host = people[0] if people else None

    # -- what seats send -------------------------------------------------------

    def handle(self, seat: int, message: ClientMessage) -> None:
        """A seated connection's message; :class:`Refusal` when it is not accepted."""
        if isinstance(message, Act):
            self._act(seat, message.action)
        elif isinstance(message, Start):
            self._start(seat)
        elif isinstance(message, Ready):
            self._ready(seat)
        elif isinstance(message, Chat):
            self._chat(seat, message.text)
        elif isinstance(message, Ping):
            self.send(seat, Pong(message.ref))
        elif isinstance(message, AskReview):
            self._review(seat, message)
        elif isinstance(message, Remove):
            self._remove(seat, message.seat)
        elif isinstance(message, Hello):
            raise Refusal(Reason.ALREADY_SEATED)
        else:  # pragma: no cover - every message type is above
            raise Refusal(Reason.UNKNOWN_TYPE)

    def _start(self, seat: int) -> None:
        if self.started:
            raise Refusal(Reason.STARTED)
        if seat != self.host:
            raise Refusal(Reason.NOT_HOST)
        for place in self.seats:
            if place.kind is SeatKind.OPEN:
                place.kind = SeatKind.BOT
                place.name = ""
        events = self.match.start_round()
        self._tell_lobby()
        self._changed(events)

    def _remove(self, by: int, seat: int) -> None:
        """The host frees another person's seat before the first deal."""
        if self.started:
            raise Refusal(Reason.STARTED)
        if by != self.host:
            raise Refusal(Reason.NOT_HOST)
        if (
            seat == by
            or not 0 <= seat < self.players
            or self.seats[seat].kind is not SeatKind.PERSON
        ):
            raise Refusal(Reason.BAD_MESSAGE)
        self._free(seat)

    def _free(self, seat: int) -> None:
        """The seat is open again (its token takes nothing back now); everyone is told, the
        person it was taken from too (their table says so), before the server closes their
        connection."""
        was_connected = self.seats[seat].connected
        self.seats[seat] = Seat()
        self._pick_host()
        lobby = self.lobby()
        if was_connected:
            self.send(seat, lobby)
            self.unseat(seat)
        for other in self.connected():
            self.send(other, lobby)

    def _free_dropped(self) -> float | None:
        """Before the first deal: free the seats dropped :attr:`TableConfig.lobby_grace`
        ago; the seconds until the next is due (None: none is waiting)."""
        now = self.now()
        grace = self.config.lobby_grace
        wait: float | None = None
        for number, seat in enumerate(self.seats):
            if seat.kind is not SeatKind.PERSON or seat.connected or seat.dropped_at is None:
                continue
            due = seat.dropped_at + grace
            if now >= due:
                self._free(number)
            else:
                wait = due - now if wait is None else min(wait, due - now)
        return wait

    def _ready(self, seat: int) -> None:
        if not self.started or not self.match.round_over or self.over:
            raise Refusal(Reason.NOT_BETWEEN_ROUNDS)
        place = self.seats[seat]
        if place.ready:
            return
        place.ready = True
        people = [s for s in self.connected() if self.seats[s].kind is SeatKind.PERSON]
        waiting = tuple(s for s in people if not self.seats[s].ready)
        if waiting:  # else the deal comes at once, and says it all
            for other in self.connected():
                self.send(other, Readied(seat, place.name, waiting))

    def _chat(self, seat: int, text: str) -> None:
        line = clean_chat(text)
        if line is None:
            raise Refusal(Reason.BAD_CHAT)
        place = self.seats[seat]
        if not place.chat.allow(self.now()):
            raise Refusal(Reason.CHAT_TOO_FAST)
        said = Said(seat, place.name, line)
        for other in self.connected():
            self.send(other, said)

    def _act(self, seat: int, action: Action) -> None:
        if not self.started:
            raise Refusal(Reason.NOT_STARTED)
        if isinstance(action, TimeOut):
            raise Refusal(Reason.ILLEGAL_MOVE, "timeout_is_the_clocks")
        try:
            events = self.match.apply(seat, action)
        except IllegalMoveError as exc:
            raise Refusal(Reason.ILLEGAL_MOVE, exc.key, move_details(exc)) from None
        self._changed(events)

    # -- the master's review ------------------------------------------------------

    def review_job(self, seat: int, number: int) -> RoundReview | Callable[[], RoundReview]:
        """The review of ``seat``'s finished round ``number``: worked out already, or the
        work to do (slow: the server does it in a thread, then :meth:`keep_review`).
        :class:`Refusal` when that round is not finished."""
        match = self.match
        current = match.round_number
        finished = number < current or (number == current and match.round_over)
        if not self.started or number < 1 or not finished:
            raise Refusal(Reason.NO_REVIEW)
        done = self.reviews.get((seat, number))
        if done is not None:
            return done
        # The log is written here, so the thread that reviews it never reads the live match.
        log_text = format_log(LogHeader(match.rules.name), list(match.played()))
        return partial(review_of, match.rules, log_text, seat, number)

    def keep_review(self, review: RoundReview) -> None:
        self.reviews[(review.seat, review.number)] = review

    def _review(self, seat: int, ask: AskReview) -> None:
        """Answer with the review, working it out here if need be (the server works it out
        in a thread instead, and answers itself)."""
        found = self.review_job(seat, ask.number)
        if not isinstance(found, RoundReview):
            found = found()
            self.keep_review(found)
        self.send(seat, Reviewed(found, ask.ref))

    # -- time passing ------------------------------------------------------------

    def advance(self) -> float | None:
        """Do one thing that is due; the seconds until the next call is needed
        (0: call again at once; None: wait for a message)."""
        if not self.closed and not self.started:
            return self._free_dropped()
        if self.closed or self.over or not self._anyone_here():
            return None
        now = self.now()
        match = self.match
        if match.round_over:
            people = [s for s in self.connected() if self.seats[s].kind is SeatKind.PERSON]
            due = self.pause_deadline
            if all(self.seats[s].ready for s in people) or (due is not None and now >= due):
                self._changed(match.start_round())
                return 0.0
            return None if due is None else due - now
        seat = match.turn
        if self._plays_itself(seat):
            if now < self.bot_due:
                return self.bot_due - now
            self._play_for(seat)
            return 0.0
        due = self.turn_deadline
        if due is None:
            return None
        if now >= due:
            self._changed(match.apply(seat, TimeOut()))
            return 0.0
        return due - now

    def _anyone_here(self) -> bool:
        return any(seat.connected for seat in self.seats)

    def _plays_itself(self, seat: int) -> bool:
        """True when nobody sends this seat's moves: a bot, a dropped player, autopilot."""
        place = self.seats[seat]
        return (
            place.kind is not SeatKind.PERSON or not place.connected or self.match.autopilot[seat]
        )

    def _play_for(self, seat: int) -> None:
        match = self.match
        place = self.seats[seat]
        if place.kind is SeatKind.PERSON and place.connected:
            self._changed(match.apply(seat, TimeOut()))  # the engine's autopilot, after timeouts
            return
        bot = self.bots[seat] if place.kind is SeatKind.BOT else Autopilot(self.bots[seat])
        events: list[Event] = []
        round_number = match.round_number
        for _ in range(MOST_MOVES_PER_TURN):
            choice = bot.choose(match.table_view(seat))
            try:
                events += match.apply(seat, choice)
            except IllegalMoveError as exc:
                # A bot's slip must not stop the table: the game's own move instead.
                log.warning("table %s: the bot's %s refused (%s)", self.config.code, choice, exc)
                events += match.apply(seat, match.round.automatic_move(seat))
            if match.round_over or match.turn != seat or match.round_number != round_number:
                break
        self._changed(events)

    # -- telling -------------------------------------------------------------------

    def _changed(self, events: list[Event]) -> None:
        self._clock_after_change()
        for seat in self.connected():
            self.send(seat, self._update(seat, events))
        if self.over and any(isinstance(e, MatchOver) for e in events):
            for seat in self.connected():
                self._send_record(seat)
        if any(isinstance(e, RoundStarted) for e in events):
            for place in self.seats:
                place.ready = False
        if self.on_turn is not None and any(isinstance(e, _TURN_ENDS) for e in events):
            self.on_turn()

    def _update(self, seat: int, events: Sequence[Event]) -> Update:
        seen = tuple(e for event in events if (e := seen_by(event, seat)) is not None)
        view = self.match.table_view(seat) if self.started else None
        assert view is None or isinstance(view, self.net.view)  # the view its game reads
        return Update(self.version, seen, view, self.clock())

    def match_record(self) -> MatchRecord | None:
        """The finished match's record, as its seats are sent it (None while it is played:
        the record names every tile dealt, so nobody may have it before the end)."""
        if not self.over:
            return None
        if self._record is None:
            match = self.match
            log_text = format_log(LogHeader(match.rules.name), list(match.played()))
            sealed = self.match_id is None or not is_unverified(self.match_id)
            self._record = MatchRecord(log_text, sealed)
        return self._record

    def _send_record(self, seat: int) -> None:
        """The finished match's record to a person seated whose client reads it (a record
        too long for a frame is not sent: that match counts for no task online)."""
        place = self.seats[seat]
        if place.kind is not SeatKind.PERSON or place.protocol < RECORD_PROTOCOL:
            return
        record = self.match_record()
        if record is not None and len(record.log) < MAX_RECORD:
            self.send(seat, record)

    def _clock_after_change(self) -> None:
        now = self.now()
        match = self.match
        self.bot_due = now + self.config.bot_delay
        timer = self.config.timer
        if match.over:
            self.turn_deadline = self.pause_deadline = None
            return
        if match.round_over:
            self._turn_key = None
            self.turn_deadline = None
            if self.pause_deadline is None and timer:
                self.pause_deadline = now + timer
            return
        self.pause_deadline = None
        key = (match.round_number, match.turn)
        if key != self._turn_key:
            self._turn_key = key
            self.turn_deadline = now + timer if timer else None

    def _tell_lobby(self) -> None:
        lobby = self.lobby()
        for seat in self.connected():
            self.send(seat, lobby)

    def _tell_others(self, seat: int, message: ServerMessage) -> None:
        for other in self.connected():
            if other != seat:
                self.send(other, message)
