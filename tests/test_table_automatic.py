"""A timed-out or autopilot turn plays as the medium bot would for that seat (issue 16):
from the seat's own view, taking a discard when it helps, never throwing an okey but to
finish; by a seeded bot whose generator a save keeps. The match log writes those moves
(``N auto ...``), a save with them is format 3, and old logs (``N timeout`` alone) still
replay by the game's own rule."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from test_table_rig import make_rig

import okey.saves.codec
from okey.bots.medium import MediumBot
from okey.engine.actions import Action, Discard, DrawFromPile, Finish, TakeDiscard, TimeOut
from okey.engine.match import Match
from okey.engine.record import MoveEntry
from okey.engine.view import Phase, PlayerView
from okey.hand.notation import parse_tile
from okey.hand.solver import kinds_after_discard
from okey.matchlog import log_of, parse_log, replay, writes_automatic
from okey.messages import load_catalogue
from okey.rules import load_rules
from okey.saves import SaveError, decode, encode, read_save
from okey.saves.codec import encode_plain
from okey.saves.data import AUTO_FORMAT, PLAIN_FORMAT, STACKS_FORMAT
from okey.saves.formats import SEALED_FORMAT
from okey.table.controller import Table
from okey.table.state.persist import DiskSaver, session_from_save
from okey.table.state.seat import Step

FIXTURES = Path(__file__).parent / "fixtures" / "v0.1"
# A hand one tile from a finish: red 1-3, blue 4-6, black 7-10, yellow 10-12, and
# yellow 5 to throw; neither the indicator (blue 12) nor the okey (blue 13) is in it.
NEAR = "r1 r2 r3 b4 b5 b6 k7 k8 k9 k10 y10 y11 y12 y5"
LEFT = 3


def _expire(table: Table, clock: list[float]) -> None:
    """The player's words are heard, then the whole turn's time goes by."""
    table.tick()
    clock[0] += 1000.0
    table.tick()


def _watch(table: Table) -> list[tuple[PlayerView, Action]]:
    """Every view the automatic chooser was given, with what it chose."""
    match = table.session.match
    chooser = match.choose_automatic
    assert chooser is not None
    seen: list[tuple[PlayerView, Action]] = []

    def watched(view: PlayerView) -> Action:
        action = chooser(view)
        seen.append((view, action))
        return action

    match.choose_automatic = watched
    return seen


def _wins(view: PlayerView, action: Action) -> bool:
    return isinstance(action, Discard | Finish) and bool(
        kinds_after_discard(list(view.hand), action.tile, view.okey)
    )


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_timed_out_turn_is_the_medium_bots_choice_from_the_seats_view(seed: int) -> None:
    clock = [0.0]
    rig = make_rig(rules="salon", dealer=seed % 4, seed=seed, now=lambda: clock[0])
    table = rig.table
    seen = _watch(table)
    table.begin()
    for _ in range(2000):
        step = table.state.step
        if step is Step.MATCH_OVER or len(seen) >= 40:
            break
        if step is Step.ROUND_OVER:
            table.press("enter")
        elif step is Step.BOT:
            table.play_bot()
        elif step is Step.AUTOPILOT:
            table.play_autopilot()
        else:
            _expire(table, clock)
    assert len(seen) >= 20
    for view, action in seen:
        assert view.seat == 0 and action in view.legal
        assert MediumBot(random.Random(0)).choose(view) == action  # the medium bot's choice
        if isinstance(action, Discard | Finish) and action.tile == view.okey:
            assert _wins(view, action)  # an okey is thrown only to finish
    automatic = [e for e in table.session.match.record if isinstance(e, MoveEntry) and e.automatic]
    assert [e.action for e in automatic] == [action for _, action in seen]


def test_a_drawn_okey_is_kept_when_the_time_runs_out() -> None:
    """The issue's case: the player draws the okey, then the time runs out."""
    clock = [0.0]
    rig = make_rig(
        rules="salon", hands={0: NEAR}, indicator="b12", pile_top="b13", dealer=LEFT, seed=4,
        now=lambda: clock[0],
    )  # fmt: skip
    table = rig.table
    table.begin()
    while table.state.step is Step.BOT:
        table.play_bot()
    table.tick()
    table.press("p")
    okey = parse_tile("b13")
    assert table.state.view is not None and table.state.view.hand.count(okey) == 1
    clock[0] += 1000.0
    table.tick()
    assert table.session.match.view(0).hand.count(okey) == 1  # the okey kept
    assert "table.timeout.you" in rig.keys


class _Feeder:
    """The seat on the player's left: it opens by throwing ``tile``, then plays medium."""

    name = "feeder"

    def __init__(self, tile: str) -> None:
        self.tile = parse_tile(tile)
        self.then = MediumBot(random.Random(1))

    def choose(self, view: PlayerView) -> Action:
        if view.phase is Phase.DISCARD and self.tile in view.hand and not view.opened:
            return Discard(self.tile)
        return self.then.choose(view)


