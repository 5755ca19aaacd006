"""The bot levels of every game: one registry, and what each level does in plain
situations, from hand-built views (classic Okey's, then Okey 101's: how a finishing
plan becomes moves, and when the hard level waits to open)."""

from __future__ import annotations

import importlib
import random
from dataclasses import replace

import pytest
from bots_support import make_view

from okey.bots import Bot, levels_of, make_bot, master_of
from okey.engine.actions import (
    DeclineDiscard,
    Discard,
    DrawFromPile,
    ShowIndicator,
    TakeDiscard,
)
from okey.engine.match import Match
from okey.engine.view import Phase, TableView
from okey.games.okey101.actions import Add, Lay, Open
from okey.games.okey101.levels import (
    LEVELS_101,
    WAIT_PILE,
    WAIT_STUCK,
    make_bot101,
    plan_step,
    rules_now,
)
from okey.games.okey101.sections import rules_101
from okey.games.okey101.view import View101
from okey.hand.combinations import GroupKind
from okey.hand.finishing import FinishPlan, Opened
from okey.hand.layoff import Addition, Place
from okey.hand.melds import Meld, OpeningRules
from okey.hand.notation import parse_tile, parse_tiles
from okey.hand.opening import best_opening
from okey.kits import game_names
from okey.levels import LEVEL_NAMES
from okey.rules import load_rules
from okey.tiles import Tile

LEVELS = ("easy", "medium", "hard")
READY = "r1 r2 r3 b4 b5 b6 k7 k8 k9 y9 y10 y11 y12 y13"  # 14 tiles in runs
TWIN = "r1 r2 r3 b4 b5 b6 k7 k8 k9 y9 y10 y11 b2 y1"  # holds the twin of indicator y1


def bot(level: str, seed: int = 0) -> Bot:
    return make_bot(level, random.Random(seed))


RULE_SETS = {"okey": "classic", "101": "101"}
"""A rule set of each game."""


def first_view(game: str) -> TableView:
    """The first seat's view at the deal of a match of game ``game``."""
    match = Match(load_rules(RULE_SETS[game]), random.Random(3))
    match.start_round()
    return match.table_view(match.turn)


# -- every game ------------------------------------------------------------------------


def test_every_game_has_a_rule_set_here() -> None:
    assert set(RULE_SETS) == set(game_names())
    assert all(load_rules(name).game == game for game, name in RULE_SETS.items())


@pytest.mark.parametrize("game", game_names())
def test_every_game_has_the_levels_weakest_first_made_by_name(game: str) -> None:
    assert tuple(levels_of(game)) == LEVEL_NAMES
    assert LEVEL_NAMES == ("random", "easy", "medium", "hard", "expert")
    for level in LEVEL_NAMES:
        assert make_bot(level, random.Random(1), game).name == level
    with pytest.raises(KeyError):
        make_bot("grandmaster", random.Random(1), game)


@pytest.mark.parametrize("game", game_names())
@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_a_level_plays_a_move_of_its_game_the_same_for_the_same_seed(game: str, level: str) -> None:
    view = first_view(game)
    move = make_bot(level, random.Random(3), game).choose(view)
    assert move == make_bot(level, random.Random(3), game).choose(view)
    assert move in view.legal or isinstance(move, Open | Lay)


@pytest.mark.parametrize("game", game_names())
def test_the_master_of_a_game_gives_the_same_move_for_the_same_view(game: str) -> None:
    view = first_view(game)
    assert master_of(game).choose(view) == master_of(game).choose(view)
    assert master_of(game).choose(view) == make_bot("hard", random.Random(9), game).choose(view)


def test_okey_101_s_levels_keep_their_old_names() -> None:
    old = importlib.import_module("okey.bots.level101")
    assert old is importlib.import_module("okey.games.okey101.levels")
    assert old.make_bot101 is make_bot101 and old.LEVELS_101 == LEVELS_101
    example = importlib.import_module("okey.bots.example101")
    assert example is importlib.import_module("okey.games.okey101.example")


# -- classic Okey ----------------------------------------------------------------------


