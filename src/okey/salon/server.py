"""The salon on a table server: the lobby's WebSocket path, accounts, tables by card,
spectators, chat, reports, moderation, stakes and ratings (docs/salon.md).

The salon is a :class:`~okey.net.server.WebDoor` of a :class:`~okey.net.server.TableServer`:
connections to :data:`~okey.salon.messages.PATH` talk the salon's messages
(:mod:`okey.salon.messages`); the others are the table protocol as ever, where a salon
table seats only the tickets the salon gave (:class:`okey.salon.tables.SalonNetTable`),
and private tables by code work as before. One asyncio loop runs it all; the store is
written from that loop (a few statements each time), the password hashes in threads.

Typical use::

    salon = Salon(Store.open(path), SalonConfig(moderators=frozenset({"ayse"})))
    host, port = await salon.start("127.0.0.1", 0)
    ...
    await salon.stop()
"""

from __future__ import annotations

import asyncio
import logging
import ssl
import time
from collections import deque
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field, replace

from websockets.asyncio.server import ServerConnection, broadcast
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from okey.engine.events import MatchOver
from okey.net.codes import code_key, new_code
from okey.net.limits import Bucket
from okey.net.protocol import (
    PROTOCOL,
    Hello,
    Lobby,
    Said,
    Seated,
    SeatKind,
    ServerMessage,
    Update,
    dumps,
)
from okey.net.server import POLICY, Hosted, Limits, TableServer, WebDoor
from okey.net.table import TableConfig, clean_chat, online_rules, plain_name
from okey.rules import RulesError, RuleSet, available_rule_sets, load_rules
from okey.salon import messages as m
from okey.salon.accounts import Accounts, LogInRefused
from okey.salon.config import SalonConfig
from okey.salon.ratings import Pot, chips_moved, rate, shown
from okey.salon.store import Account, Finished, Rating, Store
from okey.salon.tables import SalonNetTable, SalonTable

log = logging.getLogger("okey.salon")

LOBBY_LINES = 50  # lobby chat lines kept for reports
MAX_POINTS = 1000
MAX_STAKE = 1_000_000
MAX_RATING = 5000
GAMES = ("okey", "101")
LOG_IN_TRIES = 10  # messages before a log-in, on one connection

Hears = Callable[[m.SalonNews], None]
"""A browser page's member is told the news as values (its words are made on the server)."""
Requests = AsyncIterator[m.SalonRequest | None]
"""A visitor's requests, as they come (None: a message that was none)."""


@dataclass(eq=False)
class Member:
    """A logged-in connection."""

    connection: ServerConnection
    account: Account
    address: str
    moderator: bool
    agreed: bool
    watching: SalonTable | None = None
    chat: Bucket = field(default_factory=lambda: Bucket(rate=0.5, burst=4))
    hears: Hears | None = None  # a browser page's member (else the news are sent encoded)

    @property
    def name(self) -> str:
        return self.account.name


