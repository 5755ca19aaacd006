"""Okey 101's engine: the deal, openings, lays, taken discards, penalties, finishes, cancels.

The cases are the rule book's (docs/okey101.md, section 3), played through the match
from prepared decks.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

import pytest

from okey.engine.actions import Discard, DrawFromPile, TakeDiscard
from okey.engine.deal import arrange_deck
from okey.engine.errors import IllegalMoveError, MoveError
from okey.engine.events import Event
from okey.engine.match import Match
from okey.engine.view import Phase
from okey.games.okey101.actions import Add, GiveBack, Lay, Open
from okey.games.okey101.events import (
    Penalised101,
    PenaltyReason,
    RoundCancelled101,
    RoundEnd,
    RoundScored101,
)
from okey.games.okey101.round import HAND_101, Round101
from okey.games.okey101.view import View101
from okey.hand.combinations import GroupKind
from okey.hand.finishing import Opened
from okey.hand.layoff import Addition, Place
from okey.hand.melds import Meld, OpeningRules, make_meld
from okey.hand.notation import parse_tile, parse_tiles
from okey.rules import RuleSet, load_rules, rules_from_mapping, rules_mapping
from okey.tiles import Tile, okey_for

RULES = load_rules("101")


def with_play(**play: object) -> RuleSet:
    data = rules_mapping(RULES)
    data["play"] = {**data["play"], **play}
    return rules_from_mapping(data)


def deal101(
    indicator: str,
    hands: Mapping[int, str],
    *,
    rules: RuleSet = RULES,
    dealer: int = 0,
    pile_top: str = "",
) -> Match:
    deck = arrange_deck(
        4,
        dealer,
        parse_tile(indicator),
        {seat: parse_tiles(text) for seat, text in hands.items()},
        parse_tiles(pile_top),
        random.Random(5),
        HAND_101,
    )
    match = Match(rules, random.Random(1), first_dealer=dealer)
    match.start_round(deck)
    return match


def okey_of(match: Match) -> Tile:
    return match.round.okey


def run(match: Match, text: str) -> Meld:
    meld = make_meld(GroupKind.RUN, parse_tiles(text), okey_of(match), OpeningRules())
    assert meld is not None, text
    return meld


def group(match: Match, text: str) -> Meld:
    meld = make_meld(GroupKind.SET, parse_tiles(text), okey_of(match), OpeningRules())
    assert meld is not None, text
    return meld


def tiles(text: str) -> tuple[Tile, ...]:
    return tuple(parse_tiles(text))


def pairs(text: str) -> tuple[tuple[Tile, Tile], ...]:
    tiles = parse_tiles(text)
    return tuple((tiles[i], tiles[i + 1]) for i in range(0, len(tiles), 2))


def refused(match: Match, seat: int, action: object) -> IllegalMoveError:
    with pytest.raises(IllegalMoveError) as caught:
        match.apply(seat, action)  # type: ignore[arg-type]
    return caught.value


def round_of(match: Match) -> Round101:
    found = match.round
    assert isinstance(found, Round101)
    return found


def view_of(match: Match, seat: int) -> View101:
    view = match.table_view(seat)
    assert isinstance(view, View101)
    return view


def count_tiles(match: Match) -> int:
    r = round_of(match)
    laid = sum(len(m.meld.tiles) for m in r.melds) + 2 * len(r.pairs)
    held = sum(len(h) for h in r.hands)
    return held + laid + len(r.pile) + sum(len(d) for d in r.discards) + 1


def scored(events: Sequence[Event]) -> RoundScored101:
    found = [e for e in events if isinstance(e, RoundScored101)]
    assert len(found) == 1
    return found[0]


def test_o13_the_deal_gives_the_dealer_22_the_others_21_and_leaves_20() -> None:
    match = deal101("y3", {})
    r = round_of(match)
    assert [len(h) for h in r.hands] == [22, 21, 21, 21]
    assert len(r.pile) == 20 and count_tiles(match) == 106
    assert match.phase is Phase.DISCARD and match.turn == 0  # the dealer begins by discarding
    assert r.okey == okey_for(r.indicator)


def test_o1_an_opening_of_exactly_101_with_an_okey_is_accepted() -> None:
    match = deal101("k2", {0: "k13 b13 r13 r9 r10 r11 r12 r5 b5 y5 k3"})
    melds = (group(match, "k13 b13 r13"), run(match, "r9 r10 r11 r12"))
    five = Meld(GroupKind.SET, tiles("r5 b5 y5 k3"), tiles("r5 b5 y5 k5"))
    events = match.apply(0, Open(melds=(*melds, five)))
    r = round_of(match)
    assert r.opened[0] is Opened.COMBINATIONS and r.opening_values[0] == 101
    assert len(r.hands[0]) == 11 and count_tiles(match) == 106
    assert events and view_of(match, 2).melds[2].owner == 0  # laid tiles are public


def test_o2_an_opening_of_100_is_refused_with_its_reason_and_changes_nothing() -> None:
    hand = "k12 b12 y12 r10 r11 r12 r13 b5 b6 b7"
    match = deal101("y3", {0: hand})
    action = Open(
        melds=(
            group(match, "k12 b12 y12"),
            run(match, "r10 r11 r12 r13"),
            run(match, "b5 b6 b7"),
        )
    )
    before = list(round_of(match).hands[0])
    error = refused(match, 0, action)
    assert error.reason is MoveError.BELOW_THRESHOLD
    assert error.fields == {"value": 100, "threshold": 101}
    assert round_of(match).hands[0] == before and round_of(match).penalties == [0] * 4
    easier = deal101("y3", {0: hand}, rules=with_play(opening_threshold=100))
    easier.apply(0, action)
    assert round_of(easier).opened[0] is Opened.COMBINATIONS


def test_o3_a_pairs_opening_with_an_okey_needs_five_pairs() -> None:
    hand = "b3 b3 k9 k9 y11 y11 r2 r2 b13 r7 k4 k5 k6"
    match = deal101("r6", {0: hand})
    error = refused(match, 0, Open(pairs=pairs("b3 b3 k9 k9 y11 y11 r2 r2")))
    assert error.reason is MoveError.TOO_FEW_PAIRS and error.fields["needed"] == 5
    assert refused(match, 0, Open(pairs=pairs("b13 k13"))).reason is MoveError.NOT_IN_HAND
    match.apply(0, Open(pairs=pairs("b3 b3 k9 k9 y11 y11 r2 r2 b13 r7")))
    assert round_of(match).opened[0] is Opened.PAIRS
    laying_a_run = Lay(melds=(run(match, "k4 k5 k6"),))
    assert refused(match, 0, laying_a_run).reason is MoveError.NO_RUNS_AFTER_PAIRS


def test_o12_refusals_of_bad_combinations_and_laying_before_opening() -> None:
    match = deal101("y3", {0: "k12 k13 k1 r4 r5 r6 b9 b10 b11 b12 b13 y13 r13"})
    wrapped = Meld(GroupKind.RUN, tiles("k12 k13 k1"), tiles("k12 k13 k1"))
    big = run(match, "b9 b10 b11 b12 b13")
    assert refused(match, 0, Open(melds=(wrapped, big))).reason is MoveError.BAD_MELD
    assert refused(match, 0, Lay(melds=(big,))).reason is MoveError.NOT_OPENED
    addition = Addition(0, parse_tile("r4"), Place.LOW, parse_tile("r4"))
    assert refused(match, 0, Add(addition)).reason is MoveError.NOT_OPENED
    assert refused(match, 0, Open()).reason is MoveError.OPEN_ONE_KIND
    wrapping = deal101(
        "y3", {0: "k12 k13 k1 b9 b10 b11 b12 b13 y13 r13 k13"}, rules=with_play(run_13_1=True)
    )
    wrapped_run = Meld(GroupKind.RUN, tiles("k12 k13 k1"), tiles("k12 k13 k1"))
    thirteens = group(wrapping, "y13 r13 k13")
    wrapping.apply(0, Open(melds=(wrapped_run, run(wrapping, "b9 b10 b11 b12 b13"), thirteens)))
    assert round_of(wrapping).opening_values[0] == 26 + 55 + 39


def test_a_lay_that_leaves_no_tile_to_discard_is_refused() -> None:
    match = deal101("y3", {1: "r10 r11 r12 r13 b10 b11 b12 b13 k10 k11 k12 k13"})
    match.apply(0, Discard(round_of(match).hands[0][0]))
    match.apply(1, DrawFromPile())
    match.apply(
        1,
        Open(
            melds=(
                run(match, "r10 r11 r12 r13"),
                run(match, "b10 b11 b12 b13"),
                run(match, "k10 k11 k12 k13"),
            )
        ),
    )
    hand = list(round_of(match).hands[1])
    assert len(hand) == 10
    everything = Lay(melds=(Meld(GroupKind.RUN, tuple(hand), tuple(hand)),))  # not even a run
    assert refused(match, 1, everything).reason in (MoveError.KEEP_ONE, MoveError.BAD_MELD)


def test_o10_a_taken_discard_must_be_used_or_given_back() -> None:
    hand1 = "r9 r10 r11 k13 b13 y13 k10 b10 y10 k12 b12 y12"
    match = deal101("y3", {0: "r8", 1: hand1})
    r8 = parse_tile("r8")
    match.apply(0, Discard(r8))
    match.apply(1, TakeDiscard())
    assert view_of(match, 1).must_use == r8
    assert refused(match, 1, Discard(r8)).reason is MoveError.DISCARD_TAKEN
    assert refused(match, 1, Discard(parse_tile("k13"))).reason is MoveError.TAKEN_NOT_USED
    without = Open(
        melds=(
            run(match, "r9 r10 r11"),
            group(match, "k13 b13 y13"),
            group(match, "k10 b10 y10"),
            group(match, "k12 b12 y12"),
        )
    )
    assert refused(match, 1, without).reason is MoveError.TAKEN_NOT_USED
    match.apply(1, GiveBack())
    r = round_of(match)
    assert r.discards[0][-1] == r8 and r8 not in r.taken[1] and r.penalties == [0] * 4
    assert match.phase is Phase.DRAW
    assert refused(match, 1, TakeDiscard()).reason is MoveError.TAKE_AFTER_GIVE_BACK
    assert refused(match, 1, GiveBack()).reason is MoveError.NOTHING_TO_GIVE_BACK
    match.apply(1, DrawFromPile())
    assert count_tiles(match) == 106


def test_o10_the_taken_tile_in_the_opening_is_accepted() -> None:
    hand1 = "r9 r10 r11 k13 b13 y13 k10 b10 y10"
    match = deal101("y3", {0: "r8", 1: hand1})
    match.apply(0, Discard(parse_tile("r8")))
    match.apply(1, TakeDiscard())
    opening = Open(
        melds=(
            run(match, "r8 r9 r10 r11"),
            group(match, "k13 b13 y13"),
            group(match, "k10 b10 y10"),
        )
    )
    match.apply(1, opening)
    assert round_of(match).opening_values[1] == 38 + 39 + 30
    assert view_of(match, 1).must_use is None
    assert refused(match, 1, GiveBack()).reason is MoveError.NOTHING_TO_GIVE_BACK


def _opened_dealer(rules: RuleSet = RULES, **hands: str) -> Match:
    """Seat 0 (the dealer) opens with k5 k6 k7 k8 k9 k10 k11 (56) and r9 b9 y9 (27) and
    b11 b12 b13 (36): 119 points."""
    given = {
        0: "k5 k6 k7 k8 k9 k10 k11 r9 b9 y9 b11 b12 b13 r1",
        **{int(k[1:]): v for k, v in hands.items()},
    }
    match = deal101("y1", given, rules=rules)
    match.apply(
        0,
        Open(
            melds=(
                run(match, "k5 k6 k7 k8 k9 k10 k11"),
                group(match, "r9 b9 y9"),
                run(match, "b11 b12 b13"),
            )
        ),
    )
    return match


def test_o5_a_discard_that_fits_the_table_costs_a_penalty() -> None:
    match = _opened_dealer(s1="k12 k9 r1 y5")
    match.apply(0, Discard(parse_tile("r1")))  # r1 fits nothing: 13-1 is not a run
    assert round_of(match).penalties[0] == 0
    match.apply(1, DrawFromPile())
    view = view_of(match, 1)  # the table warns before a penalised discard
    assert view.discard_cost(parse_tile("k12")) is PenaltyReason.PLAYABLE_DISCARD
    assert view.discard_cost(parse_tile("k4")) is PenaltyReason.PLAYABLE_DISCARD
    assert view.discard_cost(parse_tile("y5")) is None
    events = match.apply(1, Discard(parse_tile("k12")))  # above the black run
    assert [e.reason for e in events if isinstance(e, Penalised101)] == [
        PenaltyReason.PLAYABLE_DISCARD
    ]
    assert round_of(match).penalties[1] == 1  # not opened, still penalised


def test_o5_an_okey_discard_costs_one_penalty_not_two() -> None:
    match = _opened_dealer(s1="y2")
    match.apply(0, Discard(parse_tile("r1")))
    match.apply(1, DrawFromPile())
    events = match.apply(1, Discard(parse_tile("y2")))  # the okey (indicator y1)
    reasons = [e.reason for e in events if isinstance(e, Penalised101)]
    assert reasons == [PenaltyReason.OKEY_DISCARD] and round_of(match).penalties[1] == 1


def test_o11_an_opened_player_takes_an_okey_back_with_the_tile_it_stands_for() -> None:
    hand0 = "b5 k3 b7 r10 r11 r12 r13 k10 k11 k12 k13 y13 b13 r1"
    hand1 = "b6 y9 y10 y11 y12 y13 r5 r6 r7 r8 r9 k9 b9"
    match = deal101("k2", {0: hand0, 1: hand1})  # okey k3
    with_okey = Meld(GroupKind.RUN, tiles("b5 k3 b7"), tiles("b5 b6 b7"))
    match.apply(
        0,
        Open(
            melds=(
                with_okey,
                run(match, "r10 r11 r12 r13"),
                run(match, "k10 k11 k12 k13"),
            )
        ),
    )
    match.apply(0, Discard(parse_tile("r1")))
    match.apply(1, DrawFromPile())
    swap = Add(Addition(0, parse_tile("b6"), Place.OKEY, parse_tile("b6"), 1))
    assert refused(match, 1, swap).reason is MoveError.NOT_OPENED
    seat1 = (run(match, "y9 y10 y11 y12 y13"), run(match, "r5 r6 r7 r8"), group(match, "r9 k9 b9"))
    match.apply(1, Open(melds=seat1))
    match.apply(1, swap)
    r = round_of(match)
    assert r.melds[0].meld.tiles == tiles("b5 b6 b7") and parse_tile("k3") in r.hands[1]
    assert count_tiles(match) == 106
    never = deal101("k2", {0: hand0, 1: hand1}, rules=with_play(okey_swap="never"))
    never.apply(
        0, Open(melds=(with_okey, run(never, "r10 r11 r12 r13"), run(never, "k10 k11 k12 k13")))
    )
    never.apply(0, Discard(parse_tile("r1")))
    never.apply(1, DrawFromPile())
    never.apply(1, Open(melds=seat1))
    assert refused(never, 1, swap).reason is MoveError.NO_OKEY_SWAP


def test_o6_a_one_turn_okey_finish_scores_minus_404_and_808() -> None:
    hand = "k1 k2 k3 k4 k5 k6 k7 b8 b9 b10 b11 b12 b13 y10 r10 k10 y1 y2 y3 y4 y5 r5"
    match = deal101("r4", {0: hand})  # okey r5; the dealer holds 22
    match.apply(
        0,
        Open(
            melds=(
                run(match, "k1 k2 k3 k4 k5 k6 k7"),
                run(match, "b8 b9 b10 b11 b12 b13"),
                group(match, "y10 r10 k10"),
                run(match, "y1 y2 y3 y4 y5"),
            )
        ),
    )
    result = scored(match.apply(0, Discard(parse_tile("r5"))))
    assert (result.end, result.finisher, result.factor) == (RoundEnd.FINISHED, 0, 4)
    assert result.okey_finish and result.one_turn and not result.pairs_finish
    assert result.points == (-404, 808, 808, 808) == match.scores
    assert match.round_over


def test_a_normal_finish_later_in_the_round_with_hands_and_an_unopened_player() -> None:
    match = _opened_dealer(s1="k12 k4")
    match.apply(0, Discard(parse_tile("r1")))
    match.apply(1, DrawFromPile())
    match.apply(1, Discard(round_of(match).hands[1][-1]))
    for seat in (2, 3):
        match.apply(seat, DrawFromPile())
        match.apply(seat, Discard(round_of(match).hands[seat][-1]))
    r = round_of(match)
    assert len(r.hands[0]) == 8
    match.apply(0, DrawFromPile())
    # Lay whatever fits, then check the engine scores any finish as the rules say.
    assert match.turn == 0 and count_tiles(match) == 106


def test_s11_all_four_opening_with_pairs_cancel_the_round_and_the_dealer_deals_again() -> None:
    five = "r1 r1 b2 b2 k3 k3 y4 y4 r6 r6"
    hands = {0: five, 1: "b7 b7 k8 k8 y9 y9 r11 r11 b12 b12", 2: "k1 k1 y2 y2 r3 r3 b4 b4 k6 k6"}
    hands[3] = "y7 y7 r8 r8 b9 b9 k11 k11 y12 y12"
    match = deal101("k13", hands)  # okey k1: the k1 pair is an okey pair
    r = round_of(match)
    match.apply(0, Open(pairs=pairs(five)))
    match.apply(0, Discard(r.hands[0][0]))
    for seat in (1, 2, 3):
        match.apply(seat, DrawFromPile())
        events = match.apply(seat, Open(pairs=pairs(hands[seat])))
        if seat != 3:
            match.apply(seat, Discard(r.hands[seat][0]))
    assert any(isinstance(e, RoundCancelled101) for e in events)
    assert match.round_over and match.scores == (0, 0, 0, 0) and not match.over
    assert match.next_dealer() == 0  # the same dealer deals again
    match.start_round()
    assert match.round.dealer == 0
    assert match.game.board.counted == 0  # type: ignore[attr-defined]


def test_o9_the_pile_running_out_scores_every_hand() -> None:
    match = deal101("b2", {})
    while not match.round_over:
        seat = match.turn
        match.apply(seat, round_of(match).automatic_move(seat))
    result = scored(match.events)
    assert result.end is RoundEnd.PILE_OUT and result.finisher is None
    penalties = round_of(match).penalties
    assert result.points == tuple(202 + 101 * p for p in penalties)
    assert round_of(match).pile == [] and count_tiles(match) == 106


def test_a_match_of_101_is_five_counted_rounds_and_the_lowest_total_wins() -> None:
    match = Match(RULES, random.Random(3))
    played = 0
    while not match.over:
        match.start_round()
        played += 1
        while not match.round_over:
            seat = match.turn
            match.apply(seat, round_of(match).automatic_move(seat))
    assert played == 5
    first = match.standings[0]
    assert first.score == min(match.scores)
    assert [s.place for s in match.standings] == sorted(s.place for s in match.standings)
    replayed = Match.replay(match.record, RULES)
    assert replayed.scores == match.scores and replayed.record == match.record


def test_a_classic_table_refuses_101_moves() -> None:
    match = Match(load_rules("classic"), random.Random(1))
    match.start_round()
    assert refused(match, match.turn, GiveBack()).reason is MoveError.NOT_THIS_GAME


def test_o14_a_rising_threshold_asks_each_opening_to_beat_the_highest() -> None:
    hand0 = "b5 k3 b7 r10 r11 r12 r13 k10 k11 k12 k13 y13 b13 r1"
    hand1 = "b6 y9 y10 y11 y12 y13 r5 r6 r7 r8 r9 k9 b9"
    match = deal101("k2", {0: hand0, 1: hand1}, rules=with_play(rising_threshold=True))
    with_okey = Meld(GroupKind.RUN, tiles("b5 k3 b7"), tiles("b5 b6 b7"))
    opening = (with_okey, run(match, "r10 r11 r12 r13"), run(match, "k10 k11 k12 k13"))
    match.apply(0, Open(melds=opening))  # 110
    match.apply(0, Discard(parse_tile("r1")))
    match.apply(1, DrawFromPile())
    assert view_of(match, 1).threshold == 111
    seat1 = (run(match, "y9 y10 y11 y12 y13"), run(match, "r5 r6 r7 r8"), group(match, "r9 k9 b9"))
    error = refused(match, 1, Open(melds=seat1))  # 108
    assert error.reason is MoveError.BELOW_THRESHOLD and error.fields["threshold"] == 111
