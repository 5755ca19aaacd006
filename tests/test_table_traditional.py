"""The traditional deal at the table: the dice told in a sentence, then the usual lines."""

from __future__ import annotations

from test_table_rig import BOT_NAMES, make_rig, no_repeats

from okey.engine.events import DiceThrown, Event, IndicatorTurned, RoundStarted
from okey.engine.narrate import dice_variant
from okey.engine.traditional import Dice, passed_over
from okey.hand.notation import parse_tile
from okey.messages import Verbosity
from okey.rules import TableRules
from okey.table.narration import TableNarrator
from okey.table.seats import Seats, default_names
from okey.table.words import Words

DICE_2_2 = (
    "a 2 and a 2: the spare tile goes on the second stack, "
    "and its second tile from the bottom is turned up."
)


def test_you_throw_when_the_opener_sits_on_your_right() -> None:
    rig = make_rig(rules="traditional", dealer=1, seed=3)
    rig.table.begin()
    thrown = next(e for e in rig.table.session.match.events if isinstance(e, DiceThrown))
    assert (thrown.seat, thrown.dice, thrown.position) == (0, Dice(2, 2), 2)
    assert rig.said[1:4] == [
        "Round 1. Zeynep opens.",
        f"You throw {DICE_2_2}",
        "Indicator red 12, okey red 13.",
    ]
    assert rig.said[4].startswith("Your 14 tiles, by colour: ")
    assert no_repeats(rig.said) == []


def test_the_seat_on_your_left_throws_when_you_open() -> None:
    rig = make_rig(rules="traditional", dealer=0, seed=3)
    rig.table.begin()
    assert rig.said[1:4] == [
        "Round 1. You open.",
        f"Ayşe throws {DICE_2_2}",
        "Indicator red 12, okey red 13.",
    ]


def test_brief_messages_tell_the_dice_in_one_short_sentence() -> None:
    rig = make_rig(rules="traditional", dealer=1, seed=3, verbosity=Verbosity.BRIEF)
    rig.table.begin()
    assert rig.said[1:4] == [
        "Round 1: Zeynep opens.",
        "You throw 2 and 2.",
        "Indicator red 12, okey red 13.",
    ]


def test_a_classic_deal_throws_no_dice() -> None:
    rig = make_rig(rules="classic", dealer=1, seed=3)
    rig.table.begin()
    assert rig.said[1] == "Round 1. Zeynep deals and opens."
    assert rig.said[2].startswith("Indicator ")


def _told(verbosity: Verbosity, position: int = 3) -> list[str]:
    names = default_names(4, 0, "You", BOT_NAMES)
    words = Words(Seats(TableRules(), 0, names), verbosity)
    events: list[Event] = [
        RoundStarted(2, 1, ()),
        DiceThrown(0, Dice(5, 2), position),
        IndicatorTurned(parse_tile("r4"), parse_tile("r5"), 48, turned_back=position - 2),
    ]
    lines = TableNarrator().lines(events, words, lambda tile: (0, 0), "hand")
    return [line.text for line in lines]


def test_a_passed_over_false_joker_is_told_in_the_dice_sentence() -> None:
    assert _told(Verbosity.DETAILED) == [
        "Round 2. Zeynep opens.",
        "You throw a 5 and a 2: the spare tile goes on the fifth stack; its second tile "
        "from the bottom is a false joker, so the third is turned up.",
        "Indicator red 4, okey red 5.",
    ]
    assert _told(Verbosity.BRIEF) == [
        "Round 2: Zeynep opens.",
        "You throw 5 and 2.",
        "Indicator red 4, okey red 5.",
    ]


def test_two_false_jokers_passed_over_are_both_told_at_the_table() -> None:
    assert _told(Verbosity.DETAILED, position=4)[1] == (
        "You throw a 5 and a 2: the spare tile goes on the fifth stack; its second and third "
        "tiles from the bottom are false jokers, so the fourth is turned up."
    )


def test_the_table_has_the_same_variants_in_ordinals() -> None:
    # The table's narration (okey.table.narration) tells the dice from these texts.
    words = Words(Seats(TableRules(), 0, ("You", "A", "B", "C")), Verbosity.DETAILED)

    def story(throw: int, position: int) -> str:
        passed = passed_over(throw, position)
        return words(
            "table.dice.story" + dice_variant(throw, position),
            stack_nth=words("ordinal.5"),
            tile_nth=words(f"ordinal.{throw}"),
            second_nth=words(f"ordinal.{passed[-1] if passed else throw}"),
            position_nth=words(f"ordinal.{position}"),
        )

    assert [dice_variant(*case) for case in [(2, 2), (2, 3), (6, 1), (2, 4), (5, 1), (6, 2)]] == [
        "",
        ".passed",
        ".passed.wrap",
        ".passed2",
        ".passed2.wrap",
        ".passed2.wrap",
    ]
    assert story(2, 4) == (
        "the spare tile goes on the fifth stack; its second and third tiles from the bottom "
        "are false jokers, so the fourth is turned up"
    )
    assert story(6, 1) == (
        "the spare tile goes on the fifth stack; its sixth tile from the bottom, the top one, "
        "is a false joker, so the count goes on from the bottom and the first is turned up"
    )
    assert story(6, 2) == (
        "the spare tile goes on the fifth stack; its sixth and first tiles from the bottom, "
        "counting on past the top from the bottom, are false jokers, so the second is turned up"
    )
