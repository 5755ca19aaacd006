"""Issue 27's online items (10-15), each over real sockets on 127.0.0.1: a refused move is
worded as at a local table, whatever the reason and the game; a seat dropped in the lobby
is freed, and the host frees one; names at a table are told apart; failed joins are
limited per address, per table and per server, never locking out a seat's own token;
moves and tiles are ASCII; a refused join is said, the away are named on return, and only
the hosting process asks to close the table."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from test_net_support import (
    async_test,
    client,
    config,
    config101,
    running,
    within,
)
from test_table_rig import EN, FakeOutput

from okey.engine.actions import Action, Discard, DrawFromPile, TakeDiscard
from okey.engine.errors import IllegalMoveError, MoveError
from okey.engine.view import Phase
from okey.hand.tiles import Tile
from okey.messages import Catalogue, load_catalogue
from okey.net.client import Client
from okey.net.protocol import (
    Lobby,
    Reason,
    Refused,
    Seated,
    ServerMessage,
    Update,
)
from okey.net.seat import NetSeat, Online, net_seat
from okey.speech import Speaker, SpeechMode
from okey.table import moves
from okey.table.controller import Table
from okey.table.lines import Field, Joined, Line, Speech
from okey.table.session import refused as local_refusal

TR = load_catalogue("tr")
STEP = 10.0  # seconds one exchange may take


# -- an ear at a table: a real table and its seat, fed by a real client ------------------


class Ear:
    """One person's table online, without keys: what the server says is heard by the
    table (:meth:`Online.hear`), what the seat sends goes out through the client."""

    def __init__(self, joined: Client, seated: Seated, name: str, catalogue: Catalogue) -> None:
        self.client = joined
        self.seat: NetSeat = net_seat(seated, name)
        self.output = FakeOutput()
        speaker = Speaker(SpeechMode.AUTO, self.output, printer=lambda _: None, catalogue=catalogue)
        self.table = Table(self.seat, speaker)
        self.heard: list[Speech] = []
        self.table.voice.listeners.append(lambda speech, cut: self.heard.append(speech))
        self.online = Online(self.table, self.seat, joined, address="here", hold=0.0)
        self.messages: list[ServerMessage] = []
        self.online.hear(seated)

    @property
    def said(self) -> list[str]:
        return [text for text, _ in self.output.spoken]

    def said_keys(self) -> list[str]:
        found: list[str] = []

        def walk(value: Field) -> None:
            if isinstance(value, Line):
                found.append(value.key)
                for part in value.fields.values():
                    walk(part)
            elif isinstance(value, Joined):
                for part in value.parts:
                    walk(part)

        for speech in self.heard:
            walk(speech)
        return found

    async def flush(self) -> None:
        while not self.seat.outbox.empty():
            await self.client.send(self.seat.outbox.get_nowait())

    async def until(self, wanted: Callable[[ServerMessage], bool]) -> ServerMessage:
        """Send what the seat wrote, then hear the server until a message is ``wanted``."""

        async def listen() -> ServerMessage:
            while True:
                await self.flush()
                message = await self.client.receive()
                self.messages.append(message)
                self.online.hear(message)
                if wanted(message):
                    return message

        return await within(listen(), STEP)


async def sit_ear(
    url: str, name: str, catalogue: Catalogue = EN, *, token: str | None = None
) -> Ear:
    joined = client(url, name, token=token)
    seated = await within(joined.join())
    ear = Ear(joined, seated, name, catalogue)
    await ear.until(lambda m: isinstance(m, Lobby))
    return ear


def my_turn(ear: Ear, phase: Phase) -> Callable[[ServerMessage], bool]:
    def ready(message: ServerMessage) -> bool:
        view = ear.seat.table_view()
        return (
            isinstance(message, Update)
            and view is not None
            and view.turn == ear.seat.you
            and view.phase is phase
        )

    return ready


async def to_draw(ear: Ear) -> None:
    """Until the seat's turn begins with a draw (a dealer first discards a tile)."""
    while True:
        await ear.until(lambda m: isinstance(m, Update) and ear.seat.step().value == "player")
        view = ear.seat.table_view()
        assert view is not None
        if view.phase is Phase.DRAW:
            return
        ear.seat.act(next(a for a in view.legal if isinstance(a, Discard)))


def refused(message: ServerMessage) -> bool:
    return isinstance(message, Refused)


# -- item 10: a refused move, worded as at a local table ----------------------------------


def local_words(ear: Ear, error: IllegalMoveError, action: Action) -> str:
    """What a local table says for the engine's ``error`` (its own refusal, with the
    details the engine gives it), from the same seat's view and catalogue."""
    before = len(ear.said)
    moves.answer(ear.table, local_refusal(error), action)
    said = ear.said[before:]
    assert len(said) == 1, said
    return said[0]


