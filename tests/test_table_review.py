"""The master's review at the table (J): after a round only, free, said once, then browsed."""

from __future__ import annotations

import pytest
from test_table_rig import make_rig, parts

import okey.table.state.session
from okey.engine.actions import ShowIndicator
from okey.messages import load_catalogue
from okey.review import RoundReview, review_match
from okey.table.keys import Command, KeyNames, menu_commands
from okey.table.lines import Line
from okey.table.state.session import Step
from okey.table.state.settings import HINTS

# Indicator r5: the player deals these 15 tiles, holds the indicator's twin, and
# finishes by throwing the black 1.
READY = "r3 r4 r5 b4 b5 b6 k7 k8 k9 k10 y10 y11 y12 y13 k1"
SUMMARY = Line("table.review.summary", agreed=1, count=2)
NO_SHOW = Line(
    "table.review.line",
    turn=1,
    played=Line("table.review.did.no_show"),
    master=Line("table.review.would.show"),
)

EN = load_catalogue("en")


def test_the_review_is_said_once_the_round_is_over() -> None:
    rig = make_rig(hands={0: READY}, indicator="r5", dealer=0)
    table = rig.table
    table.begin()
    table.press("j")
    assert rig.last() == Line("table.review.not_now")
    table.press("f")  # finish without showing the twin
    assert rig.keys[-1] == "table.round_over"
    table.press("J")
    assert rig.heard[-2:] == [(SUMMARY, True), (NO_SHOW, False)]
    assert table.settings.hints_left == HINTS  # a review is free
    said = rig.said[-2:]
    table.press(",")
    assert rig.said[-1] == said[1]  # the history keys browse it, line by line
    table.press(",")
    assert rig.said[-1] == said[0]


def test_never_during_a_round() -> None:
    rig = make_rig(hands={0: READY}, indicator="r5", dealer=0)
    table = rig.table
    table.begin()
    table.press("f")
    table.press("enter")  # round 2 is dealt
    assert table.state.step is not Step.ROUND_OVER
    before = len(rig.lines)
    table.press("j")
    assert rig.lines[before:] == [Line("table.review.not_now")]


def test_the_review_is_worked_out_once_per_round(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []

    def counting(*args: object, **kwargs: object) -> tuple[RoundReview, ...]:
        calls.append(1)
        return review_match(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(okey.table.state.session, "review_match", counting)
    rig = make_rig(hands={0: READY}, indicator="r5", dealer=0)
    table = rig.table
    table.begin()
    table.press("f")
    table.press("j")
    table.press("j")
    assert rig.lines[-2:] == [SUMMARY, NO_SHOW]  # asked again, said again
    assert len(calls) == 1


def test_the_menu_and_the_help_offer_it() -> None:
    rig = make_rig(hands={0: READY}, indicator="r5", dealer=0)
    table = rig.table
    table.begin()
    assert Command.REVIEW in menu_commands(table.seat.rules)
    assert KeyNames(EN)[Command.REVIEW] == "J"
    table.press("f")
    table.press("h")
    assert Line("table.help.next_round") in parts(rig.last())
    table.press("escape")
    assert table.menu is not None
    offered = [option.command for option in table.menu.options]
    assert Command.DRAW not in offered  # the round is over: no moves
    for _ in range(offered.index(Command.REVIEW)):
        table.press("down")
    item = rig.last()
    assert isinstance(item, Line) and item.fields["label"] == Line("table.action.review")
    table.press("enter")
    assert rig.lines[-2:] == [SUMMARY, NO_SHOW]


def test_the_whole_help_names_the_key() -> None:
    rig = make_rig(seed=3)
    table = rig.table
    table.begin()
    table.press("h")
    table.press("h")
    assert Line("table.help.hint", count=HINTS) in parts(rig.last())


def test_at_the_end_of_the_match_the_last_round_is_reviewed() -> None:
    rig = make_rig(rules="one-round", hands={0: READY}, indicator="r5", dealer=0)
    table = rig.table
    table.begin()
    assert ShowIndicator() not in table.session.match.legal(0)  # one-round plays no show
    table.press("f")
    assert table.state.step is Step.MATCH_OVER
    table.press("j")
    # the single decision is the finish
    assert rig.last() == Line("table.review.summary", agreed=1, count=1)
