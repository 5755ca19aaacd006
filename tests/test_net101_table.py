"""One Okey 101 table without sockets: versions, the game's bots, the clock, the autopilot,
hostile moves refused with the engine's reason, and the server's autosave restored."""

from __future__ import annotations

import random
from collections import defaultdict

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_net_support import config101
from test_net_table import Clock

from okey.bots import available_levels
from okey.engine.actions import Action, Discard, Resume
from okey.engine.events import AutopilotChanged, Drew, TimedOut
from okey.engine.match import Match
from okey.engine.view import Phase
from okey.games.okey101.actions import Open
from okey.games.okey101.events import RoundScored101
from okey.games.okey101.levels import LEVELS_101, Level101, make_bot101
from okey.games.okey101.notation import parse_meld
from okey.games.okey101.view import View101
from okey.hand.finishing import Opened
from okey.hand.notation import format_tile, parse_tile
from okey.hand.opening import best_opening
from okey.net.autopilot import Autopilot, TableBot
from okey.net.persist import table_from_save, table_snapshot
from okey.net.protocol import (
    OLDEST,
    PROTOCOL,
    Act,
    Detail,
    Hello,
    Reason,
    Refused,
    Seated,
    ServerMessage,
    Start,
    Update,
    dumps,
    read_server,
)
from okey.net.seat import details_fields
from okey.net.table import NetTable, Refusal, TableConfig, online_rules
from okey.rules import load_rules
from okey.tiles import Tile, is_okey
from okey.wire.notation import action_from_text

CODE = "TEST-CODE"


class Rig:
    """A 101 table with a fake clock, keeping what each seat was sent."""

    def __init__(self, config: TableConfig | None = None) -> None:
        self.clock = Clock()
        self.sent: dict[int, list[ServerMessage]] = defaultdict(list)
        self.table = NetTable(config or config101(), self._send, self.clock)
        self.turns = 0
        self.table.on_turn = self._turn

    def _send(self, seat: int, message: ServerMessage) -> None:
        self.sent[seat].append(message)

    def _turn(self) -> None:
        self.turns += 1

    def join(self, name: str, protocol: int = PROTOCOL) -> int:
        return self.table.hello(Hello(protocol, CODE, name), lambda seat: None)

    def run(self, most: int = 10_000) -> float | None:
        """Advance while something is due now; what advance said last."""
        wait: float | None = None
        for _ in range(most):
            wait = self.table.advance()
            if wait != 0.0:
                break
        return wait

    def refused(self, seat: int, action: Action | str) -> Refusal:
        move = action_from_text(action) if isinstance(action, str) else action
        with pytest.raises(Refusal) as caught:
            self.table.handle(seat, Act(move))
        return caught.value

    def view(self, seat: int) -> View101:
        view = self.table.match.table_view(seat)
        assert isinstance(view, View101)
        return view


def started(rig: Rig, people: int = 2) -> None:
    for n in range(people):
        rig.join(f"P{n}")
    rig.table.handle(0, Start())
    rig.run()


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
        table.handle(seat, Act(bots[seat].choose(rig.view(seat))))
    raise AssertionError("never")


# -- versions and bots -------------------------------------------------------------------


def test_a_101_table_seats_clients_of_version_2_only_and_answers_in_their_version() -> None:
    rig = Rig()
    with pytest.raises(Refusal) as caught:
        rig.join("Eski", protocol=OLDEST)
    assert caught.value.reason is Reason.PROTOCOL and not rig.sent
    assert rig.join("Ayşe") == 0
    seated = rig.sent[0][0]
    assert isinstance(seated, Seated) and seated.protocol == PROTOCOL
    assert seated.ruleset is not None and seated.ruleset.okey101 is not None
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
    rig = Rig()
    started(rig, 1)
    with pytest.raises(TypeError):  # an Okey bot is never given a View101
        TableBot("medium", random.Random(1), load_rules("classic")).choose(rig.view(0))


def test_every_seat_is_sent_its_own_view101_after_the_deal() -> None:
    rig = Rig()
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
            table.handle(1, Act(bot.choose(rig.view(1))))
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
            table.handle(1, Act(bot.choose(rig.view(1))))
    events = table.match.events
    assert any(isinstance(e, RoundScored101) for e in events)
    assert rig.turns > 20  # the autosave was asked for after every turn, and the round end
    slips = [r for r in caplog.records if "refused" in r.getMessage()]
    assert len(slips) > 5 and all(r.name == "okey.net" for r in slips)


class OkeyThrower:
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
        self.thrower = OkeyThrower(seed)

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
    view = rig.view(0)
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
        refusal = rig.refused(0, text)
        assert (refusal.reason, refusal.move) == (Reason.ILLEGAL_MOVE, reason), text
        assert rig.refused(1, text).move == "not_your_turn"
    assert table.version == version  # nothing happened
    assert not table.closed and table.match.turn == 0


def test_an_opened_seat_adding_to_no_combination_is_refused() -> None:
    rig = Rig(config101(timer=0, seed=4))
    started(rig)
    match = rig.table.match

    def opened_and_drawn() -> bool:
        view = rig.view(match.turn)
        return (
            match.turn in (0, 1)
            and view.phase is Phase.DISCARD
            and view.my_opening is not Opened.NOT_YET
            and not view.opened_this_turn
            and len(view.hand) > 2
        )

    play_people_until(rig, opened_and_drawn)
    seat = match.turn
    view = rig.view(seat)
    tile = held(view)[0]
    for text in (
        f"add {tile} -1 high",
        f"add {tile} {len(view.melds)} low",
        f"add {tile} 99999999999999999999 high",
        f"add {tile} 0 okey 9999",
    ):
        refusal = rig.refused(seat, text)
        assert refusal.reason is Reason.ILLEGAL_MOVE and refusal.move in ("no_fit", "no_okey_swap")


def test_101_moves_at_a_classic_table_are_refused() -> None:
    config = TableConfig(online_rules(load_rules("one-round"), 0), CODE, "random", seed=1)
    rig = Rig(config)
    started(rig)
    seat = rig.table.match.turn
    if seat not in (0, 1):
        pytest.skip("a bot's turn")  # pragma: no cover - seed 1 deals to a person
    for text in ("open r1 r2 r3", "give back", "add r5 0 high", "lay pairs r1 r1"):
        assert rig.refused(seat, text).reason is Reason.ILLEGAL_MOVE


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
    view = rig.view(0)
    found = best_opening(view.hand, view.okey, view.opening)
    assert found is not None and found.melds and not found.reaches
    refusal = rig.refused(0, Open(found.melds[:1]))
    assert refusal.move == "below_threshold"
    details = dict((d.name, d.value) for d in refusal.details)
    assert details["threshold"] == view.threshold and 0 < int(details["value"]) < view.threshold
    missing = not_held(view, 1)[0]
    refusal = rig.refused(0, f"discard {missing}")
    assert refusal.details == (Detail("tile", missing),)  # a tile in the notation
    wire = Refused(refusal.reason, refusal.move, 3, refusal.details)
    back = read_server(dumps(wire))
    assert back == wire and isinstance(back, Refused)
    assert details_fields(back) == {"tile": parse_tile(missing)}
