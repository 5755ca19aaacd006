"""The lessons' prepared rounds (``okey tutorial``, ``okey tutorial 101``): a real deck,
legal scripted moves, the lesson's moments."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import replace
from types import ModuleType

import pytest

from okey import kits
from okey.bots.level import wins_with
from okey.bots.scripted import ScriptedBot
from okey.engine.actions import Action, Discard, DrawFromPile, TakeDiscard
from okey.engine.deal import check_deck, deal
from okey.engine.events import RoundWon
from okey.engine.match import Match
from okey.engine.view import PlayerView
from okey.games.okey import tutorial_deal as prepared
from okey.games.okey.tutorial_deal import tutorial_bots, tutorial_deck, tutorial_rules
from okey.games.okey101 import tutorial_deal as prepared101
from okey.games.okey101.actions import Add, Lay, Open
from okey.games.okey101.events import Opened101, Penalised101, PenaltyReason, RoundScored101
from okey.games.okey101.sections import rules_101
from okey.games.okey101.view import View101
from okey.hand.finishing import finish_plan
from okey.hand.opening import best_opening
from okey.hand.solver import finishes
from okey.messages import load_catalogue
from okey.review import Summary, review_match
from okey.rules import load_rules, rules_mapping
from okey.table.state.sorting import SectionKind, SortMode, sort_hand
from okey.tiles import Tile, full_set
from okey.tutorial.kit import tutorial_part

EN = load_catalogue("en")

YOU = prepared.YOU
GAMES = kits.game_names()
SHIPPED = {"okey": "classic", "101": "101"}  # the rule set each lesson plays for one round
DEALT = {"okey": [15, 14, 14, 14], "101": [22, 21, 21, 21]}
HOLDS_OKEY = {"okey": True, "101": False}  # 101's okey (yellow 13) is nobody's business
RULES_NAME = {"okey": "tutorial", "101": "101 tutorial"}


@pytest.mark.parametrize("game", GAMES)
def test_each_game_has_a_lesson_on_its_own_prepared_round(game: str) -> None:
    assert tutorial_part(game).prepared is {"okey": prepared, "101": prepared101}[game]
    assert tutorial_part(game).prepared.tutorial_rules(EN).game == game


@pytest.mark.parametrize("game", GAMES)
def test_the_deck_is_the_106_tiles_and_the_same_every_time(game: str) -> None:
    tutorial_deck = tutorial_part(game).prepared.tutorial_deck
    deck = tutorial_deck()
    check_deck(deck)
    assert Counter(deck) == Counter(full_set())
    assert deck == tutorial_deck()


@pytest.mark.parametrize(("game", "round_"), [("okey", prepared), ("101", prepared101)])
def test_the_deck_deals_the_prepared_round(game: str, round_: ModuleType) -> None:
    dealt = deal(round_.tutorial_deck(), round_.PLAYERS, round_.DEALER, DEALT[game][1])
    assert dealt.indicator == round_.INDICATOR
    assert dealt.turned_back == 0
    assert dealt.hands[YOU] == round_.HAND
    assert dealt.pile[: len(round_.PILE_TOP)] == round_.PILE_TOP
    assert [len(hand) for hand in dealt.hands] == DEALT[game]
    assert round_.INDICATOR not in round_.HAND  # no show offer
    assert (round_.OKEY in round_.HAND) is HOLDS_OKEY[game]


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_are_the_games_own_for_one_round(game: str) -> None:
    rules = tutorial_part(game).prepared.tutorial_rules(EN)
    shipped = load_rules(SHIPPED[game])
    assert rules.table.rounds == 1
    assert rules.scoring == shipped.scoring
    assert rules.play == shipped.play
    assert rules.name == RULES_NAME[game]
    own, shipped_own = rules_mapping(rules), rules_mapping(shipped)
    assert own["table"] == {**shipped_own["table"], "rounds": 1}  # 101's own table too
    assert (own["game"], own["scoring"], own["play"]) == (
        shipped_own["game"],
        shipped_own["scoring"],
        shipped_own["play"],
    )


def test_the_101_rules_keep_their_own_sections() -> None:
    rules = prepared101.tutorial_rules(EN)
    assert rules.game_sections is not None
    assert rules.table.rounds == 1
    assert rules_101(rules).table.rounds == 1


def the_lessons_moves() -> list[Action]:
    """Your five decisions as the lesson asks them."""
    return [
        Discard(prepared.OPENING),
        TakeDiscard(),
        Discard(prepared.SPARE),
        DrawFromPile(),
        Discard(prepared.FINISH),
    ]


def played_round() -> Match:
    """The prepared round played to its end: your moves as the lesson asks, the bots'."""
    match = Match(tutorial_rules(catalogue=EN), random.Random(0), first_dealer=prepared.DEALER)
    match.start_round(tutorial_deck())
    bots = tutorial_bots()
    mine = the_lessons_moves()
    while not match.round_over:
        seat = match.turn
        move = mine.pop(0) if seat == YOU else bots[seat].choose(match.view(seat))
        match.apply(seat, move)
    return match


def test_the_master_makes_every_decision_the_lesson_asks_for() -> None:
    """The review (J) after the hand must not contradict the lesson."""
    (review,) = review_match(played_round(), YOU)
    assert [d.played for d in review.decisions] == the_lessons_moves()
    assert [d.master for d in review.decisions] == the_lessons_moves()
    assert all(d.agreed for d in review.decisions)
    assert review.summary == Summary(decisions=5, agreements=5, automatic=0)


