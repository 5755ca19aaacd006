"""One table without sockets: seats, the lobby, moves, the clock, drops and returns, chat."""

from __future__ import annotations

import random
import shutil
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from sizes import exhaustive

from okey.bots import make_bot
from okey.engine.actions import Action, Discard, DrawFromPile, TimeOut
from okey.engine.events import Dealt, Drew, RoundStarted, TimedOut
from okey.engine.match import Match
from okey.engine.view import PlayerView
from okey.hand.solver import kinds_after_discard
from okey.net.autopilot import Autopilot
from okey.net.persist import SaveSlot, table_from_save, table_snapshot
from okey.net.protocol import (
    PROTOCOL,
    Act,
    AskReview,
    Brief,
    Chat,
    Hello,
    Lobby,
    Ping,
    Pong,
    Presence,
    PresenceState,
    Readied,
    Ready,
    Reason,
    Reviewed,
    Said,
    Seated,
    SeatKind,
    ServerMessage,
    Start,
    Update,
)
from okey.net.table import DEFAULT_TIMER, NetTable, Refusal, TableConfig, online_rules
from okey.rules import load_rules
from okey.saves import SaveError, read_save
from okey.tiles import Tile

CODE = "TEST-CODE"


@dataclass
class Clock:
    t: float = 100.0

    def __call__(self) -> float:
        return self.t


class Rig:
    """A table with a fake clock, keeping what each seat was sent."""

    def __init__(self, rules: str = "one-round", timer: int | None = 30, seed: int = 1) -> None:
        self.clock = Clock()
        self.sent: dict[int, list[ServerMessage]] = defaultdict(list)
        config = TableConfig(online_rules(load_rules(rules), timer), CODE, "random", seed=seed)
        self.table = NetTable(config, self._send, self.clock)
        self.turns = 0
        self.table.on_turn = self._turn

    def _send(self, seat: int, message: ServerMessage) -> None:
        self.sent[seat].append(message)

    def _turn(self) -> None:
        self.turns += 1

    def join(self, name: str, **hello: object) -> int:
        message = Hello(PROTOCOL, str(hello.pop("code", CODE)), name, **hello)  # type: ignore[arg-type]
        return self.table.hello(message, lambda seat: None)

    def token(self, seat: int) -> str:
        return next(m.token for m in self.sent[seat] if isinstance(m, Seated))

    def last(self, seat: int, kind: type) -> object:
        return next(m for m in reversed(self.sent[seat]) if isinstance(m, kind))

    def run(self, most: int = 10_000) -> None:
        """Advance while something is due now."""
        for _ in range(most):
            if self.table.advance() != 0.0:
                return

    def refused(self, seat: int, message: object) -> Refusal:
        with pytest.raises(Refusal) as caught:
            self.table.handle(seat, message)  # type: ignore[arg-type]
        return caught.value


def test_people_take_the_seats_in_order_and_the_first_is_host() -> None:
    rig = Rig()
    assert rig.join("Ayşe") == 0
    assert rig.join("Bora") == 1
    lobby = rig.last(0, Lobby)
    assert isinstance(lobby, Lobby)
    assert lobby.host == 0 and not lobby.started
    assert [s.kind for s in lobby.seats] == [SeatKind.PERSON] * 2 + [SeatKind.OPEN] * 2
    assert [s.name for s in lobby.seats[:2]] == ["Ayşe", "Bora"]
    assert rig.token(0) != rig.token(1)


@pytest.mark.parametrize(
    ("name", "hello", "reason"),
    [
        ("", {}, Reason.BAD_NAME),
        ("a" * 33, {}, Reason.BAD_NAME),
        ("bell\a", {}, Reason.BAD_NAME),
        ("Ayşe", {"code": "WRONG-CODE"}, Reason.WRONG_CODE),
        ("Ayşe", {"protocol": 99}, Reason.PROTOCOL),
        ("Ayşe", {"token": "not-a-token"}, Reason.BAD_TOKEN),
    ],
)
def test_a_join_can_be_refused(name: str, hello: dict[str, object], reason: Reason) -> None:
    rig = Rig()
    protocol = int(hello.pop("protocol", PROTOCOL))  # type: ignore[call-overload]
    code = str(hello.pop("code", CODE))
    with pytest.raises(Refusal) as caught:
        rig.table.hello(Hello(protocol, code, name, **hello), lambda s: None)  # type: ignore[arg-type]
    assert caught.value.reason is reason
    assert not rig.sent


