"""What a blind player met at an Okey 101 table (issue 27, items 1 to 9): each item played
by keys at a real table, and what it says now read as catalogue keys and words."""

from __future__ import annotations

import random

from test_table_play import OPENER, SHORT, Rig101, Thrower101, make_table101
from test_table_rig import keys_in

from okey.engine.view import Phase
from okey.games.okey101.events import RoundScored101
from okey.games.okey101.levels import Bot101, make_bot101
from okey.games.okey101.reading import totals101
from okey.hand.notation import parse_tile
from okey.rules import load_rules
from okey.table.keys import Command, keymap
from okey.table.lines import Joined, Line, Speech
from okey.table.state.seat import Step


def words(rig: Rig101, speech: Speech) -> str:
    return rig.table.words().say(speech)


def heard_keys(rig: Rig101) -> list[str]:
    return [key for speech in rig.heard for key in keys_in(speech)]


def lines_of(rig: Rig101, key: str) -> list[Line]:
    found: list[Line] = []
    for speech in rig.heard:
        parts = speech.parts if isinstance(speech, Joined) else (speech,)
        found += [part for part in parts if isinstance(part, Line) and part.key == key]
    return found


def play_to_the_end(rig: Rig101) -> None:
    """The player draws and throws back the drawn tile, the bots play, until the round
    is over."""
    for _ in range(200):
        step = rig.table.state.step
        if step in (Step.ROUND_OVER, Step.MATCH_OVER):
            return
        if rig.table.asking is not None:
            rig.press("y")
        elif step is Step.PLAYER:
            rig.press("p" if rig.view.phase is Phase.DRAW else "enter")
        else:
            rig.bots_play()
    raise AssertionError("the round never ended")


# -- 1: the tiles each opponent holds ----------------------------------------------------


def test_4_says_how_many_tiles_each_player_holds() -> None:
    assert keymap(load_rules("101"))["4"] is Command.TILE_COUNTS
    rig = make_table101({0: OPENER})
    rig.press("4")
    said = rig.last()
    assert isinstance(said, Line) and said.key == "table.101.holding"
    assert words(rig, said) == "Tiles held: Zeynep 21, Mehmet 21, Ayşe 21 and you 22."


def test_the_glance_ends_with_the_tiles_each_player_holds() -> None:
    rig = make_table101({0: OPENER})
    rig.press("1")
    glance = rig.last()
    assert isinstance(glance, Joined)
    assert words(rig, glance).endswith("Tiles held: Zeynep 21, Mehmet 21, Ayşe 21 and you 22.")


# Zeynep (seat 1, on the right) opens with red 1 to 13 and blue 11 to 13 (127) at once.
ZEYNEP = "r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 r12 r13 b11 b12 b13 k2 k5 k8 y5 y9"


def test_an_opponent_down_to_a_few_tiles_is_said_once() -> None:
    bots: dict[int, Bot101] = {1: make_bot101("medium", random.Random(1))}
    bots |= {2: Thrower101(), 3: Thrower101()}
    rig = make_table101({0: SHORT, 1: ZEYNEP}, bots=bots)
    rig.press("enter")
    rig.bots_play()
    few = lines_of(rig, "table.101.few")
    held = rig.view.hand_sizes[1]
    assert len(few) == 1 and few[0].fields["count"] == held <= 5
    assert words(rig, few[0]) == f"Zeynep, on your right, is down to {held} tiles."
    rig.press("p", "enter")
    rig.bots_play()
    rig.press("p", "enter")
    rig.bots_play()
    counts = [int(str(line.fields["count"])) for line in lines_of(rig, "table.101.few")]
    assert counts == sorted(set(counts), reverse=True)  # said again only when fewer


# -- 2: the pile running low ---------------------------------------------------------------


def test_the_pile_running_low_is_said_once_and_its_last_tile_once() -> None:
    rig = make_table101({0: SHORT})
    play_to_the_end(rig)
    assert heard_keys(rig).count("table.101.pile.low") == 1
    assert heard_keys(rig).count("table.101.pile.last") == 1
    low = lines_of(rig, "table.101.pile.low")[0]
    assert words(rig, low) == "Only 4 tiles left in the pile."
    keys = heard_keys(rig)
    assert keys.index("table.101.pile.low") < keys.index("table.101.pile.last")


# -- 3: 0 names the tiles that fit ---------------------------------------------------------


FITTING = "r10 r11 r12 r13 b10 b11 b12 b13 k11 k12 k13 r9 b9 k5 y7 r4 b6 k8 y9 r7 k2 y3"


