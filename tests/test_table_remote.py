"""The accessible table over the network: a host's table and a joined table, each driven by
keys in the same event loop as a real server on 127.0.0.1, play a round with two bots;
each seat hears the others from its own chair; a joined seat drops and comes back; chat
is heard at every seat, and muted; a lost server is said, and the table closes. At an
Okey 101 table server, a host's and a joined table play a 101 round by keys."""

from __future__ import annotations

import asyncio
import re
from contextlib import AsyncExitStack
from pathlib import Path

import pytest
from test_net_support import CODE, WAIT, async_test, config, config101, running, within
from test_table_remote_support import F5, F6, Person, people, play_by_keys, seat_at, start
from test_table_rig import make_rig
from test_table_seat import HAND

from okey.commands.join import Sitting, join_seat
from okey.engine.events import Drew
from okey.games.okey101.view import View101
from okey.net.tokens import load_token, save_token, server_key
from okey.table.keys import Command, Topic, help_topics, menu_commands
from okey.table.lines import Name, Names, Where
from okey.table.state.seat import Step
from okey.table.state.seats import Place


@async_test
async def test_two_people_and_two_bots_play_a_round_each_hearing_it_from_their_chair() -> None:
    async with running(config("one-round", timer=120)) as (_, url, hosted):
        async with people(url, "Ayşe", "Bora") as (ayse, bora):
            joined = await ayse.hears("net.presence.joined")
            assert joined.fields == {"name": "Bora", "where": Where(1)}
            assert ayse.heard("net.lobby.you_host")
            assert (await bora.hears("net.lobby.host")).fields["name"] == "Ayşe"
            await bora.player.press("enter")  # only the host starts
            await bora.hears("net.host_starts")
            # W in the lobby: who sits where, and who starts; Q asks before leaving (at a
            # server of its own, as okey serve's: the host's leaving closes nothing).
            await bora.player.press("w")
            await bora.until(lambda: len(bora.lines_of("net.lobby.host")) == 2, "the lobby again")
            for person, question in ((ayse, "net.ask.quit.lobby"), (bora, "net.ask.quit.lobby")):
                await person.player.press("q")
                await person.hears(question)
                await person.player.press("n")
            await bora.player.press("c-s")  # the server saves an online match, not the seat
            await bora.hears("table.save.online")
            await start(ayse, bora)
            for person in (ayse, bora):
                assert person.heard("net.started")
            turns = await within(asyncio.gather(play_by_keys(ayse), play_by_keys(bora)), 60)
            assert min(turns) > 0
            for person in (ayse, bora):
                await person.hears("table.ranking", "the standings")
            for person, other in ((ayse, 1), (bora, 0)):
                # The other person's turns, told as that seat's moves from this chair...
                told = [
                    line
                    for key in ("table.turn.pile", "table.turn.take", "table.turn.open")
                    for line in person.lines_of(key)
                ]
                assert any(line.fields["name"] == Name(other) for line in told), person.rig.keys
                # ...and the bots' too, one line a turn.
                assert any(line.fields["name"] == Name(2) for line in told)
                assert person.heard("table.you_draw") or person.heard("table.you_take")
                assert (
                    person.heard("table.hint.draw")
                    or person.heard("table.hint.take")
                    or (person.heard("table.hint.discard") or person.heard("table.hint.finish"))
                )
                # The other's draws are never named; one's own are.
                seen = person.seat.seen()
                drew = [e for e in seen if isinstance(e, Drew)]
                assert all(e.tile is None for e in drew if e.seat != person.seat.you)
                assert all(e.tile is not None for e in drew if e.seat == person.seat.you)
                ends = [k for k in person.rig.keys if k.startswith(("table.won.", "table.drawn."))]
                assert ends, "\n".join(person.rig.said[-14:])
                assert not person.heard("table.error")
            words = ayse.table.words(), bora.table.words()
            assert ayse.table.seats.place(1) is Place.RIGHT and words[0].name(1) == "Bora"
            assert bora.table.seats.place(0) is Place.LEFT and words[1].name(0) == "Ayşe"
            assert words[0].name(2) == words[1].name(2)  # a bot has one name at every seat
            # The master's review of the round, worked out by the server from each seat.
            for person in (ayse, bora):
                await person.player.press("j")
                await person.until(
                    lambda p=person: any(  # type: ignore[misc]
                        key.startswith("table.review.summary")
                        or key == "table.review.all_automatic"
                        for key in p.rig.keys
                    ),
                    "the review",
                )
        assert hosted[0].table.match.over


