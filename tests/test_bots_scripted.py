"""The scripted bot: its moves in order while they are legal, then its fallback."""

from __future__ import annotations

import random

from engine_support import arranged, tile

from okey.bots import make_bot
from okey.bots.scripted import ScriptedBot
from okey.engine.actions import Discard, DrawFromPile, Finish, TakeDiscard
from okey.rules import load_rules
from okey.table.state.session import new_session
from okey.table.state.settings import TableSettings


def test_it_plays_its_moves_in_order() -> None:
    match = arranged({0: "r1", 1: "b7"}, pile_top="k3", dealer=0)
    match.apply(0, Discard(tile("r1")))
    bot = ScriptedBot([DrawFromPile(), Discard(tile("k3"))], make_bot("easy", random.Random(0)))
    for _ in range(2):
        move = bot.choose(match.view(1))
        match.apply(1, move)
    assert match.round.discards[1] == [tile("k3")]
    assert bot.off_script == 0
    assert not bot.moves


def test_a_move_that_is_not_legal_hands_the_seat_to_the_fallback() -> None:
    match = arranged({0: "r1"}, dealer=0)
    match.apply(0, Discard(tile("r1")))
    bot = ScriptedBot([Finish(tile("y13")), TakeDiscard()], make_bot("easy", random.Random(0)))
    view = match.view(1)
    assert bot.choose(view) in view.legal
    assert bot.off_script == 1
    assert not bot.moves  # once off the script, the fallback plays on


def test_an_exhausted_script_hands_over_too() -> None:
    match = arranged({0: "r1"}, dealer=0)
    match.apply(0, Discard(tile("r1")))
    bot = ScriptedBot([], make_bot("easy", random.Random(0)))
    view = match.view(1)
    assert bot.choose(view) in view.legal
    assert bot.off_script == 1


def test_a_table_session_seats_the_bots_it_is_given() -> None:
    bot = ScriptedBot([], make_bot("easy", random.Random(0)))
    settings = TableSettings(names=["You", "A", "B", "C"], levels=["", "easy", "easy", "easy"])
    session = new_session(load_rules("classic"), settings, bots={1: bot, 2: bot, 3: bot})
    assert all(session.bots[seat] is bot for seat in (1, 2, 3))
