"""Real play over loopback sockets: people and bots finish a match, nothing hidden leaks
and a dropped player comes back (at each game), TLS works, and a client gives up with a
clear reason."""

from __future__ import annotations

import asyncio
import contextlib
import json
import shutil
import ssl
import subprocess
from collections import defaultdict
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from test_net_support import (
    CLASSIC,
    CODE,
    GAMES,
    LOOPBACK,
    OKEY101,
    WAIT,
    Game,
    async_test,
    client,
    close_all,
    config,
    config101,
    eventually,
    play,
    running,
    until,
    within,
)
from websockets.asyncio.client import connect

from okey.engine.actions import Action, Discard, DrawFromPile, Finish
from okey.engine.events import (
    Dealt,
    Discarded,
    Drew,
    Event,
    MatchOver,
    RoundStarted,
)
from okey.engine.view import PlayerView
from okey.games.okey101.actions import Add
from okey.games.okey101.events import Added101, Laid101, Opened101
from okey.hand.notation import parse_tile
from okey.net.client import Disconnected, Lost
from okey.net.protocol import (
    OLDEST,
    PROTOCOL,
    Brief,
    Lobby,
    Pong,
    Presence,
    PresenceState,
    Reason,
    Refused,
    Reviewed,
    Seated,
    SeatKind,
    ServerMessage,
    Update,
    read_server,
)
from okey.net.table import TableConfig
from okey.tiles import Tile
from okey.wire.codec import decode, encode
from okey.wire.notation import action_from_text

# -- nothing hidden ever leaves the server ---------------------------------------------

PUBLIC_VIEW = {"discards", "taken", "indicator", "okey"}
OWN_PUBLIC_VIEW = {"okey": {"middle"}, "101": {"melds", "pairs"}}  # laid tiles lie face up
EVENT_TILES = {
    # event type: the keys that may hold tiles, every one public unless named below
    "RoundStarted": {"deck"},  # must be empty
    "Dealt": {"hand"},  # only the seat's own
    "Drew": {"tile"},  # only the seat's own
    "TookDiscard": {"tile"},
    "Discarded": {"tile"},
    "IndicatorTurned": {"indicator", "okey"},
}
OWN_EVENT_TILES = {
    "okey": {
        "DeclinedDiscard": {"tile"},
        "ShowedIndicator": {"tile"},
        "RoundWon": {"tile", "groups"},  # the winner lays the hand down: public from then on
    },
    "101": {
        "Opened101": {"melds", "pairs"},
        "Laid101": {"melds", "pairs"},
        "Added101": {"addition", "meld", "taken_back"},
        "GaveBack101": {"tile"},
        "Penalised101": {"tile"},
        "RoundScored101": {"tile", "hands"},  # the round is over: every hand is shown
    },
}


def tiles_in(value: object) -> list[Tile]:
    """Every tile named anywhere inside a JSON value (tiles, actions like 'discard r5', and
    ``r5=k9`` in 101's)."""
    found: list[Tile] = []
    if isinstance(value, str):
        for word in value.replace("=", " ").split():
            with contextlib.suppress(ValueError):
                found.append(parse_tile(word))
    elif isinstance(value, list):
        for item in value:
            found += tiles_in(item)
    elif isinstance(value, dict):
        for key, item in value.items():
            if key != "type":
                found += tiles_in(item)
    return found


def own_tile(action: Action) -> Tile | None:
    """The tile of the seat's hand a legal move names (an Add's face may be any tile)."""
    if isinstance(action, Add):
        return action.addition.tile
    if isinstance(action, Discard | Finish):
        return action.tile
    return None


def check_event(data: Mapping[str, object], seat: int, game: Game) -> None:
    kind = str(data["type"])
    holders = {key for key, value in data.items() if key != "type" and tiles_in(value)}
    allowed = {**EVENT_TILES, **OWN_EVENT_TILES[game.name]}
    assert holders <= allowed.get(kind, set()), (kind, holders)
    if kind == "RoundStarted":
        assert data["deck"] == []
    if kind == "Dealt":
        assert data["seat"] == seat
    if kind == "Drew" and data["seat"] != seat:
        assert data["tile"] is None


