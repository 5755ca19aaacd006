"""The table protocol: the messages a client and a table server exchange (docs/protocol.md).

Every message is one WebSocket text frame holding one JSON object; its ``"type"``
is the name of one of the frozen dataclasses below, its other keys are their
fields, in the forms of :mod:`okey.wire.codec` (a tile ``"r5"``, an action
``"discard r5"``, an event or a view an object with its own ``"type"``).
What the server receives is checked here, key by key, before anything uses it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import Enum
from typing import Final, TypeAlias, get_args

from okey.engine.actions import Action, GameAction
from okey.engine.events import Event
from okey.engine.view import TableView
from okey.review import RoundReview
from okey.rules import RuleSet
from okey.wire.codec import JSON, CodecError, decode, encode_json
from okey.wire.kit import net_part

PROTOCOL: Final = 3
"""The newest protocol version: a client says the newest it speaks in its Hello (an older
server refuses it, and the client says the version before instead); a server answers in
the client's."""
OLDEST: Final = 1
"""The oldest version a server speaks: version 1 knows Okey's views only."""
PROTOCOLS: Final = frozenset(range(OLDEST, PROTOCOL + 1))
RECORD_PROTOCOL: Final = 3
"""The first version whose seats are sent the match's record once it is over (MatchRecord)."""


def game_protocol(game: str) -> int:
    """The oldest version that can sit at game ``game``'s table (its folder says: version
    2 brought Okey 101's view, moves and events): an older client is refused ``protocol``."""
    return net_part(game).protocol


MAX_CLIENT_MESSAGE: Final = 16 * 1024
"""The largest frame a server reads, in bytes (a Hello with a long name is under 1 KiB)."""
MAX_SERVER_MESSAGE: Final = 1024 * 1024
"""The largest frame a client reads (a brief of a whole round is some tens of KiB)."""
MAX_RECORD: Final = MAX_SERVER_MESSAGE // 2
"""The longest match log a MatchRecord carries, in characters (a long match's is some tens
of KiB): a longer one is not sent, and a client refuses it."""
MAX_NAME: Final = 32
MAX_CHAT: Final = 200
MAX_CODE: Final = 64
MAX_TOKEN: Final = 128
MAX_ROUND: Final = 10_000  # a round number asked about (a match has far fewer)
MAX_ACTION_TILES: Final = 32  # tiles one move may lay (a 101 hand holds 22 at most)
MAX_ACTION_TEXT: Final = 512
"""The longest action a server reads, in characters (32 tiles written ``r10=k12 |`` take
under 300): a longer one is refused before it is parsed, which costs far more."""


class Reason(Enum):
    """Why the server refused a message or closes a connection (the client words it)."""

    BAD_JSON = "bad_json"  # not a JSON object in a text frame
    BAD_MESSAGE = "bad_message"  # a known type with missing, unknown or mistyped keys
    UNKNOWN_TYPE = "unknown_type"
    PROTOCOL = "protocol"  # another protocol version
    NOT_SEATED = "not_seated"  # anything but a Hello before a seat is given
    ALREADY_SEATED = "already_seated"  # a second Hello on one connection
    WRONG_CODE = "wrong_code"
    BAD_TOKEN = "bad_token"  # a rejoin token that is no seat's
    BAD_NAME = "bad_name"
    TABLE_FULL = "table_full"  # no open seat
    TOO_MANY_FAILURES = "too_many_failures"  # too many failed joins from this address
    RATE_LIMITED = "rate_limited"  # too many messages: this one was dropped
    NOT_HOST = "not_host"
    STARTED = "started"  # a new seat or a lobby message after the first deal
    NOT_STARTED = "not_started"  # a move before the first deal
    NOT_BETWEEN_ROUNDS = "not_between_rounds"
    ILLEGAL_MOVE = "illegal_move"  # the engine refused the move: ``move`` says why
    BAD_CHAT = "bad_chat"  # empty, too long or not printable
    CHAT_TOO_FAST = "chat_too_fast"
    NO_REVIEW = "no_review"  # no finished round of that number to review
    HELLO_TIMEOUT = "hello_timeout"  # no Hello in time
    REPLACED = "replaced"  # the seat was rejoined from another connection
    SLOW_READER = "slow_reader"  # the client did not read what it was sent
    SERVER_CLOSING = "server_closing"
    TABLE_CLOSED = "table_closed"  # the match is over and the table is put away