@async_test
async def test_a_joined_seat_drops_is_played_by_the_autopilot_and_comes_back() -> None:
    async with (
        running(config("one-round", timer=120)) as (_, url, _hosted),
        people(url, "Ayşe", "Bora") as (ayse, bora),
    ):
        bora.client.retry_delays = (0.6, 0.3, 0.3)  # away long enough to miss a few turns
        await start(ayse, bora)
        bora.client.abort()  # the network fails under Bora's table
        dropped = await ayse.hears("net.presence.dropped")
        assert dropped.fields["name"] == "Bora"
        await bora.hears("net.retrying", "Bora's table trying again")
        await bora.hears("table.resumed", "Bora back at the table")
        assert (await ayse.hears("net.presence.returned")).fields["name"] == "Bora"
        assert bora.heard("net.back") and bora.heard("net.missed")
        keys = bora.rig.keys
        # What was missed, in brief, then the table as usual: the scores, the tiles.
        assert keys.index("net.back") < keys.index("net.missed") < keys.index("table.resumed")
        assert "table.hand" in keys[keys.index("table.resumed") :]
        await within(asyncio.gather(play_by_keys(ayse), play_by_keys(bora)), 60)
        for person in (ayse, bora):
            await person.hears("table.ranking", "the standings")
            assert not person.heard("table.error")


def writing(person: Person) -> bool:
    return person.table.chat is not None and person.table.chat.writing


@async_test
async def test_chat_is_heard_at_every_seat_with_its_writer_and_can_be_muted() -> None:
    async with (
        running(config("one-round", timer=120)) as (_, url, _hosted),
        people(url, "Ayşe", "Bora") as (ayse, bora),
    ):
        await ayse.player.press("/")  # the chat line opens; its keys are its own
        await ayse.hears("table.chat.open")
        await ayse.type_text("iyi oyunlar\r")
        said = await bora.hears("table.chat.said")
        assert said.fields == {"name": "Ayşe", "where": Where(0), "text": "iyi oyunlar"}
        assert (await ayse.hears("table.chat.you")).fields["text"] == "iyi oyunlar"
        assert bora.table.words().say(said) == "Ayşe, on your left, says: iyi oyunlar"
        # Keys go to the table again once the line is sent.
        await ayse.player.press("w")
        # Muted: the others' lines are not said, and counted.
        bora.pipe.send_text(F6)
        await bora.hears("table.chat.muted")
        await ayse.player.press("/")
        await ayse.type_text("ikinci\r")
        await ayse.until(lambda: len(ayse.lines_of("table.chat.you")) == 2, "the echo")
        await asyncio.sleep(0.1)
        assert len(bora.lines_of("table.chat.said")) == 1
        bora.pipe.send_text(F6)
        unmuted = await bora.hears("table.chat.unmuted")
        assert unmuted.fields["count"] == 1
        # Too long: said why, and the line stays open to be mended; Escape cancels.
        bora.pipe.send_text(F5)
        await bora.hears("table.chat.open")
        await bora.type_text("x" * 201 + "\r")
        await bora.hears("net.reason.bad_chat")
        assert bora.table.chat is not None and bora.table.chat.writing
        await bora.type_text("\x1b")
        await bora.hears("table.chat.cancelled")
        assert not bora.table.chat.writing
        # Too fast: the server limits the rate, and says so to the writer only.
        for number in range(6):
            await ayse.player.press("/")
            await ayse.type_text(f"line {number}\r")
            await ayse.until(lambda: not writing(ayse), "the line sent")
        await ayse.hears("net.reason.chat_too_fast")
        assert not bora.heard("net.reason.chat_too_fast")


@async_test
async def test_a_lost_server_is_said_and_tried_again_then_the_table_closes() -> None:
    async with (
        running(config("one-round", timer=120)) as (server, url, _hosted),
        people(url, "Ayşe", "Bora") as (_ayse, bora),
    ):
        await server.stop()
        await bora.hears("net.retrying")
        lost = await bora.hears("net.lost.unreachable", "the last word on the server")
        # Said as it starts and before the last try, not once a try.
        keys = bora.rig.keys
        assert keys.count("net.retrying") == 1 and keys.count("net.retrying.last") == 1
        assert lost.fields["address"] == url
        await bora.until(lambda: bora.table.leaving, "the table closing")
        assert bora.online.lost is not None
        assert not bora.heard("table.error")


