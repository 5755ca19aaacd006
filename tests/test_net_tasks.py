"""The day's tasks at an online table: at the match's end the server sends each person
seated its record (never before), each guest's own engine checks it against what its
table heard and counts its seat's tasks; the host counts from its own server's match; a
forged or altered record counts nothing; an older client is sent no record and plays on.

A real server on 127.0.0.1: seats played by bots through headless clients (what they
heard kept as a table keeps it, :class:`~okey.net.seat.NetSeat`), and a host and a
guest at real tables by keys."""

from __future__ import annotations

import asyncio
import random
from dataclasses import replace
from datetime import date, timedelta
from pathlib import Path

import pytest
from test_net_support import (
    async_test,
    client,
    close_all,
    config,
    config101,
    play,
    play101,
    running,
    until,
    within,
)
from test_table_remote_support import people, play_by_keys, start

from okey.bots import make_bot
from okey.commands.online_tasks import OnlineTasks
from okey.engine.events import MatchOver
from okey.engine.match import Match
from okey.matchlog import LogHeader, format_log
from okey.net.client import Client
from okey.net.persist import table_snapshot
from okey.net.protocol import (
    MAX_RECORD,
    PROTOCOL,
    RECORD_PROTOCOL,
    Brief,
    MatchRecord,
    Seated,
    ServerMessage,
    Update,
    read_server,
)
from okey.net.record_check import Doubt, RecordRefused, checked_match
from okey.net.seat import NetSeat, net_seat
from okey.net.table import NetTable
from okey.rules import RuleSet
from okey.table.lines import Line
from okey.tasks.counting import credit, save_facts
from okey.tasks.facts import facts_of_played
from okey.tasks.ledger import Ledger, ledger_path, load_ledger

FIRST_DAY = date(2026, 12, 1)


class Mirror:
    """A headless seat's frames, and what it heard kept as a table keeps it."""

    def __init__(self) -> None:
        self.frames: list[str] = []
        self.messages: list[ServerMessage] = []
        self.seat: NetSeat | None = None

    def frame(self, frame: str | bytes) -> None:
        assert isinstance(frame, str)
        message = read_server(frame)
        self.frames.append(frame)
        self.messages.append(message)
        match message:
            case Seated() if self.seat is None:
                self.seat = net_seat(message, "")
            case Update():
                assert self.seat is not None
                self.seat.take(message)
            case Brief():
                assert self.seat is not None
                self.seat.missed(message)
            case _:
                pass

    @property
    def records(self) -> list[MatchRecord]:
        return [m for m in self.messages if isinstance(m, MatchRecord)]

    def ended_at(self) -> int:
        """The index of the frame that told the match's end."""
        return next(
            i
            for i, m in enumerate(self.messages)
            if isinstance(m, Update) and any(isinstance(e, MatchOver) for e in m.events)
        )


def a_day_with_tasks(table: NetTable, seat: int) -> date:
    """A day whose tasks the seat's part of the finished match completes (at least one)."""
    rules = table.match.rules
    facts = facts_of_played(table.match.played(), rules, seat)
    for offset in range(400):
        day = FIRST_DAY + timedelta(days=offset)
        if credit(Ledger(), facts, rules, day)[1]:
            return day
    raise AssertionError("no day's tasks fit this match")


def expected_tasks(table: NetTable, seat: int, day: date) -> tuple[str, ...]:
    rules = table.match.rules
    facts = facts_of_played(table.match.played(), rules, seat)
    return tuple(
        done.kind.id for done in credit(Ledger(), facts, rules, day)[1] if not done.challenge
    )


async def record_of(each: Client) -> MatchRecord:
    """The record the server sends after the end (a bot stops reading at the end)."""
    found = await until(each, lambda m: isinstance(m, MatchRecord))
    assert isinstance(found, MatchRecord)
    return found


@async_test
async def test_each_person_gets_the_record_after_the_end_and_an_older_client_none() -> None:
    async with running(config("one-round", seed=3)) as (_, url, hosted):
        table = hosted[0].table
        sent_to: list[int] = []
        send = table.send

        def noting(seat: int, message: ServerMessage) -> None:
            if isinstance(message, MatchRecord):
                sent_to.append(seat)
            send(seat, message)

        table.send = noting
        mirrors = [Mirror(), Mirror(), Mirror()]
        ayse = client(url, "Ayşe", on_frame=mirrors[0].frame)
        bora = client(url, "Bora", on_frame=mirrors[1].frame)
        cem = client(url, "Cem", on_frame=mirrors[2].frame)
        cem.protocol = RECORD_PROTOCOL - 1  # okey before the record
        for each in (ayse, bora, cem):
            await within(each.join())
        results = await within(
            asyncio.gather(play(ayse, 1, start_with=3), play(bora, 2), play(cem, 3))
        )
        assert all(isinstance(r, MatchOver) for r in results)
        for each in (ayse, bora):
            await record_of(each)
        await cem.ping(1)  # read past the end: the older client is sent no record
        await until(cem, lambda m: not isinstance(m, Update))
        await close_all(ayse, bora, cem)
    assert sent_to == [0, 1]  # each person once; not the older client, nor the bot's seat
    sent = table.match_record()
    assert sent is not None and sent.sealed
    assert sent.log == format_log(LogHeader("one-round"), list(table.match.played()))
    deck_line = next(line for line in sent.log.splitlines() if line.startswith("deck "))
    for mirror in mirrors[:2]:
        assert mirror.records == [sent]
        end = mirror.ended_at()
        record_at = next(i for i, m in enumerate(mirror.messages) if isinstance(m, MatchRecord))
        assert record_at > end
        # Nothing of the record reached the seat during play: not the message, nor the
        # shuffled deck it names.
        for frame in mirror.frames[: end + 1]:
            assert "MatchRecord" not in frame and deck_line[5:60] not in frame
        seat = mirror.seat
        assert seat is not None and seat.seated.protocol == PROTOCOL
        checked = checked_match(sent, seat.rules, seat.you, seat.heard)
        assert checked.events == table.match.events
    older = mirrors[2]
    assert older.seat is not None and older.seat.seated.protocol == RECORD_PROTOCOL - 1
    assert not older.records and older.ended_at() > 0


