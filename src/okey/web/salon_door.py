"""The salon in a web browser (docs/web.md): ``okey salon --serve`` serves its page on its
own port, and the page's player logs in, hears the lobby and sits at a table as a terminal's
``okey salon`` does.

The page holds no words and no account logic. Its lobby socket (:data:`LOBBY_PATH`) is one
visitor of the salon (:meth:`okey.salon.server.Salon.visit`): the log-in, the conduct
rules, the rate limits and every request are the salon's own; a
:class:`~okey.salon.lobby.Lobby` here, in the page's language, turns what the page sent
(a typed line, a button's command) into the salon's requests and the salon's news into
the lines the terminal's lobby says. A ticket to a table is taken by the page's seat
(:data:`okey.web.http.WEB_PATH`, :mod:`okey.web.bridge`), the same as at a friend's
table, with the salon's question before walking out of a staked match.
"""

from __future__ import annotations

import contextlib
import json
from dataclasses import replace
from typing import Any

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from okey.messages import LANGUAGES, Catalogue, load_catalogue
from okey.net.limits import Bucket
from okey.net.seat import Online
from okey.net.server import TableServer, WebDoor
from okey.rules import available_rule_sets
from okey.salon import messages as m
from okey.salon.lobby import Lobby, Quit, Say, Send
from okey.salon.server import Requests, Salon
from okey.salon.words import card_line, private_lines, rules_words, staked
from okey.table.controller import Table
from okey.table.lines import Line
from okey.web import http
from okey.web.bridge import BrowserSeat, Hello, _read, dumps, send_text
from okey.web.http import WEB_PATH, same_origin

LOBBY_PATH = "/lobby"
"""Where the salon's page opens its lobby's WebSocket."""
FILES = {"/salon.js": "salon.js"}  # the page itself is the table page's (its words say salon)
SALON_WORDS = (
    "web.salon.title",
    "web.salon.login",
    "web.salon.password",
    "web.salon.enter",
    "web.salon.lobby",
    "web.salon.tables",
    "web.salon.rules",
    "web.salon.open",
    "web.salon.quick",
    "web.salon.command",
    "web.salon.run",
    "web.salon.say",
    "web.salon.commands",
    "web.salon.who",
    "web.salon.top",
    "web.salon.stop",
    "web.salon.help",
    "web.salon.quit",
    "salon.lost",
)
"""The salon page's own words, besides the table page's."""
AT_TABLE = (m.Watchers, m.Forfeited, m.Settled, m.Closing, m.Sanctioned)
"""News said at the table too; lobby chat and reports wait for the lobby; the rest is not
said there (as ``okey salon``'s)."""
HELD = (m.LobbySaid, m.ReportHeard)
PAGE_COMMANDS = ("open", "quick", "sit", "watch", "stop", "who", "say", "top", "help", "quit")
"""What the page's buttons may ask by name (anything may be typed)."""
MAX_LINE = 1000  # characters typed in the command field


def salon_words(language: str) -> dict[str, Any]:
    """The salon page's words: the table page's, its own, and the rule sets to open."""
    from okey.web.page import page_words

    catalogue = load_catalogue(language)
    words = page_words(language)
    words.update((key, catalogue.text(key)) for key in SALON_WORDS)
    words["salon"] = True
    words["rules"] = [
        {"name": name, "text": rules_words(name, catalogue)} for name in available_rule_sets()
    ]
    return words


def answer(connection: ServerConnection, request: Request) -> Response | None:
    """The salon page's files and words; the rest as the table page's server answers it.
    The page's sockets only from the page's own origin."""
    path = request.path.split("?", 1)[0]
    upgrade = request.headers.get("Upgrade", "").lower() == "websocket"
    if upgrade and path == LOBBY_PATH and not same_origin(request):
        return http._refuse(403, "Forbidden")
    if not upgrade and path in FILES:
        return http._ok(http.static_file(FILES[path]), "text/javascript; charset=utf-8")
    if not upgrade and path.startswith("/words/") and path.endswith(".json"):
        language = path[len("/words/") : -len(".json")]
        if language in LANGUAGES:
            body = json.dumps(salon_words(language), ensure_ascii=False).encode()
            return http._ok(body, "application/json; charset=utf-8")
    return http.answer(connection, request)


