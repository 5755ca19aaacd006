"""One table without sockets: seats, the lobby, moves, the clock, drops and returns, chat;
at Okey 101 too: versions, the game's bots, the clock, the autopilot, hostile moves refused
with the engine's reason, and the server's autosave restored."""

from __future__ import annotations

import random
import shutil
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sizes import exhaustive
from test_net_support import config101

from okey.bots import available_levels, make_bot
from okey.engine.actions import Action, Discard, DrawFromPile, Resume, TimeOut
from okey.engine.events import AutopilotChanged, Dealt, Drew, RoundStarted, TimedOut
from okey.engine.match import Match
from okey.engine.view import Phase, PlayerView
from okey.games.okey101.actions import Open
from okey.games.okey101.events import RoundScored101
from okey.games.okey101.levels import LEVELS_101, Level101, make_bot101
from okey.games.okey101.notation import parse_meld
from okey.games.okey101.view import View101
from okey.hand.finishing import Opened
from okey.hand.notation import format_tile, parse_tile
from okey.hand.opening import best_opening
from okey.hand.solver import kinds_after_discard
from okey.net.autopilot import Autopilot, TableBot
from okey.net.persist import SaveSlot, table_from_save, table_snapshot
from okey.net.protocol import (
    OLDEST,
    PROTOCOL,
    Act,
    AskReview,
    Brief,
    Chat,
    Detail,
    Hello,
    Lobby,
    Ping,
    Pong,
    Presence,
    PresenceState,
    Readied,
    Ready,
    Reason,
    Refused,
    Reviewed,
    Said,
    Seated,
    SeatInfo,
    SeatKind,
    ServerMessage,
    Start,
    Update,
    dumps,
    read_server,
)
from okey.net.seat import details_fields
from okey.net.table import DEFAULT_TIMER, NetTable, Refusal, TableConfig, online_rules
from okey.rules import load_rules
from okey.saves import SaveError, read_save
from okey.tiles import Tile, is_okey
from okey.wire.notation import action_from_text

CODE = "TEST-CODE"


@dataclass
class Clock:
    t: float = 100.0

    def __call__(self) -> float:
        return self.t


class Rig:
    """A table with a fake clock, keeping what each seat was sent."""

    def __init__(
        self, rules: str | TableConfig = "one-round", timer: int | None = 30, seed: int = 1
    ) -> None:
        """A table of the rule set ``rules`` (random bots), or the table ``rules`` configures."""
        self.clock = Clock()
        self.sent: dict[int, list[ServerMessage]] = defaultdict(list)
        config = (
            rules
            if isinstance(rules, TableConfig)
            else TableConfig(online_rules(load_rules(rules), timer), CODE, "random", seed=seed)
        )
        self.table = NetTable(config, self._send, self.clock)
        self.turns = 0
        self.table.on_turn = self._turn

    def _send(self, seat: int, message: ServerMessage) -> None:
        self.sent[seat].append(message)

    def _turn(self) -> None:
        self.turns += 1

    def join(self, name: str, protocol: int = PROTOCOL, **hello: object) -> int:
        message = Hello(protocol, str(hello.pop("code", CODE)), name, **hello)  # type: ignore[arg-type]
        return self.table.hello(message, lambda seat: None)

    def token(self, seat: int) -> str:
        return next(m.token for m in self.sent[seat] if isinstance(m, Seated))

    def last(self, seat: int, kind: type) -> object:
        return next(m for m in reversed(self.sent[seat]) if isinstance(m, kind))

    def run(self, most: int = 10_000) -> float | None:
        """Advance while something is due now; what advance said last."""
        wait: float | None = None
        for _ in range(most):
            wait = self.table.advance()
            if wait != 0.0:
                break
        return wait

    def refused(self, seat: int, message: object) -> Refusal:
        with pytest.raises(Refusal) as caught:
            self.table.handle(seat, message)  # type: ignore[arg-type]
        return caught.value

    def refused_move(self, seat: int, action: Action | str) -> Refusal:
        """The refusal of ``action`` (or of the move a client's text names)."""
        move = action_from_text(action) if isinstance(action, str) else action
        return self.refused(seat, Act(move))

    def view101(self, seat: int) -> View101:
        view = self.table.match.table_view(seat)
        assert isinstance(view, View101)
        return view


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


# -- Okey 101's table (the rig above, at config101's table) --------------------------------------


