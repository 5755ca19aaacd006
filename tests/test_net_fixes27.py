"""Issue 27's online items (10-15), each over real sockets on 127.0.0.1: a refused move is
worded as at a local table, whatever the reason and the game; a seat dropped in the lobby
is freed, and the host frees one; names at a table are told apart; failed joins are
limited per address, per table and per server, never locking out a seat's own token;
moves and tiles are ASCII; a refused join is said, the away are named on return, and only
the hosting process asks to close the table."""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest
from test_net_support import (
    CODE,
    LOOPBACK,
    async_test,
    client,
    close_all,
    config,
    config101,
    eventually,
    running,
    until,
    within,
)
from test_table_rig import EN, FakeOutput
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from okey.commands.join import Sitting, sit
from okey.engine.actions import Action, Discard, DrawFromPile, TakeDiscard
from okey.engine.errors import IllegalMoveError, MoveError
from okey.engine.view import Phase
from okey.hand.notation import TileNotationError, parse_tile
from okey.messages import Catalogue, load_catalogue
from okey.net.client import Client, Disconnected
from okey.net.protocol import (
    PROTOCOL,
    Goodbye,
    Hello,
    Lobby,
    ProtocolError,
    Reason,
    Refused,
    Remove,
    Seated,
    SeatKind,
    ServerMessage,
    Update,
    dumps,
    read_client,
    read_server,
)
from okey.net.seat import NetSeat, Online, net_seat
from okey.net.server import Limits
from okey.net.tokens import server_key
from okey.numbers import PACE, SEAT, NumberError
from okey.speech import Speaker, SpeechMode
from okey.speech.transcript import Transcript
from okey.table.controller import Table
from okey.table.input import moves
from okey.table.lines import Field, Joined, Line, Speech
from okey.table.state.session import refused as local_refusal
from okey.tiles import Tile

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


def dealt(message: ServerMessage) -> bool:
    return isinstance(message, Update) and message.view is not None


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


# -- item 11: a seat dropped in the lobby is freed; the host frees one -------------------


async def hello_and_vanish(url: str, name: str) -> int:
    """A one-off connection: Hello, the seat, then gone without a word."""
    async with connect(url) as ws:
        await ws.send(dumps(Hello(PROTOCOL, CODE, name)))
        seated = read_server(await within(ws.recv()))
        assert isinstance(seated, Seated)
        ws.transport.abort()
        return seated.seat


@async_test
async def test_seats_dropped_in_the_lobby_are_freed_after_a_short_grace() -> None:
    table_config = replace(config("one-round"), lobby_grace=0.3)
    async with running(table_config) as (_, url, hosted):
        table = hosted[0].table
        for name in ("A", "B", "C", "D"):
            await hello_and_vanish(url, name)
        assert all(seat.kind is SeatKind.PERSON for seat in table.seats)
        await eventually(lambda: all(seat.kind is SeatKind.OPEN for seat in table.seats))
        ear = await sit_ear(url, "Ayşe")  # the table is not full for good
        assert ear.seat.hosting


@async_test
async def test_a_seat_that_comes_back_within_the_grace_is_kept() -> None:
    table_config = replace(config("one-round"), lobby_grace=5.0)
    async with running(table_config) as (_, url, hosted):
        ayse = await sit_ear(url, "Ayşe")
        bora = client(url, "Bora")
        await within(bora.join())
        await ayse.until(lambda m: isinstance(m, Lobby) and m.seats[1].kind is SeatKind.PERSON)
        bora.abort()
        await ayse.until(lambda m: isinstance(m, Lobby) and not m.seats[1].connected)
        assert "net.lobby.free_now" in ayse.said_keys()  # the host hears how to free it
        again = await within(bora.join())  # its token: the same seat
        assert again.seat == 1 and hosted[0].table.seats[1].name == "Bora"
        await close_all(bora)


@async_test
async def test_the_host_frees_a_seat_from_the_chat_line_and_its_player_is_told() -> None:
    async with running(config("one-round")) as (_, url, hosted):
        ayse = await sit_ear(url, "Ayşe")
        bora = await sit_ear(url, "Bora")
        await ayse.until(lambda m: isinstance(m, Lobby) and m.seats[1].kind is SeatKind.PERSON)
        room = ayse.table.chat
        assert room is not None
        assert room.send("remove nobody-here") is not None  # said, line kept open
        assert room.send("remove bora") is None  # by ear: no case, no accents
        await ayse.until(lambda m: isinstance(m, Lobby) and m.seats[1].kind is SeatKind.OPEN)
        assert ayse.said[-1] == "Bora's seat is free again."
        await bora.until(lambda m: isinstance(m, Lobby))
        assert bora.online.removed and bora.table.leaving
        assert bora.said[-1] == EN.text("net.removed")
        assert hosted[0].table.seats[1].kind is SeatKind.OPEN
        with pytest.raises(Disconnected):  # the server closed it, and it does not retry
            await within(bora.client.receive())
        guest = client(url, "Cem")
        await within(guest.join())
        await guest.send(Remove(0))
        refusal = await until(guest, lambda m: isinstance(m, Refused))
        assert isinstance(refusal, Refused) and refusal.reason is Reason.NOT_HOST
        await close_all(ayse.client, guest)


