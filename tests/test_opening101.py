"""Okey 101's hand logic on worked examples: every example of seed 004 and the rules."""

from __future__ import annotations

import pytest

from okey.hand.combinations import GroupKind
from okey.hand.finishing import FinishPlan, Opened, can_finish, finish_plan
from okey.hand.layoff import Addition, Place, add_to, additions, can_add
from okey.hand.melds import HandValue, Meld, OpeningRules, hand_value, make_meld, run_meld, set_meld
from okey.hand.notation import format_tiles, parse_tile, parse_tiles
from okey.hand.opening import Opening, best_opening, best_opening_value
from okey.hand.pairs import best_pairs
from okey.tiles import FALSE_JOKER, Tile, okey_for

# An okey nobody holds in these examples (its indicator is y13), so every tile is itself.
NO_OKEY = parse_tile("y1")
DEFAULT = OpeningRules()
WRAP = OpeningRules(wrap_runs=True)


def tiles(text: str) -> list[Tile]:
    return parse_tiles(text)


def run(text: str, okey: Tile = NO_OKEY, rules: OpeningRules = DEFAULT) -> Meld:
    meld = run_meld(tiles(text), okey, rules)
    assert meld is not None, text
    return meld


def group(text: str, okey: Tile = NO_OKEY) -> Meld:
    meld = set_meld(tiles(text), okey)
    assert meld is not None, text
    return meld


def laid(melds: tuple[Meld, ...]) -> list[str]:
    return sorted(format_tiles(meld.tiles) for meld in melds)


# --- Tiles, the okey and the value in hand -----------------------------------------------


def test_okey_is_the_indicator_plus_one_and_13_wraps_to_1() -> None:
    # Seed 004: a blue 5 indicator makes the blue 6s the okeys; a 13 makes the 1 the okey.
    assert okey_for(parse_tile("b5")) == parse_tile("b6")
    assert okey_for(parse_tile("k13")) == parse_tile("k1")


def test_hand_value_is_the_face_values_with_okeys_apart() -> None:
    # Seed 004: a red 3 is 3 points and a black 11 is 11 points.
    assert hand_value(tiles("r3 k11"), NO_OKEY) == HandValue(points=14, okeys=0)
    # Blue 6 is the okey: the false joker plays (and counts) as a blue 6; the okey is apart.
    okey = parse_tile("b6")
    assert hand_value([okey, FALSE_JOKER, parse_tile("r3")], okey) == HandValue(9, 1)


# --- Runs and sets -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "text", "value"),
    [
        (GroupKind.SET, "k5 r5 b5", 15),  # seed 004: black 5, red 5 and blue 5
        (GroupKind.RUN, "r7 r8 r9", 24),  # seed 004: red 7, 8, 9
        (GroupKind.RUN, "k9 k10 k11", 30),  # seed 004's first half: 9 10 11
        (GroupKind.SET, "r7 b7 k7 y7", 28),
        (GroupKind.RUN, "y1 y2 y3 y4 y5 y6 y7 y8 y9 y10 y11 y12 y13", 91),
    ],
)
def test_valid_combinations_and_their_values(kind: GroupKind, text: str, value: int) -> None:
    okey = parse_tile("r2")
    meld = make_meld(kind, tiles(text), okey, OpeningRules())
    assert meld is not None
    assert meld.value == value


@pytest.mark.parametrize(
    ("kind", "text"),
    [
        (GroupKind.SET, "k5 r5"),  # a set has at least three tiles
        (GroupKind.SET, "b10 r10 b10"),  # seed 004: no colour twice in a set
        (GroupKind.RUN, "k13 k1 k2"),  # seed 004: no run from 13 on to 1
        (GroupKind.RUN, "k12 k13 k1"),  # 101 tables: 12-13-1 is no run by default
        (GroupKind.RUN, "r1 r2 r4"),  # seed 004's first half: not consecutive
        (GroupKind.RUN, "r1 b2 r3"),  # one colour
        (GroupKind.SET, "r7 b7 k7 y7 r7"),
    ],
)
def test_invalid_combinations(kind: GroupKind, text: str) -> None:
    assert make_meld(kind, tiles(text), parse_tile("r2"), OpeningRules()) is None


def test_12_13_1_is_a_run_only_as_an_option_and_13_1_2_never() -> None:
    meld = run_meld(tiles("k12 k13 k1"), NO_OKEY, WRAP)
    assert meld is not None
    assert meld.value == 26  # a 1 after 13 counts 1
    assert run_meld(tiles("k13 k1 k2"), NO_OKEY, WRAP) is None