@async_test
async def test_a_seat_that_dropped_and_came_back_checks_the_record_with_its_brief() -> None:
    async with running(config101(seed=5)) as (_, url, hosted):
        table = hosted[0].table
        mirror = Mirror()
        ayse = client(url, "Ayşe")
        bora = client(url, "Bora", on_frame=mirror.frame)
        updates = 0

        def drop_once(frame: str | bytes) -> None:
            nonlocal updates
            mirror.frame(frame)
            if isinstance(mirror.messages[-1], Update):
                updates += 1
                if updates == 12:
                    bora.abort()  # the network fails under Bora mid-round

        bora.on_frame = drop_once
        await within(ayse.join())
        await within(bora.join())
        await within(asyncio.gather(play101(ayse, 1, start_with=2), play101(bora, 2)))
        sent = await record_of(bora)
        await close_all(ayse, bora)
    assert any(isinstance(m, Brief) for m in mirror.messages)
    seat = mirror.seat
    assert seat is not None
    assert checked_match(sent, seat.rules, seat.you, seat.heard).events == table.match.events


def another_match(rules: RuleSet, seed: int) -> str:
    """The log of another match at the same table's rules, played to its end."""
    match = Match(rules, random.Random(seed))
    bots = [make_bot("random", random.Random(seed + s)) for s in range(match.players)]
    while not match.over:
        if match.round_over:
            match.start_round()
        else:
            seat = match.turn
            match.apply(seat, bots[seat].choose(match.table_view(seat)))
    return format_log(LogHeader(rules.name), list(match.played()))


def better_for(seat: int, log: str) -> str:
    """The log with ``seat``'s score raised in every ``scores`` line."""
    lines = []
    for line in log.splitlines():
        if line.startswith("scores "):
            scores = [int(n) for n in line.split()[1:]]
            scores[seat] += 10
            line = "scores " + " ".join(map(str, scores))
        lines.append(line)
    return "\n".join(lines) + "\n"