@pytest.mark.parametrize("level", LEVELS)
def test_finishes_with_the_okey_when_that_doubles_the_win(level: str) -> None:
    view = make_view(f"{READY} r6", indicator="r5")  # r6 is the okey
    assert bot(level).choose(view) == Discard(parse_tile("r6"))


@pytest.mark.parametrize("level", LEVELS)
def test_finishes_with_a_plain_tile(level: str) -> None:
    view = make_view(f"{READY} b9", indicator="r5")
    assert bot(level).choose(view) == Discard(parse_tile("b9"))


@pytest.mark.parametrize("level", LEVELS)
def test_never_throws_an_okey_it_cannot_finish_with(level: str) -> None:
    hand = "r6 r6 r1 b3 k5 y7 r9 b11 k13 y2 r12 b8 k10 y4 b1"  # two okeys and loose tiles
    for seed in range(5):
        action = bot(level, seed).choose(make_view(hand, indicator="r5"))
        assert isinstance(action, Discard) and action.tile != parse_tile("r6")


@pytest.mark.parametrize("level", LEVELS)
def test_takes_a_discard_that_finishes(level: str) -> None:
    view = make_view(
        "r1 r2 r3 b4 b5 b6 k7 k8 k9 y9 y10 y11 y12 k1",
        indicator="r5",
        phase=Phase.DRAW,
        discards=("", "", "", "y13"),
    )
    assert bot(level).choose(view) == TakeDiscard()


@pytest.mark.parametrize("level", LEVELS)
def test_with_the_pile_empty_takes_only_to_win(level: str) -> None:
    hand = "r1 r2 r3 b4 b5 b6 k7 k8 k9 y9 y10 y11 y12 k1"
    winning = make_view(hand, phase=Phase.PILE_OUT, discards=("", "", "", "y13"), pile_count=0)
    assert bot(level).choose(winning) == TakeDiscard()
    losing = make_view(hand, phase=Phase.PILE_OUT, discards=("", "", "", "b12"), pile_count=0)
    assert bot(level).choose(losing) == DeclineDiscard()


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_shows_the_indicator_twin(level: str) -> None:
    view = make_view(TWIN, indicator="y1", phase=Phase.DRAW, can_show=True)
    assert bot(level).choose(view) == ShowIndicator()


def test_easy_sometimes_forgets_to_show() -> None:
    view = make_view(TWIN, indicator="y1", phase=Phase.DRAW, can_show=True)
    choices = {bot("easy", seed).choose(view) for seed in range(20)}
    assert ShowIndicator() in choices and DrawFromPile() in choices


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_takes_a_discard_that_lowers_the_need(level: str) -> None:
    hand = "r1 r2 b4 b5 k7 k8 y9 y10 r11 b13 k2 y5 r7 b9"
    view = make_view(hand, indicator="k11", phase=Phase.DRAW, discards=("", "", "", "r3"))
    assert bot(level).choose(view) == TakeDiscard()
    useless = make_view(hand, indicator="k11", phase=Phase.DRAW, discards=("", "", "", "y1"))
    assert bot(level).choose(useless) == DrawFromPile()


def test_easy_takes_only_to_finish() -> None:
    hand = "r1 r2 b4 b5 k7 k8 y9 y10 r11 b13 k2 y5 r7 b9"
    view = make_view(hand, indicator="k11", phase=Phase.DRAW, discards=("", "", "", "r3"))
    assert bot("easy").choose(view) == DrawFromPile()


@pytest.mark.parametrize("level", LEVELS)
def test_throws_a_loose_tile_not_a_run(level: str) -> None:
    hand = "r1 r2 r3 b4 b5 b6 k7 k8 k9 y9 y10 y11 y12 b1 k13"
    action = bot(level).choose(make_view(hand, indicator="r8"))
    assert action in (Discard(parse_tile("b1")), Discard(parse_tile("k13")))


@pytest.mark.parametrize("level", LEVELS)
def test_same_view_same_seed_same_choice(level: str) -> None:
    hand = "r1 r4 b4 b7 k7 k10 y9 y12 r11 b13 k2 y5 r7 b9 k4"
    view = make_view(hand, indicator="k11", discards=("r5", "b2", "y3", "k6"))
    assert bot(level, 3).choose(view) == bot(level, 3).choose(view)


