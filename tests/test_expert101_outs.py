"""The expert 101 level's counting: its outs once opened and its sampled look-ahead before
opening, both read from the seat's view alone (the same view, the same move)."""

from __future__ import annotations

import random
from collections import Counter

from test_expert101 import RULES, _moves_until

from okey.engine.match import Match
from okey.games.okey101.expert import Expert101, live_counts, master_expert101
from okey.games.okey101.lookahead import continuations, reaching, unseen, view_seed
from okey.games.okey101.outs import outs, table_faces
from okey.hand.melds import Meld, OpeningRules, run_meld, set_meld
from okey.hand.notation import parse_tile, parse_tiles
from okey.tiles import FALSE_JOKER_CODE, Tile

OKEY = parse_tile("y2")  # the indicator y1
OPENING = OpeningRules()


def _live(seen: str = "") -> list[int]:
    live = [2] * (FALSE_JOKER_CODE + 1)
    for tile in parse_tiles(seen):
        live[tile.code] -= 1
    return live


def _table() -> list[Meld]:
    run = run_meld(parse_tiles("r3 r4 r5"), OKEY, OPENING)
    sets = set_meld(parse_tiles("k9 b9 r9"), OKEY)
    assert run is not None and sets is not None
    return [run, sets]


def test_the_table_takes_the_ends_of_its_runs_and_the_colours_its_sets_lack() -> None:
    faces = table_faces(_table(), OKEY, OPENING)
    assert faces.takes == {parse_tile(t).code for t in ("r2", "r6", "y9")}
    assert faces.beyond == {parse_tile("r2").code: parse_tile("r1").code,
                            parse_tile("r6").code: parse_tile("r7").code}  # fmt: skip
    assert faces.okey_room


def test_a_tile_that_grows_a_run_up_to_a_held_tile_lays_two_and_may_finish() -> None:
    table = table_faces(_table(), OKEY, OPENING)
    live = _live()
    r6, y9 = parse_tile("r6").code, parse_tile("y9").code
    # r7 waits on r6 (two laid: r6 and r7, then b12 is thrown): r6 finishes.
    found = outs(parse_tiles("r7 b12"), OKEY, live, table)
    assert found.finishing == live[r6] + 0  # y9 or r2 lay one: b12 and r7 are left
    both = outs(parse_tiles("b12"), OKEY, live, table)
    assert both.finishing == live[r6] + live[y9] + live[parse_tile("r2").code] + live[OKEY.code]
    assert found.laid > both.laid  # r6 lays two with r7 held


def test_two_tiles_of_a_run_or_a_set_wait_on_the_third() -> None:
    table = table_faces([], OKEY, OPENING)
    live = _live("b5 b8")  # one b5 and one b8 seen
    found = outs(parse_tiles("b6 b7 k1"), OKEY, live, table)
    # b5, b8 or an okey make a run of three with b6 b7, leaving k1 to throw: finishing
    waits = live[parse_tile("b5").code] + live[parse_tile("b8").code] + live[OKEY.code]
    assert found.finishing == waits == 4
    assert found.laid == 3 * waits


def test_a_pairs_opener_waits_on_twins_not_on_runs() -> None:
    table = table_faces([], OKEY, OPENING)
    live = _live("b6")
    found = outs(parse_tiles("b6 b7 b9"), OKEY, live, table, pairs=True)
    twins = live[parse_tile("b6").code] + live[parse_tile("b7").code] + live[parse_tile("b9").code]
    assert found.laid == 2 * (twins + live[OKEY.code])  # b8 makes no run: pairs only
    assert found.finishing == 0  # one pair laid still leaves two tiles
    assert outs(parse_tiles("b6 b7"), OKEY, live, table, pairs=True).finishing == twins - 2 + 2


def test_the_continuations_draw_only_unseen_tiles_and_depend_only_on_the_seed() -> None:
    live = _live("r1 r1 k5")
    pool = Counter(unseen(live))
    assert pool[parse_tile("r1")] == 0 and pool[parse_tile("k5")] == 1
    assert sum(pool.values()) == 106 - 3
    draws = continuations(live, "seed", 6, 2)
    assert draws == continuations(live, "seed", 6, 2)
    assert all(len(d) == 2 and not Counter(d) - pool for d in draws)
    kept, seventy_five = parse_tiles("k11 k12 k13 b13 y13"), OpeningRules(threshold=75)
    draws = [[parse_tile("r13")], [parse_tile("r1")], [parse_tile("b12")]]
    assert reaching(kept, draws, OKEY, seventy_five) == 1  # r13: 36 + 39


def test_the_look_ahead_s_seed_is_what_the_seat_sees() -> None:
    hand = parse_tiles("r1 k5 b7")
    assert view_seed(hand, 9, _live()) == view_seed(list(reversed(hand)), 9, _live())
    assert view_seed(hand, 9, _live()) != view_seed(hand, 8, _live())


def test_the_expert_near_its_opening_decides_from_its_view_alone() -> None:
    """Through the first rounds of seats that have not opened (the look-ahead's turns),
    the expert gives the same move for a view whatever its random source."""
    for seed in (2, 9):
        match = Match(RULES, random.Random(seed))
        match.start_round()
        view = _moves_until(match, 2, 6)
        assert live_counts(view) == live_counts(view)
        moves = {Expert101(random.Random(n)).choose(view) for n in range(3)}
        assert len(moves) == 1
        assert master_expert101().choose(view) in moves


def test_unseen_counts_tiles_not_faces() -> None:
    live = [0] * (FALSE_JOKER_CODE + 1)
    live[FALSE_JOKER_CODE] = 2
    live[0] = 1
    assert sorted(t.code for t in unseen(live)) == [0, FALSE_JOKER_CODE, FALSE_JOKER_CODE]
    assert Tile(FALSE_JOKER_CODE).is_false_joker
