"""Helpers for tests: states built through actions and prepared decks, never by hand.

Tests (the engine's, the table's, the bots') want rounds in states that take
many moves to reach: the pile nearly or wholly drawn, a seat to draw the last
tile. Reaching into a round to clear its pile would build states the rules
never make; these helpers get there by playing.

- :func:`prepared` deals a match's first round from a prepared deck (given
  hands, pile top and bottom; the rest shuffled by a seed).
- :func:`plain_turn` plays one seat's turn that changes nothing for the tests:
  draw from the pile and throw the drawn tile (another when that one would
  finish the round).
- :func:`run_down` plays plain turns until the pile holds a number of tiles,
  with a chosen seat next to draw, or until the pile has run out and the round
  ends (drawn). Every hand stays as dealt; only the discard piles fill.
- :func:`deal_hidden_anew` is for tests that a view (or a bot) depends only on
  what its seat may know: a copy of the match in which the tiles that seat
  cannot see are dealt among the other hands and the pile anew. It is the one
  place that reorders a round's tiles, on a copy.

Example, the last tile of the pile to seat 1 (Okey's four seats)::

    match = prepared({0: DEALER, 1: SEAT1}, pile_bottom="y13")
    match.apply(0, Discard(tile("b9")))      # the dealer opens
    run_down(match, pile=1, next_seat=1)     # seat 1 draws the last tile: y13
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping

from okey.engine.actions import DeclineDiscard, Discard, DrawFromPile, TakeDiscard
from okey.engine.deal import arrange_deck
from okey.engine.events import Drew, Event
from okey.engine.match import Match
from okey.engine.view import Phase
from okey.hand.notation import parse_tile, parse_tiles
from okey.hand.solver import kinds_after_discard
from okey.rules import CLASSIC, RuleSet
from okey.tiles import Tile


def prepared(
    hands: Mapping[int, str],
    *,
    rules: RuleSet = CLASSIC,
    dealer: int = 0,
    indicator: str = "r5",
    pile_top: str = "",
    pile_bottom: str = "",
    seed: int = 0,
) -> Match:
    """A match whose first round deals the given tiles, in the notation (the rest shuffled
    by ``seed``): partial hands are filled; ``pile_top`` is drawn first, in that order;
    ``pile_bottom`` last, in that order."""
    deck = arrange_deck(
        rules.table.players,
        dealer,
        parse_tile(indicator),
        {seat: parse_tiles(text) for seat, text in hands.items()},
        parse_tiles(pile_top),
        random.Random(seed),
        pile_bottom=parse_tiles(pile_bottom),
    )
    match = Match(rules, random.Random(seed), first_dealer=dealer)
    match.start_round(deck)
    return match


def _throw(match: Match, seat: int, drawn: Tile) -> Discard:
    """The drawn tile, unless throwing it finishes the round: then a tile that does not."""
    view = match.view(seat)
    if seat in view.turned_to_okey:
        return Discard(drawn)  # after okeye dönmek only a Finish finishes
    for tile in (drawn, *view.hand):
        if not kinds_after_discard(view.hand, tile, view.okey):
            return Discard(tile)
    raise ValueError(f"every discard of seat {seat} finishes the round")


def plain_turn(match: Match, seat: int) -> list[Event]:
    """Seat ``seat`` (at its draw) draws from the pile and throws the drawn tile."""
    events = match.apply(seat, DrawFromPile())
    drew = events[0]
    assert isinstance(drew, Drew) and drew.tile is not None
    return events + match.apply(seat, _throw(match, seat, drew.tile))


def _take_back(match: Match, seat: int) -> list[Event]:
    """Take the previous seat's discard and throw it again: only whose turn is next moves."""
    events = match.apply(seat, TakeDiscard())
    taken = match.view(seat).taken[seat][-1]
    return events + match.apply(seat, _throw(match, seat, taken))


def run_down(match: Match, pile: int = 0, *, next_seat: int | None = None) -> list[Event]:
    """Play plain turns, from a seat's draw, until the pile holds ``pile`` tiles and it
    is a seat's turn: to draw, or (``pile=0``, with ``take_last_discard``) to take or
    decline the last discard. With ``next_seat``, that seat's turn: a few seats first
    take the discard before them and throw it again, so that the draws fall to it.
    ``pile=0`` without ``next_seat``: play on until the round is over because the
    pile ran out (the seat after the last discard declines it). Returns the events."""
    events: list[Event] = []
    if match.phase is not Phase.DRAW:
        raise ValueError("run_down starts at a seat's draw")
    if next_seat is not None:
        draws = match.view(match.turn).pile_count - pile
        for _ in range((next_seat - match.turn - draws) % match.players):
            events += _take_back(match, match.turn)
    while not match.round_over:
        view = match.view(match.turn)
        stops = pile > 0 or next_seat is not None
        if stops and view.pile_count <= pile and view.phase in (Phase.DRAW, Phase.PILE_OUT):
            return events
        if view.phase is Phase.PILE_OUT:
            events += match.apply(match.turn, DeclineDiscard())
        else:
            events += plain_turn(match, match.turn)
    if pile > 0 or next_seat is not None:
        raise ValueError(f"the round ended before the pile held {pile} tiles")
    return events


def deal_hidden_anew(match: Match, seat: int, rng: random.Random) -> Match:
    """A copy of ``match`` in which the tiles ``seat`` cannot see (the other seats'
    hands and the pile) are dealt among those hands and the pile anew, each hand
    keeping its size: what ``seat`` knows is the same in both."""
    other = copy.deepcopy(match, {id(match.rules): match.rules})
    round_ = other.round
    seats = [s for s in range(other.players) if s != seat]
    pool = [t for s in seats for t in round_.hands[s]] + round_.pile
    rng.shuffle(pool)
    for s in seats:
        size = len(round_.hands[s])
        round_.hands[s], pool = pool[:size], pool[size:]
    round_.pile[:] = pool
    return other
