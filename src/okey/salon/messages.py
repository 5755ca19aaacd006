"""The salon's messages: what a lobby client (a terminal's, or later a browser's) and the
salon exchange on the salon's WebSocket path (docs/salon.md).

Like the table protocol (:mod:`okey.net.protocol`), each message is one JSON object in a
text frame, its ``"type"`` the class name, its fields in the forms of
:mod:`okey.wire.codec`; what a client sends is checked here before anything uses it. A
seat at a salon table is then played over the table protocol itself: the salon hands
the client a :class:`Ticket` (the table's code and the seat's token) for
:class:`okey.net.client.Client`. Nothing here is a sentence: the client words every
message from the catalogue (``salon.*``).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Final, TypeAlias, get_args

from okey.engine.events import Event
from okey.net.protocol import MAX_CLIENT_MESSAGE
from okey.wire.codec import CodecError, decode

SALON_PROTOCOL: Final = 1
PATH: Final = "/salon"
"""The salon's WebSocket path on the table server's port (``/`` stays the table protocol's)."""
MAX_TEXT: Final = 200
MAX_FIELD: Final = 256  # a name, a password, a rule set's name, a session token


class Problem(Enum):
    """Why the salon refused a message (``salon.problem.<value>`` in the catalogue)."""

    BAD_MESSAGE = "bad_message"  # not a salon message, or one with bad fields
    NOT_LOGGED_IN = "not_logged_in"
    LOGGED_IN = "logged_in"  # a second log-in on one connection
    CONDUCT_FIRST = "conduct_first"  # the conduct rules are to be read (and agreed) first
    NO_TABLE = "no_table"
    TABLE_FULL = "table_full"
    STARTED = "started"
    ALREADY_SEATED = "already_seated"  # this account sits at another table
    SAME_ADDRESS = "same_address"  # another account from this address sits at that table
    NO_RULES = "no_rules"  # no such rule set
    BAD_STAKE = "bad_stake"
    FEW_CHIPS = "few_chips"  # fewer chips than the table's stake
    RATING = "rating"  # the table asks a rating this account does not have
    NO_FREE_TABLE = "no_free_table"  # quick seat found none (a new table is opened)
    BAD_TEXT = "bad_text"  # empty, too long or not printable
    TOO_FAST = "too_fast"
    MUTED = "muted"
    NO_PLAYER = "no_player"  # no account of that name
    NOT_MODERATOR = "not_moderator"
    NOT_WATCHING = "not_watching"
    TOO_MANY_TABLES = "too_many_tables"


# -- client to salon ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LogIn:
    """Log in with a name and password (``claim``: claim the name for a new account)."""

    protocol: int
    name: str
    password: str
    claim: bool = False


@dataclass(frozen=True, slots=True)
class Resume:
    """Log in again with a session token the salon gave."""

    protocol: int
    session: str


@dataclass(frozen=True, slots=True)
class AgreeConduct:
    """The conduct rules were read, and are agreed to."""


@dataclass(frozen=True, slots=True)
class OpenTable:
    """Open a table of the rule set ``rules`` (``points``: its starting score, 0 the rules';
    ``stake``: chips each person puts in; ``rating``: the lowest rating it seats;
    ``private``: a table by code for friends, not listed, not staked, not rated)."""

    rules: str
    points: int = 0
    stake: int = 0
    rating: int = 0
    private: bool = False


@dataclass(frozen=True, slots=True)
class Sit:
    table: int


@dataclass(frozen=True, slots=True)
class QuickSeat:
    """Any table of ``rules`` with a free seat (a new one when none has)."""

    rules: str


@dataclass(frozen=True, slots=True)
class Watch:
    table: int


@dataclass(frozen=True, slots=True)
class StopWatching:
    pass


@dataclass(frozen=True, slots=True)
class Who:
    """Who is online."""


@dataclass(frozen=True, slots=True)
class LobbyChat:
    text: str


@dataclass(frozen=True, slots=True)
class Report:
    """Report a player to the moderators (the last chat lines and moves go with it)."""

    name: str
    reason: str


class Sanction(Enum):
    MUTE = "mute"  # no chat for ``minutes``
    KICK = "kick"  # out of the salon now (back with a new log-in)
    BAN = "ban"  # out, and no log-in any more
    UNBAN = "unban"


@dataclass(frozen=True, slots=True)
class Moderate:
    """A moderator's decision about an account."""

    name: str
    sanction: Sanction
    minutes: int = 10


@dataclass(frozen=True, slots=True)
class AskBoard:
    """The leaderboard of a game (``"okey"``, ``"101"``)."""

    game: str


SalonRequest: TypeAlias = (
    LogIn
    | Resume
    | AgreeConduct
    | OpenTable
    | Sit
    | QuickSeat
    | Watch
    | StopWatching
    | Who
    | LobbyChat
    | Report
    | Moderate
    | AskBoard
)
REQUEST_TYPES: Final = {cls.__name__: cls for cls in get_args(SalonRequest)}


# -- salon to client -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Welcome:
    """Logged in: the account's name, chips, ratings, whether the conduct rules are to be
    read first, whether it moderates, and the session token to keep."""

    name: str
    chips: int
    session: str
    conduct: bool  # True: read the conduct rules, then AgreeConduct
    moderator: bool
    ratings: tuple[GameRating, ...] = ()


@dataclass(frozen=True, slots=True)
class GameRating:
    game: str
    rating: int  # openskill's ordinal, shown as a whole number
    matches: int


@dataclass(frozen=True, slots=True)
class CardSeat:
    """A seat on a table card: ``kind`` "person", "bot" or "open"."""

    kind: str
    name: str = ""
    rating: int | None = None


@dataclass(frozen=True, slots=True)
class Card:
    """A table as the lobby reads it, one line."""

    number: int
    game: str
    rules: str  # the rule set's name
    points: int  # the starting score (Okey) or the rounds (0: none fixed)
    seats: tuple[CardSeat, ...]
    stake: int
    rating: int  # the lowest rating it seats (0: anyone)
    started: bool
    watchers: int = 0


@dataclass(frozen=True, slots=True)
class Tables:
    """Every table of the salon, sent at log-in and whenever one changes."""

    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Changed:
    """The cards of the tables that changed (a new table's among them), and the numbers of
    the tables put away; sent once per step of the salon's loop, however much changed."""

    cards: tuple[Card, ...]
    gone: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Online:
    names: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class LobbySaid:
    name: str
    text: str


@dataclass(frozen=True, slots=True)
class Ticket:
    """A seat kept for this account: join the table server with this code and token
    (``table`` 0: a private table, whose code friends join with)."""

    table: int
    code: str
    token: str
    seat: int
    stake: int = 0  # what leaving the match under way costs


@dataclass(frozen=True, slots=True)
class Watching:
    """Now watching table ``table``: its public events so far (``version``: how many
    events the match has had), and more in :class:`Spectated`."""

    table: int
    seats: tuple[CardSeat, ...]
    version: int
    events: tuple[Event, ...]


@dataclass(frozen=True, slots=True)
class Spectated:
    """Public events of the table watched (never a rack, never a drawn tile)."""

    table: int
    version: int
    events: tuple[Event, ...]


@dataclass(frozen=True, slots=True)
class Watchers:
    """Who watches the table this account sits at (told to its players)."""

    table: int
    names: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Forfeited:
    """``name`` left a running match: the stake is lost, a bot plays the seat."""

    table: int
    name: str
    stake: int


@dataclass(frozen=True, slots=True)
class Settled:
    """A match of this account's ended: the chips won or lost, and the new rating."""

    table: int
    chips: int  # the change
    total: int
    rating: int | None


@dataclass(frozen=True, slots=True)
class Reported:
    """The report was filed (to the reporter)."""

    name: str


@dataclass(frozen=True, slots=True)
class ReportHeard:
    """A report, to each moderator online: who, about whom, why, and what went with it."""

    reporter: str
    reported: str
    reason: str
    chat: tuple[str, ...]
    moves: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Sanctioned:
    """A moderator's decision: to the account it is about (``minutes`` for a mute)."""

    name: str
    sanction: Sanction
    minutes: int = 0


@dataclass(frozen=True, slots=True)
class Board:
    game: str
    lines: tuple[BoardLine, ...]


@dataclass(frozen=True, slots=True)
class BoardLine:
    name: str
    rating: int
    matches: int


@dataclass(frozen=True, slots=True)
class Declined:
    """A message refused, to its sender alone; ``login`` says why a log-in was refused
    (``salon.login.<value>``)."""

    problem: Problem
    login: str | None = None


@dataclass(frozen=True, slots=True)
class Closing:
    """The salon closes this connection (``problem`` or ``sanction`` says why)."""

    sanction: Sanction | None = None
    problem: Problem | None = None


SalonNews: TypeAlias = (
    Welcome
    | Tables
    | Changed
    | Online
    | LobbySaid
    | Ticket
    | Watching
    | Spectated
    | Watchers
    | Forfeited
    | Settled
    | Reported
    | ReportHeard
    | Sanctioned
    | Board
    | Declined
    | Closing
)


def merged(cards: Sequence[Card], changed: Changed) -> tuple[Card, ...]:
    """The list with the changed cards in their places (new ones by number), without the
    tables put away."""
    by_number = {card.number: card for card in cards}
    by_number.update((card.number, card) for card in changed.cards)
    for number in changed.gone:
        by_number.pop(number, None)
    return tuple(by_number[n] for n in sorted(by_number))


def read_request(frame: str | bytes) -> SalonRequest:
    """Check and decode what a client sent; ValueError when it is no salon message."""
    if not isinstance(frame, str) or len(frame) > MAX_CLIENT_MESSAGE:
        raise ValueError("not a text frame")
    data = json.loads(frame)
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise ValueError("not an object with a type")
    cls = REQUEST_TYPES.get(data["type"])
    if cls is None or not set(data) <= {"type", *cls.__dataclass_fields__}:
        raise ValueError("unknown message or keys")
    if any(isinstance(v, str) and len(v) > MAX_FIELD for v in data.values()):
        raise ValueError("a field too long")
    try:
        request: SalonRequest = decode(data, cls)
    except (CodecError, RecursionError) as exc:
        raise ValueError(str(exc)) from None
    return request


def read_news(frame: str | bytes) -> SalonNews:
    """Decode what the salon sent (the client's side); CodecError if it is not one."""
    try:
        data = json.loads(frame)
    except (ValueError, RecursionError):
        raise CodecError("", "not JSON") from None
    news: SalonNews = decode(data, SalonNews)
    return news