def check_message(
    data: Mapping[str, object], seat: int, hand: tuple[Tile, ...], game: Game
) -> None:
    """What one message to ``seat`` holds: its own hand, public tiles, its own events."""
    kind = data["type"]
    if kind == "Update":
        view = data["view"]
        if view is not None:
            assert isinstance(view, dict)
            assert view["type"] == game.view.__name__ and view["seat"] == seat
            assert sorted(tiles_in(view["hand"])) == sorted(hand)
            if view.get("must_use") is not None:  # 101: the discard taken, to be laid
                assert parse_tile(view["must_use"]) in hand
            public = PUBLIC_VIEW | OWN_PUBLIC_VIEW[game.name]
            for key, value in view.items():
                if key in ("hand", "legal", "must_use") or key in public:
                    continue
                assert not tiles_in(value), key  # no other field names a tile
            for text in view["legal"]:
                tile = own_tile(action_from_text(text))
                assert tile is None or tile in hand
        events = data["events"]
    elif kind == "Brief":
        events = data["missed"]
    else:
        assert not tiles_in({k: v for k, v in data.items() if k not in ("name", "text")})
        return
    assert isinstance(events, list)
    for event in events:
        check_event(event, seat, game)


@pytest.mark.parametrize(
    ("game", "table", "rounds", "frames", "draws"),
    [
        (CLASSIC, config("three-rounds", seed=7), 3, 100, 20),
        (OKEY101, OKEY101.config(seed=7), 1, 0, 10),
    ],
    ids=str,
)
@async_test
async def test_no_message_to_a_seat_holds_another_hand_or_an_undrawn_pile_tile(
    game: Game, table: TableConfig, rounds: int, frames: int, draws: int
) -> None:
    async with running(table) as (_, url, hosted):
        net_table = hosted[0].table
        sent: dict[int, list[tuple[ServerMessage, tuple[Tile, ...], int]]] = defaultdict(list)
        deliver = net_table.send

        def record(seat: int, message: ServerMessage) -> None:
            match = net_table.match
            hand = tuple(match.round.hands[seat]) if match.started else ()
            pile = len(match.round.pile) if match.started else 0
            sent[seat].append((message, hand, pile))
            deliver(seat, message)

        net_table.send = record
        heard: dict[int, list[str | bytes]] = defaultdict(list)
        ayse = client(url, "Ayşe", on_frame=heard[0].append)
        bora = client(url, "Bora", on_frame=heard[1].append)
        await within(ayse.join())
        await within(bora.join())
        await within(asyncio.gather(game.play(ayse, 3, start_with=2), game.play(bora, 4)), 3 * WAIT)
        await close_all(ayse, bora)
        assert net_table.match.over and net_table.match.round_number == rounds
    for seat in (0, 1):
        received = [json.loads(frame) for frame in heard[seat]]
        recorded = [encode(message) for message, _, _ in sent[seat]]
        assert received == recorded[: len(received)]  # the wire carries what was recorded
        assert len(received) > frames
        drawn_by_others = 0
        for (message, hand, pile), data in zip(sent[seat], received, strict=False):
            check_message(data, seat, hand, game)
            if isinstance(message, Update) and message.view is not None:
                # The pile is only a count; a tile drawn by another seat stays unnamed.
                assert message.view.pile_count == pile
                for event in message.events:
                    if isinstance(event, Drew) and event.seat != seat:
                        drawn_by_others += 1
                        assert event.tile is None
        assert drawn_by_others > draws


def test_the_leak_checks_fail_on_a_leaking_message() -> None:
    """The checks above look at the right names."""
    r5 = parse_tile("r5")
    view_like = {"type": "Update", "events": [], "view": {"type": "View101", "seat": 0,
                 "hand": ["r5"], "legal": [], "must_use": None, "threshold": "b7"}}  # fmt: skip
    with pytest.raises(AssertionError):
        check_message(view_like, 0, (r5,), OKEY101)
    with pytest.raises(AssertionError):
        check_message(view_like, 0, (r5,), CLASSIC)  # not Okey's view
    with pytest.raises(AssertionError):
        check_event({"type": "Drew", "seat": 2, "tile": "b3", "pile_count": 40}, 0, OKEY101)
    with pytest.raises(AssertionError):
        check_event({"type": "TimedOut", "seat": 2, "in_a_row": "b3"}, 0, CLASSIC)


# -- a drop and a return ------------------------------------------------------------------


def events_of(messages: list[ServerMessage]) -> list[Event]:
    found: list[Event] = []
    for message in messages:
        if isinstance(message, Update):
            found += message.events
        elif isinstance(message, Brief):
            found += message.missed
    return found


