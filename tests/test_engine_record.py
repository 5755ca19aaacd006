"""The match record: what the match applied, in order, and replayed to the same match."""

from __future__ import annotations

import random

import pytest
from engine_support import arranged, plain_turn, played_match, tile
from hypothesis import given, settings
from hypothesis import strategies as st

from okey.engine import (
    Action,
    DealEntry,
    Discard,
    DrawFromPile,
    IllegalMoveError,
    Match,
    MoveEntry,
    MoveError,
    PlayerView,
    RecordError,
    TimeOut,
)
from okey.engine.errors import RecordProblem
from okey.engine.events import Discarded, Drew, TimedOut
from okey.engine.traditional import Dice
from okey.rules import CLASSIC, load_rules

SALON = load_rules("salon")


@settings(max_examples=15)
@given(
    seed=st.integers(0, 10_000),
    rules=st.sampled_from(["classic", "salon", "partners", "two-player", "traditional"]),
    rounds=st.integers(1, 3),
)
def test_a_record_replays_to_the_same_match(seed: int, rules: str, rounds: int) -> None:
    match = played_match(rules, seed, rounds, timeouts=load_rules(rules).play.timer_seconds > 0)
    again = Match.replay(match.record, match.rules)
    assert again.record == match.record
    assert again.events == match.events
    assert (again.scores, again.over, again.standings) == (
        match.scores,
        match.over,
        match.standings,
    )
    assert again.first_dealer == match.first_dealer
    for seat in range(match.players):
        assert again.view(seat) == match.view(seat)


def test_the_record_holds_the_deals_and_every_move_in_order() -> None:
    rules = load_rules("traditional")
    match = Match(rules, random.Random(3), first_dealer=1)
    match.start_round()
    deal = match.record[0]
    assert isinstance(deal, DealEntry)
    assert (deal.number, deal.dealer) == (1, 1) and isinstance(deal.dice, Dice)
    assert len(deal.deck) == 106
    seat = match.turn
    move = match.view(seat).legal[0]
    match.apply(seat, move)
    assert match.record[1:] == (MoveEntry(seat, move),)
    entries = [entry for entry, _ in match.played()]
    assert entries == list(match.record)
    assert [len(events) for _, events in match.played()] == [7, 1]  # deal, dice, ...; discard


def test_a_timeout_is_recorded_as_fed_and_the_moves_made_follow_it() -> None:
    match = Match(SALON, random.Random(3), first_dealer=0)
    match.start_round()
    thrown = match.apply(0, TimeOut())[-1]  # the dealer's time runs out: a discard for it
    assert isinstance(thrown, Discarded)
    plain_turn(match, 1)
    match.apply(2, TimeOut())
    automatic = [e for e in match.record if isinstance(e, MoveEntry) and e.automatic]
    assert [e.seat for e in automatic] == [0, 2, 2]
    assert automatic[0].action == Discard(thrown.tile)
    assert automatic[1].action == DrawFromPile()
    timeouts = [e for e in match.record if isinstance(e, MoveEntry) and e.action == TimeOut()]
    assert [e.seat for e in timeouts] == [0, 2] and not any(e.automatic for e in timeouts)
    (drew,) = [ev for e, evs in match.played() if e is automatic[1] for ev in evs]
    assert isinstance(drew, Drew) and drew.seat == 2
    assert [type(ev) for e, evs in match.played() if e is timeouts[1] for ev in evs] == [TimedOut]


def test_a_front_end_may_choose_the_automatic_moves_and_the_record_keeps_them() -> None:
    """Issue 16 will let the table choose a timed-out seat's move; the record's shape
    stays, and its replay plays the moves it holds, whoever chose them."""
    match = Match(SALON, random.Random(5), first_dealer=0)
    chosen: list[Action] = []

    def last_legal(view: PlayerView) -> Action:
        move = [m for m in view.legal if isinstance(m, Discard | DrawFromPile)][-1]
        chosen.append(move)
        return move

    match.choose_automatic = last_legal
    match.start_round()
    match.apply(0, TimeOut())
    plain_turn(match, 1)
    match.apply(2, TimeOut())
    made = [e.action for e in match.record if isinstance(e, MoveEntry) and e.automatic]
    assert made == chosen and len(made) == 3
    again = Match.replay(match.record, SALON)  # the game's own choice would differ
    assert again.record == match.record and again.events == match.events
    assert again.view(3) == match.view(3)


