"""Helpers for the engine tests: prepared deals, random play, tile accounting."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence

from okey.bots import make_bot
from okey.engine.deal import arrange_deck
from okey.engine.match import Match
from okey.hand.notation import parse_tile, parse_tiles
from okey.hand.tiles import Tile, full_set
from okey.rules import CLASSIC, RuleSet


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
    seed: int = 0,
) -> Match:
    """A match whose first round deals the given tiles (the rest shuffled by ``seed``)."""
    deck = arrange_deck(
        rules.table.players,
        dealer,
        parse_tile(indicator),
        {seat: parse_tiles(text) for seat, text in hands.items()},
        parse_tiles(pile_top),
        random.Random(seed),
    )
    match = Match(rules, random.Random(seed), first_dealer=dealer)
    match.start_round(deck)
    return match


def play_random(match: Match, seed: int, max_actions: int | None = None) -> int:
    """Play random legal moves until the round ends (or ``max_actions``); returns moves."""
    bots = [make_bot("random", random.Random(seed * 10 + s)) for s in range(match.players)]
    moves = 0
    while not match.round_over and (max_actions is None or moves < max_actions):
        seat = match.turn
        match.apply(seat, bots[seat].choose(match.view(seat)))
        moves += 1
    return moves


def accounted(match: Match) -> Counter[Tile]:
    """Every tile of the round: hands, pile, discard piles, the middle and the indicator."""
    r = match.round
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