def my_turn_drawn(rig: Rig) -> bool:
    """Seat 0 has drawn on its turn (not the dealer's first turn, when no one lays)."""
    match = rig.table.match
    return (
        match.turn == 0
        and match.phase is Phase.DISCARD
        and any(isinstance(e, Drew) and e.seat == 0 for e in match.events)
    )


def play_people_until(rig: Rig, done: object, seed: int = 1, most: int = 5000) -> None:
    """Play the people's seats with 101 medium bots (and let the table play the rest) until
    ``done()`` holds at a person's turn."""
    bots = {s: make_bot101("medium", random.Random(seed + s)) for s in range(4)}
    table = rig.table
    for _ in range(most):
        rig.run()
        match = table.match
        assert not match.over, "the round ended first"
        seat = match.turn
        assert callable(done)
        if done():
            return
        table.handle(seat, Act(bots[seat].choose(rig.view101(seat))))
    raise AssertionError("never")


# -- versions and bots -------------------------------------------------------------------


def test_a_101_table_seats_clients_of_version_2_only_and_answers_in_their_version() -> None:
    rig = Rig(config101())
    with pytest.raises(Refusal) as caught:
        rig.join("Eski", protocol=OLDEST)
    assert caught.value.reason is Reason.PROTOCOL and not rig.sent
    assert rig.join("Ayşe") == 0
    seated = rig.sent[0][0]
    assert isinstance(seated, Seated) and seated.protocol == PROTOCOL
    assert seated.ruleset is not None and seated.ruleset.game_sections is not None
    classic = NetTable(
        TableConfig(online_rules(load_rules("one-round"), 30), CODE), lambda s, m: None, Clock()
    )
    for protocol in (OLDEST, PROTOCOL):
        classic.hello(Hello(protocol, CODE, f"v{protocol}"), lambda seat: None)
    assert [seat.protocol for seat in classic.seats[:2]] == [OLDEST, PROTOCOL]


def test_the_101_levels_are_the_levels_a_host_may_choose() -> None:
    assert {*LEVELS_101, "expert"} == set(available_levels())
    rules = config101().rules
    for level in available_levels():
        bot = TableBot(level, random.Random(1), rules)
        assert isinstance(bot.bot, Level101) and bot.name == level
    rig = Rig(config101())
    started(rig, 1)
    with pytest.raises(TypeError):  # an Okey bot is never given a View101
        TableBot("medium", random.Random(1), load_rules("classic")).choose(rig.view101(0))


def test_every_seat_is_sent_its_own_view101_after_the_deal() -> None:
    rig = Rig(config101())
    started(rig)
    for seat in (0, 1):
        updates = [m for m in rig.sent[seat] if isinstance(m, Update) and m.view is not None]
        assert updates and all(isinstance(u.view, View101) for u in updates)
        last = updates[-1].view
        assert last is not None and last.seat == seat
        assert list(last.hand) == rig.table.match.round.hands[seat]


# -- the clock, the autopilot, a bot's slip ------------------------------------------------


def test_a_101_turn_that_runs_out_is_the_games_own_and_the_autopilot_then_keeps_the_seat() -> None:
    rig = Rig(config101(timer=30, seed=5))
    started(rig)
    table, match = rig.table, rig.table.match
    timeouts = 0
    bot = make_bot101("easy", random.Random(1))
    while not match.autopilot[0]:
        assert not match.over
        if match.turn == 0:
            rig.clock.t += 31
            timeouts += 1
        else:
            table.handle(1, Act(bot.choose(rig.view101(1))))
        rig.run()
    assert timeouts == match.rules.play.autopilot_after
    heard = [e for m in rig.sent[1] if isinstance(m, Update) for e in m.events]
    assert sum(isinstance(e, TimedOut) and e.seat == 0 for e in heard) == timeouts
    assert AutopilotChanged(0, on=True) in heard
    table.handle(0, Act(Resume()))  # back from the autopilot
    assert not match.autopilot[0]


class Slipping(TableBot):
    """A 101 bot whose every opening is nonsense (a tile the seat does not hold)."""

    def choose(self, view: object) -> Action:
        assert isinstance(view, View101)
        if view.phase is Phase.DISCARD:
            missing = next(t for t in map(Tile, range(52)) if t not in view.hand)
            return Open((parse_meld(f"{format_tile(missing)} r1 r2"),))
        return super().choose(view)