def test_0_after_opening_names_the_tiles_that_fit_the_table() -> None:
    rig = make_table101({0: FITTING})
    rig.open_with("r10 r11 r12 r13 b10 b11 b12 b13 k11 k12 k13")
    rig.press("0")
    assert "2 of your tiles fit the table: red 9, blue 9." in words(rig, rig.last())


# -- 4: X on an okey: each place, what it stands for, the most useful first ---------------

# The okey (yellow 2) in hand; black 9 fits once the okey stands for black 10.
OKEY_AND_NINE = "r10 r11 r12 r13 b10 b11 b12 b13 k11 k12 k13 r1 b3 k5 y7 r4 b6 k9 y9 r7 k2 y2"


def test_x_on_an_okey_lists_places_and_faces_most_useful_first_without_key_names() -> None:
    rig = make_table101({0: OKEY_AND_NINE})
    rig.open_with("r10 r11 r12 r13 b10 b11 b12 b13 k11 k12 k13")
    rig.focus(parse_tile("y2"))
    rig.press("x")
    first = words(rig, rig.last())
    assert "fits 3 places on the table, the most useful first" in first
    assert first.endswith("your run black 11 to 13, before its first tile, as black 10")
    menu = rig.table.menu
    assert menu is not None and len(menu.options) == 3
    said = []
    for _ in menu.options:
        rig.press("down")
        said.append(words(rig, rig.last()))
    assert all(", X," not in text and " as " in text for text in said)
    assert said[-1].endswith(f"{len(menu.options)} of {len(menu.options)}.")


# -- 5: finding a tile, quietly and as its prompt says ---------------------------------------


def test_find_says_its_whole_prompt_once_then_find() -> None:
    rig = make_table101({0: OPENER})
    rig.press("c-f")
    first = words(rig, rig.last())
    assert "1 then 3 is 13" in first and "Escape stops" in first
    rig.press("escape")
    assert heard_keys(rig)[-1] == "table.find.end"
    rig.press("c-f")
    assert words(rig, rig.last()) == "Find."


def test_enter_on_a_tile_found_discards_it_without_finding_ends() -> None:
    rig = make_table101({0: OPENER})
    rig.press("c-f", "y", "9")
    assert str(rig.table.rack.focused) == "y9"
    rig.press("enter")
    assert rig.table.finding is None
    assert "table.find.end" not in heard_keys(rig)
    assert parse_tile("y9") in rig.view.discards[0]


def test_the_find_prompt_says_what_two_digits_find() -> None:
    rig = make_table101({0: OPENER})
    rig.press("c-f")
    assert "1 then 3 is 13" in words(rig, rig.last())
    rig.press("1", "3")
    assert str(rig.table.rack.focused) == "r13"


# -- 6: no repeated or stale lines -----------------------------------------------------------

# Red 1 to 13 and blue 1 to 8 open with 127 and leave yellow 9 to discard: F finishes.
FINISHER = "r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 r12 r13 b1 b2 b3 b4 b5 b6 b7 b8 y9"


def test_a_finish_said_yes_to_does_not_announce_the_finish_inside_it() -> None:
    rig = make_table101({0: FINISHER})
    rig.table.win_told = None  # as when only F found the finish: the alert was not said
    rig.press("f", "y")
    assert rig.table.state.step is Step.ROUND_OVER
    assert "table.101.close.finish" not in heard_keys(rig)


def test_c_after_a_round_ends_says_that_round_not_round_so_far() -> None:
    rig = make_table101({0: FINISHER})
    rig.press("f", "y")
    rig.press("c")
    text = words(rig, rig.last())
    assert "so far" not in text
    assert text.startswith("Round 1: you finished; points: you ")
    assert text.endswith(words(rig, totals101(rig.view)))


# -- 7: C twice says where the points went ---------------------------------------------------


def test_c_twice_says_each_rounds_points() -> None:
    rig = make_table101({0: FINISHER})
    rig.press("f", "y")
    rig.press("c", "c")
    text = words(rig, rig.last())
    scored = [e for e in rig.table.seat.seen() if isinstance(e, RoundScored101)]
    assert len(scored) == 1
    mine, zeynep = scored[0].points[:2]
    assert text.startswith(f"Round 1: you finished; points: you {mine}, Zeynep {zeynep}, ")
    assert text.endswith(words(rig, totals101(rig.view)))


# -- 8: the smaller items -----------------------------------------------------------------------


def test_drawing_the_okey_after_opening_reminds_what_holding_it_costs() -> None:
    rig = make_table101({0: OPENER}, pile_top="r2 r3 b2 y2")
    rig.open_with("r10 r11 r12 r13 b10 b11 b12 b13 k11 k12 k13")
    assert "table.101.okey_held" not in heard_keys(rig)
    rig.press("enter")
    rig.bots_play()
    rig.press("p")
    assert str(rig.table.rack.focused) == "y2"
    held = lines_of(rig, "table.101.okey_held")
    assert len(held) == 1
    assert "if the round ends with it in your hand, you pay 101" in words(rig, held[0])


