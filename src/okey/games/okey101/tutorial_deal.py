"""The prepared round of Okey 101's lesson: one fixed deal and the bots' fixed moves.

You (seat 0) deal and hold 22 tiles whose best opening is worth 118: five
runs and sets, which you lay at once, and throw red 1. Zeynep (right) draws
and throws back what she drew; Mehmet (across) draws and opens with four
runs and sets of his own (a run yellow 5 to 7 and a set of 11s among them);
Ayşe (left) throws yellow 1, which you take: a taken discard must be used in
the same turn, so you lay it with your yellow 2 and 3 as a new run. Your
yellow 8 then goes onto Mehmet's run. Black 11 would fit his set of 11s:
throwing it would cost a penalty, so the table warns you, and you keep it.
That leaves black 11 and blue 6, and finishing is one key: black 11 onto
Mehmet's set and blue 6 thrown. The bots' other tiles are the rest of the set
dealt round in tile order, so the deal is the same every time.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from itertools import chain
from typing import cast

from okey.bots import make_bot
from okey.bots.base import Bot
from okey.bots.scripted import ScriptedBot
from okey.engine.actions import Action, Discard, DrawFromPile
from okey.engine.deal import arrange_deck
from okey.games.okey101.actions import Open
from okey.games.okey101.round import HAND_101
from okey.games.okey101.sections import GAME, own_rules
from okey.hand.combinations import GroupKind
from okey.hand.melds import Meld
from okey.hand.notation import parse_tile, parse_tiles
from okey.messages import Catalogue
from okey.rules import RuleSet, load_rules
from okey.tiles import Tile, full_set, okey_for

PLAYERS = 4
YOU = 0
DEALER = YOU
RIGHT, ACROSS, LEFT = 1, 2, 3

INDICATOR = parse_tile("y12")
OKEY = okey_for(INDICATOR)  # yellow 13: nobody needs it in the lesson
HAND = tuple(parse_tiles("r8 r9 r10 b1 b2 b3 b4 k12 r12 b12 k5 k6 k7 b9 k9 y9 r1 y2 y3 y8 k11 b6"))
"""Your 22 tiles: five runs and sets worth 118, yellow 2 and 3, and four loose tiles."""

OPENING_VALUE = 118
SPARE = parse_tile("r1")  # your first discard: it fits nothing
TAKEN = parse_tile("y1")  # Ayşe's discard, which you take and lay with
WANTED = tuple(parse_tiles("y2 y3"))  # what it is laid with
ADDED = parse_tile("y8")  # what you add to Mehmet's run
COSTLY = parse_tile("k11")  # it fits Mehmet's set of 11s: throwing it costs a penalty
LAST = parse_tile("b6")  # the tile you finish by throwing

MEHMET_OPENING = ("r13 b13 k13", "r11 b11 y11", "y5 y6 y7", "r10 b10 k10")
"""Mehmet's opening: four runs and sets (120)."""

# What each bot draws from the pile and throws straight back (you finish before
# their second turn).
THROWS: dict[int, tuple[Tile, ...]] = {
    RIGHT: (parse_tile("b7"),),
    ACROSS: (parse_tile("k2"),),
    LEFT: (TAKEN,),
}
PILE_TOP = tuple(chain.from_iterable(THROWS.values()))
"""The pile's top tiles in the order they are drawn (you take Ayşe's discard)."""


def _meld(text: str) -> Meld:
    tiles = tuple(parse_tiles(text))
    kind = GroupKind.SET if len({tile.number for tile in tiles}) == 1 else GroupKind.RUN
    return Meld(kind, tiles, tiles)


def mehmet_melds() -> tuple[Meld, ...]:
    return tuple(_meld(text) for text in MEHMET_OPENING)


def bot_hands() -> dict[int, tuple[Tile, ...]]:
    """The bots' 21 tiles each: Mehmet's opening, and what is left of the set dealt round
    in tile order."""
    mehmet = tuple(tile for meld in mehmet_melds() for tile in meld.tiles)
    left = Counter(full_set())
    left.subtract([INDICATOR, *HAND, *mehmet, *PILE_TOP])
    rest = sorted(left.elements())
    seats = (RIGHT, ACROSS, LEFT)
    dealt = {seat: rest[index :: len(seats)] for index, seat in enumerate(seats)}
    dealt[ACROSS] = [*mehmet, *dealt[ACROSS]]
    return {seat: tuple(tiles[:HAND_101]) for seat, tiles in dealt.items()}


def tutorial_deck() -> tuple[Tile, ...]:
    """The 106 tiles in the order that deals the prepared round."""
    return arrange_deck(
        PLAYERS, DEALER, INDICATOR, {YOU: HAND, **bot_hands()}, PILE_TOP, hand_size=HAND_101
    )


def bot_script(seat: int) -> list[Action]:
    """A bot's moves: draw and throw back what was drawn; Mehmet opens on his first turn."""
    moves: list[Action] = []
    for turn, tile in enumerate(THROWS[seat]):
        moves.append(DrawFromPile())
        if seat == ACROSS and turn == 0:
            moves.append(Open(mehmet_melds()))
        moves.append(Discard(tile))
    return moves


def tutorial_bots() -> dict[int, Bot]:
    """The scripted bots (an easy 101 bot takes over should a move ever not fit)."""
    return {
        seat: ScriptedBot(bot_script(seat), cast(Bot, make_bot("easy", random.Random(seat), GAME)))
        for seat in THROWS
    }


def tutorial_rules(catalogue: Catalogue) -> RuleSet:
    """Okey 101, played for a single round (named in ``catalogue``'s language)."""
    rules = load_rules("101")
    own = own_rules(rules)
    assert own is not None  # rules/101.toml is Okey 101's
    return replace(
        rules,
        name=catalogue.text("tutorial101.rules.name"),
        description=catalogue.text("tutorial101.rules.description"),
        table=replace(rules.table, rounds=1),
        game_sections=replace(own, table=replace(own.table, rounds=1)),
    )
