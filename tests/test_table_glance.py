"""What a sighted player sees or remembers, one key away (issue 16): how close the hand is
(0, and F when nothing finishes), the table at a glance (1), what each other player took
from the discards and holds still (with L, R and O), finding a tile by typing it
(Ctrl+F), and the ends of the rack said as such."""

from __future__ import annotations

from test_table_rig import Rig, keys_in, make_rig

from okey.engine.actions import Action, Discard, DrawFromPile, TakeDiscard
from okey.engine.events import Discarded, Event, RoundStarted, TookDiscard
from okey.engine.view import Phase, PlayerView
from okey.hand.notation import parse_tile, parse_tiles
from okey.hand.solver import hand_counts, pairs_deficiency
from okey.table.lines import AndList, Face, Joined, Line, Name, Scores
from okey.table.output.closeness import MANY_WAITS, how_close
from okey.table.output.glance import kept_takes
from okey.table.state.seat import Step

# One tile from a finish (red 1-3, blue 4-6, black 7-10, yellow 10-12, yellow 5 spare);
# the indicator blue 12, the okey blue 13.
NEAR = "r1 r2 r3 b4 b5 b6 k7 k8 k9 k10 y10 y11 y12 y5"
LEFT, RIGHT = 3, 1


def _at_my_draw() -> Rig:
    rig = make_rig(hands={0: NEAR}, indicator="b12", dealer=LEFT, seed=2)
    rig.table.begin()
    while rig.table.state.step is Step.BOT:
        rig.table.play_bot()
    return rig


def _view(rig: Rig) -> PlayerView:
    view = rig.table.state.view
    assert view is not None
    return view


def test_how_close_one_tile_away_names_the_tiles_that_finish_and_their_unseen_copies() -> None:
    rig = _at_my_draw()
    rig.table.press("0")
    said = rig.last()
    assert isinstance(said, Joined)
    close, waits = said.parts
    assert close == Line(
        "table.close",
        combinations=Line("table.close.tiles", count=1),
        pairs=Line("table.close.tiles", count=parts_count(_view(rig))),
    )
    assert isinstance(waits, Line) and waits.key == "table.close.waits"
    listed = waits.fields["tiles"]
    assert isinstance(listed, AndList)
    finishing = {line.fields["tile"]: line.fields["count"] for line in listed.parts}  # type: ignore[union-attr]
    y13, y9, okey = parse_tile("y13"), parse_tile("y9"), parse_tile("b13")
    assert {y13, y9, okey} <= set(finishing)
    assert finishing[okey] == 2  # both okeys unseen
    seen_y13 = sum(pile.count(y13) for pile in _view(rig).discards)
    assert finishing[y13] == 2 - seen_y13


def parts_count(view: PlayerView) -> int:
    counts, jokers = hand_counts(view.hand, view.okey)
    return pairs_deficiency(counts, jokers)


def test_how_close_with_fifteen_tiles_says_which_discard_keeps_the_best_wait() -> None:
    rig = make_rig(hands={0: NEAR + " k1"}, indicator="b12", dealer=0, seed=2)
    rig.table.begin()
    rig.table.press("f")  # nothing finishes: F says so, and how close the hand is
    said = rig.last()
    assert isinstance(said, Joined)
    assert said.parts[0] == Line("table.why.no_finish")
    close = how_close(_view(rig))
    assert said.parts[1] == close
    assert isinstance(close, Joined)
    after = close.parts[1]
    assert isinstance(after, Line) and after.key == "table.close.after"
    assert after.fields["tile"] in (parse_tile("k1"), parse_tile("y5"))


def test_how_close_with_many_finishing_tiles_counts_them_and_0_twice_names_each() -> None:
    # Runs of 1-3, 4-6, 7-10 and 10-12 but a spare: almost any tile finishes it.
    hand = "r1 r2 r3 b4 b5 b6 k7 k8 k9 k10 y10 y11 y5 k1"
    rig = make_rig(hands={0: hand + " b13"}, indicator="b12", dealer=0, seed=2)
    rig.table.begin()
    rig.table.press("0")
    said = rig.last()
    assert isinstance(said, Joined)
    many = said.parts[1]
    assert isinstance(many, Line) and many.key == "table.close.after.many"
    kinds = many.fields["kinds"]
    assert isinstance(kinds, int) and kinds > MANY_WAITS
    rig.table.press("0")  # twice: each of them
    every = rig.last()
    assert isinstance(every, Joined)
    listed = every.parts[1]
    assert isinstance(listed, Line) and listed.key == "table.close.after"
    tiles = listed.fields["tiles"]
    assert isinstance(tiles, AndList) and len(tiles.parts) == kinds
    counts = [part.fields["count"] for part in tiles.parts if isinstance(part, Line)]
    assert sum(c for c in counts if isinstance(c, int)) == many.fields["count"]


def test_how_close_when_a_finish_is_there() -> None:
    rig = make_rig(hands={0: NEAR + " y13"}, indicator="b12", dealer=0, seed=2)
    rig.table.begin()
    rig.table.press("0")
    assert rig.last() == Line("table.can_finish", tile=parse_tile("y5"))


