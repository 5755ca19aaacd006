"""The table controller without a screen: pile out, the clock and autopilot, the salon's
declarations, other tables' seats, the end of a match."""

from __future__ import annotations

from test_table_rig import WAIT, make_rig

from okey.engine.view import Phase
from okey.speech import Sound
from okey.table.session import Step

WINNING = "r1 r2 r3 b4 b5 b6 k7 k8 k9 k10 y10 y11 y12 y13"


def bots_until_my_turn(rig_table: object) -> None:
    from okey.table.controller import Table

    assert isinstance(rig_table, Table)
    for _ in range(int(WAIT * 10)):
        if rig_table.session.step() is not Step.BOT:
            return
        rig_table.play_bot()
    raise AssertionError("the bots never gave the turn back")


def test_pile_out_take_then_no_finish_draws_the_round() -> None:
    rig = make_rig(dealer=3, seed=7)
    table = rig.table
    table.begin()
    table.session.match.round.pile.clear()
    bots_until_my_turn(table)
    view = table.session.view()
    assert view.phase is Phase.PILE_OUT
    offered = table.words().tile(view.available_discard)  # type: ignore[arg-type]
    assert rig.said[-1] == (
        f"The pile is empty. Your turn: T takes {offered} from Ayşe to finish with it, "
        "X declines and draws the round."
    )
    table.press("p")
    assert rig.said[-1] == f"The pile is empty: T takes {offered}, X declines."
    table.press("d")
    assert rig.said[-1] == (f"Take {offered} from Ayşe, or decline it and draw the round? T or X.")
    table.press("t")
    assert rig.said[-2].startswith(f"You take {offered}, ")
    assert rig.said[-1] == "Discard a tile that finishes, or the round is drawn."
    table.press("enter")
    assert rig.said[-2] == "The round is drawn: the last discard did not finish. No points."
    assert rig.said[-1].startswith("Round 1 over. Standings: you 20")


def test_pile_out_declined() -> None:
    rig = make_rig(dealer=3, seed=8)
    table = rig.table
    table.begin()
    table.session.match.round.pile.clear()
    bots_until_my_turn(table)
    table.press("x")
    assert rig.said[-3].startswith("You decline ")
    assert rig.said[-2] == "The round is drawn: the last discard was declined. No points."


def test_the_clock_warns_then_plays_the_turn_then_autopilot() -> None:
    clock = [0.0]
    rig = make_rig(rules="salon", dealer=0, seed=3, now=lambda: clock[0])
    table = rig.table
    table.begin()
    assert table.session.step() is Step.PLAYER
    clock[0] = 9.0
    table.tick()
    table.press("e")
    assert rig.said[-1] == "11 seconds left."
    clock[0] = 10.5
    table.tick()
    assert rig.said[-1] == "10 seconds left."
    table.tick()
    assert rig.said[-1] == "10 seconds left."  # the warning is said once
    for timeout in range(3):
        clock[0] += 30
        table.tick()
        bots_until_my_turn(table)
        assert "Time ran out: the game plays your turn." in rig.said
        if timeout < 2:
            assert table.session.step() is Step.PLAYER
    assert "Autopilot plays for you now. Enter takes your seat back." in rig.said
    assert table.session.step() is Step.AUTOPILOT
    table.press("p")
    assert rig.said[-1] == "Autopilot is playing for you: Enter takes your seat back."
    table.play_autopilot()
    table.press("enter")
    assert "You are back in your seat." in rig.said[-3:]


def test_salon_turn_to_okey_and_pairs() -> None:
    rig = make_rig(rules="salon", hands={0: WINNING + " r6"}, indicator="r5", dealer=0)
    table = rig.table
    table.begin()
    assert rig.said[-2:] == [
        "You can finish: F discards red 6 okey and wins.",
        "Or K turns to the okey, to finish when you choose.",
    ]
    assert Sound.WIN_POSSIBLE in rig.sounds
    table.press("2")
    assert rig.said[-1] == "You are going for pairs."
    table.press("k")
    assert rig.said[-1] == "You turn to the okey: F finishes when you choose."
    table.press("f")
    assert rig.said[-4].startswith("You win with runs and sets, laying red 6 okey")
    assert rig.said[-2] == "Zeynep, Mehmet and Ayşe lose 4 each."


def test_a_one_round_match_ends_with_the_ranking() -> None:
    rig = make_rig(rules="one-round", hands={0: WINNING + " k1"}, dealer=0)
    table = rig.table
    table.begin()
    table.press("f")
    assert rig.said[-2] == "The match is over: you win!"
    assert rig.said[-1] == (
        "Ranking: 1. you 20; 2. Zeynep 18; 2. Mehmet 18; 2. Ayşe 18. "
        "J: the master's review. Q leaves the table."
    )
    table.press("p")
    assert rig.said[-1] == "The match is over: Q leaves the table."
    table.press("q")
    assert table.leaving


def test_two_players_and_duels_name_their_seats() -> None:
    rig = make_rig(rules="two-player", dealer=1, seed=2)
    rig.table.begin()
    assert rig.said[0].startswith("Okey, two-player table: you face Ayşe; random bots.")
    assert rig.said[1] == "Round 1. Ayşe deals and opens."
    rig.table.play_bot()
    assert rig.said[-2].startswith("Ayşe, across from you, opens with ")
    assert rig.said[-1].startswith("Your turn: take ")
    rig.table.press("c")
    assert rig.said[-1] == "Scores: you 20, Ayşe 20."

    rig = make_rig(rules="duel", dealer=0, seed=2)
    rig.table.begin()
    assert rig.said[0].startswith(
        "Okey, duel table: you face Mehmet, across from you, in a duel; "
        "Ayşe on your left and Zeynep on your right sit at the sides"
    )
    rig.table.press("c")
    assert rig.said[-1] == "Scores: you 20, Mehmet 20; at the sides Zeynep 20, Ayşe 20."


def test_brief_messages() -> None:
    from okey.messages import Verbosity

    rig = make_rig(dealer=3, seed=5, verbosity=Verbosity.BRIEF)
    table = rig.table
    table.begin()
    bots_until_my_turn(table)
    assert rig.said[1] == "Round 1: Ayşe opens."
    assert rig.said[-2].startswith("Left opens: ")
    assert rig.said[-1].startswith("Your turn: ")
    assert rig.said[-1].endswith(" or pile.")
