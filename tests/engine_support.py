"""Helpers for the engine tests: prepared deals, random play, tile accounting.

States that take many moves to reach are built through actions by
:mod:`okey.engine.testing` (``prepared``, ``plain_turn``, ``run_down``,
``deal_hidden_anew``); tests never edit a round's state themselves.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

import pytest

from okey.bots import make_bot
from okey.engine.actions import Resume, TimeOut
from okey.engine.errors import IllegalMoveError, MoveError
from okey.engine.events import Drew, Event
from okey.engine.match import Match
from okey.engine.testing import plain_turn, prepared, run_down
from okey.games.okey import OkeyGame
from okey.games.okey.round import Round
from okey.games.okey.scores import ScoreBoard
from okey.hand.notation import parse_tile, parse_tiles
from okey.rules import load_rules
from okey.tiles import Tile, full_set

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
    "played_match",
    "refused",
    "run_down",
    "sizes",
    "tile",
    "tiles",
]


def tiles(text: str) -> list[Tile]:
    return parse_tiles(text)


def tile(text: str) -> Tile:
    return parse_tile(text)


arranged = prepared
"""A match whose first round deals the given tiles (the rest shuffled by ``seed``)."""


@contextmanager
def refused(reason: MoveError, *, tile: Tile | None = None) -> Iterator[None]:
    """The block's move is refused for ``reason`` (and concerns ``tile``, when given)."""
    with pytest.raises(IllegalMoveError) as caught:
        yield
    assert caught.value.reason is reason, caught.value
    if tile is not None:
        assert caught.value.tile == tile


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


def played_match(rules: str, seed: int, rounds: int, *, timeouts: bool = False) -> Match:
    """``rounds`` rounds of random moves; with ``timeouts`` (a table with a timer), seats
    also let their time run out and come back from autopilot now and then."""
    match = Match(load_rules(rules), random.Random(seed))
    rng = random.Random(seed + 1)
    for _ in range(rounds):
        if match.over:
            break
        match.start_round()
        if not timeouts:
            play_random(match, seed + match.round_number)
        while not match.round_over:
            seat = match.turn
            if rng.random() < 0.2:
                match.apply(seat, TimeOut())
            elif match.autopilot[seat] and rng.random() < 0.5:
                match.apply(seat, Resume())
            else:
                play_random(match, rng.randrange(1000), 1)
    return match


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
