"""The traditional deal (seed 004): stacks of five, two die throws, stacks handed out in order."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest
from engine_support import FULL, accounted, play_random
from hypothesis import given
from hypothesis import strategies as st

from okey.engine import Match, Phase
from okey.engine.deal import DEALER_TILES, HAND_TILES, shuffled_deck
from okey.engine.errors import DeckError, DeckProblem
from okey.engine.events import Dealt, DiceThrown, IndicatorTurned, RoundStarted
from okey.engine.traditional import (
    STACK_TILES,
    STACKS,
    Dice,
    deal_from_stacks,
    handout,
    passed_over,
    throw_dice,
    thrower_of,
)
from okey.rules import CLASSIC, RuleSet, load_rules
from okey.tiles import FALSE_JOKER, Tile, full_set

TRADITIONAL = load_rules("traditional")


def ordered_deck() -> list[Tile]:
    """Every face once, then every face again, then the two false jokers (the spare
    and the top of stack 21): a deck where each place's tile is easy to name."""
    faces = [tile for tile in full_set() if not tile.is_false_joker][::2]
    return faces + faces + [FALSE_JOKER, FALSE_JOKER]


def stack(deck: list[Tile], number: int) -> list[Tile]:
    """Stack ``number`` (1..21) as built, bottom first."""
    return deck[(number - 1) * STACK_TILES : number * STACK_TILES]


def top_first(deck: list[Tile], number: int) -> list[Tile]:
    return stack(deck, number)[::-1]


def at(players: int) -> RuleSet:
    return replace(TRADITIONAL, table=replace(TRADITIONAL.table, players=players))


def test_the_stacks_sizes_and_dice_fit_the_106_tiles() -> None:
    assert len(full_set()) == STACKS * STACK_TILES + 1
    assert DEALER_TILES == 3 * STACK_TILES and HAND_TILES == 2 * STACK_TILES + 4


def test_the_worked_example_of_004() -> None:
    # 004: the dealer (player 1) throws a 5: the spare goes on the 5th stack from
    # her left; then a 2: its second tile from the bottom is turned up. Player 2,
    # on her right, opens with 15. Here player 1 is seat 0, player 2 seat 1, ...
    deck = ordered_deck()
    dealt = deal_from_stacks(deck, Dice(5, 2), players=4, dealer=1)
    assert dealt.thrower == 0
    assert dealt.position == 2
    assert dealt.deal.indicator == stack(deck, 5)[1]
    # The stacks after the chosen one are a, b, c, ... (stack 6 onwards).
    stacks = zip("abcdefghijkl", (top_first(deck, n) for n in range(6, 18)), strict=True)
    named = dict(stacks)
    hands = dealt.deal.hands
    # "player 2 must take stack 'a', player 3 stack 'b', player 4 'c', player 1 'd',
    # player 2 'e', player 3 'f', player 4 'g', player 1 'h' and player 2 'i'."
    assert hands[1] == (*named["a"], *named["e"], *named["i"])
    # "Next player 3 takes the top 4 tiles of stack 'j',
    assert hands[2] == (*named["b"], *named["f"], *named["j"][:4])
    # player 4 the last tile of 'j' and three from 'k',
    assert hands[3] == (*named["c"], *named["g"], named["j"][4], *named["k"][:3])
    # and player 1 two from 'k' and two from 'l'."
    assert hands[0] == (*named["d"], *named["h"], *named["k"][3:], *named["l"][:2])
    # The rest stays in order as the pile: the rest of 'l', the stacks after it
    # round the row (18..21, then 1..4), and last the chosen stack under the indicator.
    chosen = [*stack(deck, 5), deck[-1]]
    del chosen[1]
    rest = [tile for n in (18, 19, 20, 21, 1, 2, 3, 4) for tile in top_first(deck, n)]
    assert dealt.deal.pile == (*named["l"][2:], *rest, *chosen[::-1])
    assert len(dealt.deal.pile) == 48