@pytest.mark.parametrize("game", GAMES, ids=str)
@async_test
async def test_a_player_who_drops_mid_turn_is_played_by_autopilot_and_rejoins(
    game: Game,
) -> None:
    async with running(game.config(seed=3)) as (_, url, hosted):
        table = hosted[0].table
        heard: list[ServerMessage] = []
        ayse = client(url, "Ayşe")
        bora = client(url, "Bora", on_frame=lambda frame: heard.append(read_server(frame)))
        await within(ayse.join())
        await within(bora.join())
        bora_plays = asyncio.create_task(game.play(bora, 5))
        await ayse.start()

        def my_draw(message: ServerMessage) -> bool:
            view = message.view if isinstance(message, Update) else None
            return view is not None and view.turn == 0 and DrawFromPile() in view.legal

        await until(ayse, my_draw)
        await ayse.act(DrawFromPile())
        await until(
            ayse,
            lambda m: (
                isinstance(m, Update) and any(isinstance(e, Drew) and e.seat == 0 for e in m.events)
            ),
        )
        version = ayse.version
        ayse.abort()  # mid-turn: drawn, not yet discarded

        async def autopilot_discarded() -> None:
            while not any(isinstance(e, Discarded) and e.seat == 0 for e in events_of(heard)):
                await asyncio.sleep(0.01)

        await within(autopilot_discarded())
        dropped = Presence(0, "Ayşe", PresenceState.DROPPED)
        assert dropped in heard
        assert not table.seats[0].connected

        seated = await within(ayse.receive())  # the next receive joins again with the token
        assert isinstance(seated, Seated) and seated.rejoined and seated.seat == 0
        lobby = await within(ayse.receive())  # who sits where, for a client starting afresh
        assert isinstance(lobby, Lobby) and lobby.started and lobby.seats[1].name == "Bora"
        brief = await within(ayse.receive())
        assert isinstance(brief, Brief) and brief.since == version
        assert any(isinstance(e, Discarded) and e.seat == 0 for e in brief.missed)
        update = await within(ayse.receive())
        assert isinstance(update, Update) and isinstance(update.view, game.view)
        assert update.view.seat == 0
        # The rest of the round, not one step: bounded as a round (three suites side by
        # side on two loaded cores took over WAIT here; alone it takes about 2 s).
        results = await within(asyncio.gather(game.play(ayse, 6), bora_plays), 3 * WAIT)
        returned = Presence(0, "Ayşe", PresenceState.RETURNED)
        if returned not in heard:
            # The match ended before she was back (the brief held its end): Bora's bot
            # stopped reading at the end, and her return waits in his socket.
            await until(bora, lambda m: m == returned)
        await close_all(ayse, bora)
        assert returned in heard
        assert isinstance(results[0], MatchOver) and results[0] == results[1]


@async_test
async def test_a_player_who_leaves_on_purpose_is_told_apart_from_a_drop() -> None:
    async with running(config("one-round", seed=4)) as (_, url, hosted):
        table = hosted[0].table
        heard: list[ServerMessage] = []
        ayse = client(url, "Ayşe")
        bora = client(url, "Bora", on_frame=lambda frame: heard.append(read_server(frame)))
        await within(ayse.join())
        await within(bora.join())
        bora_plays = asyncio.create_task(play(bora, 5))
        await ayse.start()
        await eventually(lambda: any(isinstance(m, Update) and m.view for m in heard))
        await ayse.close()  # Q at the table: a normal closing frame
        await eventually(lambda: not table.seats[0].connected)
        await eventually(lambda: Presence(0, "Ayşe", PresenceState.LEFT) in heard)
        assert Presence(0, "Ayşe", PresenceState.DROPPED) not in heard
        bora_plays.cancel()
        await close_all(bora)


@async_test
async def test_a_second_connection_with_the_token_replaces_the_first() -> None:
    async with running(config()) as (_, url, _hosted):
        first = client(url, "Ayşe")
        await within(first.join())
        second = client(url, "", token=first.token)
        seated = await within(second.join())
        assert seated.rejoined and seated.seat == 0
        with pytest.raises(Disconnected) as caught:
            await until(first, lambda m: False)
        assert caught.value.reason is Reason.REPLACED
        await close_all(first, second)


# -- giving up -----------------------------------------------------------------------------


@async_test
async def test_a_client_says_why_it_cannot_join() -> None:
    async with running(config()) as (_, url, _hosted):
        wrong = client(url, "Ayşe", code="NOPE-NOPE")
        with pytest.raises(Disconnected) as caught:
            await within(wrong.join())
        assert (caught.value.lost, caught.value.reason) == (Lost.REFUSED, Reason.WRONG_CODE)
    nobody = client(url, "Ayşe")  # the server is stopped: nothing listens there now
    with pytest.raises(Disconnected) as caught:
        await within(nobody.join())
    assert caught.value.lost is Lost.UNREACHABLE


