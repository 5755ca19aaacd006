"""How close the player's hand is to a finish: what a sighted player works out from the
rack at a glance, said on one key.

The solver's deficiency, by runs and sets and by seven pairs (how many tiles the hand
must still exchange); one tile away, the tiles that finish it and how many copies of
each are still unseen from the player's seat (:class:`~okey.bots.memory.Memory`: the
hand, the indicator, the discard piles and the tiles others took and kept). On the
player's discard with 15 tiles it is the hand after the best discard; one tile away,
the discard that leaves the most unseen finishing tiles, and what they are.
(Okey 101 says its own: :mod:`okey.games.okey101.reading`.)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from okey.bots.memory import Memory
from okey.engine.view import PlayerView
from okey.hand.solver import (
    combination_deficiency,
    hand_counts,
    pairs_deficiency,
    waits,
)
from okey.table.lines import AndList, Line, Speech
from okey.table.output.prompts import best_finish, together
from okey.tiles import Tile

HAND = 14  # a hand between turns; 15 on its owner's discard


@dataclass(frozen=True, slots=True)
class Wait:
    """A tile that finishes the hand, and its copies not yet seen."""

    tile: Tile
    unseen: int


def unseen_of(tile: Tile, memory: Memory) -> int:
    """Copies of ``tile`` the seat has not seen (an okey: the real okeys unseen)."""
    if tile == memory.okey:
        return memory.unseen_okeys
    if tile.is_false_joker:
        return memory.unseen[memory.okey.code]  # the false jokers' count, at the okey's face
    return memory.unseen[tile.code]


def waiting_on(hand: Sequence[Tile], okey: Tile, memory: Memory) -> tuple[Wait, ...]:
    """The tiles that finish a 14-tile ``hand``, each with its unseen copies."""
    return tuple(Wait(tile, unseen_of(tile, memory)) for tile in waits(hand, okey))


def best_wait(view: PlayerView, memory: Memory) -> tuple[Tile, tuple[Wait, ...]] | None:
    """On a 15-tile hand: the discard leaving the most unseen finishing tiles (then the
    most kinds of them), with those tiles; None when no discard leaves a wait. An okey
    is never the discard chosen."""
    best: tuple[int, int] | None = None
    found: tuple[Tile, tuple[Wait, ...]] | None = None
    for tile in sorted(set(view.hand), key=lambda t: t.code):
        if tile == view.okey:
            continue
        rest = list(view.hand)
        rest.remove(tile)
        finishing = waiting_on(rest, view.okey, memory)
        if not finishing:
            continue
        rank = (sum(w.unseen for w in finishing), len(finishing))
        if best is None or rank > best:
            best, found = rank, (tile, finishing)
    return found


MANY_WAITS = 8
"""More finishing tiles than this (an okey in hand lets almost anything finish) are
said as a count first; 0 twice names each."""


def wait_list(finishing: Sequence[Wait]) -> AndList:
    return AndList(tuple(Line("table.close.wait", tile=w.tile, count=w.unseen) for w in finishing))


def _finishes(finishing: Sequence[Wait], discard: Tile | None, *, every: bool) -> Line:
    """ "It finishes with red 5, 1 unseen, ..." (after ``discard`` on 15 tiles), or with
    many finishing tiles and not ``every``, how many kinds and copies."""
    after = {} if discard is None else {"tile": discard}
    key = "table.close.waits" if discard is None else "table.close.after"
    if len(finishing) > MANY_WAITS and not every:
        unseen = sum(w.unseen for w in finishing)
        return Line(f"{key}.many", kinds=len(finishing), count=unseen, **after)
    return Line(key, tiles=wait_list(finishing), **after)


def how_close(view: PlayerView, *, every: bool = False) -> Speech:
    """The answer to "how close am I?" for the player's hand now; ``every``: each
    finishing tile named however many there are (0 twice)."""
    winning = best_finish(view)
    if winning is not None:
        return Line("table.can_finish", tile=winning)
    counts, jokers = hand_counts(view.hand, view.okey)
    by_runs = combination_deficiency(counts, jokers)
    by_pairs = pairs_deficiency(counts, jokers)
    said: list[Speech] = [
        Line(
            "table.close",
            combinations=Line("table.close.tiles", count=by_runs),
            pairs=Line("table.close.tiles", count=by_pairs),
        )
    ]
    if min(by_runs, by_pairs) == 1:
        memory = Memory.from_view(view)
        if len(view.hand) == HAND:
            finishing = waiting_on(view.hand, view.okey, memory)
            if finishing:
                said.append(_finishes(finishing, None, every=every))
        else:
            chosen = best_wait(view, memory)
            if chosen is not None:
                tile, finishing = chosen
                said.append(_finishes(finishing, tile, every=every))
    return together(said)