def test_a_bots_refused_move_is_played_as_the_games_own_and_the_round_goes_on(
    caplog: pytest.LogCaptureFixture,
) -> None:
    rig = Rig(config101(timer=0, seed=2))
    table = rig.table
    table.bots[2] = Slipping("medium", random.Random(2), table.match.rules)
    table.bots[3] = Slipping("medium", random.Random(3), table.match.rules)
    rig.join("Ayşe")
    table.drop(0)
    rig.join("Bora")  # the only one here: seat 0's autopilot, 2 and 3 slip at every turn
    table.handle(1, Start())
    bot = make_bot101("medium", random.Random(1))
    while not table.match.over:
        if rig.run() is None and table.match.turn == 1:
            table.handle(1, Act(bot.choose(rig.view101(1))))
    events = table.match.events
    assert any(isinstance(e, RoundScored101) for e in events)
    assert rig.turns > 20  # the autosave was asked for after every turn, and the round end
    slips = [r for r in caplog.records if "refused" in r.getMessage()]
    assert len(slips) > 5 and all(r.name == "okey.net" for r in slips)


class OkeyThrower101:
    """A 101 bot that throws an okey away whenever it may."""

    name = "thrower"

    def __init__(self, seed: int) -> None:
        self.inner = make_bot101("easy", random.Random(seed))

    def choose(self, view: View101) -> Action:
        for action in view.legal:
            if isinstance(action, Discard) and is_okey(action.tile, view.okey):
                return action
        return self.inner.choose(view)


class ThrowerBot(TableBot):
    def __init__(self, seed: int) -> None:
        super().__init__("easy", random.Random(seed), config101().rules)
        self.thrower = OkeyThrower101(seed)

    def choose(self, view: object) -> Action:
        assert isinstance(view, View101)
        return self.thrower.choose(view)


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10_000))
def test_the_101_autopilot_never_throws_an_okey_away_when_another_tile_is_free(seed: int) -> None:
    match = Match(config101().rules, random.Random(seed))
    match.start_round()
    pilots = [Autopilot(ThrowerBot(seed + s)) for s in range(4)]
    for _ in range(2000):
        if match.round_over:
            break
        seat = match.turn
        view = match.table_view(seat)
        assert isinstance(view, View101)
        action = pilots[seat].choose(view)
        if isinstance(action, Discard) and is_okey(action.tile, view.okey):
            free = [
                a
                for a in view.legal
                if isinstance(a, Discard) and view.discard_cost(a.tile) is None
            ]
            assert view.discard_cost(action.tile) is None or not free
        match.apply(seat, action)


# -- hostile moves: refused with the engine's reason, the table goes on --------------------


def held(view: View101) -> list[str]:
    return [format_tile(t) for t in view.hand]


def not_held(view: View101, count: int) -> list[str]:
    return [format_tile(t) for t in map(Tile, range(52)) if t not in view.hand][:count]


def test_malformed_101_moves_are_refused_with_the_engines_reason() -> None:
    rig = Rig(config101(timer=0, seed=4))
    started(rig)
    table = rig.table
    play_people_until(rig, lambda: my_turn_drawn(rig))
    view = rig.view101(0)
    assert view.my_opening is Opened.NOT_YET
    mine, others = held(view), not_held(view, 3)
    version = table.version
    cases = {
        f"open {' '.join(others)}": "not_in_hand",
        f"open {mine[0]} {mine[0]} {mine[0]} {mine[0]}": "not_in_hand",  # more than held
        "open " + " | ".join(mine): "keep_one",  # the whole hand, no tile left to discard
        f"lay {' '.join(mine[:3])}": "not_opened",
        f"add {mine[0]} 0 high": "not_opened",
        f"add {mine[0]} -1 high": "not_opened",
        "give back": "nothing_to_give_back",
        f"discard {others[0]}": "not_in_hand",
        "draw pile": "must_discard",
    }
    for text, reason in cases.items():
        refusal = rig.refused_move(0, text)
        assert (refusal.reason, refusal.move) == (Reason.ILLEGAL_MOVE, reason), text
        assert rig.refused_move(1, text).move == "not_your_turn"
    assert table.version == version  # nothing happened
    assert not table.closed and table.match.turn == 0


