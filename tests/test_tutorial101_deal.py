"""The 101 lesson's prepared round: a real deck, legal scripted moves, the lesson's moments."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping

from okey.engine.actions import Action, Discard, TakeDiscard
from okey.engine.deal import check_deck, deal
from okey.engine.match import Match
from okey.games.okey101.actions import Add, Lay, Open
from okey.games.okey101.events import Opened101, Penalised101, PenaltyReason, RoundScored101
from okey.games.okey101.view import View101
from okey.hand.finishing import finish_plan
from okey.hand.opening import best_opening
from okey.hand.tiles import full_set
from okey.messages import load_catalogue
from okey.tutorial import deal101 as prepared

EN = load_catalogue("en")
YOU = prepared.YOU


def test_the_deck_is_the_106_tiles_and_the_same_every_time() -> None:
    deck = prepared.tutorial_deck()
    check_deck(deck)
    assert Counter(deck) == Counter(full_set())
    assert deck == prepared.tutorial_deck()


def test_the_deck_deals_the_prepared_round() -> None:
    dealt = deal(prepared.tutorial_deck(), prepared.PLAYERS, prepared.DEALER, 21)
    assert dealt.indicator == prepared.INDICATOR
    assert dealt.hands[YOU] == prepared.HAND
    assert [len(hand) for hand in dealt.hands] == [22, 21, 21, 21]
    assert dealt.pile[: len(prepared.PILE_TOP)] == prepared.PILE_TOP
    assert prepared.OKEY not in prepared.HAND


def test_the_rules_are_101_for_one_round() -> None:
    rules = prepared.tutorial_rules(EN)
    assert rules.okey101 is not None
    assert rules.table.rounds == 1
    assert rules.okey101.table.rounds == 1


def _view(match: Match, seat: int) -> View101:
    view = match.table_view(seat)
    assert isinstance(view, View101)
    return view


def _others(match: Match, bots: Mapping[int, object]) -> list[object]:
    events: list[object] = []
    while match.turn != YOU and not match.round_over:
        seat = match.turn
        bot = bots[seat]
        action: Action = bot.choose(_view(match, seat))  # type: ignore[attr-defined]
        events += match.apply(seat, action)
    return events


def test_the_lesson_plays_out_as_it_says() -> None:
    """Every move the lesson asks for is legal and does what the lesson says; the bots
    never leave their script; you finish and the scores are as the lesson tells them."""
    rules = prepared.tutorial_rules(EN)
    match = Match(rules, random.Random(0), first_dealer=prepared.DEALER)
    match.start_round(prepared.tutorial_deck())
    bots = prepared.tutorial_bots()
    view = _view(match, YOU)
    opening = best_opening(view.hand, view.okey, view.opening)
    assert opening is not None and opening.reaches
    assert opening.value == prepared.OPENING_VALUE
    match.apply(YOU, Open(opening.melds))
    assert _view(match, YOU).discard_cost(prepared.SPARE) is None
    match.apply(YOU, Discard(prepared.SPARE))
    heard = _others(match, bots)
    assert any(isinstance(e, Opened101) and e.seat == prepared.ACROSS for e in heard)
    assert not any(isinstance(e, Penalised101) for e in heard)
    assert _view(match, YOU).available_discard == prepared.TAKEN
    match.apply(YOU, TakeDiscard())
    view = _view(match, YOU)
    laying = best_opening(view.hand, view.okey, view.opening, must_use=view.must_use)
    assert laying is not None
    assert sorted(t for m in laying.melds for t in m.tiles) == sorted(
        [prepared.TAKEN, *prepared.WANTED]
    )
    match.apply(YOU, Lay(laying.melds))
    view = _view(match, YOU)
    adds = [a for a in view.legal if isinstance(a, Add) and a.addition.tile == prepared.ADDED]
    assert len(adds) == 1
    owner = view.melds[adds[0].addition.meld].owner
    assert owner == prepared.ACROSS
    match.apply(YOU, adds[0])
    view = _view(match, YOU)
    assert view.discard_cost(prepared.COSTLY) is PenaltyReason.PLAYABLE_DISCARD
    assert view.discard_cost(prepared.LAST) is None
    assert sorted(view.hand) == sorted([prepared.COSTLY, prepared.LAST])
    plan = finish_plan(view.hand, view.table, view.okey, view.opening, view.my_opening)
    assert plan is not None and plan.discard == prepared.LAST
    assert [a.tile for a in plan.additions] == [prepared.COSTLY]
    events: list[object] = []
    for addition in plan.additions:
        events += match.apply(YOU, Add(addition))
    events += match.apply(YOU, Discard(plan.discard))
    scored = [e for e in events if isinstance(e, RoundScored101)]
    assert scored and scored[0].finisher == YOU
    assert scored[0].points[YOU] == -rules.okey101.scoring.finish_bonus  # type: ignore[union-attr]
    assert all(bot.off_script == 0 for bot in bots.values())  # type: ignore[attr-defined]