def test_the_lesson_plays_through_the_engine_with_legal_moves_only() -> None:
    """Your moves as the lesson asks them, the bots' as scripted: all checked by the engine."""
    match = Match(tutorial_rules(catalogue=EN), random.Random(0), first_dealer=prepared.DEALER)
    match.start_round(tutorial_deck())
    bots = tutorial_bots()
    mine = the_lessons_moves()
    while not match.round_over:
        seat = match.turn
        view = match.view(seat)
        move = mine.pop(0) if seat == YOU else bots[seat].choose(view)
        assert move in view.legal, (seat, move)
        match.apply(seat, move)  # checked: an illegal move raises
    assert mine == []
    for bot in bots.values():
        assert isinstance(bot, ScriptedBot)
        assert bot.off_script == 0
        assert not bot.moves
    won = [event for event in match.events if isinstance(event, RoundWon)]
    assert [(event.seat, event.tile) for event in won] == [(YOU, prepared.FINISH)]
    assert match.over
    assert match.scores == (20, 18, 18, 18)


def test_the_hand_meets_each_moment_of_the_lesson() -> None:
    okey = prepared.OKEY
    rules = tutorial_rules(catalogue=EN)
    match = Match(rules, random.Random(0), first_dealer=prepared.DEALER)
    match.start_round(tutorial_deck())
    hand = list(prepared.HAND)
    assert finishes(hand, okey, rules.scoring) == []  # no finish at the deal
    smart = sort_hand(hand, okey, SortMode.SMART)
    spares = smart.sections[-1]
    assert spares.kind is SectionKind.SPARES
    assert smart.tiles[spares.start + 1] == prepared.OPENING  # Down to the spares, then Right
    assert [s.kind for s in smart.sections].count(SectionKind.RUN) == 2
    hand.remove(prepared.OPENING)
    view = match.view(YOU)
    assert not wins_with(replace_hand(view, hand), prepared.TAKEN)  # taking does not finish
    hand.append(prepared.TAKEN)
    assert finishes(hand, okey, rules.scoring) == []
    assert sort_hand(hand, okey, SortMode.SMART).tiles[-1] == prepared.SPARE
    hand.remove(prepared.SPARE)
    assert not wins_with(replace_hand(view, hand), prepared.PASSED)  # Ayşe's second is no use
    hand.append(prepared.DRAWN)
    found = finishes(hand, okey, rules.scoring)
    assert {f.discard for f in found} == {prepared.FINISH}  # only the spare finishes
    assert found[0].points == 2


def replace_hand(view: PlayerView, hand: list[Tile]) -> PlayerView:
    return replace(view, hand=tuple(hand))


# -- Okey 101's lesson -----------------------------------------------------------


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
    rules = prepared101.tutorial_rules(EN)
    match = Match(rules, random.Random(0), first_dealer=prepared101.DEALER)
    match.start_round(prepared101.tutorial_deck())
    bots = prepared101.tutorial_bots()
    view = _view(match, YOU)
    opening = best_opening(view.hand, view.okey, view.opening)
    assert opening is not None and opening.reaches
    assert opening.value == prepared101.OPENING_VALUE
    match.apply(YOU, Open(opening.melds))
    assert _view(match, YOU).discard_cost(prepared101.SPARE) is None
    match.apply(YOU, Discard(prepared101.SPARE))
    heard = _others(match, bots)
    assert any(isinstance(e, Opened101) and e.seat == prepared101.ACROSS for e in heard)
    assert not any(isinstance(e, Penalised101) for e in heard)
    assert _view(match, YOU).available_discard == prepared101.TAKEN
    match.apply(YOU, TakeDiscard())
    view = _view(match, YOU)
    laying = best_opening(view.hand, view.okey, view.opening, must_use=view.must_use)
    assert laying is not None
    assert sorted(t for m in laying.melds for t in m.tiles) == sorted(
        [prepared101.TAKEN, *prepared101.WANTED]
    )
    match.apply(YOU, Lay(laying.melds))
    view = _view(match, YOU)
    adds = [a for a in view.legal if isinstance(a, Add) and a.addition.tile == prepared101.ADDED]
    assert len(adds) == 1
    owner = view.melds[adds[0].addition.meld].owner
    assert owner == prepared101.ACROSS
    match.apply(YOU, adds[0])
    view = _view(match, YOU)
    assert view.discard_cost(prepared101.COSTLY) is PenaltyReason.PLAYABLE_DISCARD
    assert view.discard_cost(prepared101.LAST) is None
    assert sorted(view.hand) == sorted([prepared101.COSTLY, prepared101.LAST])
    plan = finish_plan(view.hand, view.table, view.okey, view.opening, view.my_opening)
    assert plan is not None and plan.discard == prepared101.LAST
    assert [a.tile for a in plan.additions] == [prepared101.COSTLY]
    events: list[object] = []
    for addition in plan.additions:
        events += match.apply(YOU, Add(addition))
    events += match.apply(YOU, Discard(plan.discard))
    scored = [e for e in events if isinstance(e, RoundScored101)]
    assert scored and scored[0].finisher == YOU
    assert scored[0].points[YOU] == -rules.game_sections.scoring.finish_bonus  # type: ignore[union-attr]
    assert all(bot.off_script == 0 for bot in bots.values())  # type: ignore[attr-defined]