# -- item 12: names at one table are told apart ---------------------------------------------


@async_test
async def test_a_second_name_that_sounds_the_same_gets_a_number_and_is_told_so() -> None:
    async with running(config("one-round")) as (_, url, hosted):
        first = await sit_ear(url, "Veli")
        second = await sit_ear(url, "veli")
        third = await sit_ear(url, "Ayşe")
        fourth = await sit_ear(url, "Ayse")
        names = [seat.name for seat in hosted[0].table.seats]
        assert names == ["Veli", "veli 2", "Ayşe", "Ayse 2"]
        assert EN.text("net.renamed", asked="veli", name="veli 2") in second.said
        assert EN.text("net.renamed", asked="Ayse", name="Ayse 2") in fourth.said
        assert "net.renamed" not in first.said_keys() + third.said_keys()
        await close_all(first.client, second.client, third.client, fourth.client)


# -- item 13: failed joins limited per address, per table and per server ------------------


async def failed_hellos(url: str, address: str, hellos: list[Hello]) -> int:
    """Send ``hellos`` from ``address`` (on one connection) until the server says goodbye:
    how many were answered (refused) before it did."""
    answered = 0
    async with connect(url, local_addr=(address, 0)) as ws:
        try:
            for hello in hellos:
                await ws.send(dumps(hello))
                reply = read_server(await within(ws.recv()))
                if isinstance(reply, Goodbye):
                    assert reply.reason is Reason.TOO_MANY_FAILURES
                    break
                assert isinstance(reply, Refused)
                assert reply.reason in (Reason.WRONG_CODE, Reason.BAD_TOKEN)
                answered += 1
        except ConnectionClosed:
            pass
    return answered


ADDRESSES = [f"127.0.0.{n}" for n in range(2, 22)]  # twenty loopback addresses


@async_test
async def test_twenty_addresses_together_get_no_more_answers_than_the_server_allows() -> None:
    limits = Limits()
    async with running(config("one-round"), limits=limits) as (_, url, _hosted):
        guesses = [Hello(PROTOCOL, f"GUESS-{n:04d}", "Eve") for n in range(limits.failed_joins)]
        answered = [await failed_hellos(url, address, guesses) for address in ADDRESSES]
        assert sum(answered) == limits.failed_joins_per_server < 20 * limits.failed_joins
        assert answered[0] == limits.failed_joins  # one address alone: its own limit


@async_test
async def test_wrong_tokens_at_one_table_are_limited_for_that_table() -> None:
    limits = Limits()
    async with running(config("one-round"), limits=limits) as (_, url, _hosted):
        forged = [Hello(PROTOCOL, CODE, "", token=f"bs-{n:040d}") for n in range(5)]
        answered = [await failed_hellos(url, address, forged) for address in ADDRESSES]
        assert sum(answered) == limits.failed_joins_per_table < 20 * len(forged)


@async_test
async def test_a_seats_own_token_is_never_locked_out_by_failures() -> None:
    limits = Limits()
    async with running(config("one-round"), limits=limits) as (_, url, hosted):
        ayse = client(url, "Ayşe")
        await within(ayse.join())
        ayse.abort()  # her connection drops...
        await eventually(lambda: not hosted[0].table.seats[0].connected)
        guesses = [Hello(PROTOCOL, f"GUESS-{n:04d}", "Eve") for n in range(limits.failed_joins)]
        for address in (LOOPBACK, *ADDRESSES):  # ...her address and the server are blocked
            await failed_hellos(url, address, guesses)
        assert await failed_hellos(url, LOOPBACK, guesses) == 0
        seated = await within(ayse.join())  # her token, from the blocked address
        assert seated.rejoined and seated.seat == 0
        newcomer = client(url, "Cem")  # a new seat is still refused while it lasts
        with pytest.raises(Disconnected) as caught:
            await within(newcomer.join())
        assert caught.value.reason is Reason.TOO_MANY_FAILURES
        await close_all(ayse)


# -- item 14: moves, tiles and numbers are ASCII -------------------------------------------