def test_okeys_and_false_jokers_in_combinations() -> None:
    # Seed 004's first half, red 5 the okey (indicator red 4).
    okey = parse_tile("r5")
    assert group("k8 y8 r5", okey).value == 24  # 8 8 and an okey
    assert run("b6 r5 r5 b9", okey).faces == tuple(tiles("b6 b7 b8 b9"))  # two okeys
    assert run("r4 fj r6", okey).value == 15  # the false joker is a red 5
    assert group("k5 b5 y5 fj", okey).value == 20
    assert set_meld(tiles("fj b7 k7"), okey) is None  # a false joker is no wildcard


# --- The best opening --------------------------------------------------------------------


def test_an_opening_of_109_reaches_101() -> None:
    opening = best_opening(tiles("r10 r11 r12 r13 k13 b13 y13 b7 b8 b9 r2 y5 k8"), NO_OKEY)
    assert opening is not None
    assert opening.value == 109
    assert opening.reaches
    assert laid(opening.melds) == ["b13 k13 y13", "b7 b8 b9", "r10 r11 r12 r13"]
    assert format_tiles(opening.left) == "r2 y5 k8"


def test_an_opening_of_100_does_not_reach_101() -> None:
    hand = tiles("k12 b12 y12 r9 r10 r11 r12 r13 b3 k3 y3 r1 y6")
    opening = best_opening(hand, NO_OKEY)
    assert opening is not None
    assert (opening.value, opening.reaches) == (100, False)
    lower = best_opening(hand, NO_OKEY, OpeningRules(threshold=100))
    assert lower is not None and lower.reaches


def test_the_okey_takes_its_most_valuable_place() -> None:
    okey = parse_tile("b6")
    # r11 r12 and an okey: 11-12-13 (36), not 10-11-12 (33).
    opening = best_opening([*tiles("r11 r12"), okey], okey)
    assert opening is not None and opening.value == 36
    assert format_tiles(opening.melds[0].faces) == "r11 r12 r13"
    # k13 and two okeys: a set of 13s (39) beats the run 11-12-13 (36).
    opening = best_opening([parse_tile("k13"), okey, okey], okey)
    assert opening is not None and opening.value == 39
    assert opening.melds[0].kind is GroupKind.SET


def test_nothing_to_lay_is_an_empty_opening() -> None:
    opening = best_opening(tiles("r1 b5 k9"), NO_OKEY)
    assert opening == Opening((), 0, tuple(tiles("r1 b5 k9")), False)


def test_a_taken_discard_must_be_in_the_opening() -> None:
    hand = tiles("r10 r11 r12 r13 b13 k13 y13")
    # Best without the rule: r10-r13 and the set of 13s (85).
    assert best_opening_value(hand, NO_OKEY) == 85
    # With r13 taken, it is still in the laying; b5 fits nothing.
    assert best_opening_value(hand, NO_OKEY, must_use=parse_tile("r13")) == 85
    assert best_opening_value([*hand, parse_tile("b5")], NO_OKEY, must_use=parse_tile("b5")) is None
    assert best_opening([*hand, parse_tile("b5")], NO_OKEY, must_use=parse_tile("b5")) is None


def test_a_taken_okey_must_be_laid() -> None:
    okey = parse_tile("b6")
    # A set of four has no room: the okey takes the place of one of its tiles (same value).
    opening = best_opening([*tiles("r7 b7 k7 y7"), okey], okey, must_use=okey)
    assert opening is not None and opening.value == 28
    assert len(opening.left) == 1 and okey not in opening.left
    # A run of 13 with an okey: r1..r11 and the okey with r12 r13 (102).
    thirteen = [*tiles("r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 r12 r13"), okey]
    assert best_opening_value(thirteen, okey, must_use=okey) == 102
    opening = best_opening([*tiles("r1 r2 r3"), okey], okey, must_use=okey)
    assert opening is not None
    assert opening.value == 10 and okey not in opening.left
    assert best_opening([*tiles("r1 b5"), okey], okey, must_use=okey) is None


# --- Pairs -------------------------------------------------------------------------------


def test_five_pairs_open() -> None:
    # Seed 004: at least five doubles (identical tiles) open.
    hand = tiles("r4 r4 k2 k2 b9 b9 y5 y5 r13 r13 k7")
    pairs = best_pairs(hand, NO_OKEY)
    assert pairs is not None
    assert (len(pairs.pairs), pairs.reaches) == (5, True)
    assert format_tiles(pairs.left) == "k7"
    four = best_pairs(hand[:8], NO_OKEY)
    assert four is not None and not four.reaches