# -- client to server ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Hello:
    """Sit at the table with ``code``: a new seat, or ``token``'s seat again (rejoin)."""

    protocol: int
    code: str
    name: str = ""
    token: str | None = None
    since: int | None = None  # on rejoin: how many events the client already has


@dataclass(frozen=True, slots=True)
class Start:
    """The host deals the first round (empty seats get bots)."""


@dataclass(frozen=True, slots=True)
class Act:
    """A move, in the match log's notation; ``ref`` comes back in a refusal."""

    action: Action
    ref: int | None = None


@dataclass(frozen=True, slots=True)
class Ready:
    """Between rounds: ready for the next deal."""


@dataclass(frozen=True, slots=True)
class Chat:
    text: str


@dataclass(frozen=True, slots=True)
class Ping:
    ref: int | None = None


@dataclass(frozen=True, slots=True)
class AskReview:
    """The master's review of this seat's finished round ``number`` (answered by Reviewed)."""

    number: int
    ref: int | None = None


@dataclass(frozen=True, slots=True)
class Remove:
    """Before the first deal, the host frees another person's seat (one that went away)."""

    seat: int


ClientMessage: TypeAlias = Hello | Start | Act | Ready | Chat | Ping | AskReview | Remove
CLIENT_TYPES: Final = {cls.__name__: cls for cls in get_args(ClientMessage)}


# -- server to client ------------------------------------------------------------

SeatView: TypeAlias = TableView
"""A seat's view on the wire: its ``"type"`` names its game's view (``PlayerView``: Okey's;
each game's folder gives its own, :class:`okey.wire.kit.NetPart`)."""


class SeatKind(Enum):
    PERSON = "person"
    BOT = "bot"
    OPEN = "open"  # nobody yet: a bot takes it at the first deal


class PresenceState(Enum):
    """A seat's connection during the match (before the deal, Lobby tells who is there)."""

    DROPPED = "dropped"  # the connection was lost: autopilot plays the seat
    LEFT = "left"  # its player closed the connection (Q): autopilot plays the seat
    RETURNED = "returned"


@dataclass(frozen=True, slots=True)
class Seated:
    """Your seat, and the token that takes it back after a drop (keep it secret)."""

    protocol: int
    seat: int
    token: str
    players: int
    rules: str
    timer: int  # seconds per turn; 0: no timer
    rejoined: bool = False
    ruleset: RuleSet | None = None  # the table's whole rules (a view carries them too)
    level: str = ""  # the bots' level (and the autopilot's)


@dataclass(frozen=True, slots=True)
class SeatInfo:
    seat: int
    kind: SeatKind
    name: str
    connected: bool


@dataclass(frozen=True, slots=True)
class Lobby:
    """Who sits where; sent to every seat when it changes before the first deal."""

    seats: tuple[SeatInfo, ...]
    host: int | None
    started: bool


@dataclass(frozen=True, slots=True)
class Update:
    """What changed, as this seat may know it, and its view now.

    ``version`` is how many events the match has had (a rejoining client gives it
    back as ``since``); ``view`` is None before the first deal; ``clock`` is the
    seconds left for the move now awaited (the turn, or the pause between rounds),
    None when nothing is timed.
    """

    version: int
    events: tuple[Event, ...]
    view: SeatView | None
    clock: int | None = None


@dataclass(frozen=True, slots=True)
class Brief:
    """On rejoin: what this seat missed while it was away (its own events, oldest first)."""

    since: int
    missed: tuple[Event, ...]
    left_out: int = 0  # older missed events not sent (a long absence)


@dataclass(frozen=True, slots=True)
class Presence:
    seat: int
    name: str
    state: PresenceState


@dataclass(frozen=True, slots=True)
class Readied:
    """Between rounds: ``seat`` is ready for the next deal, which still waits for the
    people at ``waiting`` (sent to every seat)."""

    seat: int
    name: str
    waiting: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Said:
    """A chat line, heard at every seat (the sender's too)."""

    seat: int
    name: str
    text: str


@dataclass(frozen=True, slots=True)
class Detail:
    """One of the numbers or tiles an engine reason names (``value``: 100, ``tile``: "r5")."""

    name: str
    value: int | str


@dataclass(frozen=True, slots=True)
class Refused:
    """The message was not accepted (only its sender hears this); the table goes on.

    ``move`` is the engine's reason for an illegal move (``not_your_turn``,
    ``not_in_hand``...: ``engine.error.<move>`` in the catalogue); ``details`` what that
    reason names (``below_threshold``: ``value`` 100 and ``threshold`` 101; a tile in the
    notation), to be said as ``engine.error.<move>`` with them.
    """

    reason: Reason
    move: str | None = None
    ref: int | None = None
    details: tuple[Detail, ...] = ()


