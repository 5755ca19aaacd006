"""Where a cue comes from: the seat's side as the table names it, panned at equal power."""

from __future__ import annotations

import math

import pytest

from okey.audio import Position, gains, position_of
from okey.audio.places import pan_gains
from okey.rules import TableRules
from okey.table.state.seats import Place, Seats

SAME_PLACE = {
    Place.YOU: Position.OWN,
    Place.LEFT: Position.LEFT,
    Place.RIGHT: Position.RIGHT,
    Place.ACROSS: Position.ACROSS,
}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_seats_position_is_its_place_at_the_table(players: int) -> None:
    for listener in range(players):
        seats = Seats(TableRules(players=players), listener, tuple("ABCD"[:players]))
        for seat in range(players):
            assert position_of(seat, listener, players) is SAME_PLACE[seats.place(seat)]


def test_at_four_seats_the_player_before_you_is_on_your_left() -> None:
    assert [position_of(seat, 2, 4) for seat in range(4)] == [
        Position.ACROSS,
        Position.LEFT,
        Position.OWN,
        Position.RIGHT,
    ]


@pytest.mark.parametrize("pan", [-1.0, -0.8, -0.3, 0.0, 0.5, 1.0])
def test_panning_keeps_the_power(pan: float) -> None:
    left, right = pan_gains(pan)
    assert math.isclose(left * left + right * right, 1.0)


def test_a_neighbours_cue_comes_from_their_side() -> None:
    left = gains(Position.LEFT)
    right = gains(Position.RIGHT)
    assert left[0] > 4 * left[1]
    assert right == pytest.approx((left[1], left[0]))


def test_your_own_cue_and_the_one_from_across_are_in_the_middle_across_softer() -> None:
    own = gains(Position.OWN)
    across = gains(Position.ACROSS)
    assert own[0] == pytest.approx(own[1])
    assert across[0] == pytest.approx(across[1])
    power = across[0] ** 2 + across[1] ** 2
    assert 10 * math.log10(power) == pytest.approx(-3.0)