@async_test
async def test_a_client_retries_then_gives_up_when_the_server_is_gone() -> None:
    async with running(config()) as (server, url, _hosted):
        tries: list[tuple[int, int]] = []
        ayse = client(url, "Ayşe", on_retry=lambda n, of: tries.append((n, of)))
        await within(ayse.join())
        await until(ayse, lambda m: isinstance(m, Lobby))
        await server.stop()
        with pytest.raises(Disconnected) as caught:
            await until(ayse, lambda m: False)
        assert caught.value.lost is Lost.UNREACHABLE
        assert tries == [(1, 3), (2, 3), (3, 3)]


# -- TLS ---------------------------------------------------------------------------------------


@pytest.fixture
def certificate(tmp_path: Path) -> tuple[Path, Path]:
    openssl = shutil.which("openssl")
    if openssl is None:
        pytest.skip("openssl is not installed: no certificate to test TLS with")
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        [
            openssl, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
            "-keyout", str(key), "-out", str(cert), "-subj", "/CN=127.0.0.1",
            "-addext", "subjectAltName=IP:127.0.0.1",
        ],
        check=True,
        capture_output=True,
        timeout=60,
    )  # fmt: skip
    return cert, key


@async_test
async def test_a_round_over_tls_with_a_self_signed_certificate(
    certificate: tuple[Path, Path],
) -> None:
    cert, key = certificate
    server_side = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    server_side.load_cert_chain(cert, key)
    trusting = ssl.create_default_context(cafile=str(cert))
    async with running(config(), tls=server_side) as (_, url, hosted):
        assert url.startswith("wss://")
        ayse = client(url, "Ayşe", tls=trusting)
        bora = client(url, "Bora", tls=trusting)
        await within(ayse.join())
        await within(bora.join())
        await within(asyncio.gather(play(ayse, 1, start_with=2), play(bora, 2)))
        await close_all(ayse, bora)
        assert hosted[0].table.match.over
        untrusting = client(url, "Eve")  # the system's trust store does not know the cert
        with pytest.raises(Disconnected):
            await within(untrusting.join())
        plain = client(url.replace("wss://", "ws://"), "Eve")
        with pytest.raises(Disconnected):
            await within(plain.join())


def test_events_are_never_decoded_from_hidden_fields() -> None:
    """The checks above look at the right names: they fail on a leaking message."""
    leak = encode(Dealt(1, (parse_tile("r5"),)))
    assert isinstance(leak, dict)
    with pytest.raises(AssertionError):
        check_event(leak, 0, CLASSIC)
    deck = encode(RoundStarted(1, 0, (parse_tile("r5"),)))
    assert isinstance(deck, dict)
    with pytest.raises(AssertionError):
        check_event(deck, 0, CLASSIC)
    drawn: Event = Drew(2, parse_tile("b3"), 40)
    data = encode(drawn)
    assert isinstance(data, dict)
    with pytest.raises(AssertionError):
        check_event(data, 0, CLASSIC)
    assert CODE


SEATS_MOVES = {"101": (Opened101, Laid101, Added101)}
"""A game's own moves besides draws and discards, which go over the wire too."""


def heard(frames: list[str | bytes]) -> list[ServerMessage]:
    return [read_server(frame) for frame in frames]