def test_a_timeout_without_its_automatic_moves_gets_the_games_own() -> None:
    match = Match(SALON, random.Random(3), first_dealer=0)
    match.start_round()
    match.apply(0, TimeOut())
    plain_turn(match, 1)
    match.apply(2, TimeOut())
    as_logged = [e for e in match.record if not (isinstance(e, MoveEntry) and e.automatic)]
    again = Match.replay(as_logged, SALON)
    assert again.record == match.record and again.events == match.events


def test_while_automatic_moves_are_owed_nothing_else_is_played() -> None:
    match = Match(SALON, random.Random(3), first_dealer=0)
    match.start_round()
    match.play(MoveEntry(0, TimeOut()))
    assert match.owed == 0
    with pytest.raises(IllegalMoveError) as caught:
        match.apply(1, DrawFromPile())
    assert caught.value.reason is MoveError.TIME_OUT_OWED and caught.value.seat == 0
    with pytest.raises(RecordError) as record_error:
        match.play(MoveEntry(1, DrawFromPile(), automatic=True))
    assert record_error.value.reason is RecordProblem.NOT_OWED
    events = match.complete_time_out()
    assert match.owed is None and events and match.turn == 1


@pytest.mark.parametrize(
    ("entry", "problem", "fields"),
    [
        (MoveEntry(0, DrawFromPile()), RecordProblem.NO_ROUND, {}),
        (DealEntry(2, 0, ()), RecordProblem.ROUND_NUMBER, {"expected": 1, "found": 2}),
        (DealEntry(1, 7, ()), RecordProblem.SEAT, {"seat": 7}),
        (DealEntry(1, 0, (), Dice(1, 1)), RecordProblem.DICE_UNEXPECTED, {}),
        (MoveEntry(0, Discard(tile("r1")), automatic=True), RecordProblem.NO_ROUND, {}),
    ],
)
def test_an_entry_that_cannot_come_next_is_refused_with_its_reason(
    entry: DealEntry | MoveEntry, problem: RecordProblem, fields: dict[str, int]
) -> None:
    match = Match(CLASSIC, random.Random(1), first_dealer=0)
    with pytest.raises(RecordError) as caught:
        match.play(entry)
    assert caught.value.reason is problem and caught.value.fields == fields
    assert match.record == () and match.events == []


def test_a_deal_must_follow_the_match_so_far() -> None:
    match = arranged({0: "r1"})
    dealt = match.record[0]
    assert isinstance(dealt, DealEntry)
    deck = dealt.deck
    with pytest.raises(RecordError) as caught:
        match.play(DealEntry(2, 1, deck))
    assert caught.value.reason is RecordProblem.ROUND_IN_PLAY
    traditional = Match(load_rules("traditional"), random.Random(1), first_dealer=0)
    with pytest.raises(RecordError) as caught:
        traditional.play(DealEntry(1, 0, deck))
    assert caught.value.reason is RecordProblem.DICE_MISSING
    with pytest.raises(RecordError) as caught:
        match.play(MoveEntry(5, DrawFromPile()))
    assert caught.value.reason is RecordProblem.SEAT
    with pytest.raises(IllegalMoveError) as illegal:
        match.play(MoveEntry(1, DrawFromPile()))
    assert illegal.value.reason is MoveError.NOT_YOUR_TURN


def test_the_first_deal_names_the_first_dealer() -> None:
    live = Match(CLASSIC, random.Random(9))
    live.start_round()
    again = Match.replay(live.record, CLASSIC, first_dealer=0)
    assert again.first_dealer == live.first_dealer and again.round.dealer == live.round.dealer
    assert Match.replay((), CLASSIC, first_dealer=2).first_dealer == 2