def test_okeys_complete_pairs_and_false_jokers_pair() -> None:
    okey = parse_tile("b6")
    pairs = best_pairs([*tiles("r4 r4 k9 y2 fj fj"), okey], okey)
    assert pairs is not None
    # r4 r4 and the false jokers; the okey goes with the highest single (k9).
    assert sorted(format_tiles(p) for p in pairs.pairs) == ["fj fj", "k9 b6", "r4 r4"]
    assert format_tiles(pairs.left) == "y2"
    two = best_pairs([okey, okey, parse_tile("r1")], okey)
    assert two is not None and len(two.pairs) == 1


def test_a_taken_discard_must_be_in_a_pair() -> None:
    okey = parse_tile("b6")
    hand = [*tiles("r4 r4 k9 y2"), okey]
    pairs = best_pairs(hand, okey, must_use=parse_tile("y2"))
    assert pairs is not None and parse_tile("y2") not in pairs.left
    assert best_pairs(tiles("r4 r4 k9 y2"), NO_OKEY, must_use=parse_tile("y2")) is None


# --- Adding to the table -----------------------------------------------------------------


def test_what_a_run_and_a_set_take() -> None:
    okey = parse_tile("b6")
    table = [run("r5 r6 r7", okey), group("k9 b9 y9", okey), group("r2 b2 k2 y2", okey)]
    found = {(a.meld, str(a.tile), a.place, str(a.face)) for a in additions(
        [*tiles("r4 r8 r9 r9 b5"), okey], table, okey
    )}  # fmt: skip
    assert found == {
        (0, "r4", Place.LOW, "r4"),
        (0, "r8", Place.HIGH, "r8"),
        (0, "b6", Place.LOW, "r4"),
        (0, "b6", Place.HIGH, "r8"),
        (1, "r9", Place.SET, "r9"),
        (1, "b6", Place.SET, "r9"),
    }


def test_runs_end_at_1_and_13_unless_12_13_1_is_a_run() -> None:
    low = run("r1 r2 r3")
    high = run("r11 r12 r13")
    hand = tiles("r1 r4 r10")
    assert {(a.meld, str(a.tile)) for a in additions(hand, [low, high], NO_OKEY)} == {
        (0, "r4"),
        (1, "r10"),
    }
    wrapped = {(a.meld, str(a.tile)) for a in additions(hand, [low, high], NO_OKEY, WRAP)}
    assert wrapped == {(0, "r4"), (1, "r10"), (1, "r1")}


def test_an_okey_on_the_table_is_taken_back_with_the_tile_it_stands_for() -> None:
    okey = parse_tile("b6")
    table = [run("r5 b6 r7", okey), group("k9 b9 b6", okey)]
    hand = tiles("r6 r9 y9")
    found = {(a.meld, str(a.tile), a.place, a.index) for a in additions(hand, table, okey)}
    assert (0, "r6", Place.OKEY, 1) in found
    assert {(1, "r9", Place.OKEY, 2), (1, "y9", Place.OKEY, 2)} <= found
    assert {(1, "r9", Place.SET, None), (1, "y9", Place.SET, None)} <= found
    no_take = OpeningRules(take_back_okey=False)
    assert all(a.place is not Place.OKEY for a in additions(hand, table, okey, no_take))
    back = Addition(0, parse_tile("r6"), Place.OKEY, parse_tile("r6"), 1)
    assert add_to(table[0], back, okey) == (run("r5 r6 r7"), okey)


def test_a_discard_the_table_takes_is_a_playable_tile() -> None:
    # Seed 004: discarding a tile that can be added to the table costs 101.
    table = [run("r5 r6 r7"), group("k9 b9 y9")]
    assert can_add(parse_tile("r8"), table, NO_OKEY)
    assert can_add(parse_tile("r9"), table, NO_OKEY)
    assert not can_add(parse_tile("r10"), table, NO_OKEY)


def test_add_to_refuses_what_does_not_fit() -> None:
    meld = run("r5 r6 r7")
    assert (
        add_to(meld, Addition(0, parse_tile("r9"), Place.HIGH, parse_tile("r9")), NO_OKEY) is None
    )


# --- Finishing this turn -----------------------------------------------------------------