def test_a_timed_out_turn_takes_the_discard_that_finishes_it() -> None:
    clock = [0.0]
    rig = make_rig(
        rules="salon", hands={0: NEAR, LEFT: "y13"}, indicator="b12", dealer=LEFT, seed=5,
        now=lambda: clock[0], bots={LEFT: _Feeder("y13")},
    )  # fmt: skip
    table = rig.table
    table.begin()
    while table.state.step is Step.BOT:
        table.play_bot()
    _expire(table, clock)
    record = table.session.match.record
    automatic = [e.action for e in record if isinstance(e, MoveEntry) and e.automatic]
    assert automatic[0] == TakeDiscard()  # the old rule always drew from the pile
    assert isinstance(automatic[1], Discard | Finish)
    assert table.state.step is Step.ROUND_OVER  # and it finished with it


def _timed_out_salon(tmp_path: Path) -> tuple[Table, DiskSaver]:
    clock = [0.0]
    rig = make_rig(rules="salon", dealer=0, seed=6, now=lambda: clock[0])
    table = rig.table
    saver = DiskSaver(table.session, tmp_path)
    table.saver = saver
    table.begin()
    _expire(table, clock)
    return table, saver


def test_the_log_writes_the_automatic_moves_and_a_save_with_them_is_format_3(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _table, saver = _timed_out_salon(tmp_path)
    data = saver.data()
    lines = data.log.splitlines()
    at = lines.index("0 timeout")
    assert lines[at + 1].startswith("0 auto discard ")  # the dealer's opening, played for it
    assert writes_automatic(data.log) and data.format_version == AUTO_FORMAT
    raw = encode_plain(data)  # unsealed, as okey wrote it before saves were sealed
    assert json.loads(raw)["format"] == 3
    assert decode(raw, "auto.json") == data
    sealed = encode(data)  # as okey writes it now (issue 18): format 4, still newer
    assert json.loads(sealed)["format"] == SEALED_FORMAT
    assert decode(sealed, "auto.json") == data
    monkeypatch.setattr(okey.saves.codec, "NEWEST_FORMAT", STACKS_FORMAT)  # the okey before
    for contents in (raw, sealed):
        with pytest.raises(SaveError) as caught:
            decode(contents, "auto.json")
        assert caught.value.key == "newer"


def test_a_timed_table_with_no_timeout_yet_still_writes_format_1(tmp_path: Path) -> None:
    rig = make_rig(rules="salon", dealer=1, seed=6)
    saver = DiskSaver(rig.table.session, tmp_path)
    rig.table.begin()
    assert saver.data().format_version == PLAIN_FORMAT


def test_the_autopilots_generator_is_saved_and_restored(tmp_path: Path) -> None:
    table, saver = _timed_out_salon(tmp_path)
    session = table.session
    assert session.autopilot_rng is not None
    data = saver.data()
    state = data.bot_rngs[session.you]
    assert state is not None and state.make().getstate() == session.autopilot_rng.getstate()
    path = tmp_path / "game.json"
    path.write_bytes(encode(data))
    resumed = session_from_save(read_save(path, tmp_path), load_catalogue("en"))
    assert resumed.autopilot_rng is not None
    assert resumed.autopilot_rng.getstate() == session.autopilot_rng.getstate()
    assert resumed.match.choose_automatic is not None
    assert resumed.match.record == session.match.record


def test_a_table_without_a_timer_keeps_no_autopilot(tmp_path: Path) -> None:
    rig = make_rig(rules="classic", dealer=0)
    session = rig.table.session
    assert session.autopilot_rng is None and session.match.choose_automatic is None
    assert DiskSaver(session, tmp_path).data().bot_rngs[session.you] is None


def test_an_old_log_with_timeouts_alone_replays_by_the_games_own_rule() -> None:
    data = read_save(FIXTURES / "salon-autopilot.json", FIXTURES)
    assert "0 timeout" in data.log and not writes_automatic(data.log)
    old = replay(parse_log(data.log), data.rules)
    made = [e for e in old.record if isinstance(e, MoveEntry) and e.automatic]
    assert made  # made again, by the game's own rule
    # Written again, the log says them, and replays to the same match without the rule.
    again = log_of(old)
    assert writes_automatic(again)
    assert replay(parse_log(again), data.rules).events == old.events
    assert Match.replay(old.record, data.rules).events == old.events


def test_a_timeout_for_the_opening_dealer_by_the_old_rule_and_the_new() -> None:
    """The two rules differ, so a log must say which moves were made."""
    rules = load_rules("salon")
    old = Match(rules, random.Random(7), first_dealer=0)
    new = Match(rules, random.Random(7), first_dealer=0)
    new.choose_automatic = MediumBot(random.Random(0)).choose
    for match in (old, new):
        match.start_round()
        match.apply(0, TimeOut())
        match.apply(1, DrawFromPile())
    moves = [
        [e.action for e in match.record if isinstance(e, MoveEntry) and e.automatic]
        for match in (old, new)
    ]
    assert moves[0] != moves[1]
    assert replay(parse_log(log_of(new)), rules).record == new.record