def test_a_full_or_started_table_seats_nobody_new() -> None:
    rig = Rig()
    for name in "abcd":
        rig.join(name)
    with pytest.raises(Refusal) as caught:
        rig.join("e")
    assert caught.value.reason is Reason.TABLE_FULL
    rig = Rig()
    rig.join("a")
    rig.table.handle(0, Start())
    with pytest.raises(Refusal) as caught:
        rig.join("b")
    assert caught.value.reason is Reason.STARTED


def test_only_the_host_starts_and_bots_take_the_open_seats() -> None:
    rig = Rig()
    rig.join("Ayşe")
    rig.join("Bora")
    assert rig.refused(1, Start()).reason is Reason.NOT_HOST
    assert rig.refused(0, Act(DrawFromPile())).reason is Reason.NOT_STARTED
    rig.table.handle(0, Start())
    lobby = rig.last(1, Lobby)
    assert isinstance(lobby, Lobby) and lobby.started
    assert [s.kind for s in lobby.seats] == [SeatKind.PERSON] * 2 + [SeatKind.BOT] * 2
    assert rig.refused(0, Start()).reason is Reason.STARTED
    for seat in (0, 1):
        update = rig.last(seat, Update)
        assert isinstance(update, Update) and update.view is not None
        assert update.view.seat == seat
        dealt = [e for e in update.events if isinstance(e, Dealt)]
        assert [d.seat for d in dealt] == [seat]
        started = [e for e in update.events if isinstance(e, RoundStarted)]
        assert started and started[0].deck == ()


def test_the_host_passes_to_the_next_person_when_the_host_leaves_the_lobby() -> None:
    rig = Rig()
    rig.join("Ayşe")
    rig.join("Bora")
    rig.table.drop(0)
    lobby = rig.last(1, Lobby)
    assert isinstance(lobby, Lobby) and lobby.host == 1
    assert not lobby.seats[0].connected


def started(rig: Rig, people: int = 2) -> None:
    for n in range(people):
        rig.join(f"p{n}")
    rig.table.handle(0, Start())
    rig.run()


def test_a_move_out_of_turn_or_illegal_is_refused_with_the_engines_reason() -> None:
    rig = Rig()
    started(rig)
    match = rig.table.match
    person = match.turn
    other = 1 - person
    assert person in (0, 1)
    refusal = rig.refused(other, Act(DrawFromPile()))
    assert (refusal.reason, refusal.move) == (Reason.ILLEGAL_MOVE, "not_your_turn")
    view = match.view(person)
    missing = next(Discard(t) for t in match.round.hands[other] if t not in view.hand)
    if view.legal and isinstance(view.legal[0], Discard):
        refusal = rig.refused(person, Act(missing))
        assert refusal.move == "not_in_hand"
    assert rig.refused(person, Act(TimeOut())).reason is Reason.ILLEGAL_MOVE


def test_the_turn_clock_plays_for_a_silent_player() -> None:
    rig = Rig(timer=30)
    started(rig)
    match = rig.table.match
    seat = match.turn
    update = rig.last(seat, Update)
    assert isinstance(update, Update) and update.clock == 30
    rig.clock.t += 29.0
    assert rig.table.advance() == pytest.approx(1.0)
    rig.clock.t += 1.0
    rig.table.advance()
    assert any(isinstance(e, TimedOut) and e.seat == seat for e in match.events)
    assert rig.turns >= 1


def test_no_timer_waits_for_the_player() -> None:
    rig = Rig(timer=0)
    started(rig)
    assert rig.table.config.timer == 0
    assert rig.table.advance() is None


def test_the_online_timer_defaults() -> None:
    assert online_rules(load_rules("classic"), None).play.timer_seconds == DEFAULT_TIMER
    assert online_rules(load_rules("salon"), None).play.timer_seconds == 20
    assert online_rules(load_rules("salon"), 45).play.timer_seconds == 45
    assert online_rules(load_rules("salon"), 0).play.timer_seconds == 0