@pytest.mark.parametrize(
    "action", ["discard r\u0665", "discard r\uff15", "discard \u212a5", "add r8 \u0662 high"]
)
def test_moves_with_digits_or_letters_of_other_scripts_are_refused(action: str) -> None:
    frame = json.dumps({"type": "Act", "action": action, "ref": 3})
    with pytest.raises(ProtocolError) as caught:
        read_client(frame)
    assert caught.value.reason is Reason.BAD_MESSAGE


@pytest.mark.parametrize("token", ["r\u0665", "r\uff15", "\u212a5", "k1\u0663"])
def test_a_tile_is_written_in_ascii(token: str) -> None:
    with pytest.raises(TileNotationError):
        parse_tile(token)


@pytest.mark.parametrize("text", ["\u0665", "\uff15", "1\u0660", "\u0661.5"])
def test_a_number_is_written_in_ascii(text: str) -> None:
    with pytest.raises(NumberError):
        SEAT.check(text)
    with pytest.raises(NumberError):
        PACE.check(text)


@async_test
async def test_a_move_in_arabic_indic_digits_is_refused_over_the_socket() -> None:
    async with running(config("one-round", timer=0)) as (_, url, _hosted), connect(url) as ws:
        await ws.send(dumps(Hello(PROTOCOL, CODE, "Ayşe")))
        await ws.send(json.dumps({"type": "Start"}))
        for action, ref in (("discard r\u0665", 1), ("decline", 2)):
            await ws.send(json.dumps({"type": "Act", "action": action, "ref": ref}))
        answers: list[Refused] = []
        while len(answers) < 2:
            message = read_server(await within(ws.recv()))
            if isinstance(message, Refused):
                answers.append(message)
        assert answers[0] == Refused(Reason.BAD_MESSAGE, ref=1)  # not a move at all
        assert answers[1].ref == 2 and answers[1].reason is Reason.ILLEGAL_MOVE  # read


# -- item 15: a refused join is said; the away are named; only the host process closes -----


@async_test
async def test_a_refused_join_is_said_and_written_to_the_transcript(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OKEY_SEATS", str(tmp_path / "seats"))
    async with running(config("one-round", timer=0)) as (server, url, hosted):
        ayse = await sit_ear(url, "Ayşe")
        ayse.seat.deal()
        await to_draw(ayse)  # the match has started
        assert server.address is not None
        output = FakeOutput()
        path = tmp_path / "transcript.txt"
        speaker = Speaker(
            SpeechMode.AUTO,
            output,
            printer=lambda _: None,
            transcript=Transcript.open(path),
            catalogue=EN,
        )
        sitting = Sitting(url, url, server_key(*server.address), CODE, "Bora", catalogue=EN)
        args = argparse.Namespace(verbosity="detailed", sounds=False, sort="colour")
        assert await sit(sitting, speaker, args) == 1
        speaker.close()
        said = EN.text("net.lost.refused", reason=EN.text("net.reason.started"))
        assert [text for text, _ in output.spoken] == [said]
        assert said in path.read_text(encoding="utf-8")
        assert hosted[0].table.started


@async_test
async def test_back_at_a_match_under_way_the_player_hears_who_is_away() -> None:
    async with running(config("one-round", timer=0)) as (_, url, hosted):
        ayse = await sit_ear(url, "Ayşe")
        bora = await sit_ear(url, "Bora")
        ayse.seat.deal()
        await ayse.until(dealt)
        bora.client.abort()
        await eventually(lambda: not hosted[0].table.seats[1].connected)
        # Ayşe's okey starts again (as after okey host --resume): her token, nothing heard.
        again = await sit_ear(url, "Ayşe", token=ayse.client.token)
        await again.until(lambda m: isinstance(m, Update))
        away = EN.text("net.lobby.away_now", names="Bora")
        assert away in again.said
        assert "net.lobby.away_now" not in ayse.said_keys()  # everyone was there
        await close_all(again.client)


@async_test
async def test_only_the_hosting_process_asks_to_close_the_table_for_everyone() -> None:
    async with running(config("one-round", timer=0)) as (_, url, _hosted):
        first = await sit_ear(url, "Ayşe")  # the lobby's host at okey serve
        assert first.seat.hosting
        assert first.table.leave_question == Line("net.ask.quit.lobby")
        first.online.serving = True  # okey host: its own server closes with it
        first.online.hear(first.seat.lobby)  # type: ignore[arg-type]
        assert first.table.leave_question == Line("net.ask.quit.host")
        guest = await sit_ear(url, "Bora")
        guest.seat.deal()  # a guest's Enter starts nothing
        first.seat.deal()
        await first.until(dealt)
        await guest.until(dealt)
        assert guest.table.leave_question == Line("net.ask.quit")
        await close_all(first.client, guest.client)
