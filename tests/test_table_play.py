"""Whole rounds played with keys, headless: what the player hears."""

from __future__ import annotations

import random

from test_table_rig import Player, ShowingBot, make_rig, no_repeats, play

from okey.engine.view import Phase
from okey.speech import Sound
from okey.table.session import Step

WINNING = "r1 r2 r3 b4 b5 b6 k7 k8 k9 k10 y10 y11 y12 y13"  # 14 tiles in runs


def test_f_finishes_with_the_okey_and_the_win_is_read_out() -> None:
    rig = make_rig(hands={0: WINNING + " r6"}, indicator="r5", dealer=0)

    async def script(player: Player) -> None:
        await player.hear("Round 1. You deal and open.")
        await player.hear("Indicator red 5, okey red 6.")
        hand = await player.hear("Your 15 tiles, by colour: red 1, red 2, red 3")
        assert hand.endswith("yellow 13, red 6 okey.")
        await player.hear("Your turn: you open; discard a tile.")
        await player.hear("You can finish: F discards red 6 okey and wins.")
        await player.press("f")
        await player.hear(
            "You win with runs and sets, laying red 6 okey in the middle! An okey discard."
        )
        groups = await player.hear("Run: red 1, red 2, red 3.")
        assert "Run: black 7, black 8, black 9, black 10." in groups
        await player.hear("Zeynep, Mehmet and Ayşe lose 4 each.")
        await player.hear(
            "Round 1 over. Standings: you 20, Zeynep 16, Mehmet 16, Ayşe 16. Enter starts round 2. "
            "J: the master's review."
        )
        await player.press("enter")
        await player.hear("Round 2. Zeynep deals and opens.")
        await player.press("q", "y")

    play(rig, script)
    assert Sound.WIN_POSSIBLE in rig.sounds
    assert no_repeats(rig.said) == []


def test_discarding_the_spare_wins_by_itself() -> None:
    rig = make_rig(hands={0: WINNING + " k1"}, indicator="r5", dealer=0)

    async def script(player: Player) -> None:
        await player.hear("You can finish: F discards black 1 and wins.")
        await player.press("home", *["right"] * 6)
        assert player.last() == "black 1, 7 of 15."
        await player.press("enter")
        await player.hear("You win with runs and sets, laying black 1 in the middle!")
        await player.hear("Zeynep, Mehmet and Ayşe lose 2 each.")
        await player.hear("Round 1 over.")

    play(rig, script)
    assert rig.table.session.match.scores == (20, 18, 18, 18)


def test_a_round_played_to_a_draw_with_keys() -> None:
    rig = make_rig(seed=4, dealer=1)

    async def script(player: Player) -> None:
        session = rig.table.session
        while True:
            await player.my_turn()
            if session.step() is Step.ROUND_OVER:
                break
            phase = session.view().phase
            if phase is Phase.DRAW:
                await player.press("p")
                assert player.last().startswith("You draw ")
                await player.press("enter")  # the focus is on the tile just drawn
            elif phase is Phase.PILE_OUT:
                await player.hear("The pile is empty. Your turn: T takes")
                await player.press("x")
            else:
                await player.press("enter")
        await player.hear("The round is drawn")
        await player.hear("Round 1 over. Standings:")

    play(rig, script)
    said = rig.said
    assert any(s.startswith("Zeynep, on your right, opens with ") for s in said)
    assert any(s.startswith("Ayşe, on your left, draws from the pile and discards ") for s in said)
    assert any(s.startswith("Your turn: take ") and "from Ayşe" in s for s in said)
    assert no_repeats(said) == []


def test_showing_the_twin_and_hearing_a_bot_show() -> None:
    rig = make_rig(hands={0: "r5 k2 k3", 1: "b1"}, indicator="r5", dealer=3)

    async def script(player: Player) -> None:
        await player.hear(
            "You hold red 5, the indicator's twin: G shows it, and the others lose 1."
        )
        await player.press("g")
        assert player.last() == (
            "You show the indicator's twin, red 5: Zeynep, Mehmet and Ayşe lose 1."
        )
        await player.press("g")
        assert player.last() == "The indicator's twin has already been shown this round."

    play(rig, script, pace=30)
    assert rig.table.session.match.scores == (20, 19, 19, 19)

    rig = make_rig(hands={1: "r5"}, indicator="r5", dealer=1)
    rig.table.session.bots[1] = ShowingBot(random.Random(1))

    async def listen(player: Player) -> None:
        await player.hear("Zeynep shows the indicator's twin, red 5: you, Mehmet and Ayşe lose 1.")
        await player.press("c")
        assert await player.hear("Scores: ") == "Scores: you 19, Zeynep 20, Mehmet 19, Ayşe 19."
        await player.press("c")
        await player.hear("Round 1: Zeynep showed the twin, 1 each.")

    play(rig, listen)


def test_discarding_an_okey_asks_first() -> None:
    rig = make_rig(hands={0: "r6 r1 k5 y9 b2 b7 k11 k12 y3 y4 r9 b10 b10 k1 y1"}, dealer=0)

    async def script(player: Player) -> None:
        await player.hear("Your turn: you open; discard a tile.")
        await player.press("end")
        assert player.last() == "red 6 okey, 15 of 15."
        await player.press("enter")
        assert player.last() == (
            "Discard red 6 okey, your okey? Y or Enter discards it; N or Escape keeps it."
        )
        await player.press("n")
        assert player.last() == "Kept."
        await player.press("space", "y")
        assert player.last() == "You discard red 6 okey."

    play(rig, script, pace=30)
    assert rig.table.session.view().discards[0] == (rig.table.rack.okey,)