def test_a_dropped_player_is_played_by_autopilot_and_told_what_was_missed() -> None:
    rig = Rig()
    started(rig)
    match = rig.table.match
    seat = match.turn
    other = 1 - seat
    token = rig.token(seat)
    rig.table.drop(seat)
    dropped = rig.last(other, Presence)
    assert dropped == Presence(seat, f"p{seat}", PresenceState.DROPPED)
    before = len(match.events)
    rig.run()  # autopilot plays the dropped seat (and the bots); the other person's turn waits
    assert match.turn == other or match.round_over
    assert len(match.events) > before
    rig.sent[seat].clear()
    assert rig.join("", token=token) == seat
    seated, lobby, brief, update = rig.sent[seat][:4]
    assert isinstance(seated, Seated) and seated.rejoined and seated.seat == seat
    assert lobby == rig.table.lobby()  # who sits where, for a client that starts afresh
    assert isinstance(brief, Brief) and brief.since == before
    assert len(brief.missed) == len(match.events) - before
    assert all(not isinstance(e, Drew) or e.seat == seat or e.tile is None for e in brief.missed)
    assert isinstance(update, Update) and update.view == match.view(seat)
    assert rig.last(other, Presence) == Presence(seat, f"p{seat}", PresenceState.RETURNED)


def test_nobody_at_the_table_pauses_it() -> None:
    rig = Rig()
    started(rig)
    rig.table.drop(0)
    rig.table.drop(1)
    assert rig.table.advance() is None


def test_between_rounds_the_next_deal_waits_for_every_person_or_the_pause() -> None:
    rig = Rig("three-rounds", timer=10)
    started(rig)
    match = rig.table.match
    for _ in range(10_000):
        if match.round_over:
            break
        seat = match.turn
        if seat in (0, 1):
            rig.table.handle(seat, Act(match.view(seat).legal[0]))
        rig.run()
    assert match.round_over and match.round_number == 1
    assert rig.table.clock() == 10
    rig.table.handle(0, Ready())
    assert rig.table.advance() is not None and match.round_number == 1
    for seat in (0, 1):  # every seat hears who is ready, and who the deal waits for
        assert rig.last(seat, Readied) == Readied(0, "p0", (1,))
    rig.table.handle(0, Ready())  # twice is once
    assert sum(isinstance(m, Readied) for m in rig.sent[1]) == 1
    rig.table.handle(1, Ready())
    assert sum(isinstance(m, Readied) for m in rig.sent[1]) == 1  # the deal says the rest
    rig.table.advance()
    assert match.round_number == 2
    assert rig.refused(0, Ready()).reason is Reason.NOT_BETWEEN_ROUNDS


def test_chat_is_heard_at_every_seat_and_limited() -> None:
    rig = Rig()
    rig.join("Ayşe")
    rig.join("Bora")
    rig.table.handle(0, Chat("  iyi   oyunlar "))
    for seat in (0, 1):
        assert rig.last(seat, Said) == Said(0, "Ayşe", "iyi oyunlar")
    for bad in ("", "   ", "x" * 201, "zil\a"):
        assert rig.refused(0, Chat(bad)).reason is Reason.BAD_CHAT
    for _ in range(4):  # a burst of four, then one line every two seconds
        rig.table.handle(1, Chat("hey"))
    assert rig.refused(1, Chat("hey")).reason is Reason.CHAT_TOO_FAST
    rig.clock.t += 2.0
    rig.table.handle(1, Chat("hey"))


def test_a_ping_is_answered() -> None:
    rig = Rig()
    rig.join("Ayşe")
    rig.table.handle(0, Ping(9))
    assert rig.last(0, Pong) == Pong(9)


def test_a_second_hello_on_a_seat_is_refused() -> None:
    rig = Rig()
    rig.join("Ayşe")
    assert rig.refused(0, Hello(PROTOCOL, CODE, "x")).reason is Reason.ALREADY_SEATED


def test_the_autosave_brings_the_table_back_with_its_seats() -> None:
    rig = Rig("three-rounds")
    started(rig)
    data = table_snapshot(rig.table)
    assert rig.token(0) not in str(data.settings)
    back = table_from_save(data, lambda s, m: None, rig.clock)
    assert back.match.events == rig.table.match.events
    assert [s.kind for s in back.seats] == [s.kind for s in rig.table.seats]
    assert not any(s.connected for s in back.seats)
    assert back.hello(Hello(PROTOCOL, CODE, "", rig.token(1), 0), lambda s: None) == 1
    with pytest.raises(SaveError):
        table_from_save(data.__class__(**{**data.__dict__, "settings": {}}), print, rig.clock)


# -- the autopilot -------------------------------------------------------------------