def test_0_says_the_pairs_from_three() -> None:
    # Three pairs (red 1, blue 3, black 5) and nothing near an opening.
    rig = make_table101(
        {0: "r1 r1 b3 b3 k5 k5 y7 r4 b6 k8 y9 r7 k2 y3 r12 b10 k13 y11 r9 b1 k10 y13"}
    )
    rig.press("0")
    assert "3 pairs: 2 short of opening with pairs." in words(rig, rig.last())


def test_marks_without_the_taken_discard_say_p_gives_it_back() -> None:
    rig = make_table101({0: OPENER.rsplit(" ", 1)[0]}, dealer=3)
    rig.bots_play()
    rig.press("t")
    assert rig.view.must_use is not None
    rig.focus(parse_tile("r10"))
    rig.press("k", "g")
    said = words(rig, rig.last())
    assert said.startswith("Use the taken ") and "P gives it back" in said


def test_the_101_lesson_lets_a_read_the_hand_and_teaches_pairs_and_the_okey_swap() -> None:
    from test_table_rig import Player, play
    from test_tutorial_lesson import hear_step, tutorial_rig

    rig = tutorial_rig("101")

    async def script(player: Player) -> None:
        await hear_step(player, 1)
        await player.press("a")
        assert keys_in(player.line())[0] == "table.hand"
        await player.press("q", "y")

    play(rig, script)
    en = rig.table.catalogue
    assert "2 lays them" in en.text("tutorial101.close.then", value=118, threshold=101)
    assert "X on the tile it stands for" in en.text("tutorial101.add.then")


# -- 9: the screen ---------------------------------------------------------------------------


def test_the_combination_browsed_is_marked_on_the_screen_and_kept_in_sight() -> None:
    from test_table_glance import crowded_rig, rows

    from okey.games.okey101 import screen as screen101
    from okey.games.okey101.browsing import Browsing, layers, owned, start_browsing

    rig = crowded_rig()
    table = rig.table
    assert "[" not in "\n".join(rows(screen101.table_panel(table)))
    start_browsing(table)
    last = layers(table, rig.view)[-1]
    table.browsing = Browsing(last, len(owned(rig.view, last)) - 1)
    panel = screen101.table_panel(table, height=3)
    focused = [text for style, text, *_ in panel if "class:focus" in style]
    assert len(focused) == 1 and focused[0].startswith("[") and focused[0].endswith("]")
    assert len(rows(panel)) == 3


def test_a_narrower_search_that_stays_on_the_tile_found_says_nothing_more() -> None:
    rig = make_table101({0: OPENER})
    rig.press("c-f", "y")
    heard = len(rig.heard)
    found = words(rig, rig.last())
    rig.press("3")  # yellow 3: the first yellow, already found and said
    assert len(rig.heard) == heard and found.startswith("yellow 3")
    rig.press("backspace", "9")  # yellow 9: the focus moves, and it is said
    assert words(rig, rig.last()).startswith("yellow 9")


def test_a_long_racks_rows_break_between_groups() -> None:
    from okey.table.sorted_hand import Section, SectionKind, SortedHand, SortMode, row_starts

    def hand(*lengths: int) -> SortedHand:
        sections, start = [], 0
        for length in lengths:
            sections.append(Section(SectionKind.COLOUR, start, length))
            start += length
        tiles = tuple(parse_tile("r1") for _ in range(start))
        return SortedHand(SortMode.COLOUR, tiles, tuple(sections))

    # The player's first rack of issue 27: red 6, blue 1, black 9, yellow 6 (22 tiles).
    assert row_starts(hand(6, 1, 9, 6), 15, 2) == (0, 7)
    assert row_starts(hand(15, 7), 15, 2) == (0, 15)
    assert row_starts(hand(5, 11, 6), 15, 2) == (0, 15)  # three rows would not fit
    assert row_starts(hand(20, 2), 15, 2) == (0, 15)  # a group longer than a row
    assert row_starts(hand(4, 4), 15, 2) == (0,)


def test_enter_after_a_search_that_found_nothing_discards_nothing() -> None:
    rig = make_table101({0: OPENER})
    rig.press("c-f", "y", "1", "1")  # no yellow 11: the focus stays on a yellow tile
    hand = rig.view.hand
    rig.press("enter")
    assert heard_keys(rig)[-1] == "table.find.end"
    assert rig.view.hand == hand and rig.table.finding is None