@async_test
async def test_joining_again_from_this_machine_takes_the_same_seat_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OKEY_SEATS", str(tmp_path / "seats"))
    async with running(config("one-round", timer=120)) as (server, url, _hosted):
        assert server.address is not None
        key = server_key(*server.address)
        async with people(url, "Ayşe", "Bora") as (ayse, bora):
            save_token(key, CODE, "a-token-of-another-table")  # stale: a new seat is taken
            sitting = Sitting(url=url, shown=url, server=key, code=CODE, name="Cem")
            client, seated = await within(join_seat(sitting))
            assert seated.seat == 2 and not seated.rejoined
            assert load_token(key, CODE) == seated.token  # kept for the next time
            await client.close()
            await start(ayse, bora)
            cem_back = Sitting(url=url, shown=url, server=key, code=CODE, name="")
            async with AsyncExitStack() as stack:
                client, seated = await within(join_seat(cem_back))
                assert seated.seat == 2 and seated.rejoined
                cem = await seat_at(stack, client, seated, "Cem", url)
                await cem.hears("table.resumed", "Cem back at the table")
                keys = cem.rig.keys
                assert keys.index("net.missed") < keys.index("table.resumed")
                # A table that starts afresh knows who sits where from the server.
                assert cem.table.words().name(0) == "Ayşe" and cem.table.words().name(1) == "Bora"
                assert (await ayse.hears("net.presence.returned")).fields["name"] == "Cem"
                await cem.player.press("q")
                await cem.hears("net.ask.quit")
                await cem.player.press("y")
                await cem.until(lambda: cem.table.leaving, "Cem's table closing")
                await cem.client.close()  # as okey join does once its table is closed
                left = await ayse.hears("net.presence.away", "Cem gone")  # chose to: not lost
                assert left.fields["name"] == "Cem" and not ayse.heard("net.presence.dropped")


def test_a_table_played_here_has_no_chat_and_an_online_one_lists_its_keys() -> None:
    rig = make_rig(hands={0: HAND}, indicator="r5", dealer=0)
    table = rig.table
    table.begin()
    for key in ("/", "f5", "f6"):
        table.press(key)
        assert rig.keys[-1] == "table.chat.offline"
    rules = table.seat.rules
    assert Command.CHAT not in menu_commands(rules)
    assert {Command.CHAT, Command.MUTE_CHAT} <= set(menu_commands(rules, online=True))
    assert Topic.CHAT not in help_topics(rules)
    assert Topic.CHAT in help_topics(rules, online=True)


@pytest.mark.parametrize(
    ("rules", "scores"),
    [
        ("partners", r"Scores: us \d+, them \d+\."),
        ("duel", r"; at the sides "),
        ("salon", r"Scores: you \d+, "),
    ],
)
@async_test
async def test_partners_duel_and_salon_tables_play_a_round_online(rules: str, scores: str) -> None:
    async with (
        running(config(rules, timer=None)) as (_, url, hosted),
        people(url, "Ayşe", "Bora") as (ayse, bora),
    ):
        timer = hosted[0].table.match.rules.play.timer_seconds
        assert timer == (20 if rules == "salon" else 90)  # the rules' own, else the default
        await start(ayse, bora)
        await within(asyncio.gather(play_by_keys(ayse), play_by_keys(bora)), 90)
        for person in (ayse, bora):
            await person.player.press("c")
            await person.until(lambda p=person: bool(re.search(scores, p.rig.text())), "the scores")  # type: ignore[misc]
            assert not person.heard("table.error")
        if rules == "duel":  # the two people face each other
            assert ayse.table.seats.place(bora.seat.you) is Place.ACROSS


@async_test
async def test_between_rounds_each_hears_who_is_ready_and_who_the_deal_waits_for() -> None:
    async with (
        running(config("three-rounds", timer=120)) as (_, url, _hosted),
        people(url, "Ayşe", "Bora") as (ayse, bora),
    ):
        await start(ayse, bora)
        await within(asyncio.gather(play_by_keys(ayse), play_by_keys(bora)), 60)
        await bora.player.press("enter")
        readied = await ayse.hears("net.readied", "Bora ready")
        assert readied.fields == {"name": "Bora", "waiting": Names((0,))}
        assert (await bora.hears("net.waiting")).fields == {"waiting": Names((0,))}
        await ayse.player.press("enter")
        for person in (ayse, bora):
            await person.until(lambda p=person: p.table.state.round_number == 2, "round 2")  # type: ignore[misc]
        assert not bora.heard("net.readied")
        # The last to be ready hears the deal, not that the deal waits for everyone.
        assert bora.heard("net.ready") and not ayse.heard("net.ready")


# -- an Okey 101 table server --------------------------------------------------------------
@async_test
async def test_a_host_and_a_guest_play_a_101_round_by_keys_at_their_own_tables() -> None:
    async with (
        running(config101(seed=3, timer=120)) as (_, url, hosted),
        people(url, "Ayşe", "Bora") as (ayse, bora),
    ):
        await start(ayse, bora)
        turns = await within(asyncio.gather(play_by_keys(ayse), play_by_keys(bora)), 3 * WAIT)
        assert min(turns) > 0
        for person in (ayse, bora):
            assert person.table.state.step in (Step.ROUND_OVER, Step.MATCH_OVER)
            assert isinstance(person.seat.table_view(), View101)
        assert hosted[0].table.match.round_over