@pytest.mark.parametrize(("game", "seed"), [(CLASSIC, 1), (OKEY101, 17)], ids=str)
@async_test
async def test_two_people_and_two_bots_play_a_round_to_the_end(game: Game, seed: int) -> None:
    """People (bots choosing from the views they are sent) and the server's bots of the
    game finish a round; the review is answered, and the table still answers a ping."""
    async with running(game.config(seed=seed)) as (_, url, hosted):
        table = hosted[0].table
        frames: list[list[str | bytes]] = [[], []]
        ayse = client(url, "Ayşe", on_frame=frames[0].append)
        bora = client(url, "Bora", on_frame=frames[1].append)
        seated = await within(ayse.join())
        assert seated.seat == 0
        assert seated.protocol == PROTOCOL and seated.ruleset is not None
        assert seated.ruleset.game == game.name and seated.rules == table.match.rules.name
        assert (await within(bora.join())).seat == 1
        results = await within(
            asyncio.gather(game.play(ayse, 1, start_with=2), game.play(bora, 2)), 3 * WAIT
        )
        match = table.match
        assert match.over and match.round_number == 1
        assert isinstance(results[0], MatchOver) and results[0] == results[1] == match.events[-1]
        assert all(bot.game == game.name for bot in table.bots)  # the server's bots are its
        assert ayse.lobby is not None
        kinds = [s.kind for s in ayse.lobby.seats]
        assert kinds == [SeatKind.PERSON, SeatKind.PERSON, SeatKind.BOT, SeatKind.BOT]
        for seat, received in enumerate(frames):
            messages = heard(received)
            views = [m.view for m in messages if isinstance(m, Update) and m.view is not None]
            assert len(views) > 20
            assert all(isinstance(v, game.view) and v.seat == seat for v in views)
            events = events_of(messages)
            assert sum(isinstance(e, game.ends) for e in events) == 1
            assert any(isinstance(e, Discarded) and e.seat == seat for e in events)
        # The game's own moves went over the wire, from the clients and the server's bots.
        if game.name in SEATS_MOVES:
            laid = [e for e in match.events if isinstance(e, SEATS_MOVES[game.name])]
            assert {e.seat for e in laid} & {0, 1} and {e.seat for e in laid} & {2, 3}

        # The master's review of the round: answered (or refused), never the end of the table.
        await ayse.ask_review(1, ref=9)
        answer = await until(ayse, lambda m: isinstance(m, Reviewed | Refused))
        if isinstance(answer, Refused):  # a round the master cannot review
            assert answer.reason is Reason.NO_REVIEW and answer.ref == 9
        else:
            assert isinstance(answer, Reviewed) and answer.review.seat == 0
        await ayse.ping(3)
        assert await until(ayse, lambda m: isinstance(m, Pong)) == Pong(3)
        await close_all(ayse, bora)


# -- protocol versions: Okey's clients and servers of version 1 ------------------------------


async def raw_hello(url: str, code: str) -> tuple[Any, dict[str, Any]]:
    """A version-1 client's Hello, word for word as okey before 101 sent it."""
    socket = await connect(url, compression=None, proxy=None)
    hello = {"type": "Hello", "protocol": 1, "code": code, "name": "Eski", "token": None,
             "since": None}  # fmt: skip
    await socket.send(json.dumps(hello, ensure_ascii=False, separators=(",", ":")))
    answer = json.loads(await within(socket.recv()))
    return socket, answer


@async_test
async def test_a_version_1_client_is_refused_at_a_101_table_and_plays_okey_as_before() -> None:
    async with running(config101(), config("one-round", code="OKEY-TABLE")) as (_, url, _h):
        socket, answer = await raw_hello(url, CODE)
        # Okey before 101 reads a Refused by its three keys, and ignores the new one.
        old = {"type": "Refused", "reason": "protocol", "move": None, "ref": None}
        assert answer == {**old, "details": []}
        await socket.close()

        socket, seated = await raw_hello(url, "OKEY-TABLE")
        assert seated["type"] == "Seated" and seated["protocol"] == 1
        await socket.send('{"type":"Start"}')
        while True:
            data = json.loads(await within(socket.recv()))
            if data["type"] == "Update" and data["view"] is not None:
                break
        # What okey before 101 read: an Update whose view is Okey's, by the same types.
        assert data["view"]["type"] == "PlayerView"
        assert isinstance(decode(data["view"], PlayerView | None), PlayerView)
        await socket.close()


@async_test
async def test_a_client_speaks_version_1_to_a_server_of_version_1(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("okey.net.table.PROTOCOLS", frozenset({OLDEST}))  # okey before 101
    async with running(config("one-round", seed=2)) as (_, url, hosted):
        hellos: list[int] = []
        real_hello = hosted[0].table.hello

        def spy(hello: Any, on_seat: Any) -> int:
            hellos.append(hello.protocol)
            return real_hello(hello, on_seat)

        hosted[0].table.hello = spy  # type: ignore[method-assign]
        ayse, bora = client(url, "Ayşe"), client(url, "Bora")
        seated = await within(ayse.join())
        await within(bora.join())
        assert seated.protocol == OLDEST and ayse.protocol == OLDEST
        # Each client tries each version down to the server's (3, 2, then 1).
        tried = list(range(PROTOCOL, OLDEST - 1, -1))
        assert hellos == [*tried, *tried]
        results = await within(asyncio.gather(play(ayse, 1, start_with=2), play(bora, 2)))
        await close_all(ayse, bora)
        assert isinstance(results[0], MatchOver) and hosted[0].table.match.over
    assert LOOPBACK
