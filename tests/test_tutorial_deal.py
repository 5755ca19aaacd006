"""The tutorial's prepared round: a real deck, legal scripted moves, the lesson's moments."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

from okey.bots.level import wins_with
from okey.bots.scripted import ScriptedBot
from okey.engine.actions import Action, Discard, DrawFromPile, TakeDiscard
from okey.engine.deal import check_deck, deal
from okey.engine.events import RoundWon
from okey.engine.match import Match
from okey.engine.view import PlayerView
from okey.hand.solver import finishes
from okey.hand.tiles import Tile, full_set
from okey.messages import load_catalogue
from okey.review import Summary, review_match
from okey.rules import load_rules
from okey.table.sorting import SectionKind, SortMode, sort_hand
from okey.tutorial import deal as prepared
from okey.tutorial.deal import tutorial_bots, tutorial_deck, tutorial_rules

EN = load_catalogue("en")

YOU = prepared.YOU


def test_the_deck_is_the_106_tiles_and_the_same_every_time() -> None:
    deck = tutorial_deck()
    check_deck(deck)
    assert Counter(deck) == Counter(full_set())
    assert deck == tutorial_deck()


def test_the_deck_deals_the_prepared_round() -> None:
    dealt = deal(tutorial_deck(), prepared.PLAYERS, prepared.DEALER)
    assert dealt.indicator == prepared.INDICATOR
    assert dealt.turned_back == 0
    assert dealt.hands[YOU] == prepared.HAND
    assert dealt.pile[: len(prepared.PILE_TOP)] == prepared.PILE_TOP
    assert [len(hand) for hand in dealt.hands] == [15, 14, 14, 14]
    assert prepared.INDICATOR not in prepared.HAND  # no show offer to explain away


def test_the_rules_are_classic_for_one_round() -> None:
    rules = tutorial_rules(catalogue=EN)
    classic = load_rules("classic")
    assert rules.table.rounds == 1
    assert rules.scoring == classic.scoring
    assert rules.play == classic.play
    assert rules.name == "tutorial"


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