def test_the_handout_order_for_every_table() -> None:
    assert handout(4, 1) == [
        (1, 5), (2, 5), (3, 5), (0, 5), (1, 5), (2, 5), (3, 5), (0, 5), (1, 5),
        (2, 4), (3, 4), (0, 4),
    ]  # fmt: skip
    assert handout(3, 2) == [(2, 5), (0, 5), (1, 5), (2, 5), (0, 5), (1, 5), (2, 5), (0, 4), (1, 4)]
    assert handout(2, 0) == [(0, 5), (1, 5), (0, 5), (1, 5), (0, 5), (1, 4)]
    assert [thrower_of(4, 1), thrower_of(4, 0), thrower_of(3, 0), thrower_of(2, 1)] == [0, 3, 2, 0]


@given(
    rng=st.randoms(use_true_random=False),
    stack_throw=st.integers(1, 6),
    tile_throw=st.integers(1, 6),
    players=st.sampled_from([2, 3, 4]),
    data=st.data(),
)
def test_every_traditional_deal_keeps_the_invariants(
    rng: random.Random, stack_throw: int, tile_throw: int, players: int, data: st.DataObject
) -> None:
    dealer = data.draw(st.integers(0, players - 1))
    deck = list(shuffled_deck(rng))
    if data.draw(st.booleans()):  # often put a false joker where the second throw points
        deck.remove(FALSE_JOKER)
        spare = len(deck)  # a 6 points at the spare, the deck's last tile
        place = (stack_throw - 1) * STACK_TILES + tile_throw - 1 if tile_throw < 6 else spare
        deck.insert(place, FALSE_JOKER)
    dice = Dice(stack_throw, tile_throw)
    dealt = deal_from_stacks(deck, dice, players, dealer)
    hands, pile, indicator = dealt.deal.hands, dealt.deal.pile, dealt.deal.indicator
    # All 106 tiles, each once; the sizes; the indicator never a false joker.
    assert Counter([*(t for hand in hands for t in hand), *pile, indicator]) == FULL
    assert [len(hand) for hand in hands] == [
        DEALER_TILES if seat == dealer else HAND_TILES for seat in range(players)
    ]
    assert len(pile) == 106 - 1 - DEALER_TILES - HAND_TILES * (players - 1)
    assert not indicator.is_false_joker
    # The indicator comes from the chosen stack (with the spare on top): the thrown
    # tile, or the next one up past false jokers only.
    chosen = [*stack(deck, stack_throw), deck[-1]]
    assert chosen[dealt.position - 1] == indicator
    passed = [(tile_throw - 1 + step) % 6 for step in range(dealt.deal.turned_back)]
    assert all(chosen[index].is_false_joker for index in passed)
    assert passed_over(tile_throw, dealt.position) == tuple(index + 1 for index in passed)
    assert (tile_throw - 1 + dealt.deal.turned_back) % 6 == dealt.position - 1
    # Hands in hand-out order, then the pile, are the stacks after the chosen one read
    # from their tops, then the chosen stack under the indicator, top first.
    taken = {seat: 0 for seat in range(players)}
    order: list[Tile] = []
    for seat, count in handout(players, dealer):
        order += hands[seat][taken[seat] : taken[seat] + count]
        taken[seat] += count
    after = [
        t for step in range(1, STACKS) for t in top_first(deck, (stack_throw + step - 1) % 21 + 1)
    ]
    del chosen[dealt.position - 1]
    assert [*order, *pile] == [*after, *chosen[::-1]]


def test_a_false_joker_is_passed_over_for_the_tile_above_it() -> None:
    deck = ordered_deck()[:-2]  # both false jokers second and third from stack 3's bottom
    deck[11:11] = [FALSE_JOKER, FALSE_JOKER]
    s0, fj, _, s3, s4 = stack(deck, 3)
    assert fj == FALSE_JOKER
    dealt = deal_from_stacks(deck, Dice(3, 2), 4, 0)
    assert (dealt.position, dealt.deal.turned_back) == (4, 2)
    assert dealt.deal.indicator == s3
    # Nothing else moves: the stack under the indicator is the last of the pile, top first.
    assert dealt.deal.pile[-5:] == (deck[-1], s4, FALSE_JOKER, FALSE_JOKER, s0)


