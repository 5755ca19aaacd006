"""The traditional deal (seed 004): stacks of five, two die throws, stacks handed out in order.

A real table deals a shuffled deck (see :mod:`okey.engine.deal`) like this:

- The tiles are built into 21 stacks of five, one tile spare: here the
  deck's first 105 tiles in order, stack 1 first, each stack from its bottom
  up; the deck's last tile is the spare. The stacks stand in a row, counted
  from the thrower's left.
- The thrower is the seat before the opener (the opener, who gets 15 tiles,
  sits on the thrower's right: 004's "player to the dealer's right"). The
  first throw chooses a stack; the spare goes on top of it, so it holds six.
- The second throw counts a tile of that stack from its bottom (a 6 is the
  spare); it is turned face up on top of the stack: the indicator.
- A false joker is never the indicator. A real table puts it back where it
  was and takes the tile above it instead (past the top, the bottom one):
  the indicator still comes from the chosen stack and no other tile moves.
  Only two false jokers exist, so at most two are passed over.
- The stacks after the chosen one, round the row, are handed out in play
  order from the opener: one whole stack each, twice round; a third whole
  stack to the opener; then four tiles to each other seat, taken from the top
  of the stacks that follow (a stack broken between two seats gives its top
  to the first and its bottom to the next).
- What is left stays in order as the pile, drawn from where the dealing
  stopped: the rest of the broken stack, the stacks after it round the row,
  and last the five tiles under the indicator.

The two throws are all a replay needs besides the deck: :func:`deal_from_stacks`
gives the same hands and pile from the same deck and dice. The dice come from
the match's injected ``random.Random`` (:func:`throw_dice`), after the shuffle.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from okey.engine.deal import HAND_TILES, Deal, check_deck
from okey.engine.errors import DeckError, DeckProblem
from okey.tiles import Tile

STACK_TILES = 5
STACKS = 21
DIE_FACES = 6
WHOLE_ROUNDS = 2  # whole stacks to every seat before the opener's third one
BROKEN_TILES = HAND_TILES - WHOLE_ROUNDS * STACK_TILES  # 4: what each other seat then gets


@dataclass(frozen=True, slots=True)
class Dice:
    """The two throws: the stack the spare goes on, and the tile of it turned up."""

    stack: int  # which stack, counted from the thrower's left (1..6)
    tile: int  # which tile of that stack, counted from its bottom (1..6)

    def __post_init__(self) -> None:
        for throw in (self.stack, self.tile):
            if not 1 <= throw <= DIE_FACES:
                raise DeckError(DeckProblem.DIE, faces=DIE_FACES, throw=throw)


@dataclass(frozen=True, slots=True)
class StackDeal:
    """A traditional deal: the plain :class:`Deal` and how the table got there."""

    deal: Deal  # hands by seat, the indicator and the pile (top first)
    dice: Dice
    thrower: int  # the seat that built the stacks and threw: the one before the opener
    position: int  # the indicator's place in the chosen stack, from its bottom (1..6)


def throw_dice(rng: random.Random) -> Dice:
    """Two throws of a six-sided die, from the injected generator."""
    return Dice(rng.randint(1, DIE_FACES), rng.randint(1, DIE_FACES))


def thrower_of(players: int, dealer: int) -> int:
    """Who throws: the seat before the opener (``dealer``), on whose right the opener sits."""
    return (dealer - 1) % players


def build_stacks(deck: Sequence[Tile]) -> tuple[tuple[tuple[Tile, ...], ...], Tile]:
    """The 21 stacks of a checked deck (each bottom first) and the spare tile."""
    check_deck(deck)
    stacks = tuple(
        tuple(deck[start : start + STACK_TILES])
        for start in range(0, STACKS * STACK_TILES, STACK_TILES)
    )
    return stacks, deck[-1]


def handout(players: int, dealer: int) -> list[tuple[int, int]]:
    """Who takes how many tiles, in order: (seat, count) for each take."""
    order = [(dealer + step) % players for step in range(players)]
    takes = [(seat, STACK_TILES) for _ in range(WHOLE_ROUNDS) for seat in order]
    takes.append((dealer, STACK_TILES))
    takes += [(seat, BROKEN_TILES) for seat in order[1:]]
    return takes


def indicator_position(chosen: Sequence[Tile], throw: int) -> int:
    """The place (from the bottom, 1-based) of the tile turned up: the thrown one, or
    the next one up that is not a false joker (past the top, from the bottom again)."""
    index = throw - 1
    while chosen[index].is_false_joker:
        index = (index + 1) % len(chosen)
    return index + 1


def passed_over(throw: int, position: int) -> tuple[int, ...]:
    """The places (from the bottom, 1..6) of the false jokers passed over between the
    thrown tile and the indicator's ``position``, in the order counted (none, one or two;
    past the top the count goes on from the bottom)."""
    size = STACK_TILES + 1
    count = (position - throw) % size
    return tuple((throw - 1 + step) % size + 1 for step in range(count))


def deal_from_stacks(deck: Sequence[Tile], dice: Dice, players: int, dealer: int) -> StackDeal:
    """Deal a deck (checked here) the traditional way with these throws, ``dealer`` opening."""
    if players not in (2, 3, 4):
        raise DeckError(DeckProblem.PLAYERS, players=players)
    stacks, spare = build_stacks(deck)
    chosen_index = dice.stack - 1
    chosen = [*stacks[chosen_index], spare]
    position = indicator_position(chosen, dice.tile)
    indicator = chosen.pop(position - 1)
    # Each stack read from its top: the order its tiles are taken in.
    after = [
        tile
        for step in range(1, STACKS)
        for tile in reversed(stacks[(chosen_index + step) % STACKS])
    ]
    hands: list[list[Tile]] = [[] for _ in range(players)]
    taken = 0
    for seat, count in handout(players, dealer):
        hands[seat] += after[taken : taken + count]
        taken += count
    pile = (*after[taken:], *reversed(chosen))
    passed = len(passed_over(dice.tile, position))
    dealt = Deal(indicator, passed, tuple(tuple(hand) for hand in hands), pile)
    return StackDeal(dealt, dice, thrower_of(players, dealer), position)


def dice_variant(throw: int, position: int) -> str:
    """The ending of the key that tells the second throw: "" (the thrown tile is the
    indicator), ".passed" or ".passed2" (one or two false jokers passed over), then
    ".wrap" when the count went past the stack's top to its bottom. The texts have the
    fields ``tile`` (the throw), ``second`` (the second false joker's place) and
    ``position`` (the indicator's), or their ``_nth`` ordinals at the table."""
    passed = len(passed_over(throw, position))
    if not passed:
        return ""
    return (".passed" if passed == 1 else ".passed2") + (".wrap" if position < throw else "")
