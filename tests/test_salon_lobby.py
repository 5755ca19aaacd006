"""The salon over real sockets on 127.0.0.1: accounts, the lobby's list as tables fill,
a match played and settled (chips, ratings, the leaderboard), quick seat, watching, and a
restart that keeps everything."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_net_support import async_test, eventually, within
from test_salon_support import PASSWORD, play_match, salon_running, sit_down

from okey.engine.events import Dealt, Drew, Event, MatchOver, RoundStarted
from okey.net.client import Client, Disconnected
from okey.net.protocol import Reason, SeatKind
from okey.salon import messages as m


@async_test
async def test_a_name_is_claimed_once_and_a_session_brings_it_back(tmp_path: Path) -> None:
    async with salon_running(tmp_path / "salon.db") as running:
        veli = await running.member("Veli")
        assert veli.welcome is not None and veli.welcome.chips == 1000
        thief = await running.connect()
        taken = await within(thief.log_in("VELİ", "another password", claim=True))
        assert taken == m.Declined(m.Problem.NOT_LOGGED_IN, "name_taken")
        wrong = await within(thief.log_in("Veli", "another password"))
        assert wrong == m.Declined(m.Problem.NOT_LOGGED_IN, "wrong")
        again = await running.connect()
        back = await within(again.resume(veli.welcome.session))
        assert isinstance(back, m.Welcome) and back.name == "Veli" and not back.conduct
        closing = await within(veli.expect(m.Closing))  # the newer connection wins
        assert closing.problem is m.Problem.LOGGED_IN


@async_test
async def test_the_conduct_rules_come_first(tmp_path: Path) -> None:
    async with salon_running(tmp_path / "salon.db") as running:
        new = await running.member("Nur", agree=False)
        await new.send(m.OpenTable("one-round"))
        assert await within(new.expect(m.Declined)) == m.Declined(m.Problem.CONDUCT_FIRST)
        await new.send(m.AgreeConduct())
        await new.send(m.OpenTable("one-round"))
        assert isinstance(await within(new.expect(m.Ticket)), m.Ticket)


@async_test
async def test_the_lobby_list_follows_the_tables_as_they_fill(tmp_path: Path) -> None:
    async with salon_running(tmp_path / "salon.db") as running:
        ayse, bora = await running.member("Ayşe"), await running.member("Bora")
        watcher = await running.member("Cem")
        ayse_seat = await sit_down(running, ayse, m.OpenTable("one-round", stake=10))

        def seats(cards: tuple[m.Card, ...]) -> list[tuple[str, str]]:
            return [(s.kind, s.name) for s in cards[0].seats] if cards else []

        async def listed(wanted: list[tuple[str, str]]) -> m.Card:
            while True:
                await within(watcher.expect(m.Changed))
                if seats(watcher.cards) == wanted:
                    return watcher.cards[0]

        card = await listed([("person", "Ayşe"), ("open", ""), ("open", ""), ("open", "")])
        assert (card.number, card.game, card.rules, card.stake, card.started) == (
            1,
            "okey",
            "one-round",
            10,
            False,
        )
        assert card.seats[0].rating == 1000
        bora_seat = await sit_down(running, bora, m.Sit(card.number))
        await listed([("person", "Ayşe"), ("person", "Bora"), ("open", ""), ("open", "")])
        await ayse_seat.start()
        card = await listed([("person", "Ayşe"), ("person", "Bora"), ("bot", ""), ("bot", "")])
        assert card.started
        await bora.send(m.Sit(card.number))
        assert await within(bora.expect(m.Declined)) == m.Declined(m.Problem.ALREADY_SEATED)
        await watcher.send(m.Sit(card.number))
        assert await within(watcher.expect(m.Declined)) == m.Declined(m.Problem.STARTED)
        await ayse_seat.close()
        await bora_seat.close()


@async_test
async def test_a_match_is_played_settled_and_rated(tmp_path: Path) -> None:
    path = tmp_path / "salon.db"
    async with salon_running(path) as running:
        ayse, bora = await running.member("Ayşe"), await running.member("Bora")
        seats = [await sit_down(running, ayse, m.OpenTable("one-round", stake=25))]
        seats.append(await sit_down(running, bora, m.QuickSeat("one-round")))
        assert seats[1].seat == 1  # quick seat found Ayşe's table
        results = await play_match(*seats, start_with=2)
        over = results[0]
        assert isinstance(over, MatchOver)
        settled = [await within(c.expect(m.Settled)) for c in (ayse, bora)]
        people = [0, 1]
        firsts = [s for s in over.winners if s in people]
        for seat, news in zip(people, settled, strict=True):
            assert news.rating is not None
            if firsts and seat not in firsts:
                assert news.chips == -25
            elif firsts:
                assert news.chips == 25 * (2 - len(firsts)) // len(firsts)
        assert sum(s.chips for s in settled) == 0
        await ayse.send(m.AskBoard("okey"))
        board = await within(ayse.expect(m.Board))
        assert sorted(line.name for line in board.lines) == ["Ayşe", "Bora"]
        assert all(line.matches == 1 for line in board.lines)
        assert running.salon.store.matches() == 1
        totals = [s.total for s in settled]
        for table_seat in seats:
            await table_seat.close()
        gone: tuple[int, ...] = ()
        while ayse.cards:  # the table is put away once everyone has left it
            gone = (await within(ayse.expect(m.Changed))).gone
        assert gone == (1,)
    # A restart keeps the accounts, their chips and ratings.
    async with salon_running(path) as running:
        again = await running.connect()
        welcome = await within(again.log_in("ayse", PASSWORD))
        assert isinstance(welcome, m.Welcome) and not welcome.conduct
        assert welcome.chips == totals[0]
        assert [(r.game, r.matches) for r in welcome.ratings] == [("okey", 1)]


@async_test
async def test_watchers_hear_public_events_only_and_the_players_hear_who_watches(
    tmp_path: Path,
) -> None:
    async with salon_running(tmp_path / "salon.db") as running:
        ayse, cem = await running.member("Ayşe"), await running.member("Cem")
        seat = await sit_down(running, ayse, m.OpenTable("one-round"))
        await cem.send(m.Watch(1))
        watching = await within(cem.expect(m.Watching))
        assert watching.seats[0].name == "Ayşe" and watching.events == ()
        told = await within(ayse.expect(m.Watchers))
        assert told == m.Watchers(1, ("Cem",))
        results = await play_match(seat, start_with=1)
        assert isinstance(results[0], MatchOver)
        heard: list[Event] = []
        while not any(isinstance(e, MatchOver) for e in heard):
            news = await within(cem.expect(m.Spectated))
            heard += news.events
        assert isinstance(heard[0], RoundStarted)  # the deal is heard as it is made
        assert not any(isinstance(e, Dealt) for e in heard)  # never a rack
        assert all(e.tile is None for e in heard if isinstance(e, Drew))  # nor a drawn tile
        await ayse.send(m.Watch(1))  # a player watches no table of their own
        assert await within(ayse.expect(m.Declined)) == m.Declined(m.Problem.ALREADY_SEATED)
        await cem.send(m.StopWatching())
        assert await within(ayse.expect(m.Watchers)) == m.Watchers(1, ())
        await seat.close()


@async_test
async def test_who_is_online_and_lobby_chat(tmp_path: Path) -> None:
    async with salon_running(tmp_path / "salon.db") as running:
        ayse, bora = await running.member("Ayşe"), await running.member("Bora")
        await bora.send(m.Who())
        assert await within(bora.expect(m.Online)) == m.Online(("Ayşe", "Bora"))
        await ayse.send(m.LobbyChat("  kolay   gelsin "))
        assert await within(bora.expect(m.LobbySaid)) == m.LobbySaid("Ayşe", "kolay gelsin")


@async_test
async def test_leaving_a_running_match_forfeits_the_stake_to_a_bot(tmp_path: Path) -> None:
    async with salon_running(tmp_path / "salon.db") as running:
        ayse, bora = await running.member("Ayşe"), await running.member("Bora")
        ayse_seat = await sit_down(running, ayse, m.OpenTable("classic", stake=40))
        bora_seat = await sit_down(running, bora, m.Sit(1))
        await ayse_seat.start()
        await within(bora_seat.receive())
        await bora_seat.close()  # Q: the seat is left on purpose
        forfeit = await within(ayse.expect(m.Forfeited))
        assert forfeit == m.Forfeited(1, "Bora", 40)
        assert await within(bora.expect(m.Forfeited)) == forfeit
        table = running.salon.tables[1].table
        await eventually(lambda: table.seats[1].kind is SeatKind.BOT)
        account = running.salon.store.account_named("bora")
        assert account is not None and account.chips == 960
        again = Client(running.url, bora_seat.code, "Bora", token=bora_seat.token)
        with pytest.raises(Disconnected) as refused:  # the seat is the bot's now
            await within(again.join())
        assert refused.value.reason is Reason.BAD_TOKEN
        await bora.send(m.OpenTable("one-round"))  # free to sit elsewhere
        assert isinstance(await within(bora.expect(m.Ticket)), m.Ticket)
        await ayse_seat.close()


@async_test
async def test_a_seat_kept_but_never_taken_is_freed(tmp_path: Path) -> None:
    from test_salon_support import salon_config

    async with salon_running(tmp_path / "salon.db", salon_config(lobby_grace=0.05)) as running:
        ayse = await running.member("Ayşe")
        await ayse.send(m.OpenTable("one-round"))
        await within(ayse.expect(m.Ticket))
        while not ayse.cards:
            await within(ayse.expect(m.Changed))
        gone = await within(ayse.expect(m.Changed))  # nobody sits there: it is put away
        assert gone.gone == (1,) and ayse.cards == ()
        assert not running.salon.server.tables
        await ayse.send(m.OpenTable("one-round"))  # no longer seated
        assert isinstance(await within(ayse.expect(m.Ticket)), m.Ticket)


@async_test
async def test_a_private_table_by_code_works_as_ever_inside_the_salon(tmp_path: Path) -> None:
    async with salon_running(tmp_path / "salon.db") as running:
        ayse = await running.member("Ayşe")
        seat = await sit_down(running, ayse, m.OpenTable("one-round", private=True))
        assert ayse.cards == ()  # not listed
        friend = Client(running.url, seat.code, "Friend")  # no account: the code is enough
        assert (await within(friend.join())).seat == 1
        results = await play_match(seat, friend, start_with=2)
        assert all(isinstance(result, MatchOver) for result in results)
        assert running.salon.store.matches() == 0  # not rated, not staked
        await seat.close()
        await friend.close()