def test_an_opened_seat_adding_to_no_combination_is_refused() -> None:
    rig = Rig(config101(timer=0, seed=4))
    started(rig)
    match = rig.table.match

    def opened_and_drawn() -> bool:
        view = rig.view101(match.turn)
        return (
            match.turn in (0, 1)
            and view.phase is Phase.DISCARD
            and view.my_opening is not Opened.NOT_YET
            and not view.opened_this_turn
            and len(view.hand) > 2
        )

    play_people_until(rig, opened_and_drawn)
    seat = match.turn
    view = rig.view101(seat)
    tile = held(view)[0]
    for text in (
        f"add {tile} -1 high",
        f"add {tile} {len(view.melds)} low",
        f"add {tile} 99999999999999999999 high",
        f"add {tile} 0 okey 9999",
    ):
        refusal = rig.refused_move(seat, text)
        assert refusal.reason is Reason.ILLEGAL_MOVE and refusal.move in ("no_fit", "no_okey_swap")


def test_101_moves_at_a_classic_table_are_refused() -> None:
    config = TableConfig(online_rules(load_rules("one-round"), 0), CODE, "random", seed=1)
    rig = Rig(config)
    started(rig)
    seat = rig.table.match.turn
    if seat not in (0, 1):
        pytest.skip("a bot's turn")  # pragma: no cover - seed 1 deals to a person
    for text in ("open r1 r2 r3", "give back", "add r5 0 high", "lay pairs r1 r1"):
        assert rig.refused_move(seat, text).reason is Reason.ILLEGAL_MOVE


WORDS = st.sampled_from(
    ["open", "lay", "add", "give", "back", "pairs", "|", "high", "low", "okey", "=",
     "r5", "k13", "b1", "y7", "fj", "r5=k9", "fj=r3", "0", "1", "-1", "99", "x", ""]
)  # fmt: skip


@pytest.fixture(scope="module")
def dealt() -> Rig:
    """A 101 table at seat 0's turn, after its draw (random moves may change it later)."""
    rig = Rig(config101(timer=0, seed=4))
    started(rig)
    play_people_until(rig, lambda: my_turn_drawn(rig))
    return rig


@settings(max_examples=150, deadline=None)
@given(words=st.lists(WORDS, max_size=30))
def test_any_101_text_is_refused_or_played_never_a_crash(dealt: Rig, words: list[str]) -> None:
    table = dealt.table
    try:
        action = action_from_text(" ".join(words))
    except ValueError:
        return  # the protocol refuses it: bad_message
    for seat in (0, 1):
        try:
            table.handle(seat, Act(action))
        except Refusal as refusal:
            assert refusal.reason is Reason.ILLEGAL_MOVE and refusal.move
        dealt.run()


def test_the_server_autosave_of_a_101_table_restores_it() -> None:
    rig = Rig(config101(timer=30, seed=6))
    started(rig)
    match = rig.table.match
    play_people_until(rig, lambda: len(match.events) > 30 and match.turn == 1)
    data = table_snapshot(rig.table)
    back = table_from_save(data, lambda s, m: None, rig.clock)
    assert back.match.rules == match.rules and back.version == rig.table.version
    for seat in range(4):
        assert back.match.table_view(seat) == match.table_view(seat)
    assert all(bot.game == "101" for bot in back.bots)
    assert [(s.kind, s.name) for s in back.seats] == [(s.kind, s.name) for s in rig.table.seats]
    assert not any(s.connected for s in back.seats)  # everyone rejoins
    # The bots play on as they would have: their random states came back.
    assert [r.getstate() for r in back.bot_rngs] == [r.getstate() for r in rig.table.bot_rngs]


def test_a_refusal_carries_what_the_engines_reason_names() -> None:
    rig = Rig(config101(timer=0, seed=4))
    started(rig)
    play_people_until(rig, lambda: my_turn_drawn(rig))
    view = rig.view101(0)
    found = best_opening(view.hand, view.okey, view.opening)
    assert found is not None and found.melds and not found.reaches
    refusal = rig.refused_move(0, Open(found.melds[:1]))
    assert refusal.move == "below_threshold"
    details = dict((d.name, d.value) for d in refusal.details)
    assert details["threshold"] == view.threshold and 0 < int(details["value"]) < view.threshold
    missing = not_held(view, 1)[0]
    refusal = rig.refused_move(0, f"discard {missing}")
    assert refusal.details == (Detail("tile", missing),)  # a tile in the notation
    wire = Refused(refusal.reason, refusal.move, 3, refusal.details)
    back = read_server(dumps(wire))
    assert back == wire and isinstance(back, Refused)
    assert details_fields(back) == {"tile": parse_tile(missing)}