def salon_door(salon: Salon) -> WebDoor:
    """The page and its sockets, for ``Salon(store, config, web=salon_door)``."""

    async def seat(server: TableServer, connection: ServerConnection, address: str) -> None:
        with contextlib.suppress(ConnectionClosed):
            request = connection.request
            if request is not None and request.path == WEB_PATH:
                await SalonSeat(salon, server, connection, address).run()
            else:
                await PageLobby(salon, connection, address).run()

    return WebDoor(answer, LOBBY_PATH, seat, (WEB_PATH,))


class SalonSeat(BrowserSeat):
    """The page's seat at a salon table: the table page's, and before walking out of a
    match under way the salon's question, saying what it costs."""

    def __init__(
        self, salon: Salon, server: TableServer, connection: ServerConnection, address: str
    ) -> None:
        super().__init__(server, connection, address)
        self.salon = salon

    def build(self, client: Any, seated: Any, hello: Hello) -> tuple[Table, Online]:
        table, online = super().build(client, seated, hello)
        found = self.salon.table_of_code(hello.code)
        if found is not None:
            online.leaving = Line(staked("salon.ask.leave", found.stake), stake=found.stake)
        return table, online


class PageLobby:
    """One page in the salon's lobby: its requests to the salon, the salon's news to it as
    lines (and the table list, the questions, a ticket)."""

    def __init__(self, salon: Salon, connection: ServerConnection, address: str) -> None:
        self.salon = salon
        self.connection = connection
        self.address = address
        self.lobby = Lobby(load_catalogue("en"))
        self.asking: str | None = None  # "conduct": the rules' Yes or No is awaited
        self.tried: m.LogIn | None = None
        self.at_table = False
        self.held: list[str] = []

    @property
    def catalogue(self) -> Catalogue:
        return self.lobby.catalogue

    async def run(self) -> None:
        await self.salon.visit(self.connection, self.address, self.requests(), self.hears)

    # -- to the page ----------------------------------------------------------------

    def post(self, message: dict[str, Any]) -> None:
        """Sent at once (a connection the salon closes next still says it first)."""
        send_text(self.connection, dumps(message), most=self.salon.server.limits.write_buffer)

    def say(self, lines: list[str] | tuple[str, ...], region: str = "log") -> None:
        for line in lines:
            self.post({"t": "line", "text": line, "region": region})

    def hears(self, news: m.SalonNews) -> None:
        """One piece of the salon's news, told as the terminal's lobby tells it."""
        text = self.catalogue.text
        lines = self.lobby.hear(news)
        match news:
            case m.Welcome():
                self.tried = None
                self.post({"t": "welcome", "session": news.session, "name": news.name})
                if news.conduct:
                    self.asking = "conduct"
                    lines[-1] = text("web.salon.conduct.ask")  # the page's buttons answer
                    self.say(lines)
                    self.post({"t": "ask", "what": "conduct"})
                    return
                self.post({"t": "lobby"})
            case m.Tables() | m.Changed():
                self.post({"t": "tables", "cards": self._cards()})
            case m.Declined(login="wrong") if self.tried is not None and not self.tried.claim:
                self.say([text("web.salon.ask.claim", name=self.tried.name)])
                self.post({"t": "ask", "what": "claim"})
                return
            case m.Ticket():
                if not news.table:  # a private table: its code for friends, and its link
                    lines = private_lines(news.code, self._host(), self.catalogue)
                    lines.append(text("web.link", url=f"http://{self._host()}/#{news.code}"))
                self.say(lines)
                self.at_table = True
                self.post({"t": "ticket", "code": news.code, "token": news.token})
                return
            case m.Closing():
                self.say(lines)
                self.post({"t": "left"})  # (not come back in by itself: kicked, or elsewhere)
                return
            case _:
                pass
        if self.asking is not None:
            self.held += lines  # the lobby is heard once the rules are agreed to
        elif not self.at_table or isinstance(news, AT_TABLE):
            self.say(lines)
        elif isinstance(news, HELD):
            self.held += lines

    def _host(self) -> str:
        """The salon's address as this page came to it."""
        request = self.connection.request
        return request.headers.get("Host", "") if request is not None else ""

    def _cards(self) -> list[dict[str, Any]]:
        text = self.catalogue.text
        return [
            {
                "number": card.number,
                "line": card_line(card, self.catalogue),
                "sit": text("web.salon.sit_at", number=card.number),
                "watch": text("web.salon.watch_at", number=card.number),
                "free": not card.started and any(s.kind == "open" for s in card.seats),
            }
            for card in self.lobby.cards
        ]

    # -- from the page ----------------------------------------------------------------

    async def requests(self) -> Requests:
        """The salon's requests, made of what the page sends (what needs no salon, such as
        help or reading the tables, is answered here)."""
        limits = self.salon.server.limits
        bucket = Bucket(limits.messages_per_second, limits.burst)
        while True:
            data = _read(await self.connection.recv())
            if data is None:
                yield None
                continue
            if not bucket.allow(self.salon.now()):
                continue  # the salon's own limits count what it is asked
            for request in self._made(data):
                yield request

    def _made(self, data: dict[str, Any]) -> list[m.SalonRequest | None]:
        kind = data.get("t")
        language = data.get("lang")
        if language in LANGUAGES and language != self.catalogue.language:
            self.lobby = replace(self.lobby, catalogue=load_catalogue(str(language)))
        if kind in ("login", "resume") and self.lobby.welcome is None:
            return [self._log_in(data)]
        typed = data.get("text") if kind == "line" else None
        if kind == "line" and (not isinstance(typed, str) or len(typed) > MAX_LINE):
            return [None]
        if kind == "answer" or (isinstance(typed, str) and self.asking is not None):
            return self._answer(data.get("yes") is True or self.lobby.agrees(str(typed)))
        if self.lobby.welcome is None or self.asking is not None:
            return [] if kind == "lang" else [None]
        if isinstance(typed, str):
            return self._answered(self.lobby.typed(typed))
        if kind == "cmd":
            name, argument = data.get("cmd"), data.get("arg", "")
            if name not in PAGE_COMMANDS or not isinstance(argument, str):
                return [None]
            return self._answered(self.lobby.command(str(name), argument[:MAX_LINE]))
        if kind == "key" and data.get("key") in ("up", "down"):
            self.say([self.lobby.move(-1 if data["key"] == "up" else 1)], "read")
            return []
        if kind == "back" and self.at_table:
            self.at_table = False
            self.say([self.catalogue.text("salon.back"), *self.held])
            self.held.clear()
            return []
        return [] if kind == "lang" else [None]

    def _log_in(self, data: dict[str, Any]) -> m.SalonRequest | None:
        if data.get("t") == "resume":
            session = data.get("session")
            if not isinstance(session, str) or not 0 < len(session) <= m.MAX_FIELD:
                return None
            return m.Resume(m.SALON_PROTOCOL, session)
        name, password = data.get("name"), data.get("password")
        if not isinstance(name, str) or not isinstance(password, str):
            return None
        if len(name) > m.MAX_FIELD or len(password) > m.MAX_FIELD:
            return None
        self.tried = m.LogIn(m.SALON_PROTOCOL, name, password, data.get("claim") is True)
        return self.tried

    def _answer(self, yes: bool) -> list[m.SalonRequest | None]:
        """Yes or No to the question asked: the conduct rules, or claiming a name."""
        if self.asking == "conduct":
            self.asking = None
            if not yes:
                self._goodbye()
                return []
            self.say([self.catalogue.text("salon.conduct.agreed"), *self.held])
            self.held.clear()
            self.post({"t": "lobby"})
            return [m.AgreeConduct()]
        tried = self.tried
        if tried is not None and self.lobby.welcome is None and yes:
            self.tried = replace(tried, claim=True)
            return [self.tried]
        return []

    def _answered(self, answer: Say | Send | Quit) -> list[m.SalonRequest | None]:
        match answer:
            case Quit():
                self._goodbye()
                return []
            case Say():
                self.say(answer.lines)
                return []
            case Send():
                self.say(answer.lines)
                return [answer.request]

    def _goodbye(self) -> None:
        self.say([self.catalogue.text("salon.goodbye")])
        self.post({"t": "left"})
        self.connection.transport.close()