def forgeries(honest: str, rules: RuleSet) -> dict[str, str]:
    lines = honest.splitlines()
    deck_at = next(i for i, line in enumerate(lines) if line.startswith("deck "))
    tiles = lines[deck_at].split()[1:]
    swapped = [*tiles[-1:], *tiles[1:-1], *tiles[:1]]
    moves = [i for i, line in enumerate(lines) if line[:1].isdigit()]
    return {
        "not a log": "you won with seven pairs, trust me",
        "another match": another_match(rules, 99),
        "cut before the end": "\n".join(lines[: moves[-1]]) + "\n",
        "another deck": "\n".join(
            [*lines[:deck_at], "deck " + " ".join(swapped), *lines[deck_at + 1 :]]
        ),
        "a move changed": "\n".join([*lines[: moves[-1]], "0 discard r1", *lines[moves[-1] + 1 :]]),
        "scores changed": honest.replace("scores ", "scores 1"),
        "huge round": honest.replace("round 1 dealer", "round 99999999999999999999 dealer"),
        "too long": honest + "# padding\n" * (MAX_RECORD // 10),
    }


@async_test
async def test_a_forged_or_altered_record_is_refused_and_counts_nothing(tmp_path: Path) -> None:
    async with running(config("one-round", seed=4)) as (_, url, hosted):
        table = hosted[0].table
        sent = table.send

        def hostile(seat: int, message: ServerMessage) -> None:
            """The server alters the record it sends Bora: his seat wins more."""
            if isinstance(message, MatchRecord) and seat == 1:
                message = replace(message, log=better_for(1, message.log))
            sent(seat, message)

        table.send = hostile
        mirror = Mirror()
        ayse = client(url, "Ayşe")
        bora = client(url, "Bora", on_frame=mirror.frame)
        await within(ayse.join())
        await within(bora.join())
        await within(asyncio.gather(play(ayse, 1, start_with=2), play(bora, 2)))
        received = await record_of(bora)
        await close_all(ayse, bora)
    honest = table.match_record()
    assert honest is not None and received.log != honest.log
    seat = mirror.seat
    assert seat is not None
    day = a_day_with_tasks(table, seat.you)
    tasks = OnlineTasks(tmp_path, day=lambda: day)
    assert tasks.count(received, seat) == [Line("tasks.online.refused")]
    assert not ledger_path(tmp_path).exists()
    for name, text in forgeries(honest.log, seat.rules).items():
        try:
            checked_match(MatchRecord(text), seat.rules, seat.you, seat.heard)
        except RecordRefused as refused:
            assert refused.doubt in Doubt, name
        else:
            raise AssertionError(f"{name}: accepted")
        tasks = OnlineTasks(tmp_path, day=lambda: day)
        assert tasks.count(MatchRecord(text), seat) == [Line("tasks.online.refused")], name
        assert not ledger_path(tmp_path).exists(), name
    # An honest server's match resumed from a changed save: it says so, and counts nothing.
    tasks = OnlineTasks(tmp_path, day=lambda: day)
    assert tasks.count(replace(honest, sealed=False), seat) == [Line("tasks.online.unsealed")]
    assert not ledger_path(tmp_path).exists()
    # The honest record counts, once.
    tasks = OnlineTasks(tmp_path, day=lambda: day)
    said = tasks.count(honest, seat)
    assert said and all(isinstance(line, Line) for line in said)
    assert load_ledger(tmp_path).done_on(day) == expected_tasks(table, seat.you, day)
    assert tasks.count(honest, seat) == []


@async_test
async def test_a_host_and_a_guest_at_their_tables_hear_the_tasks_they_did(tmp_path: Path) -> None:
    """``okey host``'s seat counts from its server's match, ``okey join``'s from the record it
    checked; each hears "Task done" at the end, and has it in its own ledger."""
    async with (
        running(config("one-round", seed=2, timer=120)) as (_, url, hosted),
        people(url, "Ayşe", "Bora", hold=0.0) as (ayse, bora),
    ):
        table = hosted[0].table
        persons = (ayse, bora)
        folders = (tmp_path / "ayse", tmp_path / "bora")
        for person, folder in zip(persons, folders, strict=True):
            tasks = OnlineTasks(
                folder,
                own=(lambda: table) if person is ayse else None,
                day=lambda p=person: a_day_with_tasks(table, p.seat.you),  # type: ignore[misc]
            )
            person.online.on_record = tasks.listener(person.table.voice.event, person.seat)
        await start(ayse, bora)
        # A record sent during play (a hostile server's: it names every tile) is not read.
        early = format_log(LogHeader("one-round"), list(table.match.played()))
        table.send(bora.seat.you, MatchRecord(early))
        await within(asyncio.gather(*(play_by_keys(p) for p in persons)), 60)
        for person, folder in zip(persons, folders, strict=True):
            await person.hears("tasks.done")
            day = a_day_with_tasks(table, person.seat.you)
            kinds = expected_tasks(table, person.seat.you, day)
            ledger = load_ledger(folder)
            assert ledger.done_on(day) == kinds
            said = [line.fields["task"] for line in person.lines_of("tasks.done")]
            assert said == [Line(f"tasks.kind.{kind}") for kind in kinds]
            lines = person.lines_of("tasks.done") + person.lines_of("tasks.done.challenge")
            assert max(line.fields["score"] for line in lines) == ledger.score  # type: ignore[type-var]
            assert not person.heard("tasks.online.refused")


@async_test
async def test_a_client_sits_at_an_older_server_in_its_version_and_plays_101(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A server of version 2 (101, no record) refuses version 3: the client says 2, is
    seated at a 101 table, plays it, and is sent no record."""
    monkeypatch.setattr("okey.net.table.PROTOCOLS", frozenset({1, 2}))
    async with running(config101(seed=6)) as (_, url, hosted):
        mirror = Mirror()
        ayse, bora = client(url, "Ayşe", on_frame=mirror.frame), client(url, "Bora")
        seated = await within(ayse.join())
        await within(bora.join())
        assert seated.protocol == ayse.protocol == 2
        results = await within(asyncio.gather(play101(ayse, 1, start_with=2), play101(bora, 2)))
        assert isinstance(results[0], MatchOver) and hosted[0].table.match.over
        await ayse.ping(1)
        await until(ayse, lambda m: not isinstance(m, Update))
        await close_all(ayse, bora)
    assert not mirror.records


@async_test
async def test_a_table_servers_autosave_counts_for_no_seat_here(tmp_path: Path) -> None:
    """Each person counts their own seat from the record; the server's autosave names no
    seat of this machine (it was counted as seat 0's before)."""
    async with running(config("one-round", seed=3), saves_dir=tmp_path) as (_, url, hosted):
        table = hosted[0].table
        ayse, bora = client(url, "Ayşe"), client(url, "Bora")
        await within(ayse.join())
        await within(bora.join())
        await within(asyncio.gather(play(ayse, 1, start_with=2), play(bora, 2)))
        await close_all(ayse, bora)
    data = table_snapshot(table)
    assert data.settings.get("you") is None and save_facts(data) is None
