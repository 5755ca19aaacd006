"""Shuffling and dealing: from a deck order to hands, indicator and pile.

A deck is an order of all 106 tiles. The indicator is its first tile that is
not a false joker (false jokers before it are turned back); the rest is dealt
in blocks from the dealer on (Okey: 15 to the dealer, 14 to each other seat), and
what is left is the pile, its top first. A table with ``traditional_deal``
deals the same deck from stacks with two die throws instead
(:mod:`okey.engine.traditional`).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from okey.engine.errors import DeckError, DeckProblem
from okey.tiles import Tile, full_set

DEALER_TILES = 15
HAND_TILES = 14
DECK_SIZE = 106


@dataclass(frozen=True, slots=True)
class Deal:
    """A dealt round: hands by seat, the indicator and the pile (top first)."""

    indicator: Tile
    turned_back: int
    hands: tuple[tuple[Tile, ...], ...]
    pile: tuple[Tile, ...]


def shuffled_deck(rng: random.Random) -> tuple[Tile, ...]:
    """A fresh shuffle of the 106 tiles."""
    deck = full_set()
    rng.shuffle(deck)
    return tuple(deck)


def check_deck(deck: Sequence[Tile]) -> None:
    """Refuse anything but an order of exactly the 106 tiles."""
    if len(deck) != DECK_SIZE:
        raise DeckError(DeckProblem.SIZE, size=DECK_SIZE, count=len(deck))
    extra = Counter(deck) - Counter(full_set())
    if extra:
        tile = next(iter(extra))
        raise DeckError(DeckProblem.TOO_MANY, tile=str(tile))


def deal_sizes(players: int, dealer: int, hand_size: int = HAND_TILES) -> list[int]:
    """How many tiles each seat is dealt: ``hand_size``, and one more to the dealer, who
    opens by discarding (Okey deals 14; another game passes its own size)."""
    return [hand_size + 1 if seat == dealer else hand_size for seat in range(players)]


def deal(deck: Sequence[Tile], players: int, dealer: int, hand_size: int = HAND_TILES) -> Deal:
    """Deal a checked deck to ``players`` seats, the dealer first."""
    check_deck(deck)
    index = next(i for i, tile in enumerate(deck) if not tile.is_false_joker)
    rest = list(deck[:index]) + list(deck[index + 1 :])
    hands: list[tuple[Tile, ...]] = [() for _ in range(players)]
    sizes = deal_sizes(players, dealer, hand_size)
    position = 0
    for step in range(players):
        seat = (dealer + step) % players
        hands[seat] = tuple(rest[position : position + sizes[seat]])
        position += sizes[seat]
    return Deal(deck[index], index, tuple(hands), tuple(rest[position:]))


def arrange_deck(
    players: int,
    dealer: int,
    indicator: Tile,
    hands: Mapping[int, Sequence[Tile]],
    pile_top: Sequence[Tile] = (),
    rng: random.Random | None = None,
    hand_size: int = HAND_TILES,
    *,
    pile_bottom: Sequence[Tile] = (),
) -> tuple[Tile, ...]:
    """A deck that deals the given tiles (a prepared hand, a tutorial, a test).

    Hands may be partial: the remaining tiles fill them and the pile, shuffled
    by ``rng`` when given, else in tile order. ``pile_top`` comes off the pile
    first, in that order; ``pile_bottom`` last, in that order.
    """
    if indicator.is_false_joker:
        raise DeckError(DeckProblem.FALSE_JOKER)
    left = Counter(full_set())
    left[indicator] -= 1
    for tile in [t for hand in hands.values() for t in hand] + [*pile_top, *pile_bottom]:
        if left[tile] <= 0:
            raise DeckError(DeckProblem.NOT_ENOUGH, tile=str(tile))
        left[tile] -= 1
    spare = sorted(left.elements())
    if rng is not None:
        rng.shuffle(spare)
    sizes = deal_sizes(players, dealer, hand_size)
    deck = [indicator]
    for step in range(players):
        seat = (dealer + step) % players
        given = list(hands.get(seat, ()))
        if len(given) > sizes[seat]:
            raise DeckError(DeckProblem.HAND_SIZE, seat=seat, size=sizes[seat], count=len(given))
        while len(given) < sizes[seat]:
            given.append(spare.pop())
        deck.extend(given)
    deck.extend(pile_top)
    deck.extend(reversed(spare))
    deck.extend(pile_bottom)
    return tuple(deck)