@pytest.mark.parametrize("language", ["en", "tr"])
def test_the_lobby_names_the_partner_s_seat_as_a_sentence(language: str) -> None:
    # Heard in a browser at a partners table: "a free seat your partner, across".
    from okey.messages import Verbosity, load_catalogue
    from okey.net.seat import lobby_lines
    from okey.rules import load_rules
    from okey.table.output.words import Words
    from okey.table.state.seats import Seats

    catalogue = load_catalogue(language)
    rules = load_rules("partners").table
    kinds = [SeatKind.PERSON, SeatKind.OPEN, SeatKind.OPEN, SeatKind.OPEN]
    lobby = Lobby(
        tuple(SeatInfo(s, kinds[s], "Ayşe" if s == 0 else "", True) for s in range(4)), 0, False
    )
    seats = Seats(rules, 0, ("Ayşe", "", "", ""))
    words = Words(seats, Verbosity.DETAILED, catalogue)
    said = words.say(lobby_lines(lobby, seats, "medium", catalogue)[0])
    partner = catalogue.text("net.lobby.open.partner")
    assert partner in said and catalogue.text("table.where.partner") not in said
    lobby = Lobby(
        (
            lobby.seats[0],
            lobby.seats[1],
            SeatInfo(2, SeatKind.PERSON, "Veli", True),
            lobby.seats[3],
        ),
        0,
        False,
    )
    said = words.say(lobby_lines(lobby, seats, "medium", catalogue)[0])
    assert catalogue.text("net.lobby.person.partner", name="Veli") in said


@pytest.mark.parametrize(("rules", "key"), [("partners", "partners"), ("duel", "duel")])
def test_an_online_match_begins_saying_who_plays_with_or_against_whom(rules: str, key: str) -> None:
    # A local table's welcome says the partner or the rival; online it went unsaid.
    from okey.messages import Verbosity, load_catalogue
    from okey.net.seat import started_line
    from okey.rules import load_rules
    from okey.table.output.words import Words
    from okey.table.state.seats import Seats

    catalogue = load_catalogue("en")
    kinds = [SeatKind.PERSON, SeatKind.BOT, SeatKind.PERSON, SeatKind.BOT]
    names = ("Ayşe", "", "Veli", "")
    lobby = Lobby(tuple(SeatInfo(s, kinds[s], names[s], True) for s in range(4)), 0, True)
    seats = Seats(load_rules(rules).table, 0, ("Ayşe", "Mehmet", "Veli", "Zeynep"))
    said = Words(seats, Verbosity.DETAILED, catalogue).say(started_line(lobby, 0, catalogue, seats))
    assert said.startswith("The match begins")
    assert ("is your partner" if key == "partners" else "in a duel") in said and "Veli" in said


@pytest.mark.parametrize("person", ["Ayşe", "AYSE", "Mehmet", "Emre"])
def test_no_bot_online_shares_a_person_s_name(person: str) -> None:
    # Played in the salon: at Ayşe's table with three bots, one bot was also called Ayşe.
    from okey.messages import load_catalogue
    from okey.net.seat import bot_names, seat_names
    from okey.net.table import plain_name

    catalogue = load_catalogue("en")
    kinds = [SeatKind.PERSON, SeatKind.BOT, SeatKind.BOT, SeatKind.BOT]
    lobby = Lobby(
        tuple(SeatInfo(s, kinds[s], person if s == 0 else "", True) for s in range(4)), 0, True
    )
    names = seat_names(lobby, catalogue)
    assert len({plain_name(name) for name in names}) == 4
    assert plain_name(person) not in {plain_name(n) for n in bot_names(lobby, catalogue).values()}


def test_a_forfeited_seat_s_bot_keeps_the_names_everyone_heard() -> None:
    # Played in the salon: after Deniz walked out, watchers named the bots by the new seat
    # order ("Zeynep deals" where the players heard Mehmet).
    from okey.messages import load_catalogue
    from okey.net.seat import seat_names

    catalogue = load_catalogue("en")

    def lobby(second: SeatKind) -> Lobby:
        infos = (
            SeatInfo(0, SeatKind.PERSON, "Ayşe", True),
            SeatInfo(1, second, "Deniz", second is SeatKind.PERSON),
            SeatInfo(2, SeatKind.BOT, "", True),
            SeatInfo(3, SeatKind.BOT, "", True),
        )
        return Lobby(infos, 0, True)

    before = seat_names(lobby(SeatKind.PERSON), catalogue)
    after = seat_names(lobby(SeatKind.BOT), catalogue)
    assert after == before
    assert after[1] == "Deniz"
