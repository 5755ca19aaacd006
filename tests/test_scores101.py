"""Okey 101's round scores and match totals: the rule book's worked examples (section 3)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from okey.games.okey101.scores import Board101, Finish101, round_points
from okey.games.okey101.sections import Rules101, rules_101
from okey.hand.finishing import Opened
from okey.hand.notation import parse_tile, parse_tiles
from okey.rules import load_rules

_LOADED = rules_101(load_rules("101"))
assert _LOADED is not None
OWN: Rules101 = _LOADED
N, C, P = Opened.NOT_YET, Opened.COMBINATIONS, Opened.PAIRS


def points(
    okey: str,
    hands: list[str],
    opened: list[Opened],
    finish: Finish101 | None,
    penalties: tuple[int, ...] = (0, 0, 0, 0),
    rules: Rules101 = OWN,
) -> tuple[int, ...]:
    held = [parse_tiles(h) for h in hands]
    return round_points(rules, parse_tile(okey), held, opened, penalties, finish)


# S4 to S10: okey b10; B opened (sets) and holds r3 k11; C never opened; D opened with y12 y13.
S_HANDS = ["k4", "r3 k11", "r1 r2 r3 b4 b5", "y12 y13"]


@pytest.mark.parametrize(
    ("finish", "opened", "expected"),
    [
        (Finish101(0), [C, C, N, C], (-101, 14, 202, 25)),  # S4
        (Finish101(0, okey_finish=True), [C, C, N, C], (-202, 28, 404, 50)),  # S5
        (Finish101(0, pairs_finish=True), [P, C, N, C], (-202, 28, 404, 50)),  # S6
        (Finish101(0, okey_finish=True, pairs_finish=True), [P, C, N, C], (-404, 56, 808, 100)),
        (Finish101(0), [C, C, N, P], (-101, 14, 202, 50)),  # S7
        (Finish101(0, okey_finish=True), [C, C, N, P], (-202, 28, 404, 100)),  # S7b
    ],
)
def test_s4_to_s7_finishes_and_their_factors(
    finish: Finish101, opened: list[Opened], expected: tuple[int, ...]
) -> None:
    assert points("b10", S_HANDS, opened, finish) == expected


def test_s5b_a_false_joker_finish_is_a_normal_finish() -> None:
    # The finisher's last tile is not in the hands; the finish says it was no okey.
    assert points("b10", S_HANDS, [C, C, N, C], Finish101(0)) == (-101, 14, 202, 25)


def test_s8_a_one_turn_finish_doubles_and_with_an_okey_doubles_again() -> None:
    hands = ["", "r1", "r2", "r3"]
    assert points("b10", hands, [C, N, N, N], Finish101(0, one_turn=True)) == (
        -202, 404, 404, 404,
    )  # fmt: skip
    both = Finish101(0, okey_finish=True, one_turn=True)
    assert points("b10", hands, [C, N, N, N], both) == (-404, 808, 808, 808)


def test_s9_an_okey_left_in_hand_costs_a_penalty_unless_never_opened() -> None:
    hands = ["", "r3 k11 b10", "r1 b10", "y12 y13"]
    assert points("b10", hands, [C, C, N, C], Finish101(0)) == (-101, 115, 202, 25)
    okey_finish = Finish101(0, okey_finish=True)  # S9b: the penalty is not doubled
    assert points("b10", hands, [C, C, N, C], okey_finish)[1] == 28 + 101
    two = ["", "r3 k11 b10 b10", "r1", "y12 y13"]  # S9c
    assert points("b10", two, [C, C, N, C], Finish101(0))[1] == 14 + 202


def test_o4_a_round_with_an_unopened_player_and_a_penalty() -> None:
    hands = ["", "r3 b5 k12 y10", "r1 r2 y10", "y7 y8 fj"]  # okey y10: fj is a y10
    result = points("y10", hands, [C, C, N, P], Finish101(0), penalties=(0, 0, 1, 0))
    assert result == (-101, 121, 303, 50)


def test_o6_one_turn_okey_finish_with_another_player_opened_is_not_one_turn() -> None:
    hands = ["", "r1", "r2 r3", "r4"]
    result = points("r5", hands, [C, N, C, N], Finish101(0, okey_finish=True))
    assert result == (-202, 404, 10, 404)


def test_o7_a_pairs_finish() -> None:
    hands = ["k12 k13 b1", "", "", "k2"]
    assert points("r13", hands, [C, N, P, C], Finish101(2, pairs_finish=True)) == (
        52, 404, -202, 4,
    )  # fmt: skip
    okey = Finish101(2, pairs_finish=True, okey_finish=True)  # O7b
    assert points("r13", hands, [C, N, P, C], okey) == (104, 808, -404, 8)
    assert points("r13", hands, [C, N, P, P], Finish101(2, pairs_finish=True))[3] == 8  # O7c


def test_o8_the_finisher_s_own_penalty_counts() -> None:
    assert points("b10", S_HANDS, [C, C, N, C], Finish101(0), (1, 0, 0, 0))[0] == 0


def test_o9_the_pile_running_out() -> None:
    hands = ["r13 k13", "b3", "b4 y5", "b1 b3"]  # okey b3
    opened = [C, N, P, C]
    assert points("b3", hands, opened, None) == (26, 202, 18, 1 + 101)
    void = replace(OWN, scoring=replace(OWN.scoring, pile_out_scoring="void"))
    assert points("b3", hands, opened, None, rules=void) == (0, 0, 0, 0)
    assert points("b3", hands, opened, None, (0, 0, 0, 1))[3] == 1 + 202  # O9b


def test_penalties_multiply_only_when_the_rules_say() -> None:
    multiply = replace(OWN, scoring=replace(OWN.scoring, penalties_multiply=True))
    hands = ["", "r1", "r2", "r3"]
    finish = Finish101(0, okey_finish=True)
    assert points("b10", hands, [C, C, C, C], finish, (0, 1, 0, 0))[1] == 2 + 101
    assert points("b10", hands, [C, C, C, C], finish, (0, 1, 0, 0), rules=multiply)[1] == 2 + 202


def test_o15_five_rounds_and_a_shared_win() -> None:
    board = Board101(OWN)
    rounds = [
        ((-101, 35, 202, 14), 0),
        ((40, -202, 404, 60), 1),
        ((-101, 202, 9, 121), 0),
        ((22, 18, -101, 202), 2),
        ((202, 9, -101, 33), 2),
    ]
    for number, (scores, finisher) in enumerate(rounds, start=1):
        board.add(scores, finisher, number)
    assert board.totals == [62, 62, 413, 430]
    places = [(s.place, s.seats, s.score) for s in board.standings()]
    assert places == [(1, (0,), 62), (1, (1,), 62), (3, (2,), 413), (4, (3,), 430)]
    later = Board101(replace(OWN, table=replace(OWN.table, tie="last_finisher")))
    for number, (scores, finisher) in enumerate(rounds, start=1):
        later.add(scores, finisher, number)
    assert [(s.place, s.seats) for s in later.standings()][:2] == [(1, (0,)), (2, (1,))]
