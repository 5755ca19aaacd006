"""The salon against hostile clients on 127.0.0.1, and its moderators: reports with their
evidence, mute, kick and ban by account, a banned account coming back, log-in floods
from many addresses, name theft, a watcher asking for a rack, and SQL metacharacters and
control characters in every text field."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_net_support import async_test, until, within
from test_salon_support import (
    MODERATOR,
    PASSWORD,
    play_match,
    salon_config,
    salon_running,
    sit_down,
)

from okey.net.client import Client, Disconnected
from okey.net.protocol import Reason, Refused
from okey.net.server import Limits
from okey.salon import messages as m
from okey.salon.accounts import LogInLimits
from okey.salon.client import SalonClosed

NASTY = (
    "'; DROP TABLE accounts; --",
    'x" OR "1"="1',
    "%_\\*",
    "a\x00b",
    "bell\x07",
    "right\u202eleft",
    "line\nbreak",
)


@async_test
async def test_a_report_carries_the_last_chat_lines_and_moves_to_the_moderators(
    tmp_path: Path,
) -> None:
    async with salon_running(tmp_path / "salon.db") as running:
        moda = await running.member(MODERATOR)
        ayse, bora = await running.member("Ayşe"), await running.member("Bora")
        assert moda.welcome is not None and moda.welcome.moderator
        ayse_seat = await sit_down(running, ayse, m.OpenTable("one-round"))
        bora_seat = await sit_down(running, bora, m.Sit(1))
        await bora.send(m.LobbyChat("call me on 0555 555 55 55"))
        await within(ayse.expect(m.LobbySaid))
        await bora_seat.chat("hurry up")
        await play_match(ayse_seat, bora_seat, start_with=2)
        await ayse.send(m.Report("bora", "asks for phone numbers"))
        assert await within(ayse.expect(m.Reported)) == m.Reported("Bora")
        heard = await within(moda.expect(m.ReportHeard))
        assert (heard.reporter, heard.reported, heard.reason) == (
            "Ayşe",
            "Bora",
            "asks for phone numbers",
        )
        assert "Bora: call me on 0555 555 55 55" in heard.chat
        assert "Bora: hurry up" in heard.chat
        assert heard.moves and all(": " in move for move in heard.moves)
        reported = running.salon.store.account_named("bora")
        assert reported is not None
        (_, reason, evidence), *_ = running.salon.store.reports(reported.id)
        assert reason == "asks for phone numbers"
        assert isinstance(evidence, dict) and "Bora: hurry up" in evidence["chat"]
        await ayse.send(m.Report("Nobody", "x"))
        assert await within(ayse.expect(m.Declined)) == m.Declined(m.Problem.NO_PLAYER)
        await ayse_seat.close()
        await bora_seat.close()


@async_test
async def test_mute_kick_and_ban_by_account_and_a_banned_account_coming_back(
    tmp_path: Path,
) -> None:
    path = tmp_path / "salon.db"
    async with salon_running(path) as running:
        moda, veli = await running.member(MODERATOR), await running.member("Veli")
        await veli.send(m.Moderate("Moda", m.Sanction.BAN))  # not a moderator
        assert await within(veli.expect(m.Declined)) == m.Declined(m.Problem.NOT_MODERATOR)
        await moda.send(m.Moderate("veli", m.Sanction.MUTE, minutes=5))
        assert await within(veli.expect(m.Sanctioned)) == m.Sanctioned("Veli", m.Sanction.MUTE, 5)
        await veli.send(m.LobbyChat("hello?"))
        assert await within(veli.expect(m.Declined)) == m.Declined(m.Problem.MUTED)
        seat = await sit_down(running, veli, m.OpenTable("one-round"))
        await seat.chat("at the table?")
        refused = await until(seat, lambda message: isinstance(message, Refused))
        assert isinstance(refused, Refused) and refused.reason is Reason.BAD_CHAT
        await moda.send(m.Moderate("Veli", m.Sanction.KICK))
        closing = await within(veli.expect(m.Closing))
        assert closing.sanction is m.Sanction.KICK
        with pytest.raises(SalonClosed):
            await within(veli.receive())
        session = veli.welcome.session if veli.welcome else ""
        back = await running.connect()
        assert isinstance(await within(back.resume(session)), m.Welcome)  # a kick is not a ban
        await moda.send(m.Moderate("Veli", m.Sanction.BAN))
        assert (await within(back.expect(m.Closing))).sanction is m.Sanction.BAN
    async with salon_running(path) as running:  # a restart keeps the ban
        again = await running.connect()
        assert await within(again.log_in("Veli", PASSWORD)) == m.Declined(
            m.Problem.NOT_LOGGED_IN, "banned"
        )
        assert await within(again.resume(session)) == m.Declined(
            m.Problem.NOT_LOGGED_IN, "bad_session"
        )
        second = await running.connect()
        theft = await within(second.log_in("VELI", "another one", claim=True))
        assert theft == m.Declined(m.Problem.NOT_LOGGED_IN, "name_taken")
        moda = await running.connect()
        assert isinstance(await within(moda.log_in(MODERATOR, PASSWORD)), m.Welcome)
        await moda.send(m.Moderate("Veli", m.Sanction.UNBAN))
        await within(moda.expect(m.Sanctioned))
        assert isinstance(await within(again.log_in("Veli", PASSWORD)), m.Welcome)


@async_test
async def test_log_in_floods_from_many_addresses_meet_the_total(tmp_path: Path) -> None:
    limits = LogInLimits(per_address=3, per_account=5, total=12)
    async with salon_running(tmp_path / "salon.db", salon_config(limits=limits)) as running:
        await running.member("Veli", local="127.0.0.1")
        answers = []
        for number in range(2, 10):  # eight addresses, three guesses each
            guesser = await running.connect(local=f"127.0.0.{number}")
            for guess in range(3):
                answer = await within(guesser.log_in(f"Name{guess}", "guess-{number}"))
                answers.append(answer)
        problems = [a.login for a in answers if isinstance(a, m.Declined)]
        assert len(problems) == 24
        assert problems.count("too_many") >= 24 - 12  # the total, not 8 times 3
        # Veli's own address is limited by the total too, for a while: nothing is hashed.
        fourth = await running.connect(local="127.0.0.20")
        assert await within(fourth.log_in("Veli", PASSWORD)) == m.Declined(
            m.Problem.NOT_LOGGED_IN, "too_many"
        )


@async_test
async def test_a_watcher_gets_no_rack_and_a_table_code_seats_nobody(tmp_path: Path) -> None:
    async with salon_running(tmp_path / "salon.db") as running:
        ayse, spy = await running.member("Ayşe"), await running.member("Spy")
        seat = await sit_down(running, ayse, m.OpenTable("one-round"))
        await seat.start()
        await spy.send(m.Watch(1))
        watching = await within(spy.expect(m.Watching))
        frames = json.dumps([str(e) for e in watching.events])
        assert "Dealt" not in frames
        # Table messages on the salon's path are not salon messages.
        for frame in ('{"type":"AskReview","number":1}', '{"type":"Act","action":"draw pile"}'):
            await spy.send_raw(frame)
            assert await within(spy.expect(m.Declined)) == m.Declined(m.Problem.BAD_MESSAGE)
        # The table's code (leaked) seats nobody without a seat's token.
        code = running.salon.tables[1].code
        intruder = Client(running.url, code, "Spy")
        with pytest.raises(Disconnected) as refused:
            await within(intruder.join())
        assert refused.value.reason in (Reason.WRONG_CODE, Reason.STARTED)
        fresh = await running.member("Late")
        await fresh.send(m.OpenTable("one-round"))
        ticket = await within(fresh.expect(m.Ticket))
        stranger = Client(running.url, ticket.code, "Spy")
        with pytest.raises(Disconnected) as wrong:
            await within(stranger.join())
        assert wrong.value.reason is Reason.WRONG_CODE
        await seat.close()


@pytest.mark.parametrize("nasty", NASTY)
@async_test
async def test_sql_metacharacters_and_control_characters_in_every_text_field(
    tmp_path: Path, nasty: str
) -> None:
    async with salon_running(tmp_path / "salon.db") as running:
        moda, ayse = await running.member(MODERATOR), await running.member("Ayşe")
        probe = await running.connect()
        claimed = await within(probe.log_in(nasty, PASSWORD, claim=True))
        printable = nasty.isprintable()
        if printable:
            assert isinstance(claimed, m.Welcome) and claimed.name == nasty
        else:
            assert claimed == m.Declined(m.Problem.NOT_LOGGED_IN, "bad_name")
        other = await running.connect()
        assert isinstance(
            await within(other.log_in("Someone", nasty + "pass1", claim=True)),
            m.Welcome | m.Declined,
        )
        requests: list[m.SalonRequest] = [
            m.LobbyChat(nasty),
            m.Report(nasty, nasty),
            m.Report("Ayşe", nasty),
            m.OpenTable(nasty),
            m.QuickSeat(nasty),
            m.AskBoard(nasty),
            m.Moderate(nasty, m.Sanction.MUTE),
        ]
        for request in requests:
            await moda.send(request)
        await moda.send(m.Who())
        online = await within(moda.expect(m.Online))
        assert "Ayşe" in online.names
        store = running.salon.store
        found = store.account_named("ayse")
        assert found is not None and ayse.welcome is not None  # nothing dropped, nothing lost
        for line in running.salon.lobby_chat:
            assert line.isprintable()
        for _, reason, _ in store.reports(found.id):
            assert reason.isprintable()


@async_test
async def test_a_flood_of_messages_is_refused_then_closed(tmp_path: Path) -> None:
    async with salon_running(tmp_path / "salon.db") as running:
        running.salon.server.limits = Limits(messages_per_second=1.0, burst=2.0, flood=5)
        flooder = await running.member("Flood")
        for _ in range(40):
            await flooder.send_raw('{"type":"Who"}')
        closing = await within(flooder.expect(m.Closing))
        assert closing.problem is m.Problem.TOO_FAST
        with pytest.raises(SalonClosed):
            await within(flooder.receive())


@async_test
async def test_two_accounts_from_one_address_do_not_sit_at_one_table(tmp_path: Path) -> None:
    config = salon_config(one_address_per_table=True)
    async with salon_running(tmp_path / "salon.db", config) as running:
        first = await running.member("First", local="127.0.0.1")
        second = await running.member("Second", local="127.0.0.1")
        other = await running.member("Other", local="127.0.0.2")
        seat = await sit_down(running, first, m.OpenTable("one-round"))
        await second.send(m.Sit(1))
        assert await within(second.expect(m.Declined)) == m.Declined(m.Problem.SAME_ADDRESS)
        other_seat = await sit_down(running, other, m.Sit(1))
        await seat.close()
        await other_seat.close()
