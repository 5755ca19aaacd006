"""The lobby by ear: what a line the player types asks of the salon, and what each piece of
news says; the arrow keys read the table cards one at a time.

:class:`Lobby` holds no connection and no terminal: it turns a typed line into a salon
request (or lines to say), and news into lines, so that a front end (``okey salon``'s
prompt, a test) only carries them. Commands are words of the player's language, and
English's as well (``aç`` and ``open``); a number picks a table, none the card read last.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from okey.messages import DEFAULT_LANGUAGE, Catalogue, load_catalogue
from okey.narrate import Narrator
from okey.net.protocol import Lobby as Seating
from okey.net.protocol import SeatInfo, SeatKind
from okey.net.seat import seat_names
from okey.rules import available_rule_sets
from okey.salon import messages as m
from okey.salon.messages import merged
from okey.salon.words import (
    COMMANDS,
    MODERATOR_COMMANDS,
    OPTIONS,
    card_line,
    conduct_lines,
    help_lines,
    news_lines,
    rules_words,
    staked,
)


@dataclass(frozen=True)
class Say:
    """Lines to say, nothing to send."""

    lines: tuple[str, ...]


@dataclass(frozen=True)
class Send:
    """A request for the salon (and perhaps a line to say first)."""

    request: m.SalonRequest
    lines: tuple[str, ...] = ()


@dataclass(frozen=True)
class Quit:
    pass


Answer = Say | Send | Quit


def people(seats: Sequence[m.CardSeat], catalogue: Catalogue) -> list[str]:
    """The names a watched table's narrator gives its seats: the names its players hear
    (a bot's as every player's client names it; an open seat is its number)."""
    seating = Seating(
        tuple(SeatInfo(n, SeatKind(s.kind), s.name, True) for n, s in enumerate(seats)),
        None,
        True,
    )
    names = seat_names(seating, catalogue)
    open_seat = SeatKind.OPEN.value
    return [name if s.kind != open_seat else "" for name, s in zip(names, seats, strict=True)]


@dataclass
class Lobby:
    catalogue: Catalogue
    cards: tuple[m.Card, ...] = ()
    focus: int = -1  # the card read last (-1: none yet)
    welcome: m.Welcome | None = None
    watching: int | None = None
    narrator: Narrator | None = None
    listed: bool = False  # the first list was heard (and its overview said)
    words: dict[str, str] = field(default_factory=dict)  # a word typed: its command

    def __post_init__(self) -> None:
        languages = [load_catalogue(DEFAULT_LANGUAGE), self.catalogue]
        for catalogue in languages:
            for command in (*COMMANDS, *MODERATOR_COMMANDS, *OPTIONS, "yes", "watch"):
                word = catalogue.text(f"salon.word.{command}").casefold()
                self.words[word] = command
        for command in COMMANDS:
            self.words.setdefault(command[0], command)  # one letter: w, s, o, q...
        self.words["w"] = "watch"  # (s: sit, o: open, q: quick; quit is typed whole)
        self.words.pop("q", None)

    @property
    def moderator(self) -> bool:
        return self.welcome is not None and self.welcome.moderator

    # -- news ---------------------------------------------------------------------

    def hear(self, news: m.SalonNews) -> list[str]:
        """Take the news in; the lines to say."""
        text = self.catalogue.text
        match news:
            case m.Welcome():
                self.welcome = news
                lines = news_lines(news, self.catalogue, None)
                return lines + (conduct_lines(self.catalogue) if news.conduct else [])
            case m.Tables():
                return self._tables(news.cards)
            case m.Changed():
                return self._tables(merged(self.cards, news))
            case m.Watching():
                self.watching = news.table
                self.narrator = Narrator(people(news.seats, self.catalogue), self.catalogue)
            case m.Spectated() if news.table != self.watching:
                return []
            case m.Spectated():
                card = next((c for c in self.cards if c.number == news.table), None)
                if self.narrator is not None and card is not None:
                    self.narrator.names = people(
                        card.seats, self.catalogue
                    )  # bots took the free seats
            case m.LobbySaid() if self.welcome is not None and news.name == self.welcome.name:
                return [text("salon.said.you", text=news.text)]
            case m.Forfeited() if self.welcome is not None and news.name == self.welcome.name:
                chips = self.welcome.chips - news.stake  # as the salon took them
                self.welcome = replace(self.welcome, chips=chips, conduct=False)
                key = staked("salon.forfeited.you", news.stake)
                return [text(key, number=news.table, stake=news.stake)]
            case m.Settled():
                if self.welcome is not None:
                    self.welcome = replace(self.welcome, chips=news.total, conduct=False)
            case _:
                pass
        return news_lines(news, self.catalogue, self.narrator)

    def _tables(self, cards: tuple[m.Card, ...]) -> list[str]:
        """A new list: new tables are said; the card read keeps its place."""
        known = {card.number for card in self.cards}
        before = self.cards[self.focus].number if 0 <= self.focus < len(self.cards) else None
        first = not self.listed
        self.listed = True
        self.cards = cards
        numbers = [card.number for card in cards]
        self.focus = numbers.index(before) if before in numbers else min(self.focus, len(cards) - 1)
        if first:
            return self.overview()
        return [
            self.catalogue.text("salon.opened", line=card_line(card, self.catalogue))
            for card in cards
            if card.number not in known
        ]

    def overview(self) -> list[str]:
        text = self.catalogue.text
        if not self.cards:
            return [text("salon.lobby.none"), text("salon.lobby.hint")]
        return [text("salon.lobby.tables", count=len(self.cards)), text("salon.lobby.hint")]

    # -- the arrow keys ---------------------------------------------------------------

    def move(self, step: int) -> str:
        """The next (1) or previous (-1) card, read; at either end it stays."""
        if not self.cards:
            return self.catalogue.text("salon.lobby.none")
        self.focus = max(0, min(len(self.cards) - 1, self.focus + step))
        return card_line(self.cards[self.focus], self.catalogue)

    def card_read(self) -> m.Card | None:
        return self.cards[self.focus] if 0 <= self.focus < len(self.cards) else None

    # -- a typed line -------------------------------------------------------------------

    def typed(self, line: str) -> Answer:
        text = self.catalogue.text
        words = line.split()
        if not words:
            card = self.card_read()
            return Send(m.Sit(card.number)) if card is not None else Say(tuple(self.overview()))
        command = self.words.get(words[0].casefold())
        if command not in self._allowed():
            return Say((text("salon.unknown", word=words[0]),))
        assert command is not None
        return self._command(command, words[1:], line.split(maxsplit=1)[1:])

    def command(self, name: str, argument: str = "") -> Answer:
        """A command by its name (a page's button: "sit", "who"), with what follows it as
        it would be typed after the command's word ("3", "hello all")."""
        if name not in self._allowed():
            return Say((self.catalogue.text("salon.unknown", word=name[:20]),))
        tail = [argument.strip()] if argument.strip() else []
        return self._command(name, argument.split(), tail)

    def _allowed(self) -> tuple[str, ...]:
        return (*COMMANDS, "watch") + (MODERATOR_COMMANDS if self.moderator else ())

    def _command(self, command: str, rest: list[str], tail: list[str]) -> Answer:
        text = self.catalogue.text
        match command:
            case "quit":
                return Quit()
            case "help":
                return Say(tuple(help_lines(self.catalogue, moderator=self.moderator)))
            case "tables":
                lines = [card_line(card, self.catalogue) for card in self.cards]
                return Say(tuple(lines or [text("salon.lobby.none")]))
            case "chips":
                chips = self.welcome.chips if self.welcome is not None else 0
                return Say((text("salon.chips", chips=chips),))
            case "who":
                return Send(m.Who())
            case "stop":
                self.watching = None
                return Send(m.StopWatching())
            case "say":
                if not tail:
                    return Say((text("salon.usage.say"),))
                return Send(m.LobbyChat(tail[0]))
            case "sit" | "watch":
                number = self._table_number(rest)
                if number is None:
                    return Say((text("salon.usage.table"),))
                return Send(m.Sit(number) if command == "sit" else m.Watch(number))
            case "open" | "quick" | "private":
                return self._open(command, rest)
            case "report":
                if len(rest) < 2:
                    return Say((text("salon.usage.report"),))
                return Send(m.Report(rest[0], " ".join(rest[1:])))
            case "top":
                game = rest[0] if rest else "okey"
                return Send(m.AskBoard("101" if "101" in game else "okey"))
            case "mute" | "kick" | "ban" | "unban":
                if not rest:
                    return Say((text("salon.usage.moderate"),))
                minutes = int(rest[1]) if len(rest) > 1 and rest[1].isdigit() else 10
                return Send(m.Moderate(rest[0], m.Sanction(command), minutes))
        return Say((text("salon.unknown", word=command),))

    def _table_number(self, rest: Sequence[str]) -> int | None:
        if rest:
            return int(rest[0]) if rest[0].isdigit() and len(rest[0]) < 9 else None
        card = self.card_read()
        return card.number if card is not None else None

    def _open(self, command: str, rest: list[str]) -> Answer:
        text = self.catalogue.text
        if not rest:
            return Say((text("salon.usage.open", names=", ".join(self._rule_names())),))
        rules = self._rules(rest[0])
        if rules is None:
            return Say((text("salon.no_rules", name=rest[0], names=", ".join(self._rule_names())),))
        if command == "quick":
            return Send(m.QuickSeat(rules))
        if command == "private":
            return Send(m.OpenTable(rules, private=True))
        numbers = {"points": 0, "stake": 0, "rating": 0}
        pairs = rest[1:]
        for word, value in zip(pairs[::2], pairs[1::2], strict=False):
            option = self.words.get(word.casefold())
            if option not in numbers or not value.isdigit() or len(value) > 9:
                return Say((text("salon.usage.open", names=", ".join(self._rule_names())),))
            numbers[option] = int(value)
        return Send(m.OpenTable(rules, numbers["points"], numbers["stake"], numbers["rating"]))

    def _rule_names(self) -> list[str]:
        return [rules_words(name, self.catalogue) for name in available_rule_sets()]

    def _rules(self, word: str) -> str | None:
        """The rule set a word names: its file's name, or its name in the player's words."""
        wanted = word.casefold()
        for name in available_rule_sets():
            if wanted in (name.casefold(), rules_words(name, self.catalogue).casefold()):
                return name
        return None

    def agrees(self, line: str) -> bool:
        """Whether a typed line agrees to the conduct rules (yes, evet)."""
        return self.words.get(line.strip().casefold()) == "yes"
