"""Okey 101's invariants, checked over simulated rounds (tests and the ladder benchmark).

:func:`state_problems` says what is wrong with a round's state now (an empty list:
nothing): every one of the 106 tiles in a hand, on the table, in the pile, on a
discard pile or the indicator; every laid combination a valid run or set;
every combinations opening at least the threshold. :func:`score_problems` checks a
round's scores against the rule book's count (:func:`.scores.round_points`).
"""

from __future__ import annotations

from collections import Counter

from okey.games.okey101.events import RoundScored101
from okey.games.okey101.round import Round101, checked_meld, is_pair
from okey.games.okey101.scores import Finish101, round_points
from okey.hand.finishing import Opened
from okey.tiles import full_set


def all_tiles(round_: Round101) -> Counter[object]:
    """Every tile of the round, wherever it is."""
    found: Counter[object] = Counter([round_.indicator])
    for hand in round_.hands:
        found.update(hand)
    for laid in round_.melds:
        found.update(laid.meld.tiles)
    for pair in round_.pairs:
        found.update(pair.pair)
    found.update(round_.pile)
    for pile in round_.discards:
        found.update(pile)
    return found


def state_problems(round_: Round101) -> list[str]:
    problems = []
    if all_tiles(round_) != Counter(full_set()):
        problems.append("the 106 tiles are not all there exactly once")
    for index, laid in enumerate(round_.melds):
        made = checked_meld(laid.meld, round_.okey, round_.own)
        if made is None or made.faces != laid.meld.faces:
            problems.append(f"combination {index} is no valid run or set")
    for laid_pair in round_.pairs:
        if not is_pair(laid_pair.pair, round_.okey):
            problems.append(f"{laid_pair.pair} is no pair")
    threshold = round_.own.play.opening_threshold
    for seat, opened in enumerate(round_.opened):
        if opened is Opened.COMBINATIONS and round_.opening_values[seat] < threshold:
            problems.append(f"seat {seat} opened with {round_.opening_values[seat]}")
    return problems


def score_problems(round_: Round101, scored: RoundScored101) -> list[str]:
    """The round's points against the rule book's count from its end state."""
    finish = None
    if scored.finisher is not None:
        finish = Finish101(
            scored.finisher, scored.okey_finish, scored.pairs_finish, scored.one_turn
        )
        if len(round_.hands[scored.finisher]) != 0:
            return ["the finisher still holds tiles"]
        if round_.opened[scored.finisher] is Opened.NOT_YET:
            return ["the finisher never opened"]
    expected = round_points(
        round_.own, round_.okey, round_.hands, round_.opened, round_.penalties, finish
    )
    expected = tuple(e + x for e, x in zip(expected, round_.extra, strict=True))
    if scored.points != expected:
        return [f"points {scored.points}, the rules say {expected}"]
    return []