class Salon:
    """The salon: members in the lobby, tables, and the store behind them."""

    def __init__(
        self,
        store: Store,
        config: SalonConfig | None = None,
        *,
        limits: Limits | None = None,
        web: Callable[[Salon], WebDoor] | None = None,
    ) -> None:
        self.store = store
        self.config = config or SalonConfig()
        self.accounts = Accounts(
            store, chips=self.config.chips, cost=self.config.cost, limits=self.config.limits
        )
        # A browser page served beside the salon, on its own paths (okey.web's salon door).
        self.inner = web(self) if web is not None else None
        inner = () if self.inner is None else (self.inner.path, *self.inner.also)
        door = WebDoor(self._answer, m.PATH, self._seat, inner)
        self.server = TableServer(limits, web=door)
        self.members: dict[int, Member] = {}  # by account id
        self.tables: dict[int, SalonTable] = {}  # by number
        self.lobby_chat: deque[str] = deque(maxlen=LOBBY_LINES)
        self.ratings: dict[tuple[int, str], Rating | None] = {}
        self._next_table = 1
        self._lobby_due = False
        self._changed: set[int] = set()  # tables whose cards changed since the last news
        self.lobby_updates = 0  # Tables messages sent (the benchmark counts them)

    # -- running --------------------------------------------------------------------

    async def start(
        self, host: str = "127.0.0.1", port: int = 0, *, tls: ssl.SSLContext | None = None
    ) -> tuple[str, int]:
        return await self.server.start(host, port, tls=tls)

    async def stop(self) -> None:
        for member in list(self.members.values()):
            self._tell(member, m.Closing())
            member.connection.transport.close()
        await self.server.stop()

    def now(self) -> float:
        return self.server.now()

    def _answer(self, connection: ServerConnection, request: Request) -> Response | None:
        """HTTP requests: the browser page's, if one is served; else on to the WebSocket
        (the salon serves no files: its database least of all)."""
        return self.inner.answer(connection, request) if self.inner is not None else None

    async def _seat(self, server: TableServer, connection: ServerConnection, address: str) -> None:
        """A connection on the salon's path, or on the page's (the table server counted it
        per address)."""
        inner, request = self.inner, connection.request
        if inner is not None and request is not None and request.path != m.PATH:
            await inner.seat(server, connection, address)
            return
        await self.visit(connection, address, _requests(connection))

    async def visit(
        self,
        connection: ServerConnection,
        address: str,
        requests: Requests,
        hears: Hears | None = None,
    ) -> None:
        """One visitor on ``connection``: logged in, then each request answered, until they
        go. A browser page's (``hears``) brings its requests made from what the page sent,
        and hears the news as values."""
        member: Member | None = None
        try:
            member = await self._log_in(connection, address, requests, hears)
            if member is not None:
                await self._converse(member, requests)
        except (ConnectionClosed, StopAsyncIteration):
            pass
        finally:
            if member is not None and self.members.get(member.account.id) is member:
                del self.members[member.account.id]
                self._stop_watching(member)

    def table_of_code(self, code: str) -> SalonTable | None:
        """The listed table whose code a ticket gave."""
        return next((t for t in self.tables.values() if t.code == code), None)

    # -- logging in --------------------------------------------------------------------

    async def _log_in(
        self,
        connection: ServerConnection,
        address: str,
        requests: Requests,
        hears: Hears | None,
    ) -> Member | None:
        def say(news: m.SalonNews) -> None:
            if hears is not None:
                hears(news)
            else:
                self._say(connection, news)

        for _ in range(LOG_IN_TRIES):
            try:
                request = await asyncio.wait_for(anext(requests), self.config.login_timeout)
            except TimeoutError:
                await connection.close(POLICY, "login_timeout")
                return None
            if request is None:
                say(m.Declined(m.Problem.BAD_MESSAGE))
                continue
            try:
                match request:
                    case m.LogIn(claim=True):
                        account = await self.accounts.claim(
                            request.name, request.password, address, self.now()
                        )
                    case m.LogIn():
                        account = await self.accounts.log_in(
                            request.name, request.password, address, self.now()
                        )
                    case m.Resume():
                        account = self.accounts.resume(request.session, address, self.now())
                    case _:
                        say(m.Declined(m.Problem.NOT_LOGGED_IN))
                        continue
            except LogInRefused as refused:
                say(m.Declined(m.Problem.NOT_LOGGED_IN, refused.problem.value))
                continue
            return self._welcome(connection, account, address, hears)
        await connection.close(POLICY, "too_many_tries")
        return None

    def _welcome(
        self, connection: ServerConnection, account: Account, address: str, hears: Hears | None
    ) -> Member:
        old = self.members.get(account.id)
        if old is not None:  # logged in again elsewhere: the newer connection wins
            self._tell(old, m.Closing(problem=m.Problem.LOGGED_IN))
            old.connection.transport.close()
            self._stop_watching(old)
        member = Member(
            connection,
            account,
            address,
            self.config.moderates(account.name),
            account.conduct_read,
            hears=hears,
        )
        self.members[account.id] = member
        session = self.accounts.new_session(account, self.now())
        ratings = tuple(
            m.GameRating(game, shown(found), found.matches)
            for game in GAMES
            if (found := self._rating(account.id, game)) is not None
        )
        self._tell(
            member,
            m.Welcome(
                account.name,
                account.chips,
                session,
                not account.conduct_read,
                member.moderator,
                ratings,
            ),
        )
        self._tell(member, self._tables())
        seated = self._table_of(account.id)
        if seated is not None and seated.watchers:
            self._tell(member, m.Watchers(seated.number, tuple(seated.watchers.values())))
        return member

    # -- one member's messages --------------------------------------------------------

    async def _converse(self, member: Member, requests: Requests) -> None:
        limits = self.server.limits
        bucket = Bucket(limits.messages_per_second, limits.burst)
        strikes = Bucket(limits.flood / 10, limits.flood)  # refusals for rate, refilled slowly
        loop = asyncio.get_running_loop()
        while True:
            request = await anext(requests)
            if self.members.get(member.account.id) is not member:
                return  # replaced, kicked or banned
            now = loop.time()
            if not bucket.allow(now):
                if not strikes.allow(now):
                    self._tell(member, m.Closing(problem=m.Problem.TOO_FAST))
                    await member.connection.close(POLICY, "rate_limited")
                    return
                self._tell(member, m.Declined(m.Problem.TOO_FAST))
                continue
            if request is None:
                self._tell(member, m.Declined(m.Problem.BAD_MESSAGE))
                continue
            try:
                problem = self._handle(member, request)
            except Exception:  # a bug: refuse the message, keep the member and the salon
                log.exception("the salon could not handle a message")
                problem = m.Problem.BAD_MESSAGE
            if problem is not None:
                self._tell(member, m.Declined(problem))

    def _handle(self, member: Member, request: m.SalonRequest) -> m.Problem | None:
        match request:
            case m.LogIn() | m.Resume():
                return m.Problem.LOGGED_IN
            case m.AgreeConduct():
                member.agreed = True
                self.store.conduct_read(member.account.id)
                return None
            case m.Who():
                names = sorted((x.name for x in self.members.values()), key=plain_name)
                self._tell(member, m.Online(tuple(names)))
                return None
            case m.AskBoard():
                return self._board(member, request.game)
            case m.Report():
                return self._report(member, request)
            case m.Moderate():
                return self._moderate(member, request)
            case m.StopWatching():
                if member.watching is None:
                    return m.Problem.NOT_WATCHING
                self._stop_watching(member)
                return None
            case m.Watch():
                return self._watch(member, request.table)
            case m.LobbyChat():
                return self._chat(member, request.text)
            case m.OpenTable() | m.Sit() | m.QuickSeat():
                if not member.agreed:
                    return m.Problem.CONDUCT_FIRST
                return self._sit_request(member, request)

    # -- tables -------------------------------------------------------------------------

    def _sit_request(
        self, member: Member, request: m.OpenTable | m.Sit | m.QuickSeat
    ) -> m.Problem | None:
        if self._table_of(member.account.id) is not None:
            return m.Problem.ALREADY_SEATED
        account = self.store.account(member.account.id)
        assert account is not None
        member.account = account  # chips as they are now
        match request:
            case m.Sit():
                found = self.tables.get(request.table)
                if found is None:
                    return m.Problem.NO_TABLE
                return self._sit(member, found)
            case m.QuickSeat():
                return self._quick_seat(member, request.rules)
            case m.OpenTable(private=True):
                if request.rules not in available_rule_sets():
                    return m.Problem.NO_RULES
                if len(self.server.tables) >= self.config.max_tables:
                    return m.Problem.TOO_MANY_TABLES
                try:
                    self._private(member, load_rules(request.rules))
                except RulesError:
                    return m.Problem.NO_RULES
                return None
            case m.OpenTable():
                opened = self._open(member, request)
                if isinstance(opened, m.Problem):
                    return opened
                return self._sit(member, opened)

    def _open(self, member: Member, request: m.OpenTable) -> SalonTable | m.Problem:
        if request.rules not in available_rule_sets():
            return m.Problem.NO_RULES
        if not 0 <= request.stake <= MAX_STAKE or not 0 <= request.rating <= MAX_RATING:
            return m.Problem.BAD_STAKE
        if request.stake > member.account.chips:
            return m.Problem.FEW_CHIPS
        if not 0 <= request.points <= MAX_POINTS:
            return m.Problem.BAD_STAKE
        if len(self.tables) >= self.config.max_tables:
            return m.Problem.TOO_MANY_TABLES
        try:
            rules = load_rules(request.rules)
        except RulesError:
            return m.Problem.NO_RULES
        if request.points and rules.game == "okey":
            rules = replace(rules, table=replace(rules.table, starting_score=request.points))
        return self.open_table(rules, stake=request.stake, rating=request.rating)

    def open_table(self, rules: RuleSet, *, stake: int = 0, rating: int = 0) -> SalonTable:
        """A new table of the salon (empty: its opener sits next)."""
        config = self.config
        number = self._next_table
        self._next_table += 1
        seed = None if config.seed is None else config.seed + number
        table_config = TableConfig(
            online_rules(rules, config.timer),
            new_code(),
            level=config.level,
            bot_delay=config.bot_delay,
            seed=seed,
            lobby_grace=config.lobby_grace,
        )
        net_table = SalonNetTable(table_config, lambda seat, message: None, self.server.now)
        hosted = self.server._host(Hosted(net_table), None)
        points = rules.table.starting_score if rules.game == "okey" else rules.table.rounds
        salon_table = SalonTable(number, hosted, stake, rating, points)
        self.tables[number] = salon_table
        sent = net_table.send

        def send(seat: int, message: ServerMessage) -> None:
            sent(seat, message)
            self._heard_at(salon_table, seat, message)

        net_table.send = send
        net_table.on_turn = lambda: self._turn(salon_table)
        net_table.on_left = lambda seat: self._forfeit(salon_table, seat)
        net_table.muted = lambda seat: self._muted_seat(salon_table, seat)
        net_table.on_seats = lambda: self._seats_freed(salon_table)
        if hosted.runner is not None:  # it ends when the table is put away
            hosted.runner.add_done_callback(lambda _: self._lobby_changed(salon_table))
        self._lobby_changed(salon_table)
        return salon_table

    def _seats_freed(self, found: SalonTable) -> None:
        """Seats kept too long were freed: a table nobody sits at before its first deal is
        put away (so that tables opened and never taken do not pile up)."""
        table = found.table
        if not table.started and not any(s.kind is SeatKind.PERSON for s in table.seats):
            table.closed = True
            self.server.tables.pop(code_key(found.code), None)
            found.hosted.wake.set()
        self._lobby_changed(found)

    def _quick_seat(self, member: Member, rules_name: str) -> m.Problem | None:
        fits = [
            t
            for t in self.tables.values()
            if t.table.match.rules.name == rules_name
            and not t.table.started
            and t.free_seats() > 0
            and t.stake <= member.account.chips
            and t.rating <= self._shown_rating(member.account.id, t.table.match.rules.game)
            and not self._same_address(member, t)
        ]
        if fits:
            best = max(fits, key=lambda t: (len(t.accounts), -t.number))
            return self._sit(member, best)
        opened = self._open(member, m.OpenTable(rules_name))
        if isinstance(opened, m.Problem):
            return opened
        return self._sit(member, opened)

    def _sit(self, member: Member, found: SalonTable) -> m.Problem | None:
        table = found.table
        found.tidy()
        if table.started or table.closed:
            return m.Problem.STARTED
        if found.free_seats() == 0:
            return m.Problem.TABLE_FULL
        if found.stake > member.account.chips:
            return m.Problem.FEW_CHIPS
        if found.rating > self._shown_rating(member.account.id, table.match.rules.game):
            return m.Problem.RATING
        if self._same_address(member, found):
            return m.Problem.SAME_ADDRESS
        seat, token = self._reserve(found.hosted, member.name, self.now())
        found.accounts[seat] = member.account.id
        found.hosted.wake.set()
        self._stop_watching(member)
        self._tell(member, m.Ticket(found.number, found.code, token, seat, found.stake))
        self._lobby_changed(found)
        return None

    @staticmethod
    def _reserve(hosted: Hosted, name: str, now: float) -> tuple[int, str]:
        """A seat kept for ``name`` until the lobby grace runs out: its number and token
        (the others hear of it once it is taken)."""
        table = hosted.table
        tokens: list[str] = []
        sent = table.send

        def keep(seat: int, message: ServerMessage) -> None:
            if isinstance(message, Seated):
                tokens.append(message.token)

        seats: list[int] = []
        table.send = keep
        if isinstance(table, SalonNetTable):
            table.reserving = True
        try:
            table.hello(Hello(PROTOCOL, hosted.code, name), seats.append)
        finally:
            table.send = sent
            if isinstance(table, SalonNetTable):
                table.reserving = False
        place = table.seats[seats[0]]
        place.connected, place.dropped_at = False, now
        hosted.wake.set()
        return seats[0], tokens[0]

    def _private(self, member: Member, rules: RuleSet) -> None:
        """A private table by code on the salon's server (not listed, no stake, not rated):
        its opener sits, friends join with ``okey join`` and the code."""
        config = self.config
        table_config = TableConfig(
            online_rules(rules, config.timer),
            new_code(),
            level=config.level,
            bot_delay=config.bot_delay,
            lobby_grace=config.lobby_grace,
        )
        hosted = self.server.add_table(table_config)
        seat, token = self._reserve(hosted, member.name, self.now())
        self._tell(member, m.Ticket(0, hosted.code, token, seat, 0))

    def _same_address(self, member: Member, found: SalonTable) -> bool:
        if not self.config.one_address_per_table:
            return False
        others = (self.members.get(a) for a in found.accounts.values())
        return any(o is not None and o.address == member.address for o in others)

    def _table_of(self, account: int) -> SalonTable | None:
        """The table where the account has a seat still (not forfeited, not over)."""
        for found in self.tables.values():
            found.tidy()
            if found.seat_of(account) is not None and not found.table.over:
                return found
        return None

    # -- what happens at a table ------------------------------------------------------

    def _heard_at(self, found: SalonTable, seat: int, message: ServerMessage) -> None:
        """A message a table sent one of its seats: what the salon learns from it."""
        if isinstance(message, Lobby):
            self._lobby_changed(found)
        elif isinstance(message, Said) and seat == min(found.table.connected(), default=seat):
            found.chat.append(f"{message.name}: {message.text}")  # noted once, not per seat
        elif isinstance(message, Update) and found.watchers and not found.telling:
            found.telling = True  # the watchers hear it at the end of this step, once
            asyncio.get_running_loop().call_soon(self._tell_watchers, found)

    def _tell_watchers(self, found: SalonTable) -> None:
        """The public events the watchers have not heard (a deal, a draw, a discard)."""
        found.telling = False
        if not found.watchers:
            found.heard = found.table.version
            return
        version, events = found.new_events()
        if events:
            self._broadcast(self._watching(found), m.Spectated(found.number, version, events))

    def _turn(self, found: SalonTable) -> None:
        """After each turn: the watchers hear it, the moves are noted, a match that is
        over is settled."""
        found.note_moves()
        self._tell_watchers(found)
        over = found.table.match.events[-1] if found.table.match.events else None
        if isinstance(over, MatchOver) and not found.settled:
            self._settle(found, over)

    def _forfeit(self, found: SalonTable, seat: int) -> None:
        """A person left a running match: the stake is lost, a bot plays the seat."""
        account = found.accounts.pop(seat, None)
        if account is None:
            return
        found.table.to_bot(seat)
        found.forfeited[seat] = account
        if found.stake:
            self.store.add_chips(account, -found.stake)
        name = found.table.seats[seat].name
        news = m.Forfeited(found.number, name, found.stake)
        players = [self.members.get(a) for a in found.accounts.values()]
        self._broadcast([p for p in players if p is not None], news)
        leaver = self.members.get(account)
        if leaver is not None:
            self._tell(leaver, news)
        found.hosted.wake.set()
        self._lobby_changed(found)

    def _settle(self, found: SalonTable, over: MatchOver) -> None:
        found.settled = True
        rules = found.table.match.rules
        place_of = {seat: s.place for s in over.standings for seat in s.seats}
        places = {account: place_of[seat] for seat, account in found.accounts.items()}
        last = max(place_of.values(), default=0) + 1
        everyone = {**places, **{a: last for a in found.forfeited.values()}}
        game = rules.game
        before = {a: self._rating(a, game) for a in everyone}
        rated = rate(everyone, before)
        moved = chips_moved(Pot(found.stake, places, tuple(found.forfeited.values())))
        self.store.finish(
            Finished(
                game,
                rules.name,
                found.stake,
                tuple(everyone),
                tuple(a for a, place in places.items() if place == 1),
                tuple(moved.items()),
                tuple(rated.items()),
            ),
            self.now(),
        )
        for account, rating in rated.items():
            self.ratings[(account, game)] = rating
        for account in everyone:
            member = self.members.get(account)
            fresh = self.store.account(account)
            if member is None or fresh is None:
                continue
            member.account = fresh
            new = rated.get(account)
            number = shown(new) if new is not None else None
            self._tell(member, m.Settled(found.number, moved.get(account, 0), fresh.chips, number))
        self._lobby_changed(found)

    # -- watching -------------------------------------------------------------------------

    def _watch(self, member: Member, number: int) -> m.Problem | None:
        found = self.tables.get(number)
        if found is None or found.table.closed:
            return m.Problem.NO_TABLE
        if found.seat_of(member.account.id) is not None:
            return m.Problem.ALREADY_SEATED  # a player watches nobody's rack, their own least
        self._stop_watching(member)
        if not found.watchers:
            found.heard = found.table.version
        member.watching = found
        found.watchers[member.account.id] = member.name
        card = found.card(lambda a: self._shown_rating(a, found.table.match.rules.game))
        news = m.Watching(number, card.seats, found.table.version, found.public_events())
        self._tell(member, news)
        self._watchers_changed(found)
        return None

    def _stop_watching(self, member: Member) -> None:
        found = member.watching
        if found is None:
            return
        member.watching = None
        found.watchers.pop(member.account.id, None)
        self._watchers_changed(found)

    def _watching(self, found: SalonTable) -> list[Member]:
        members = (self.members.get(a) for a in found.watchers)
        return [w for w in members if w is not None and w.watching is found]

    def _watchers_changed(self, found: SalonTable) -> None:
        news = m.Watchers(found.number, tuple(found.watchers.values()))
        players = (self.members.get(a) for a in found.accounts.values())
        self._broadcast([p for p in players if p is not None], news)
        self._lobby_changed(found)

    # -- chat, reports, moderation --------------------------------------------------------

    def _chat(self, member: Member, text: str) -> m.Problem | None:
        line = clean_chat(text)
        if line is None:
            return m.Problem.BAD_TEXT
        if self._muted(member.account.id):
            return m.Problem.MUTED
        if not member.chat.allow(self.now()):
            return m.Problem.TOO_FAST
        self.lobby_chat.append(f"{member.name}: {line}")
        self._broadcast(list(self.members.values()), m.LobbySaid(member.name, line))
        return None

    def _muted(self, account: int) -> bool:
        found = self.store.account(account)
        return found is not None and found.muted_until > self.now_wall()

    def _muted_seat(self, found: SalonTable, seat: int) -> bool:
        account = found.accounts.get(seat)
        return account is not None and self._muted(account)

    def now_wall(self) -> float:
        """The time of day, for what outlasts a restart (mutes, reports)."""
        return time.time()

    def _report(self, member: Member, report: m.Report) -> m.Problem | None:
        reason = clean_chat(report.reason)
        if reason is None:
            return m.Problem.BAD_TEXT
        reported = self.store.account_named(plain_name(report.name))
        if reported is None or reported.id == member.account.id:
            return m.Problem.NO_PLAYER
        if not member.chat.allow(self.now()):
            return m.Problem.TOO_FAST
        heard = plain_name(reported.name)
        chat = [line for line in self.lobby_chat if plain_name(line).startswith(heard + ":")]
        moves: list[str] = []
        for found in self.tables.values():
            if reported.id in found.accounts.values() or reported.id in found.forfeited.values():
                chat += list(found.chat)
                moves += [move for move in found.moves if move.startswith(reported.name + ": ")]
        evidence = {"chat": chat[-2 * 20 :], "moves": moves[-20:]}
        self.store.add_report(member.account.id, reported.id, reason, evidence, self.now_wall())
        self._tell(member, m.Reported(reported.name))
        news = m.ReportHeard(
            member.name, reported.name, reason, tuple(evidence["chat"]), tuple(evidence["moves"])
        )
        self._broadcast([x for x in self.members.values() if x.moderator], news)
        return None

    def _moderate(self, member: Member, request: m.Moderate) -> m.Problem | None:
        if not member.moderator:
            return m.Problem.NOT_MODERATOR
        target = self.store.account_named(plain_name(request.name))
        if target is None:
            return m.Problem.NO_PLAYER
        minutes = max(1, min(request.minutes, 7 * 24 * 60))
        sanction = request.sanction
        until = self.now_wall() + minutes * 60 if sanction is m.Sanction.MUTE else 0.0
        self.store.sanction(target.id, member.account.id, sanction.value, self.now_wall(), until)
        told = m.Sanctioned(target.name, sanction, minutes if sanction is m.Sanction.MUTE else 0)
        self._tell(member, told)
        victim = self.members.get(target.id)
        if victim is not None and victim is not member:
            self._tell(victim, told)
        if sanction in (m.Sanction.KICK, m.Sanction.BAN):
            self._put_out(target.id, sanction)
        return None

    def _put_out(self, account: int, sanction: m.Sanction) -> None:
        """Out of the salon: the connection closed, a seat at a running match forfeited."""
        member = self.members.pop(account, None)
        if member is not None:
            self._stop_watching(member)
            self._tell(member, m.Closing(sanction=sanction))
            member.connection.transport.close()
        found = self._table_of(account)
        if found is None:
            return
        seat = found.seat_of(account)
        assert seat is not None
        if found.table.started:
            self._forfeit(found, seat)
        found.table.unseat(seat)  # its table connection closed too
        if not found.table.started:
            found.table.drop(seat)
            found.table.seats[seat].dropped_at = -1e9  # freed at the next step
            found.hosted.wake.set()

    # -- the leaderboard and ratings -----------------------------------------------------

    def _board(self, member: Member, game: str) -> m.Problem | None:
        if game not in GAMES:
            return m.Problem.BAD_MESSAGE
        lines = tuple(
            m.BoardLine(s.name, shown(s.rating), s.rating.matches)
            for s in self.store.leaderboard(game)
        )
        self._tell(member, m.Board(game, lines))
        return None

    def _rating(self, account: int, game: str) -> Rating | None:
        key = (account, game)
        if key not in self.ratings:
            self.ratings[key] = self.store.rating(account, game)
        return self.ratings[key]

    def _shown_rating(self, account: int, game: str | None) -> int:
        return shown(self._rating(account, game)) if game is not None else 0

    # -- the lobby's list ------------------------------------------------------------------

    def _card(self, found: SalonTable) -> m.Card:
        game = found.table.match.rules.game
        return found.card(lambda account: self._shown_rating(account, game))

    def _tables(self) -> m.Tables:
        """Every table's card (a table put away is forgotten now)."""
        for number, found in list(self.tables.items()):
            if found.table.closed:
                del self.tables[number]
        return m.Tables(tuple(self._card(found) for found in self.tables.values()))

    def _lobby_changed(self, found: SalonTable) -> None:
        """The change is sent once at the end of this step of the loop, with the others."""
        self._changed.add(found.number)
        if self._lobby_due:
            return
        self._lobby_due = True
        asyncio.get_running_loop().call_soon(self._send_lobby)

    def _send_lobby(self) -> None:
        """The cards that changed, and the tables put away (or the whole list, when the
        settings say so)."""
        self._lobby_due = False
        numbers, self._changed = sorted(self._changed), set()
        gone = []
        for number in numbers:
            found = self.tables.get(number)
            if found is not None and found.table.closed:
                del self.tables[number]
            if number not in self.tables:
                gone.append(number)
        self.lobby_updates += 1
        if self.config.whole_lists:
            news: m.SalonNews = self._tables()
        else:
            cards = tuple(self._card(self.tables[n]) for n in numbers if n in self.tables)
            news = m.Changed(cards, tuple(gone))
        self._broadcast(list(self.members.values()), news)

    # -- sending ---------------------------------------------------------------------------

    def _tell(self, member: Member, news: m.SalonNews) -> None:
        if member.hears is not None:
            member.hears(news)
        else:
            self._say(member.connection, news)

    def _broadcast(self, members: list[Member], news: m.SalonNews) -> None:
        """One message to many, encoded once; a member who does not read is cut off (a
        page's member hears it as it is, and words it)."""
        if not members:
            return
        room = self.server.limits.write_buffer
        ready = []
        for member in members:
            if member.hears is not None:
                member.hears(news)
                continue
            transport = member.connection.transport
            if transport.is_closing():
                continue
            if transport.get_write_buffer_size() > room:
                transport.abort()
                continue
            ready.append(member.connection)
        broadcast(ready, dumps(news))

    def _say(self, connection: ServerConnection, news: m.SalonNews) -> None:
        transport = connection.transport
        if transport.is_closing():
            return
        if transport.get_write_buffer_size() > self.server.limits.write_buffer:
            transport.abort()
            return
        broadcast([connection], dumps(news))


async def _requests(connection: ServerConnection) -> Requests:
    """A lobby client's requests, read from its frames."""
    while True:
        frame = await connection.recv()
        try:
            yield m.read_request(frame)
        except ValueError:
            yield None
