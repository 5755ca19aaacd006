"""The pool of tasks: each a condition on a seat's :class:`~okey.tasks.facts.MatchFacts`.

A kind has an id (its words: ``tasks.kind.<id>``), the okey score it gives, where it
can happen (``place``: any Okey table, a partners table, a table where the indicator
may be shown, an Okey 101 table) and whether it is hard enough to be a week's
challenge.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:  # the start menu reads the kinds without loading the engine
    from okey.rules import RuleSet
    from okey.tasks.facts import MatchFacts
    from okey.tasks.notes import RoundFacts

QUICK_TURNS: Final = 9  # "win a round within nine of your own turns"
FEW_POINTS: Final = 6  # "lose fewer than six points in a match"
LATE_PILE: Final = 5  # "win with five tiles or fewer left in the pile"
LONG_RUN: Final = 5
BIG_OPENING: Final = 120  # "open an Okey 101 round with 120 points or more"
MANY_TAKES: Final = 3
CALM_ROUNDS: Final = 3


class Place(StrEnum):
    """The tables where a kind can happen (words: ``tasks.place.<value>``)."""

    ANY = "any"
    PARTNERS = "partners"
    SHOWING = "showing"
    OKEY101 = "okey101"  # an Okey 101 table


def fits(place: Place, rules: RuleSet) -> bool:
    """True when a task of ``place`` can happen under ``rules``."""
    if place is Place.OKEY101:
        return rules.game == "101"
    if rules.game != "okey":
        return False
    match place:
        case Place.OKEY101:
            return False
        case Place.ANY:
            return True
        case Place.PARTNERS:
            return rules.table.partners
        case Place.SHOWING:
            return rules.scoring.show_indicator


@dataclass(frozen=True, slots=True)
class Kind:
    """One kind of task."""

    id: str
    reward: int
    place: Place
    done: Callable[[MatchFacts], bool]
    challenge: bool = False  # may be a week's challenge


def _any_round(test: Callable[[RoundFacts], bool]) -> Callable[[MatchFacts], bool]:
    return lambda facts: any(test(facts_of) for facts_of in facts.rounds)


def _in_a_row(test: Callable[[RoundFacts], bool], count: int) -> Callable[[MatchFacts], bool]:
    def done(facts: MatchFacts) -> bool:
        run = 0
        for facts_of in facts.rounds:
            run = run + 1 if test(facts_of) else 0
            if run >= count:
                return True
        return False

    return done


def _won(test: Callable[[RoundFacts], bool]) -> Callable[[MatchFacts], bool]:
    return _any_round(lambda r: r.won and test(r))


KINDS: Final[tuple[Kind, ...]] = (
    Kind("win_round", 20, Place.ANY, _any_round(lambda r: r.won)),
    Kind("finish_pairs", 60, Place.ANY, _won(lambda r: r.pairs), challenge=True),
    Kind("finish_okey", 60, Place.ANY, _won(lambda r: r.okey_discard), challenge=True),
    Kind("show_indicator", 30, Place.SHOWING, _any_round(lambda r: r.showed)),
    Kind("win_no_take", 40, Place.ANY, _won(lambda r: r.took == 0)),
    Kind("win_quick", 50, Place.ANY, _won(lambda r: r.turns <= QUICK_TURNS), challenge=True),
    Kind("win_taking", 40, Place.ANY, _won(lambda r: r.took >= MANY_TAKES)),
    Kind(
        "win_both_okeys",
        80,
        Place.ANY,
        _won(lambda r: r.okeys_in_hand + r.okey_discard >= 2),
        challenge=True,
    ),
    Kind("win_no_okey", 50, Place.ANY, _won(lambda r: r.okeys_in_hand == 0 and not r.okey_discard)),
    Kind("win_false_okey", 40, Place.ANY, _won(lambda r: r.false_okey)),
    Kind("win_set_of_four", 40, Place.ANY, _won(lambda r: r.set_of_four)),
    Kind("win_long_run", 40, Place.ANY, _won(lambda r: r.longest_run >= LONG_RUN)),
    Kind("win_late", 40, Place.ANY, _won(lambda r: r.pile_left <= LATE_PILE)),
    Kind("win_as_opener", 30, Place.ANY, _won(lambda r: r.started)),
    Kind("win_match", 50, Place.ANY, lambda f: f.over and f.first, challenge=True),
    Kind("lose_few", 50, Place.ANY, lambda f: f.over and f.lost < FEW_POINTS, challenge=True),
    Kind("win_two_rounds", 40, Place.ANY, lambda f: sum(r.won for r in f.rounds) >= 2),
    Kind("win_twice_running", 60, Place.ANY, _in_a_row(lambda r: r.won, 2), challenge=True),
    Kind(
        "win_partners",
        60,
        Place.PARTNERS,
        lambda f: f.partners and f.over and f.first,
        challenge=True,
    ),
    Kind("partner_finish", 30, Place.PARTNERS, _any_round(lambda r: r.side_won and not r.won)),
    Kind("show_and_win", 70, Place.SHOWING, _won(lambda r: r.showed), challenge=True),
    Kind("calm_rounds", 40, Place.ANY, _in_a_row(lambda r: r.lost == 0, CALM_ROUNDS)),
    # Okey 101's:
    Kind("open_101", 20, Place.OKEY101, _any_round(lambda r: r.opened)),
    Kind("open_pairs_101", 40, Place.OKEY101, _any_round(lambda r: r.opened_pairs)),
    Kind("open_big_101", 50, Place.OKEY101, _any_round(lambda r: r.opening >= BIG_OPENING)),
    Kind("win_101", 40, Place.OKEY101, _any_round(lambda r: r.won)),
    Kind("win_pairs_101", 70, Place.OKEY101, _won(lambda r: r.opened_pairs), challenge=True),
    Kind("win_okey_101", 60, Place.OKEY101, _won(lambda r: r.okey_discard)),
    Kind("one_turn_101", 80, Place.OKEY101, _won(lambda r: r.one_turn)),
    Kind(
        "clean_101",
        50,
        Place.OKEY101,
        lambda f: f.over and all(r.penalties == 0 for r in f.rounds),
    ),
    Kind(
        "open_always_101",
        50,
        Place.OKEY101,
        lambda f: f.over and all(r.opened for r in f.rounds),
    ),
    Kind("first_101", 60, Place.OKEY101, lambda f: f.over and f.first, challenge=True),
)
"""Every kind, in the order ``okey tasks --all`` lists them."""

BY_ID: Final = {kind.id: kind for kind in KINDS}
CHALLENGE_BONUS: Final = 3  # a week's challenge gives this many times its kind's reward


def completed(kind: Kind, facts: MatchFacts, rules: RuleSet) -> bool:
    """True when ``facts`` (of a match played under ``rules``) complete ``kind``."""
    return fits(kind.place, rules) and kind.done(facts)
