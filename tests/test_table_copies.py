"""Z: where the two copies of the tile you are on are, from what the player can see."""

from __future__ import annotations

from test_table_rig import Rig, make_rig

from okey.engine.actions import Discard, Finish, TakeDiscard
from okey.hand.notation import parse_tile
from okey.table.lines import AndList, Capital, Line, Name, Speech
from okey.table.output import status

HAND = "r5 b7 b7 k9 k9 y1 y2 y3 y4 y5 y6 y7 y8 y9 y10"  # the dealer's 15; indicator r5


def _rig() -> Rig:
    rig = make_rig(hands={0: HAND}, indicator="r5", dealer=0, seed=3)
    rig.table.begin()
    return rig


def _copies(rig: Rig, tile: str) -> Speech:
    table = rig.table
    view = table.state.view
    assert view is not None
    return status.copies(view, parse_tile(tile), table.seats)


def _places(tile: str, *places: Line) -> Line:
    return Line("table.copies", tile=Capital(parse_tile(tile)), places=AndList(places))


def test_held_tiles_the_indicator_and_the_unseen() -> None:
    rig = _rig()
    assert _copies(rig, "b7") == _places("b7", Line("table.copies.held", count=2))
    assert _copies(rig, "r5") == _places(
        "r5", Line("table.copies.held", count=1), Line("table.copies.indicator")
    )
    assert _copies(rig, "y1") == _places(
        "y1", Line("table.copies.held", count=1), Line("table.copies.unseen", count=1)
    )


def test_discarded_taken_and_passed_on() -> None:
    rig = _rig()
    match = rig.table.session.match
    held = Line("table.copies.held", count=1)
    match.apply(0, Discard(parse_tile("k9")))
    assert _copies(rig, "k9") == _places("k9", held, Line("table.copies.yours", count=1))
    match.apply(1, TakeDiscard())  # Zeynep, on the player's right, takes it
    assert _copies(rig, "k9") == _places(
        "k9", held, Line("table.copies.taken", count=1, name=Name(1))
    )
    match.apply(1, Discard(parse_tile("k9")))  # and throws it on; Mehmet takes it
    assert _copies(rig, "k9") == _places(
        "k9", held, Line("table.copies.discarded", count=1, name=Name(1))
    )
    match.apply(2, TakeDiscard())
    assert _copies(rig, "k9") == _places(
        "k9", held, Line("table.copies.taken", count=1, name=Name(2))
    )


def test_the_key_reads_the_focused_tile() -> None:
    rig = _rig()
    table = rig.table
    table.press("home")
    focused = table.rack.focused
    assert focused is not None
    table.press("z")
    view = table.state.view
    assert view is not None
    assert rig.last() == status.copies(view, focused, table.seats)


def test_a_tile_taken_and_laid_in_the_middle_is_counted_once() -> None:
    rig = make_rig(
        hands={
            0: "k9 k9 r1 r3 b4 b6 k7 k11 y1 y3 y5 y7 y9 y11 y13",
            1: "r1 r2 r3 r4 b1 b2 b3 b4 k1 k2 k3 y2 y3 y4",
        },
        indicator="r5",
        dealer=0,
        seed=3,
    )
    rig.table.begin()
    match = rig.table.session.match
    match.apply(0, Discard(parse_tile("k9")))
    match.apply(1, TakeDiscard())
    match.apply(1, Finish(parse_tile("k9")))  # Zeynep wins by laying it in the middle
    assert match.round_over
    assert _copies(rig, "k9") == _places(
        "k9", Line("table.copies.held", count=1), Line("table.copies.middle", count=1)
    )
