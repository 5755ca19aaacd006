"""The Masters' Table's Captain Rüstem and Mualla: the hard level, with Sabri's care
while far from finishing (benchmarks/masters.py measures how much harder it made the
table)."""

from __future__ import annotations

import random

from okey.bots.defence import danger
from okey.bots.evaluate import Discards, Hand, Route, hand_need
from okey.bots.hard import HardBot
from okey.bots.medium import MediumBot
from okey.bots.memory import Memory
from okey.engine.actions import Discard
from okey.engine.match import Match
from okey.engine.view import Phase, PlayerView
from okey.rules import load_rules
from okey.story.styles import CAREFUL_SLACK, GUARD_NEED, STYLES, Master, Mualla


def discard_views(seed: int, rounds: int = 2) -> list[PlayerView]:
    """Every view of a discard in a few seeded partners rounds of medium bots."""
    rng = random.Random(seed)
    bots = [MediumBot(random.Random(rng.random())) for _ in range(4)]
    match = Match(load_rules("partners"), random.Random(rng.random()))
    views = []
    for _ in range(rounds):
        match.start_round()
        while not match.round_over and not match.over:
            turn = match.turn
            view = match.view(turn)
            if view.phase is Phase.DISCARD:
                views.append(view)
            match.apply(turn, bots[turn].choose(view))
        if match.over:
            break
    return views


def test_near_finishing_they_throw_as_the_hard_level_far_from_it_never_more_dangerously() -> None:
    guarded = 0
    for view in discard_views(4):
        hard = HardBot(random.Random(0)).pick_discard(view)
        mine = Master(random.Random(0)).pick_discard(view)
        hand = Hand.of(view.hand, view.okey)
        discards = Discards(hand, Route.ANY)
        least = discards.best()[0]
        if least < GUARD_NEED or mine == hard:
            assert mine == hard
            continue
        guarded += 1
        table = Memory.from_view(view)
        face = hand.face_of(mine)
        assert danger(face, table, view.next) < danger(hand.face_of(hard), table, view.next)
        assert discards.need(face) <= least + CAREFUL_SLACK and mine != view.okey
    assert guarded  # the care changed some discards


def test_mualla_sews_pairs_when_they_are_no_further() -> None:
    for view in discard_views(5, rounds=1)[:40]:
        mualla = Mualla(random.Random(0))
        action = mualla.choose(view)
        hand = Hand.of(view.hand, view.okey)
        pairs, runs = hand_need(hand, Route.PAIRS), hand_need(hand, Route.COMBINATIONS)
        if isinstance(action, Discard):
            assert mualla.route is (Route.PAIRS if pairs <= runs else Route.ANY)


def test_the_masters_are_seated_by_their_styles() -> None:
    for who in ("rustem", "mualla"):
        assert isinstance(STYLES[who](random.Random(0)), Master)
