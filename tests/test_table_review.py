"""The master's review at the table (J): after a round only, free, said once, then browsed."""

from __future__ import annotations

import pytest
from test_table_rig import make_rig

import okey.table.controller
from okey.review import RoundReview, review_match
from okey.table.keys import KEY_NAMES, Command, menu_commands
from okey.table.session import Step
from okey.table.settings import HINTS

# Indicator r5: the player deals these 15 tiles, holds the indicator's twin, and
# finishes by throwing the black 1.
READY = "r3 r4 r5 b4 b5 b6 k7 k8 k9 k10 y10 y11 y12 y13 k1"
SUMMARY = "You and the master agreed on 1 of 2 decisions."
NO_SHOW = "Turn 1: you did not show the indicator's twin; the master would have shown it."


def test_the_review_is_said_once_the_round_is_over() -> None:
    rig = make_rig(hands={0: READY}, indicator="r5", dealer=0)
    table = rig.table
    table.begin()
    table.press("j")
    assert rig.said[-1] == "The master's review comes when the round is over."
    table.press("f")  # finish without showing the twin
    assert rig.said[-1].endswith("Enter starts round 2. J: the master's review.")
    table.press("J")
    assert rig.output.spoken[-2:] == [(SUMMARY, True), (NO_SHOW, False)]
    assert table.session.settings.hints_left == HINTS  # a review is free
    table.press(",")
    assert rig.said[-1] == NO_SHOW  # the history keys browse it, line by line
    table.press(",")
    assert rig.said[-1] == SUMMARY


def test_never_during_a_round() -> None:
    rig = make_rig(hands={0: READY}, indicator="r5", dealer=0)
    table = rig.table
    table.begin()
    table.press("f")
    table.press("enter")  # round 2 is dealt
    assert table.session.step() is not Step.ROUND_OVER
    before = len(rig.said)
    table.press("j")
    assert rig.said[before:] == ["The master's review comes when the round is over."]


def test_the_review_is_worked_out_once_per_round(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []

    def counting(*args: object, **kwargs: object) -> tuple[RoundReview, ...]:
        calls.append(1)
        return review_match(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(okey.table.controller, "review_match", counting)
    rig = make_rig(hands={0: READY}, indicator="r5", dealer=0)
    table = rig.table
    table.begin()
    table.press("f")
    table.press("j")
    table.press("j")
    assert rig.said[-2:] == [SUMMARY, NO_SHOW]  # asked again, said again
    assert len(calls) == 1


def test_the_menu_and_the_help_offer_it() -> None:
    rig = make_rig(hands={0: READY}, indicator="r5", dealer=0)
    table = rig.table
    table.begin()
    commands = menu_commands(table.session.rules)
    assert KEY_NAMES[Command.REVIEW] == "J"
    table.press("f")
    table.press("h")
    assert "J: the master's review of it." in rig.said[-1]
    table.press("escape")
    for _ in range(commands.index(Command.REVIEW)):
        table.press("down")
    assert rig.said[-1].startswith("The master's review of the round, once it is over, J, ")
    table.press("enter")
    assert rig.said[-2:] == [SUMMARY, NO_SHOW]


def test_the_whole_help_names_the_key() -> None:
    rig = make_rig(seed=3)
    table = rig.table
    table.begin()
    table.press("h")
    table.press("h")
    assert "J, after a round: the master's review of it, free." in rig.said[-1]


def test_at_the_end_of_the_match_the_last_round_is_reviewed() -> None:
    rig = make_rig(rules="one-round", hands={0: READY}, indicator="r5", dealer=0)
    table = rig.table
    table.begin()
    table.press("f")
    assert table.session.step() is Step.MATCH_OVER
    assert rig.said[-1].endswith("J: the master's review. Q leaves the table.")
    table.press("j")
    # one-round plays no show: the single decision is the finish
    assert rig.said[-1] == "You and the master agreed on 1 of 1 decision."
