"""Helpers for the engine tests: prepared deals, random play, tile accounting.

States that take many moves to reach are built through actions by
:mod:`okey.engine.testing` (``prepared``, ``plain_turn``, ``run_down``,
``deal_hidden_anew``); tests never edit a round's state themselves.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence

from okey.bots import make_bot
from okey.engine.events import Drew, Event
from okey.engine.games.okey import OkeyGame
from okey.engine.games.okey.round import Round
from okey.engine.games.okey.scores import ScoreBoard
from okey.engine.match import Match
from okey.engine.testing import plain_turn, prepared, run_down
from okey.hand.notation import parse_tile, parse_tiles
from okey.hand.tiles import Tile, full_set
from okey.rules import CLASSIC, RuleSet

__all__ = [
    "FULL",
    "accounted",
    "arranged",
    "drawn",
    "events_of",
    "okey_board",
    "okey_round",
    "plain_turn",
    "play_random",
    "run_down",
    "sizes",
    "tile",
    "tiles",
]


def tiles(text: str) -> list[Tile]:
    return parse_tiles(text)


def tile(text: str) -> Tile:
    return parse_tile(text)


def arranged(
    hands: Mapping[int, str],
    *,
    rules: RuleSet = CLASSIC,
    dealer: int = 0,
    indicator: str = "r5",
    pile_top: str = "",
    pile_bottom: str = "",
    seed: int = 0,
) -> Match:
    """A match whose first round deals the given tiles (the rest shuffled by ``seed``)."""
    return prepared(
        hands,
        rules=rules,
        dealer=dealer,
        indicator=indicator,
        pile_top=pile_top,
        pile_bottom=pile_bottom,
        seed=seed,
    )


def drawn(events: Sequence[Event]) -> Tile:
    """The tile a draw from the pile gave (its events' first)."""
    drew = events[0]
    assert isinstance(drew, Drew) and drew.tile is not None
    return drew.tile


def play_random(match: Match, seed: int, max_actions: int | None = None) -> int:
    """Play random legal moves until the round ends (or ``max_actions``); returns moves."""
    bots = [make_bot("random", random.Random(seed * 10 + s)) for s in range(match.players)]
    moves = 0
    while not match.round_over and (max_actions is None or moves < max_actions):
        seat = match.turn
        match.apply(seat, bots[seat].choose(match.view(seat)))
        moves += 1
    return moves


def okey_round(match: Match) -> Round:
    """The match's round, read as the Okey round it is (for reading its state only)."""
    round_ = match.round
    assert isinstance(round_, Round)
    return round_


def okey_board(match: Match) -> ScoreBoard:
    """The score board of an Okey match (for reading it only)."""
    game = match.game
    assert isinstance(game, OkeyGame)
    return game.board


def accounted(match: Match) -> Counter[Tile]:
    """Every tile of the round: hands, pile, discard piles, the middle and the indicator."""
    r = okey_round(match)
    found: Counter[Tile] = Counter()
    for hand in r.hands:
        found.update(hand)
    for pile in r.discards:
        found.update(pile)
    found.update(r.pile)
    found[r.indicator] += 1
    if r.middle is not None:
        found[r.middle] += 1
    return found


FULL: Counter[Tile] = Counter(full_set())


def events_of(match: Match, kind: type) -> list[object]:
    return [event for event in match.events if isinstance(event, kind)]


def sizes(match: Match) -> Sequence[int]:
    return [len(hand) for hand in match.round.hands]