@async_test
async def test_a_refused_101_move_online_is_worded_as_at_a_local_table() -> None:
    """The issue's case: take a discard, then discard another tile (and the taken one)."""
    async with running(config101(seed=3, timer=0)) as (_, url, hosted):
        ear = await sit_ear(url, "Ayşe")
        ear.seat.deal()  # the host's Enter: the match begins
        await to_draw(ear)
        view = ear.seat.table_view()
        assert view is not None and TakeDiscard() in view.legal
        ear.seat.act(TakeDiscard())
        await ear.until(my_turn(ear, Phase.DISCARD))
        view = ear.seat.table_view()
        assert view is not None
        taken = getattr(view, "must_use", None)
        assert isinstance(taken, Tile)
        other = next(tile for tile in view.hand if tile != taken)
        match = hosted[0].table.match
        heard: list[str] = []
        for action in (Discard(other), Discard(taken)):
            with pytest.raises(IllegalMoveError) as engine:
                match.apply(ear.seat.you, action)  # what a local table's engine says
            before = len(ear.said)
            ear.seat.act(action)
            await ear.until(refused)
            online = ear.said[before:]
            assert "table.error" not in ear.said_keys()
            assert online == [local_words(ear, engine.value, action)]
            heard += online
        name = EN.tile(taken, view.okey)
        assert heard == [
            f"Use the taken {name} first.",
            f"The taken {name} must be laid, not discarded; or give it back.",
        ]


def sample_fields(reason: MoveError, hand: tuple[Tile, ...]) -> dict[str, object]:
    """The fields the engine gives ``reason``, as its words name them, with sample values."""
    named: set[str] = set()
    for catalogue in (EN, TR):
        for template in catalogue.entries["", f"engine.error.{reason.value}"].forms:
            named |= set(re.findall(r"{(\w+)}", template))
    samples: dict[str, object] = {"tile": hand[0], "seat": 2, "value": 96, "threshold": 101}
    samples |= {"count": 3, "needed": 5}
    assert named <= set(samples), named
    return {name: samples[name] for name in named}


def engine_error(reason: MoveError, hand: tuple[Tile, ...], okey: Tile) -> IllegalMoveError:
    fields = sample_fields(reason, hand)
    tile = fields.pop("tile", None)
    seat = fields.pop("seat", None)
    assert tile is None or isinstance(tile, Tile)
    assert seat is None or isinstance(seat, int)
    error = IllegalMoveError(reason, tile=tile, seat=seat, okey=okey)
    error.fields.update(fields)
    return error


@pytest.mark.parametrize("catalogue", [EN, TR], ids=["en", "tr"])
@pytest.mark.parametrize("game", ["okey", "okey101"])
@async_test
async def test_every_engine_reason_is_worded_online_as_at_a_local_table(
    game: str, catalogue: Catalogue
) -> None:
    """Each reason of both games, refused by the server's engine (made to refuse it),
    sent over the socket and said by the player's table: the local table's words."""
    table_config = config101(timer=0) if game == "okey101" else config("one-round", timer=0)
    async with running(table_config) as (_, url, hosted):
        ear = await sit_ear(url, "Ayşe", catalogue)
        ear.seat.deal()
        await to_draw(ear)
        view = ear.seat.table_view()
        assert view is not None
        match = hosted[0].table.match
        real_apply = match.apply
        current: list[IllegalMoveError] = []

        def refuse(seat: int, action: Action) -> list[object]:
            raise current[0]

        match.apply = refuse  # type: ignore[method-assign,assignment]
        try:
            for reason in MoveError:
                error = engine_error(reason, view.hand, view.okey)
                current[:] = [error]
                action: Action = Discard(view.hand[1]) if "tile" in error.fields else DrawFromPile()
                before = len(ear.said)
                ear.seat.act(action)
                await ear.until(refused)
                online = ear.said[before:]
                assert online == [local_words(ear, error, action)], reason
        finally:
            match.apply = real_apply  # type: ignore[method-assign]
        assert "table.error" not in ear.said_keys()


@async_test
async def test_a_reason_this_client_does_not_know_is_said_plainly() -> None:
    """A hostile or newer peer's reason (the server's own for a timeout sent as a move)."""
    async with running(config("one-round", timer=0)) as (_, url, _hosted):
        ear = await sit_ear(url, "Ayşe")
        ear.seat.deal()
        await to_draw(ear)
        ear.online.hear(Refused(Reason.ILLEGAL_MOVE, "something_newer", 1))
        assert ear.said[-1] == EN.text("net.reason.illegal_move")
        assert "table.error" not in ear.said_keys()
