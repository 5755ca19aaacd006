"""The deal: sizes, the pile, the indicator, rotation of the dealer."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from engine_support import FULL, accounted, run_down, tile
from hypothesis import given
from hypothesis import strategies as st

from okey.engine import Match, Phase
from okey.engine.deal import arrange_deck, check_deck, deal, shuffled_deck
from okey.engine.errors import DeckError
from okey.engine.events import Dealt, IndicatorTurned, RoundStarted
from okey.rules import CLASSIC, load_rules
from okey.tiles import FALSE_JOKER, full_set, okey_for


@pytest.mark.parametrize(("players", "pile"), [(4, 48), (3, 62), (2, 76)])
def test_deal_sizes_and_pile(players: int, pile: int) -> None:
    for dealer in range(players):
        dealt = deal(shuffled_deck(random.Random(dealer)), players, dealer)
        assert [len(h) for h in dealt.hands] == [15 if s == dealer else 14 for s in range(players)]
        assert len(dealt.pile) == pile


def test_classic_round_starts_with_48_in_the_pile_and_the_dealer_to_discard() -> None:
    match = Match(CLASSIC, random.Random(5), first_dealer=1)
    events = match.start_round()
    assert isinstance(events[0], RoundStarted) and events[0].dealer == 1
    assert isinstance(events[1], IndicatorTurned) and events[1].pile_count == 48
    assert [e.seat for e in events if isinstance(e, Dealt)] == [1, 2, 3, 0]
    view = match.view(1)
    assert view.pile_count == 48 and view.hand_sizes == (14, 15, 14, 14)
    assert view.phase is Phase.DISCARD and view.turn == 1
    assert view.okey == okey_for(view.indicator)
    assert accounted(match) == FULL


def test_two_player_table_deals_15_and_14() -> None:
    match = Match(load_rules("two-player"), random.Random(2), first_dealer=0)
    match.start_round()
    assert match.view(0).hand_sizes == (15, 14)
    assert match.view(0).pile_count == 76


def test_a_false_joker_is_turned_back() -> None:
    deck = list(shuffled_deck(random.Random(1)))
    deck.remove(FALSE_JOKER)
    deck.remove(FALSE_JOKER)
    deck = [FALSE_JOKER, FALSE_JOKER, *deck]
    dealt = deal(deck, 4, 0)
    assert dealt.indicator == deck[2]
    assert dealt.turned_back == 2
    every = [t for hand in dealt.hands for t in hand] + list(dealt.pile) + [dealt.indicator]
    assert Counter(every) == Counter(full_set())


@given(st.randoms(use_true_random=False))
def test_the_indicator_is_never_a_false_joker(rng: random.Random) -> None:
    deck = shuffled_deck(rng)
    dealt = deal(deck, 4, rng.randrange(4))
    assert not dealt.indicator.is_false_joker


def test_decks_are_checked() -> None:
    with pytest.raises(DeckError):
        check_deck(full_set()[:-1])
    with pytest.raises(DeckError):
        check_deck([*full_set()[:-1], tile("r1")])


def test_arrange_deck_deals_the_given_tiles() -> None:
    hands = {2: [tile("r1"), tile("r2")], 0: [tile("k13")]}
    deck = arrange_deck(4, 2, tile("b7"), hands, [tile("y9"), tile("y10")])
    dealt = deal(deck, 4, 2)
    assert dealt.indicator == tile("b7")
    assert dealt.hands[2][:2] == (tile("r1"), tile("r2"))
    assert dealt.hands[0][0] == tile("k13")
    assert dealt.pile[:2] == (tile("y9"), tile("y10"))
    with pytest.raises(DeckError):
        arrange_deck(4, 0, tile("b7"), {0: [tile("b7"), tile("b7")]})
    with pytest.raises(DeckError):
        arrange_deck(4, 0, FALSE_JOKER, {})


def test_the_dealer_rotates_each_round() -> None:
    rules = load_rules("three-rounds")
    match = Match(rules, random.Random(3), first_dealer=2)
    dealers = []
    for _ in range(3):
        match.start_round()
        dealers.append(match.round.dealer)
        seat = match.turn
        match.apply(seat, match.legal(seat)[0])  # the dealer opens
        run_down(match)  # the pile runs out: the round is drawn
    assert dealers == [2, 3, 0]
    assert match.over


def test_the_first_dealer_comes_from_the_injected_random() -> None:
    firsts = {Match(CLASSIC, random.Random(seed)).first_dealer for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    assert (
        Match(CLASSIC, random.Random(7)).first_dealer
        == Match(CLASSIC, random.Random(7)).first_dealer
    )
