"""The traditional deal at the table: the dice told in a sentence, then the usual lines."""

from __future__ import annotations

from test_table_rig import BOT_NAMES, make_rig, no_repeats

from okey.engine.events import DiceThrown, Event, IndicatorTurned, RoundStarted
from okey.engine.traditional import Dice, dice_variant, passed_over
from okey.hand.notation import parse_tile
from okey.messages import Verbosity, load_catalogue
from okey.rules import TableRules
from okey.table.lines import Face, Line, Name
from okey.table.output.narration import TableNarrator
from okey.table.state.seats import Seats, default_names

HAND = Line("table.hand")  # what the deal reads out, here a stand-in

EN = load_catalogue("en")


def _dice(who: str, seat: int, throw: tuple[int, int], position: int) -> Line:
    stack, tile = throw
    passed = passed_over(tile, position)
    story = Line(
        "table.dice.story" + dice_variant(tile, position),
        stack_nth=Line(f"ordinal.{stack}"),
        tile_nth=Line(f"ordinal.{tile}"),
        second_nth=Line(f"ordinal.{passed[-1] if passed else tile}"),
        position_nth=Line(f"ordinal.{position}"),
    )
    return Line(f"table.dice.{who}", name=Name(seat), stack=stack, tile=tile, story=story)


def _indicator(indicator: str, okey: str) -> Line:
    return Line(
        "table.indicator", indicator=Face(parse_tile(indicator)), okey=Face(parse_tile(okey))
    )


def test_you_throw_when_the_opener_sits_on_your_right() -> None:
    rig = make_rig(rules="traditional", dealer=1, seed=3)
    rig.table.begin()
    thrown = next(e for e in rig.table.session.match.events if isinstance(e, DiceThrown))
    assert (thrown.seat, thrown.dice, thrown.position) == (0, Dice(2, 2), 2)
    assert rig.lines[1:4] == [
        Line("table.round.stacks", number=1, name=Name(1)),
        _dice("you", 0, (2, 2), 2),
        _indicator("r12", "r13"),
    ]
    assert rig.keys[4] == "table.hand"
    assert no_repeats(rig.said) == []


def test_the_seat_on_your_left_throws_when_you_open() -> None:
    rig = make_rig(rules="traditional", dealer=0, seed=3)
    rig.table.begin()
    assert rig.lines[1:4] == [
        Line("table.round.stacks.you", number=1, name=Name(0)),
        _dice("other", 3, (2, 2), 2),
        _indicator("r12", "r13"),
    ]


def test_a_classic_deal_throws_no_dice() -> None:
    rig = make_rig(rules="classic", dealer=1, seed=3)
    rig.table.begin()
    assert rig.lines[1] == Line("table.round", number=1, name=Name(1))
    assert rig.keys[2] == "table.indicator"


def _told(position: int = 3) -> list[object]:
    names = default_names(4, 0, "You", BOT_NAMES)
    events: list[Event] = [
        RoundStarted(2, 1, ()),
        DiceThrown(0, Dice(5, 2), position),
        IndicatorTurned(parse_tile("r4"), parse_tile("r5"), 48, turned_back=position - 2),
    ]
    return list(TableNarrator(Seats(TableRules(), 0, names)).lines(events, lambda _: (0, 0), HAND))


def test_a_passed_over_false_joker_is_told_in_the_dice_sentence_not_again() -> None:
    said = _told()
    assert said[0] == Line("table.round.stacks", number=2, name=Name(1))
    assert said[1] == _dice("you", 0, (5, 2), 3)
    assert said[2] == _indicator("r4", "r5")  # no "turned back" line: the dice told it
    assert len(said) == 3


def test_the_dice_story_has_a_variant_for_each_throw_in_every_verbosity() -> None:
    cases = [(2, 2), (2, 3), (6, 1), (2, 4), (5, 1), (6, 2)]
    assert [dice_variant(*case) for case in cases] == [
        "",
        ".passed",
        ".passed.wrap",
        ".passed2",
        ".passed2.wrap",
        ".passed2.wrap",
    ]
    for throw, position in cases:
        key = "table.dice.story" + dice_variant(throw, position)
        for verbosity in Verbosity:
            assert EN.variant(
                key, verbosity, stack_nth="a", tile_nth="b", second_nth="c", position_nth="d"
            )