def test_the_draw_choice_and_taking() -> None:
    rig = make_rig(seed=2, dealer=3)

    async def script(player: Player) -> None:
        await player.my_turn()
        offered = rig.table.session.view().available_discard
        assert offered is not None
        name = rig.table.words().tile(offered)
        await player.press("d")
        assert player.last() == f"Take {name} from Ayşe, or draw from the pile? T or P."
        await player.press("down")
        assert player.last() == "Draw from the pile, P, 2 of 2."
        await player.press("up", "enter")
        assert player.last().startswith(f"You take {name}, ")
        assert player.last().endswith(" of 15.")
        await player.press("d")
        assert player.last() == "You hold 15 tiles: discard one first."

    play(rig, script)


def test_keys_at_the_wrong_moment_say_why() -> None:
    rig = make_rig(hands={0: "k2"}, indicator="r5", dealer=1)

    async def script(player: Player) -> None:
        await player.hear("Zeynep")
        for key in ("enter", "p", "t", "d", "f"):
            await player.press(key)
            assert player.last() == "It is Zeynep's turn.", key
        await player.press("9")
        assert player.last() == "9 does nothing here. H for help."
        await player.press("g")
        assert player.last() == "You do not hold the indicator's twin, red 5."
        await player.press("x")
        assert player.last() == "It is Zeynep's turn."
        await player.press("w")
        assert player.last() == "It is Zeynep's turn."
        await player.press("e")
        assert player.last() == "This table has no turn timer."

    play(rig, script, pace=30)


def test_sorting_focus_and_status_keys() -> None:
    hand = "k3 k4 k5 k6 r5 b5 y13 r9 r9 b11 b12 k13 y2 y7"
    rig = make_rig(hands={0: hand}, indicator="y10", dealer=1)

    async def script(player: Player) -> None:
        await player.hear("Your 14 tiles, by colour: red 5, red 9, red 9, blue 5")
        await player.press("s")
        assert player.last() == "Sorted by number, ascending."
        await player.press("home")
        assert player.last() == "yellow 2, 1 of 14."
        await player.press("s", "s")
        assert player.last() == "Smart grouping: combinations first, spares last."
        await player.press("home")
        assert player.last() == "Run: black 3, 1 of 14."
        await player.press("down")
        assert player.last().startswith("Spares: ")
        await player.press("a")
        assert player.last().startswith(
            "Your 14 tiles, smart grouping: run: black 3, black 4, black 5, black 6; spares: "
        )
        await player.press("s")
        assert player.last() == "Sorted by colour."
        await player.press("i")
        assert player.last() == "Indicator yellow 10, okey yellow 11."
        await player.press("n")
        assert player.last() == "Pile: 48 tiles."
        await player.press("m")
        assert player.last() == "Your discard pile is empty."
        await player.press("l")
        assert player.last() == "Ayşe's discard pile is empty."
        await player.press("h")
        assert player.last().startswith("Others are playing")
        assert "H again: every key." in player.last()
        await player.press("h")
        assert "L, R, O, M: the discards" in player.last()
        await player.press("?")
        assert player.last().startswith("classic: ")
        await player.press("v")
        assert player.last() == "Brief messages."
        await player.press("c")
        assert player.last() == "Scores: you 20, Zeynep 20, Mehmet 20, Ayşe 20."
        await player.press(",")
        assert player.last() == "Scores: you 20, Zeynep 20, Mehmet 20, Ayşe 20."

    play(rig, script, pace=30)
    assert rig.table.session.settings.sort_mode == "colour"
    assert rig.table.session.settings.verbosity == "brief"


def test_the_escape_menu_runs_actions() -> None:
    rig = make_rig(seed=5, dealer=3)

    async def script(player: Player) -> None:
        await player.my_turn()
        await player.press("escape")
        assert player.last() == (
            "Menu: Up and Down choose, Enter does it, Escape closes. "
            "Take the discard or draw: asked, D, 1 of 29."
        )
        await player.press("down")
        assert player.last() == "Draw from the pile, P, 2 of 29."
        await player.press("enter")
        assert player.last().startswith("You draw ")
        await player.press("escape")
        await player.press("escape")
        assert player.last() == "Menu closed."

    play(rig, script)
    assert len(rig.table.session.view().hand) == 15


def test_partners_hear_us_and_them() -> None:
    rig = make_rig(rules="partners", hands={0: WINNING + " k1"}, dealer=0)

    async def script(player: Player) -> None:
        await player.press("f")
        await player.hear("They lose 2.")
        await player.hear(
            "Round 1 over. Standings: us 20, them 18. Enter starts round 2. J: the master's review."
        )

    play(rig, script)
    said = rig.text()
    assert "Mehmet, across from you, is your partner against Ayşe on your left" in said


def test_tab_and_reading_keys_leave_the_menu_and_questions_alone() -> None:
    rig = make_rig(dealer=0, seed=4)
    table = rig.table
    table.begin()
    table.press("escape")
    assert table.menu is not None
    table.press("tab")  # a tutorial's skip key, nothing in a match
    assert table.menu is not None
    assert rig.said[-1] == "Tab does nothing here. H for help."
    table.press(",")
    assert table.menu is not None
    assert rig.said[-1] == "Tab does nothing here. H for help."
    table.press("h")
    assert table.menu is not None
    assert rig.said[-1].startswith("In the menu: Up and Down choose, Enter does it")
    table.press("escape")
    assert table.menu is None and rig.said[-1] == "Menu closed."
    table.press("q")
    assert table.asking is not None
    table.press("tab")
    assert table.asking is not None