def test_the_table_at_a_glance_is_one_sentence() -> None:
    rig = _at_my_draw()
    view = _view(rig)
    rig.table.press("1")
    left_top = view.discards[LEFT][-1]
    assert rig.last() == Line(
        "table.glance",
        turn=Line("table.glance.draw"),
        pile=view.pile_count,
        tops=AndList(
            (
                Line("table.glance.top", name=Name(LEFT), tile=left_top),
                Line("table.glance.top", name=Name(2), tile=Line("table.glance.empty")),
                Line("table.glance.top", name=Name(RIGHT), tile=Line("table.glance.empty")),
                Line("table.glance.yours", name=Name(0), tile=Line("table.glance.empty")),
            )
        ),
        scores=Scores(view.scores, ranked=False),
    )
    assert "table.glance" in keys_in(rig.last()) and len(rig.said[-1].split(". ")) == 1


def test_the_glance_before_any_discard_says_so_once() -> None:
    rig = make_rig(dealer=0, seed=2)
    rig.table.begin()
    rig.table.press("1")
    said = rig.last()
    assert isinstance(said, Line) and said.fields["tops"] == Line("table.glance.none")
    assert "nothing" not in rig.said[-1]


class _Taker:
    """Takes every discard it may, and throws the first tile it did not take."""

    name = "taker"

    def __init__(self) -> None:
        self.taken: list[object] = []

    def choose(self, view: PlayerView) -> Action:
        if TakeDiscard() in view.legal:
            self.taken.append(view.available_discard)
            return TakeDiscard()
        if view.phase is Phase.DRAW:
            return DrawFromPile()
        keep = [t for t in view.hand if t not in self.taken]
        return Discard(keep[0] if keep else view.hand[0])


def test_the_discards_say_what_the_player_took_from_them_and_holds_still() -> None:
    rig = make_rig(hands={0: NEAR + " k1"}, indicator="b12", dealer=0, seed=2, bots={1: _Taker()})
    table = rig.table
    table.begin()
    table.press("end")
    tile = table.rack.focused
    assert tile is not None
    table.press("enter")  # Zeynep, on the right, takes it
    while table.state.step is Step.BOT:
        table.play_bot()
    table.press("r")
    said = rig.last()
    assert isinstance(said, Joined)
    assert said.parts[1] == Line(
        "table.discards.kept", name=Name(RIGHT), tiles=AndList((tile,)), count=1
    )
    table.press("m")  # the player's own pile: nothing more
    assert not isinstance(rig.last(), Joined)


def test_kept_takes_follow_the_order_of_the_events() -> None:
    r5, k7 = parse_tiles("r5 k7")
    events: list[Event] = [
        RoundStarted(1, 0),
        Discarded(1, r5),  # thrown before it was taken: it does not count
        TookDiscard(1, 0, r5),
        TookDiscard(2, 1, k7),
        Discarded(2, k7),
    ]
    assert kept_takes(events, 4) == ((), (r5,), (), ())
    assert kept_takes([*events, RoundStarted(2, 1)], 4) == ((), (), (), ())


def test_ctrl_f_finds_a_tile_by_its_number_and_colour() -> None:
    rig = _at_my_draw()
    table = rig.table
    tiles = table.rack.tiles

    def at() -> str:
        tile = table.rack.focused
        assert tile is not None
        return str(tile)

    table.press("c-f")
    assert rig.last() == Line("table.find.start")
    table.press("5")
    assert at() == "b5"
    table.press("c-f")  # the next 5
    assert at() == "y5"
    table.press("c-f")  # round to the first again
    assert at() == "b5"
    table.press("Y")  # yellow 5
    assert at() == "y5"
    table.press("backspace")  # yellow
    table.press("1")
    table.press("1")  # yellow 11
    assert at() == "y11"
    table.press("4")  # 114 is no number: 4 begins again, yellow 4
    assert rig.last() == Line("table.find.none", what=Face(parse_tile("y4")))
    assert at() == "y11"  # the focus stays
    hand = table.state.view.hand if table.state.view else ()
    table.press("escape")  # stops finding (Enter would discard the tile found)
    assert rig.last() == Line("table.find.end")
    assert table.state.view is not None and table.state.view.hand == hand
    assert table.rack.tiles == tiles
    table.press("r")  # an ordinary key again: the right discards
    assert rig.keys[-1].startswith("table.discards")


def test_ctrl_f_the_same_key_again_finds_the_next() -> None:
    rig = _at_my_draw()
    table = rig.table

    def at() -> str:
        tile = table.rack.focused
        assert tile is not None
        return str(tile)

    table.press("c-f")
    table.press("5")
    assert at() == "b5"
    table.press("5")  # no tile is 55: the same search, so the next 5
    assert at() == "y5"
    table.press("5")
    assert at() == "b5"
    table.press("y")  # yellow 5
    assert at() == "y5"
    table.press("y")  # yellow 5 still: it is the only one, found again
    assert at() == "y5"
    table.press("1")  # 51 is no number: yellow 1, which the hand does not have
    table.press("1")  # yellow 11: a new search, from the focus on
    assert at() == "y11"


def test_up_and_down_at_the_ends_say_so() -> None:
    rig = _at_my_draw()
    table = rig.table
    table.press("home")
    table.press("up")
    said = rig.last()
    assert isinstance(said, Joined) and said.parts[0] == Line("table.group.first")
    table.press("end")
    table.press("down")
    said = rig.last()
    assert isinstance(said, Joined) and said.parts[0] == Line("table.group.last")
    table.press("up")
    assert not isinstance(rig.last(), Joined)  # it moved