def test_hard_takes_a_tile_that_doubles_its_waits() -> None:
    # One tile from finishing, waiting on r10 with one r10 and both okeys (k6) gone:
    # taking r12 and throwing r9 keeps the need and waits on r10 or r13.
    hand = "r1 r2 r3 r4 b4 b5 b6 b7 k7 k8 k9 r9 r11 y1"
    thin = make_view(hand, indicator="k5", phase=Phase.DRAW, discards=("", "k6 r10", "k6", "r12"))
    assert bot("hard").choose(thin) == TakeDiscard()
    assert bot("medium").choose(thin) == DrawFromPile()  # the need stays: medium draws
    # With both r10 and both okeys still live, the wider wait is not worth the draw.
    live = make_view(hand, indicator="k5", phase=Phase.DRAW, discards=("", "", "", "r12"))
    assert bot("hard").choose(live) == DrawFromPile()


# -- Okey 101: a finishing plan's moves ------------------------------------------------

OKEY = parse_tile("b4")


def _plan() -> tuple[FinishPlan, list[Meld]]:
    """Take the okey back from b4(as r9) r10 r11 with r9, then lay r6 r7 okey(as r8)."""
    table = [
        Meld(GroupKind.RUN, tuple(parse_tiles("b4 r10 r11")), tuple(parse_tiles("r9 r10 r11")))
    ]
    back = Addition(0, parse_tile("r9"), Place.OKEY, parse_tile("r9"), 0)
    later = Meld(GroupKind.RUN, tuple(parse_tiles("r6 r7 b4")), tuple(parse_tiles("r6 r7 r8")))
    plan = FinishPlan((), (), (back,), (later,), (), parse_tile("k2"))
    return plan, table


def test_the_first_step_of_a_plan_is_its_first_move() -> None:
    plan, table = _plan()
    hand = parse_tiles("r9 r6 r7 k2")
    assert plan_step(plan, None, hand, table, OKEY, OpeningRules()) == Add(plan.additions[0])


def test_a_taken_tile_s_step_that_lays_an_okey_still_on_the_table_waits() -> None:
    plan, table = _plan()
    hand = parse_tiles("r9 r6 r7 k2")  # the taken r7 is in the later run, with the okey
    assert plan_step(plan, parse_tile("r7"), hand, table, OKEY, OpeningRules()) is None
    with_okey = [*hand, OKEY]
    step = plan_step(plan, parse_tile("r7"), with_okey, table, OKEY, OpeningRules())
    assert step == Lay(melds=plan.later)


def test_the_101_levels_are_named_weakest_first_and_made_by_name() -> None:
    assert LEVELS_101 == ("random", "easy", "medium", "hard")
    assert make_bot101("hard", random.Random(1)).name == "hard"


# -- Okey 101: the hard level weighs waiting -------------------------------------------
# It holds back an opening that reaches while a one-turn finish (the round's points
# doubled) is near and waiting risks little, and opens at once when another player has
# opened, the pile runs short, the rules do not double a one-turn finish, or too many
# tiles fit nowhere.

RULES_101 = load_rules("101")
OPENING = "r10 r11 r12 r13 b10 b11 b12 b13 k11 k12 k13"  # 128 points
MORE = "y1 y2 y3 r1 r2 r3 b5 b6 b7"  # laid with the opening
NEAR = parse_tiles(f"{OPENING} {MORE} k2 y8")  # two tiles fit nowhere: no finish yet
FAR = parse_tiles(f"{OPENING} k2 k5 k8 y4 y9 r5 r8 b1 y12 b3 r6")  # eleven tiles fit nowhere


def _view(hand: list[Tile], **changes: object) -> View101:
    """The dealer's first view (22 tiles, the discard phase), with ``hand`` and the okey
    a yellow 6 (in none of these hands), nobody opened and a long pile."""
    match = Match(RULES_101, random.Random(3))
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
    own = rules_101(RULES_101)
    assert own is not None
    flat = replace(
        RULES_101,
        game_sections=replace(own, scoring=replace(own.scoring, one_turn_finish_factor=1)),
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