class OkeyThrower:
    """A bot that throws an okey away whenever it may."""

    name = "thrower"

    def __init__(self, seed: int) -> None:
        self.inner = make_bot("random", random.Random(seed))

    def choose(self, view: PlayerView) -> Action:
        for action in view.legal:
            if isinstance(action, Discard) and action.tile == view.okey:
                return action
        return self.inner.choose(view)


@exhaustive(20)
@given(st.integers(0, 10_000))
def test_the_autopilot_never_throws_an_okey_that_does_not_win(seed: int) -> None:
    match = Match(load_rules("classic"), random.Random(seed))
    match.start_round()
    pilots = [Autopilot(OkeyThrower(seed + s)) for s in range(4)]
    while not match.round_over:
        seat = match.turn
        view = match.view(seat)
        action = pilots[seat].choose(view)
        if isinstance(action, Discard) and action.tile == view.okey:
            assert kinds_after_discard(list(view.hand), action.tile, view.okey)
        match.apply(seat, action)


def test_after_a_restart_a_seat_is_told_only_what_it_missed_since_the_save() -> None:
    rig = Rig("three-rounds")
    started(rig)
    rig.table.drop(1)
    heard_at_drop = rig.table.seats[1].heard
    rig.run()
    data = table_snapshot(rig.table)
    back = table_from_save(data, lambda s, m: None, rig.clock)
    # Seat 0 was here when the save was made: it had heard everything; seat 1 had not.
    assert [s.heard for s in back.seats[:2]] == [rig.table.version, heard_at_drop]
    sent: list[ServerMessage] = []
    back.send = lambda seat, message: sent.append(message)
    back.hello(Hello(PROTOCOL, CODE, "", rig.token(0)), lambda s: None)
    brief = next(m for m in sent if isinstance(m, Brief))
    assert brief.since == rig.table.version and brief.missed == ()


def test_at_a_duel_table_the_second_person_sits_across() -> None:
    rig = Rig("duel")
    assert [rig.join("Ayşe"), rig.join("Bora"), rig.join("Cem")] == [0, 2, 1]


def test_the_masters_review_of_a_finished_round_from_the_seats_own_views() -> None:
    rig = Rig("one-round", timer=0)
    started(rig)
    assert rig.refused(0, AskReview(1)).reason is Reason.NO_REVIEW  # not over yet
    table = rig.table
    bot = make_bot("random", random.Random(3))
    while not table.match.over:
        seat = table.match.turn
        if table.seats[seat].kind is SeatKind.PERSON:
            table.handle(seat, Act(bot.choose(table.match.view(seat))))
        rig.run()
    tiles_seen: set[Tile] = set()
    for message in rig.sent[0]:  # every tile the seat ever held or saw lying
        if isinstance(message, Update) and message.view is not None:
            view = message.view
            tiles_seen |= {*view.hand, view.indicator, *(t for d in view.discards for t in d)}
    table.handle(0, AskReview(1, ref=7))
    reviewed = rig.last(0, Reviewed)
    assert isinstance(reviewed, Reviewed) and reviewed.ref == 7
    review = reviewed.review
    assert review.seat == 0 and review.number == 1 and review.decisions
    for decision in review.decisions:
        for move in (decision.played, decision.master):
            tile = getattr(move, "tile", None)
            assert tile is None or tile in tiles_seen
    assert table.review_job(0, 1) is review  # kept: asked again, not worked out again
    assert rig.refused(0, AskReview(2)).reason is Reason.NO_REVIEW


def test_an_older_copy_of_an_online_table_s_save_is_refused(tmp_path: Path) -> None:
    """Issue 28, item 1, online: the server's saves go on under one match id, so an
    earlier copy (a .bak, a copy put back) cannot undo a move the players were told."""
    rig = Rig("three-rounds")
    started(rig)
    slot = SaveSlot(tmp_path, "online")
    first = slot.write(table_snapshot(rig.table))
    older = tmp_path / f"older{first.suffix}"
    shutil.copyfile(first, older)
    person = rig.table.match.turn
    legal = rig.table.match.table_view(person).legal
    rig.table.handle(person, Act(next(a for a in legal if isinstance(a, Discard | DrawFromPile))))
    rig.run()
    slot.write(table_snapshot(rig.table))
    with pytest.raises(SaveError):
        read_save(older.stem, tmp_path)
    back = table_from_save(read_save("online", tmp_path), lambda s, m: None, rig.clock)
    assert back.match_id == rig.table.match_id is not None
    assert back.match.events == rig.table.match.events