def played(plan: FinishPlan) -> list[str]:
    """Every tile the plan lays or discards, as text, sorted."""
    out = [t for m in (*plan.opening, *plan.later) for t in m.tiles]
    out += [t for p in (*plan.opening_pairs, *plan.later_pairs) for t in p]
    out += [a.tile for a in plan.additions]
    return sorted([str(t) for t in out] + [str(plan.discard)])


def test_an_opened_player_finishes_by_adding_to_the_table() -> None:
    table = [run("r5 r6 r7")]
    plan = finish_plan(tiles("r8 r9 k2"), table, NO_OKEY, opened=Opened.COMBINATIONS)
    assert plan is not None
    assert [(str(a.tile), a.place) for a in plan.additions] == [
        ("r8", Place.HIGH),
        ("r9", Place.HIGH),
    ]
    assert str(plan.discard) == "k2"
    assert not can_finish(tiles("r8 r9 k2"), table, NO_OKEY, opened=Opened.NOT_YET)


def test_a_player_opened_with_pairs_lays_pairs_and_adds_but_lays_no_run() -> None:
    # Seed 004: after opening with doubles, no normal sets; adding to others' sets is allowed.
    table = [run("r5 r6 r7")]
    plan = finish_plan(tiles("r8 k3 k3 y5"), table, NO_OKEY, opened=Opened.PAIRS)
    assert plan is not None
    assert [format_tiles(p) for p in plan.later_pairs] == ["k3 k3"]
    assert str(plan.discard) == "y5"
    assert not can_finish(tiles("b1 b2 b3 y5"), table, NO_OKEY, opened=Opened.PAIRS)
    assert can_finish(tiles("b1 b2 b3 y5"), table, NO_OKEY, opened=Opened.COMBINATIONS)


def test_finishing_in_one_turn_before_opening() -> None:
    # Seed 004's doubled case: a whole 22-tile hand laid in one turn, the opening >= 101.
    hand = tiles("r1 r2 r3 r4 b10 b11 b12 b13 k6 k7 k8 k9 k10 k11 k12 y13 r13 k13 y5 r5 b5 y2")
    plan = finish_plan(hand, [], NO_OKEY)
    assert plan is not None
    assert sum(m.value for m in plan.opening) >= 101
    assert played(plan) == sorted(str(t) for t in hand)
    assert not can_finish(hand, [], NO_OKEY, OpeningRules(threshold=300))


def test_finishing_prefers_an_okey_discard() -> None:
    # Seed 004: finishing by discarding the okey doubles the round.
    okey = parse_tile("b6")
    plan = finish_plan([*tiles("r1 r2 r3 r4"), okey], [], okey, opened=Opened.COMBINATIONS)
    assert plan is not None
    assert plan.discard == okey
    assert laid(plan.later) == ["r1 r2 r3 r4"]


def test_an_okey_taken_back_can_be_the_finishing_discard() -> None:
    okey = parse_tile("b6")
    table = [run("r5 b6 r7", okey)]
    plan = finish_plan(tiles("r6 k2 k3 k4"), table, okey, opened=Opened.COMBINATIONS)
    assert plan is not None
    assert plan.additions[0].place is Place.OKEY
    assert plan.discard == okey


def test_before_opening_a_taken_back_okey_does_not_count_toward_101() -> None:
    okey = parse_tile("b6")
    table = [run("r5 b6 r7", okey)]
    # The own tiles open with k11 k12 k13 (36) and y10 y11 y12 y13 (46); b12 b13 need
    # the okey that r6 takes back.
    hand = tiles("r6 k11 k12 k13 y10 y11 y12 y13 b12 b13 r1")
    rules = OpeningRules(threshold=82)
    plan = finish_plan(hand, table, okey, rules)
    assert plan is not None
    assert sum(m.value for m in plan.opening) >= 82
    assert all(okey not in m.tiles for m in plan.opening)
    # b12 b13 need the taken-back okey: that run comes after the opening, worth nothing to it.
    assert not can_finish(hand, table, okey, OpeningRules(threshold=83))


def test_a_taken_discard_must_be_laid_to_finish() -> None:
    table = [run("r5 r6 r7")]
    hand = tiles("r8 k2")
    assert can_finish(hand, table, NO_OKEY, opened=Opened.COMBINATIONS, must_use=parse_tile("r8"))
    assert not can_finish(
        hand, table, NO_OKEY, opened=Opened.COMBINATIONS, must_use=parse_tile("k2")
    )
