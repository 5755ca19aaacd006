"""The hard 101 bot weighs waiting: it holds back an opening that reaches while a one-turn
finish (the round's points doubled) is near and waiting risks little, and opens at once
when another player has opened, the pile runs short, the rules do not double a one-turn
finish, or too many tiles fit nowhere."""

from __future__ import annotations

import random
from dataclasses import replace

from okey.engine.actions import Discard, DrawFromPile, TakeDiscard
from okey.engine.match import Match
from okey.engine.view import Phase
from okey.games.okey101.actions import Open
from okey.games.okey101.levels import WAIT_PILE, WAIT_STUCK, make_bot101, rules_now
from okey.games.okey101.view import View101
from okey.hand.finishing import Opened
from okey.hand.notation import parse_tile, parse_tiles
from okey.hand.opening import best_opening
from okey.hand.tiles import Tile
from okey.rules import load_rules

RULES = load_rules("101")
OPENING = "r10 r11 r12 r13 b10 b11 b12 b13 k11 k12 k13"  # 128 points
MORE = "y1 y2 y3 r1 r2 r3 b5 b6 b7"  # laid with the opening
NEAR = parse_tiles(f"{OPENING} {MORE} k2 y8")  # two tiles fit nowhere: no finish yet
FAR = parse_tiles(f"{OPENING} k2 k5 k8 y4 y9 r5 r8 b1 y12 b3 r6")  # eleven tiles fit nowhere


def _view(hand: list[Tile], **changes: object) -> View101:
    """The dealer's first view (22 tiles, the discard phase), with ``hand`` and the okey
    a yellow 6 (in none of these hands), nobody opened and a long pile."""
    match = Match(RULES, random.Random(3))
    match.start_round()
    view = match.table_view(match.turn)
    assert isinstance(view, View101) and view.phase is Phase.DISCARD
    fields: dict[str, object] = {
        "hand": tuple(hand),
        "indicator": parse_tile("y5"),
        "okey": parse_tile("y6"),
        "pile_count": 20,
        "openings": (Opened.NOT_YET,) * 4,
    }
    fields.update(changes)
    return replace(view, **fields)  # type: ignore[arg-type]


def _left(view: View101) -> int:
    found = best_opening(list(view.hand), view.okey, rules_now(view))
    assert found is not None and found.reaches
    return len(found.left)


def test_hard_holds_back_an_opening_while_a_one_turn_finish_is_near() -> None:
    view = _view(NEAR)
    assert _left(view) == 2
    move = make_bot101("hard", random.Random(1)).choose(view)
    assert isinstance(move, Discard) and move.tile in parse_tiles("k2 y8")
    rest = list(view.hand)
    rest.remove(move.tile)
    found = best_opening(rest, view.okey, rules_now(view))
    assert found is not None and found.reaches  # the opening is kept whole
    assert isinstance(make_bot101("medium", random.Random(1)).choose(view), Open)


def test_hard_opens_at_once_when_another_player_has_opened() -> None:
    seat = _view(NEAR).seat
    for opened in (Opened.COMBINATIONS, Opened.PAIRS):
        other = (seat + 2) % 4
        openings = tuple(opened if s == other else Opened.NOT_YET for s in range(4))
        view = _view(NEAR, openings=openings)
        assert isinstance(make_bot101("hard", random.Random(1)).choose(view), Open)


def test_hard_opens_at_once_when_the_pile_runs_short() -> None:
    waiting = make_bot101("hard", random.Random(1)).choose(_view(NEAR, pile_count=WAIT_PILE))
    assert isinstance(waiting, Discard)
    short = make_bot101("hard", random.Random(1)).choose(_view(NEAR, pile_count=WAIT_PILE - 1))
    assert isinstance(short, Open)


def test_hard_opens_at_once_when_a_one_turn_finish_is_not_doubled() -> None:
    own = RULES.okey101
    assert own is not None
    flat = replace(
        RULES, okey101=replace(own, scoring=replace(own.scoring, one_turn_finish_factor=1))
    )
    view = _view(NEAR, rules=flat)
    assert isinstance(make_bot101("hard", random.Random(1)).choose(view), Open)


def test_hard_opens_at_once_when_too_many_tiles_fit_nowhere() -> None:
    view = _view(FAR)
    assert _left(view) > WAIT_STUCK
    assert isinstance(make_bot101("hard", random.Random(1)).choose(view), Open)


def test_hard_finishes_in_one_turn_when_it_can() -> None:
    view = _view(parse_tiles(f"{OPENING} {MORE} r9 k2"))  # r9 joins r10-r13: k2 is thrown
    move = make_bot101("hard", random.Random(1)).choose(view)
    assert isinstance(move, Open)
    laid = [t for meld in move.melds for t in meld.tiles]
    assert len(laid) == len(view.hand) - 1 and parse_tile("k2") not in laid


def test_waiting_hard_draws_rather_than_take_a_discard_it_must_open_with() -> None:
    hand = list(NEAR)
    hand.remove(parse_tile("y3"))  # 21 tiles, y1 y2 k2 y8 fitting nowhere: the draw
    base = _view(hand)
    before = base.previous
    discards = tuple(
        (parse_tile("b9"),) if s == before else () for s in range(base.players)
    )  # b9 makes b9 b10 b11 b12 b13: usable, but taking it forces the opening now
    view = replace(base, phase=Phase.DRAW, discards=discards, legal=(DrawFromPile(), TakeDiscard()))
    assert make_bot101("hard", random.Random(1)).choose(view) == DrawFromPile()
    assert make_bot101("medium", random.Random(1)).choose(view) == TakeDiscard()