@dataclass(frozen=True, slots=True)
class Pong:
    ref: int | None = None


@dataclass(frozen=True, slots=True)
class Reviewed:
    """The master's review of this seat's round ``review.number``, decided from the seat's
    own views (it names no tile the seat did not see)."""

    review: RoundReview
    ref: int | None = None


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """The whole match, once it is over (never before: it names every tile): its record as
    the match log writes it (:mod:`okey.matchlog`), sent to each person seated, so that
    their own machine can check the match and count the day's tasks it completes.

    ``sealed`` is False when the server resumed the match from a save that was changed
    or not sealed (:func:`okey.saves.data.is_unverified`): it then counts for no task."""

    log: str
    sealed: bool = True


@dataclass(frozen=True, slots=True)
class Goodbye:
    """The server closes this connection, and why."""

    reason: Reason


ServerMessage: TypeAlias = (
    Seated
    | Lobby
    | Update
    | Brief
    | Presence
    | Readied
    | Said
    | Refused
    | Pong
    | Reviewed
    | MatchRecord
    | Goodbye
)


# -- reading and writing ---------------------------------------------------------


class ProtocolError(ValueError):
    """A message refused before it reached a table."""

    def __init__(self, reason: Reason, ref: int | None = None) -> None:
        self.reason = reason
        self.ref = ref
        super().__init__(reason.value)


def dumps(message: object) -> str:
    """One message as the text of its frame (an event told to every seat, and the rules in
    every view, are written once: :func:`okey.wire.codec.encode_json`)."""
    return encode_json(message)


def read_client(frame: str | bytes) -> ClientMessage:
    """Check and decode what a client sent; :class:`ProtocolError` saying why not."""
    if not isinstance(frame, str) or len(frame) > MAX_CLIENT_MESSAGE:
        raise ProtocolError(Reason.BAD_JSON)
    try:
        data = json.loads(frame)
    except (ValueError, RecursionError):
        raise ProtocolError(Reason.BAD_JSON) from None
    if not isinstance(data, dict):
        raise ProtocolError(Reason.BAD_JSON)
    ref = data.get("ref")
    ref = ref if isinstance(ref, int) and not isinstance(ref, bool) else None
    cls = CLIENT_TYPES.get(data.get("type")) if isinstance(data.get("type"), str) else None
    if cls is None:
        raise ProtocolError(Reason.UNKNOWN_TYPE, ref)
    if not set(data) <= {"type", *cls.__dataclass_fields__}:
        raise ProtocolError(Reason.BAD_MESSAGE, ref)
    action = data.get("action")
    if isinstance(action, str) and len(action) > MAX_ACTION_TEXT:
        raise ProtocolError(Reason.BAD_MESSAGE, ref)
    try:
        message: ClientMessage = decode(data, cls)
    except CodecError:
        raise ProtocolError(Reason.BAD_MESSAGE, ref) from None
    if not _fits(message):
        raise ProtocolError(Reason.BAD_MESSAGE, ref)
    return message


def _sizes_fit(hello: Hello) -> bool:
    return (
        len(hello.code) <= MAX_CODE
        and len(hello.name) <= 4 * MAX_NAME
        and (hello.token is None or len(hello.token) <= MAX_TOKEN)
        and (hello.since is None or hello.since >= 0)
    )


def action_tiles(action: Action) -> int:
    """How many tiles a move lays (Okey 101's Open or Lay; 0 for the moves that name one
    tile at most): its game's folder counts them."""
    if isinstance(action, GameAction):
        return net_part(action.game).action_tiles(action)
    return 0


def _fits(message: ClientMessage) -> bool:
    if isinstance(message, Hello):
        return _sizes_fit(message)
    if isinstance(message, AskReview):
        return 0 < message.number <= MAX_ROUND
    if isinstance(message, Act):
        return action_tiles(message.action) <= MAX_ACTION_TILES
    return True


def read_server(frame: str | bytes) -> ServerMessage:
    """Decode what a server sent (the client's side); :class:`CodecError` if it is not
    a message of this protocol."""
    try:
        data: JSON = json.loads(frame)
    except (ValueError, RecursionError):
        raise CodecError("", "not JSON") from None
    message: ServerMessage = decode(data, ServerMessage)
    return message
