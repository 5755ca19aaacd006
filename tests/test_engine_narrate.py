"""Every event has words, from the catalogue: the replay's narrator, for every game."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from engine_support import arranged, run_down, tile

from okey.bots import make_bot
from okey.engine import DeclarePairs, Discard, Match, ShowIndicator, TimeOut, TurnToOkey
from okey.engine.events import AutopilotChanged, DiceThrown, RoundDrawn, RoundWon
from okey.engine.traditional import Dice, passed_over
from okey.messages import load_catalogue
from okey.narrate import Narrator
from okey.rules import load_rules
from okey.tiles import FALSE_JOKER, Tile, full_set

EN = load_catalogue("en")


def test_every_event_of_a_salon_round_is_said() -> None:
    match = arranged(
        {0: "r1 r2 r3 b4 b5 b6 k7 k8 k9 k10 y10 y11 y12 r6 b13", 1: "r5"},
        rules=load_rules("salon"),
    )
    match.apply(1, ShowIndicator())
    match.apply(0, DeclarePairs())
    match.apply(0, TurnToOkey())
    match.apply(0, Discard(tile("b13")))
    for _ in range(12):
        if match.round_over:
            break
        match.apply(match.turn, TimeOut())
    narrator = Narrator(["ann", "bo", "cy", "di"], catalogue=EN)
    said = [(event, narrator.lines(event)) for event in match.events]
    assert all(lines for _, lines in said)
    text = "\n".join(line for _, lines in said for line in lines)
    assert "Round 1. seat 0 (ann) deals and opens." in text
    assert "the okey is red 6." in text
    assert "seat 1 (bo) shows the indicator's twin, red 5" in text
    assert "seat 0 (ann) turns to the okey." in text
    assert "seat 0 (ann) is going for pairs." in text
    assert "Time ran out for seat 1 (bo) (1 in a row)" in text
    assert "finishes with runs and sets" in text
    on, off = AutopilotChanged(2, on=True), AutopilotChanged(2, on=False)
    assert narrator.lines(on) == ["Autopilot now plays for seat 2 (cy)."]
    assert narrator.lines(off) == ["seat 2 (cy) is back and plays again."]


def test_a_win_is_told_with_its_groups_and_cost() -> None:
    match = arranged({0: "r1 r2 r3 b4 b5 b6 k7 k8 k9 k10 y10 y11 y12 y13 r6"})
    events = match.apply(0, Discard(tile("r6")))
    won = next(e for e in events if isinstance(e, RoundWon))
    narrator = Narrator([], catalogue=EN)
    narrator.okey = match.round.okey
    lines = narrator.lines(won)
    assert lines[0] == "seat 0 finishes with runs and sets, laying red 6 okey in the middle."
    assert "An okey discard." in lines
    assert "Run red 1 to 3." in lines and "Run black 7 to 10." in lines
    assert "seat 1, seat 2, seat 3 lose 4 each." in lines


def test_a_drawn_round_is_told() -> None:
    match = Match(load_rules("one-round"), random.Random(1), first_dealer=0)
    match.start_round()
    match.apply(0, match.legal(0)[0])
    drawn = next(e for e in run_down(match) if isinstance(e, RoundDrawn))
    lines = Narrator([], catalogue=EN).lines(drawn)
    assert lines[0] == "The round is drawn: the pile ran out. No points."


def test_the_traditional_deal_is_told_with_its_dice() -> None:
    deck = full_set()  # the false jokers last: the spare and stack 21's top
    match = Match(load_rules("traditional"), random.Random(1), first_dealer=1)
    events = match.start_round(deck, Dice(5, 2))
    narrator = Narrator(["ann", "bo", "cy", "di"], catalogue=EN)
    said = narrator.story(events[:3])
    assert said == [
        "Round 1. seat 1 (bo) opens.",  # seat 0 built the stacks and threw
        "seat 0 (ann) throws 5 and 2: the spare tile goes on stack 5, "
        "and tile 2 from its bottom is the indicator.",
        "The indicator is red 11; the okey is red 12. Pile: 48 tiles.",
    ]
    assert narrator.lines(events[0]) == ["Round 1. seat 1 (bo) deals and opens."]
    plain = Match(load_rules("classic"), random.Random(1), first_dealer=1)
    assert narrator.story(plain.start_round()[:1]) == ["Round 1. seat 1 (bo) deals and opens."]


def _deck_with_false_jokers(stack: int, places: Sequence[int]) -> list[Tile]:
    """A deck whose false jokers are at these places of the stack (6: the spare); the
    others (of the two) at the bottom of stack 1."""
    indexes = {105 if place == 6 else (stack - 1) * 5 + place - 1 for place in places}
    indexes |= set(range(2 - len(indexes)))
    others = iter(tile for tile in full_set() if not tile.is_false_joker)
    return [FALSE_JOKER if index in indexes else next(others) for index in range(106)]


@pytest.mark.parametrize(
    ("throw", "jokers", "told"),
    [
        (2, [], ", and tile 2 from its bottom is the indicator."),
        (2, [2], "; tile 2 from its bottom is a false joker, so tile 3 is the indicator."),
        (
            6,
            [6],
            "; tile 6 from its bottom, the top one, is a false joker, so the count goes on "
            "from the bottom and tile 1 is the indicator.",
        ),
        (
            2,
            [2, 3],
            "; tiles 2 and 3 from its bottom are false jokers, so tile 4 is the indicator.",
        ),
        (
            5,
            [5, 6],
            "; tiles 5 and 6 from its bottom, counting on past the top from the bottom, "
            "are false jokers, so tile 1 is the indicator.",
        ),
        (
            6,
            [6, 1],
            "; tiles 6 and 1 from its bottom, counting on past the top from the bottom, "
            "are false jokers, so tile 2 is the indicator.",
        ),
    ],
)
def test_each_false_joker_passed_over_is_told(throw: int, jokers: list[int], told: str) -> None:
    deck = _deck_with_false_jokers(5, jokers)
    match = Match(load_rules("traditional"), random.Random(1), first_dealer=1)
    events = match.start_round(deck, Dice(5, throw))
    thrown = next(event for event in events if isinstance(event, DiceThrown))
    assert passed_over(throw, thrown.position) == tuple(jokers)
    said = Narrator([], catalogue=EN).story(events[:3])
    assert said[1] == f"seat 0 throws 5 and {throw}: the spare tile goes on stack 5" + told
    assert len(said) == 3  # no separate line for the false jokers passed over


@pytest.mark.parametrize("rules_name", ["classic", "101"])
def test_every_event_of_a_round_of_bots_is_said(rules_name: str) -> None:
    """Each game's own events too (Okey 101's openings name their combinations as the
    table does: "run red 10 to 12")."""
    rules = load_rules(rules_name)
    match = Match(rules, random.Random(4), first_dealer=0)
    bots = [make_bot("hard", random.Random(seat), rules.game) for seat in range(4)]
    match.start_round()
    while not match.round_over:
        seat = match.turn
        match.apply(seat, bots[seat].choose(match.table_view(seat)))
    narrator = Narrator(["ann", "bo", "cy", "di"], catalogue=EN)
    said = [narrator.lines(event) for event in match.events]
    assert all(said)
    text = "\n".join(line for lines in said for line in lines)
    assert "{" not in text and "engine." not in text and "meld." not in text
    if rules_name == "101":
        opened = [line for line in text.splitlines() if " opens with " in line]
        assert opened and any(" run " in line or " set " in line for line in opened)
