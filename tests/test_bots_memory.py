"""What a seat remembers: unseen copies, tiles others took and kept, what they threw."""

from __future__ import annotations

from bots_support import make_view

from okey.bots.memory import Memory, face_index
from okey.hand.notation import parse_tile
from okey.tiles import FALSE_JOKER


def idx(text: str) -> int:
    return parse_tile(text).code


def test_unseen_counts_hand_indicator_discards_and_kept_takes() -> None:
    view = make_view(
        "r1 r1 r2 b5 k9 k10 k11 y3 y4 y5 fj b13 b13 r7",
        indicator="k5",  # okey k6, false jokers play as k6
        discards=("r3", "b5 r2", "y9", "k7"),
        taken=("", "", "r3 y9", ""),  # seat 2 took r3 (kept) and y9 (thrown back)
    )
    memory = Memory.from_view(view)
    assert memory.unseen[idx("r1")] == 0
    assert memory.unseen[idx("r2")] == 0  # one in hand, one on seat 1's pile
    assert memory.unseen[idx("b5")] == 0
    assert memory.unseen[idx("k5")] == 1  # the indicator is face up
    assert memory.unseen[idx("r3")] == 0  # one lying on seat 0's pile, one kept by seat 2
    assert memory.unseen[idx("y9")] == 1  # the taken copy went back onto seat 2's pile
    assert memory.unseen[idx("k6")] == 1  # false jokers: one in hand
    assert memory.unseen_okeys == 2
    assert memory.held[2] == (idx("r3"),)
    assert memory.held[1] == ()
    assert idx("y9") in memory.thrown[2]


def test_a_seat_without_memory_sees_only_the_top_tiles() -> None:
    view = make_view(
        "r1 r1 r2 b5 k9 k10 k11 y3 y4 y5 b12 b13 b13 r7",
        discards=("r3 r4", "", "", ""),
        taken=("", "", "r9", ""),
    )
    memory = Memory.from_view(view, remember=False)
    assert memory.unseen[idx("r3")] == 2
    assert memory.unseen[idx("r4")] == 1
    assert memory.unseen[idx("r9")] == 2
    assert memory.held[2] == ()


def test_false_joker_plays_as_the_okey_face() -> None:
    okey = parse_tile("b7")
    assert face_index(FALSE_JOKER, okey) == okey.code
    assert face_index(parse_tile("r2"), okey) == parse_tile("r2").code


def test_a_tile_taken_thrown_and_taken_again_is_counted_once() -> None:
    view = make_view(
        "r1 r1 r2 b5 k9 k10 k11 y3 y4 y5 b12 b13 b13 r7",
        discards=("", "", "", ""),
        taken=("", "r8", "r8", ""),  # seat 1 took r8, threw it, and seat 2 took it
    )
    memory = Memory.from_view(view)
    assert memory.unseen[idx("r8")] == 1  # one copy seen, with seat 2
    assert memory.held[1] == ()
    assert memory.held[2] == (idx("r8"),)
    assert idx("r8") in memory.thrown[1]
