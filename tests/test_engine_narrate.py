"""Every event has words, from the catalogue."""

from __future__ import annotations

import random

from engine_support import arranged, tile

from okey.engine import DeclarePairs, Discard, Match, ShowIndicator, TimeOut, TurnToOkey
from okey.engine.events import AutopilotChanged, RoundDrawn, RoundWon
from okey.engine.narrate import Narrator
from okey.engine.traditional import Dice
from okey.rules import load_rules
from okey.tiles import FALSE_JOKER, full_set


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
    narrator = Narrator(["ann", "bo", "cy", "di"])
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
    narrator = Narrator([])
    narrator.okey = match.round.okey
    lines = narrator.lines(won)
    assert lines[0] == "seat 0 finishes with runs and sets, laying red 6 okey in the middle."
    assert "An okey discard." in lines
    assert "Run: red 1, red 2, red 3." in lines
    assert "seat 1, seat 2, seat 3 lose 4 each." in lines


def test_a_drawn_round_is_told() -> None:
    match = Match(load_rules("one-round"), random.Random(1), first_dealer=0)
    match.start_round()
    match.round.pile.clear()
    events = match.apply(0, match.legal(0)[0])
    drawn = next(e for e in events if isinstance(e, RoundDrawn))
    lines = Narrator([]).lines(drawn)
    assert lines[0] == "The round is drawn: the pile ran out. No points."


def test_the_traditional_deal_is_told_with_its_dice() -> None:
    deck = full_set()  # the false jokers last: the spare and stack 21's top
    match = Match(load_rules("traditional"), random.Random(1), first_dealer=1)
    events = match.start_round(deck, Dice(5, 2))
    narrator = Narrator(["ann", "bo", "cy", "di"])
    said = [line for event in events[:3] for line in narrator.lines(event)]
    assert said == [
        "Round 1. seat 1 (bo) deals and opens.",
        "seat 0 (ann) throws 5 and 2: the spare tile goes on stack 5, "
        "and tile 2 from its bottom is the indicator.",
        "The indicator is red 11; the okey is red 12. Pile: 48 tiles.",
    ]
    deck = [*full_set()[:21], FALSE_JOKER, *full_set()[21:-1]]
    match = Match(load_rules("traditional"), random.Random(1), first_dealer=1)
    events = match.start_round(deck, Dice(5, 2))
    said = [line for event in events[:3] for line in narrator.lines(event)]
    assert said[1] == (
        "seat 0 (ann) throws 5 and 2: the spare tile goes on stack 5; tile 2 from its bottom "
        "is a false joker, so tile 3 is the indicator."
    )
    assert len(said) == 3  # no separate line for the false joker passed over
