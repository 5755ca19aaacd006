"""The prepared round of classic Okey's lesson: one fixed deal and the bots' fixed moves.

You (seat 0) deal and open with a hand two tiles from finishing, and throw
black 5: nothing in your hand is near it, while yellow 13 may still make
12-13-1 with your yellow 1. Zeynep (right), Mehmet (across) and Ayşe (left)
each draw from the pile and throw back the tile they drew; Ayşe's first
throw is the yellow 3 your yellow 1 and 2 wait for, so you take it and throw
yellow 13, which cannot join yellow 1-2-3; her second is of no use, so you
draw from the pile, which gives the yellow 4 that finishes the hand. The
master (the hard bot) makes each of these decisions too, so its review
after the hand agrees with the lesson. The bots' tiles are the rest of the
set dealt round the table in tile order, so the deal is the same every time.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from itertools import chain

from okey.bots import make_bot
from okey.bots.base import Bot
from okey.bots.scripted import ScriptedBot
from okey.engine.actions import Action, Discard, DrawFromPile
from okey.engine.deal import HAND_TILES, arrange_deck
from okey.hand.notation import parse_tile, parse_tiles
from okey.messages import Catalogue
from okey.rules import RuleSet, load_rules
from okey.tiles import Tile, full_set, okey_for

PLAYERS = 4
YOU = 0
DEALER = YOU
RIGHT, ACROSS, LEFT = 1, 2, 3

INDICATOR = parse_tile("r5")
OKEY = okey_for(INDICATOR)  # red 6
HAND = tuple(parse_tiles("r2 fj r7 r8 r9 b9 b10 b12 k5 k9 y1 y2 y9 y13 r6"))
"""Your 15 tiles: a run with the false joker as red 6, a set of 9s, blue 10 and 12
with the okey for blue 11, yellow 1 and 2, and three spares."""

OPENING = parse_tile("k5")  # your opening discard: the spare with nothing near it
WANTED = tuple(parse_tiles("y1 y2"))  # what the taken tile joins
TAKEN = parse_tile("y3")  # Ayşe's first discard, which you take
SPARE = parse_tile("y13")  # your discard after taking: it cannot join y1 y2 y3
PASSED = parse_tile("k1")  # Ayşe's second discard, of no use to you
DRAWN = parse_tile("y4")  # the pile's gift: it finishes the hand
FINISH = parse_tile("r2")  # the discard that finishes
STANDS_FOR = parse_tile("b11")  # what the okey plays in your blue run

# What each bot draws from the pile (and throws straight back), turn by turn.
THROWS: dict[int, tuple[Tile, ...]] = {
    RIGHT: tuple(parse_tiles("k12 b3")),
    ACROSS: tuple(parse_tiles("r11 y7")),
    LEFT: (TAKEN, PASSED),
}
PILE_TOP = (*chain.from_iterable(zip(*THROWS.values(), strict=True)), DRAWN)
"""The pile's top tiles in the order they are drawn (you take Ayşe's first discard)."""


def bot_hands() -> dict[int, tuple[Tile, ...]]:
    """The bots' 14 tiles each: what is left of the set, dealt round in tile order."""
    left = Counter(full_set())
    left.subtract([INDICATOR, *HAND, *PILE_TOP])
    rest = sorted(left.elements())
    seats = (RIGHT, ACROSS, LEFT)
    return {seat: tuple(rest[index :: len(seats)][:HAND_TILES]) for index, seat in enumerate(seats)}


def tutorial_deck() -> tuple[Tile, ...]:
    """The 106 tiles in the order that deals the prepared round."""
    return arrange_deck(PLAYERS, DEALER, INDICATOR, {YOU: HAND, **bot_hands()}, PILE_TOP)


def bot_script(seat: int) -> list[Action]:
    """A bot's moves: draw from the pile and throw back what was drawn, each turn."""
    moves: list[Action] = []
    for tile in THROWS[seat]:
        moves += [DrawFromPile(), Discard(tile)]
    return moves


def tutorial_bots() -> dict[int, Bot]:
    """The scripted bots (an easy bot takes over should a move ever not fit)."""
    return {
        seat: ScriptedBot(bot_script(seat), make_bot("easy", random.Random(seat)))
        for seat in THROWS
    }


def tutorial_rules(catalogue: Catalogue) -> RuleSet:
    """Classic Okey, played for a single round (named in ``catalogue``'s language)."""
    classic = load_rules("classic")
    return replace(
        classic,
        name=catalogue.text("tutorial.rules.name"),
        description=catalogue.text("tutorial.rules.description"),
        table=replace(classic.table, rounds=1),
    )
