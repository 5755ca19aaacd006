"""Finishing: the automatic win, its points and options, shows, okeye dönmek, pairs."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from engine_support import FULL, accounted, arranged, plain_turn, refused, run_down, tile, tiles

from okey.engine import (
    DeclarePairs,
    Discard,
    DrawFromPile,
    Finish,
    Phase,
    ShowIndicator,
    TurnToOkey,
)
from okey.engine.errors import MoveError
from okey.engine.events import (
    DeclaredPairs,
    Discarded,
    MatchOver,
    RoundWon,
    ShowedIndicator,
    TurnedToOkey,
)
from okey.hand.combinations import GroupKind, is_combination, is_pair
from okey.hand.scoring import FinishKind, best_finish
from okey.hand.solver import winning_kinds
from okey.review import win_points
from okey.rules import CLASSIC, PlayRules, RuleSet, ScoringRules, TableRules, load_rules

WIN14 = "r1 r2 r3 b4 b5 b6 k7 k8 k9 k10 y10 y11 y12 y13"
PAIRS14 = "r1 r1 b2 b2 k3 k3 y4 y4 r7 r7 b8 b8 k9 k9"
MULTIPLY = RuleSet(scoring=ScoringRules(combine="multiply", show_indicator=False))
NO_SHOW = RuleSet(scoring=ScoringRules(show_indicator=False))


def _won(events: Sequence[object]) -> RoundWon:
    won = [e for e in events if isinstance(e, RoundWon)]
    assert len(won) == 1
    return won[0]


def test_the_dealer_may_win_with_the_opening_discard() -> None:
    match = arranged({0: WIN14 + " k13"}, rules=NO_SHOW)
    won = _won(match.apply(0, Discard(tile("k13"))))
    assert (won.seat, won.tile, won.kind, won.points) == (
        0,
        tile("k13"),
        FinishKind.COMBINATIONS,
        2,
    )
    assert won.losers == (1, 2, 3) and won.scores == (20, 18, 18, 18)
    assert match.view(2).discards[0] == () and match.view(2).middle == tile("k13")
    assert match.view(2).winner == 0
    assert match.phase is Phase.ROUND_OVER
    assert accounted(match) == FULL
    grouped = [t for group in won.groups for t in group.tiles]
    assert sorted(grouped) == sorted(match.round.hands[0]) and len(grouped) == 14
    assert all(is_combination(g.tiles, match.round.okey) for g in won.groups)


def test_a_win_after_drawing() -> None:
    match = arranged(
        {
            0: "r1 r3 r9 b2 b7 b12 k1 k5 k11 y2 y6 y8 y13 r13 b9",
            1: "r1 r2 r3 b4 b5 b6 k7 k8 k9 k10 y10 y11 y12 k2",
        },
        rules=NO_SHOW,
        pile_top="y13",
    )
    match.apply(0, Discard(tile("b9")))
    match.apply(1, DrawFromPile())
    won = _won(match.apply(1, Discard(tile("k2"))))
    assert won.seat == 1 and won.scores == (18, 20, 18, 18)


@pytest.mark.parametrize(
    ("rules", "points"),
    [(CLASSIC, 4), (MULTIPLY, 4)],
)
def test_an_okey_discard_doubles(rules: RuleSet, points: int) -> None:
    match = arranged({0: WIN14 + " r6"}, rules=rules)  # indicator r5: the okey is r6
    won = _won(match.apply(0, Discard(tile("r6"))))
    assert won.okey_discard and won.points == points


def test_a_false_joker_discard_is_not_an_okey_discard() -> None:
    match = arranged({0: WIN14 + " fj"}, rules=NO_SHOW)
    won = _won(match.apply(0, Discard(tile("fj"))))
    assert not won.okey_discard and won.points == 2


def test_seven_pairs_double_and_are_grouped_as_pairs() -> None:
    match = arranged({0: PAIRS14 + " k13"}, rules=NO_SHOW)
    won = _won(match.apply(0, Discard(tile("k13"))))
    assert won.kind is FinishKind.PAIRS and won.points == 4
    assert len(won.groups) == 7 and all(g.kind is GroupKind.PAIR for g in won.groups)
    assert all(is_pair(g.tiles, match.round.okey) for g in won.groups)


def test_pairs_and_okey_discard_cap_at_4_or_multiply_to_8() -> None:
    capped = arranged({0: PAIRS14 + " r6"}, rules=NO_SHOW)
    assert _won(capped.apply(0, Discard(tile("r6")))).points == 4
    multiplied = arranged({0: PAIRS14 + " r6"}, rules=MULTIPLY)
    assert _won(multiplied.apply(0, Discard(tile("r6")))).points == 8


def test_colored_doubles_yellow_and_blue_finishes() -> None:
    rules = load_rules("salon")
    # indicator y5: the okey is y6, a yellow tile; pairs + okey + colour = 16.
    match = arranged({0: PAIRS14 + " y6"}, rules=rules, indicator="y5")
    won = _won(match.apply(0, Discard(tile("y6"))))
    assert won.colored and won.okey_discard and won.points == 16
    plain = arranged({0: WIN14 + " b13"}, rules=rules)
    assert _won(plain.apply(0, Discard(tile("b13")))).points == 4
    red = arranged({0: WIN14 + " r13"}, rules=rules)
    won_red = _won(red.apply(0, Discard(tile("r13"))))
    assert won_red.points == 2 and not won_red.colored


def test_partners_finish_charges_only_the_other_team() -> None:
    match = arranged({1: WIN14 + " k13"}, rules=load_rules("partners"), dealer=1)
    won = _won(match.apply(1, Discard(tile("k13"))))
    assert won.losers == (0, 2)
    assert won.scores == (18, 20, 18, 20)


def test_show_before_the_first_move_costs_the_others_one() -> None:
    match = arranged({0: "r1 r3 r9 b2 b7 b12 k1 k5 k11 y2 y6 y8 y13 r13 b9", 2: "r5"})
    assert ShowIndicator() in match.legal(2)  # out of turn, before seat 2's first move
    events = match.apply(2, ShowIndicator())
    assert events == [ShowedIndicator(2, tile("r5"), 1, (0, 1, 3), (19, 19, 20, 19))]
    with refused(MoveError.ALREADY_SHOWN):
        match.apply(2, ShowIndicator())
    assert ShowIndicator() not in match.legal(2)


def test_show_is_refused_after_the_first_move_or_without_the_twin() -> None:
    match = arranged({0: "r5 r3 r9 b2 b7 b12 k1 k5 k11 y2 y6 y8 y13 r13 b9", 1: "k13"})
    with refused(MoveError.NO_TWIN, tile=tile("r5")):
        match.apply(1, ShowIndicator())
    match.apply(0, Discard(tile("b9")))
    with refused(MoveError.SHOW_TOO_LATE):
        match.apply(0, ShowIndicator())


def test_show_is_refused_where_the_table_does_not_play_it() -> None:
    match = arranged({0: "r5"}, rules=NO_SHOW)
    with refused(MoveError.NO_SHOW):
        match.apply(0, ShowIndicator())


def test_partners_show_charges_the_other_team_once() -> None:
    match = arranged({0: "r5"}, rules=load_rules("partners"))
    events = match.apply(0, ShowIndicator())
    assert events[0] == ShowedIndicator(0, tile("r5"), 1, (1, 3), (20, 19, 20, 19))


def test_a_show_that_reaches_zero_ends_the_match_after_the_round() -> None:
    rules = RuleSet(
        table=TableRules(starting_score=1), play=PlayRules(pile_out="close_after_last_discard")
    )
    match = arranged({0: "r5 r3 r9 b2 b7 b12 k1 k5 k11 y2 y6 y8 y13 r13 b9"}, rules=rules)
    match.apply(0, ShowIndicator())
    assert not match.over
    match.apply(0, Discard(tile("b9")))
    events = run_down(match)  # the pile runs out: the round is drawn, the show counted
    assert isinstance(events[-1], MatchOver) and match.over
    assert events[-1].winners == (0,)


SALON = load_rules("salon")
READY = "r1 r2 r3 b4 b5 b6 k7 k8 k9 k10 y10 y11 y12 r6 b13"  # r6 is the okey (y13 or y9)


def test_turn_to_okey_then_finish_when_you_choose() -> None:
    match = arranged({0: READY}, rules=SALON, pile_top="r11 r11 b11 y13")
    assert TurnToOkey() in match.legal(0)
    assert match.apply(0, TurnToOkey()) == [TurnedToOkey(0)]
    assert match.view(3).turned_to_okey == (0,)
    with refused(MoveError.ALREADY_TURNED):
        match.apply(0, TurnToOkey())
    # A winning discard no longer ends the round by itself.
    assert match.apply(0, Discard(tile("b13"))) == [Discarded(0, tile("b13"))]
    assert not match.round_over
    for seat in (1, 2, 3):
        plain_turn(match, seat)
    match.apply(0, DrawFromPile())  # y13
    legal = match.legal(0)
    assert Finish(tile("r6")) in legal and Finish(tile("y13")) in legal
    won = _won(match.apply(0, Finish(tile("r6"))))
    assert won.okey_discard and won.points == 4  # doubled only by the okey discard


def test_turn_to_okey_needs_an_okey_and_a_ready_hand() -> None:
    no_okey = arranged({0: WIN14 + " fj"}, rules=SALON)
    assert TurnToOkey() not in no_okey.legal(0)
    with refused(MoveError.NO_OKEY, tile=tile("r6")):
        no_okey.apply(0, TurnToOkey())
    not_ready = arranged({0: "r6 r3 r9 b2 b7 b12 k1 k5 k11 y2 y6 y8 y13 r13 b9"}, rules=SALON)
    with refused(MoveError.NOT_READY):
        not_ready.apply(0, TurnToOkey())
    classic = arranged({0: READY})
    with refused(MoveError.NO_TURN_TO_OKEY):
        classic.apply(0, TurnToOkey())


def test_declare_pairs_is_a_sign_only() -> None:
    match = arranged({0: PAIRS14 + " k13"}, rules=SALON)
    assert match.apply(0, DeclarePairs()) == [DeclaredPairs(0)]
    assert match.view(1).declared_pairs == (0,)
    with refused(MoveError.ALREADY_DECLARED_PAIRS):
        match.apply(0, DeclarePairs())
    won = _won(match.apply(0, Discard(tile("k13"))))
    assert won.kind is FinishKind.PAIRS and won.points == 4
    with refused(MoveError.NO_DECLARE_PAIRS):
        arranged({0: PAIRS14 + " k13"}).apply(0, DeclarePairs())


def test_a_hand_that_finishes_both_ways_scores_the_better_one() -> None:
    # Two runs of four and two of three, and seven pairs too: the pairs pay more.
    both = "r1 r1 r2 r2 r3 r3 r4 r4 b5 b5 b6 b6 b7 b7"
    okey = tile("r6")
    kinds = winning_kinds(tiles(both), okey)
    assert set(kinds) == {FinishKind.COMBINATIONS, FinishKind.PAIRS}
    discard = tile("k11")
    assert best_finish(CLASSIC.scoring, kinds, discard, okey) == (4, FinishKind.PAIRS)
    assert best_finish(CLASSIC.scoring, kinds[::-1], discard, okey) == (4, FinishKind.PAIRS)
    even = ScoringRules(pairs=1)  # equal points: the first kind given
    for order in (kinds, kinds[::-1]):
        assert best_finish(even, order, discard, okey) == (2, order[0])
    # The round and the master's review count it with the same helper.
    match = arranged({0: f"{both} k11"})
    view = match.view(0)
    won = _won(match.apply(0, Discard(discard)))
    assert (won.kind, won.points) == (FinishKind.PAIRS, 4)
    assert win_points(view, Discard(discard)) == 4