def test_past_the_top_the_bottom_tile_is_turned_up() -> None:
    deck = ordered_deck()  # the spare (the deck's last tile) is a false joker
    dealt = deal_from_stacks(deck, Dice(2, 6), 4, 0)
    assert (dealt.position, dealt.deal.turned_back) == (1, 1)
    s0, s1, s2, s3, s4 = stack(deck, 2)
    assert dealt.deal.indicator == s0
    assert dealt.deal.pile[-5:] == (FALSE_JOKER, s4, s3, s2, s1)
    clean = deal_from_stacks(deck, Dice(2, 5), 4, 0)
    assert (clean.position, clean.deal.turned_back) == (5, 0)


@pytest.mark.parametrize("bad", [(0, 1), (1, 7), (7, 3), (2, -1)])
def test_a_die_shows_one_to_six(bad: tuple[int, int]) -> None:
    with pytest.raises(DeckError) as caught:
        Dice(*bad)
    assert caught.value.reason is DeckProblem.DIE and str(caught.value).startswith("a die shows")


def test_a_bad_deck_or_table_is_refused() -> None:
    with pytest.raises(DeckError) as caught:
        deal_from_stacks(full_set()[:-1], Dice(1, 1), 4, 0)
    assert (caught.value.reason, caught.value.fields) == (
        DeckProblem.SIZE,
        {"size": 106, "count": 105},
    )
    with pytest.raises(DeckError) as caught:
        deal_from_stacks(full_set(), Dice(1, 1), 5, 0)
    assert caught.value.reason is DeckProblem.PLAYERS


def test_a_traditional_round_throws_the_dice_after_the_shuffle() -> None:
    for seed in range(6):
        match = Match(TRADITIONAL, random.Random(seed), first_dealer=2)
        events = match.start_round()
        again = random.Random(seed)
        deck = shuffled_deck(again)
        dice = throw_dice(again)
        assert [type(e) for e in events[:3]] == [RoundStarted, DiceThrown, IndicatorTurned]
        assert events[0] == RoundStarted(1, 2, deck)
        thrown = events[1]
        assert isinstance(thrown, DiceThrown)
        assert (thrown.seat, thrown.dice) == (1, dice)
        assert [e.seat for e in events if isinstance(e, Dealt)] == [2, 3, 0, 1]
        dealt = deal_from_stacks(deck, dice, 4, 2)
        assert thrown.position == dealt.position
        assert match.round.hands == [list(hand) for hand in dealt.deal.hands]
        assert match.round.pile[::-1] == list(dealt.deal.pile)  # the top is the last item
        view = match.view(2)
        assert view.hand_sizes == (14, 14, 15, 14) and view.pile_count == 48
        assert view.phase is Phase.DISCARD and view.turn == 2


def test_given_dice_are_used_and_other_tables_refuse_them() -> None:
    deck = ordered_deck()
    match = Match(TRADITIONAL, random.Random(1), first_dealer=1)
    state = match.rng.getstate()
    match.start_round(deck, Dice(5, 2))
    assert match.rng.getstate() == state  # nothing thrown: the dice were given
    assert match.round.indicator == stack(deck, 5)[1]
    classic = Match(CLASSIC, random.Random(1))
    with pytest.raises(DeckError) as caught:
        classic.start_round(deck, Dice(5, 2))
    assert caught.value.reason is DeckProblem.NO_DICE
    assert not classic.started
    plain = Match(CLASSIC, random.Random(1))
    assert not any(isinstance(e, DiceThrown) for e in plain.start_round())


@pytest.mark.parametrize("rules", [at(2), at(3), TRADITIONAL, load_rules("duel")])
def test_whole_rounds_at_every_table_size(rules: RuleSet) -> None:
    rules = replace(rules, play=replace(rules.play, traditional_deal=True))
    match = Match(rules, random.Random(4))
    for seed in range(3):
        if match.over:
            break
        events = match.start_round()
        assert any(isinstance(e, DiceThrown) for e in events)
        assert accounted(match) == FULL
        play_random(match, seed)
        assert accounted(match) == FULL
