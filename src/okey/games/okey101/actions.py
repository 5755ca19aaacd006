"""Okey 101's own moves (the draw, the take and the discard are Okey's).

A turn is a draw (``DrawFromPile``) or a take (``TakeDiscard``), then any
number of :class:`Open`, :class:`Lay` and :class:`Add`, then one ``Discard``;
:class:`GiveBack` returns a taken discard before anything is laid.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from okey.engine.actions import GameAction
from okey.games.okey101.sections import GAME
from okey.hand.layoff import Addition
from okey.hand.melds import Meld
from okey.tiles import Tile

Pair = tuple[Tile, Tile]


@dataclass(frozen=True, slots=True)
class Action101(GameAction):
    """The base of Okey 101's own moves (one ``case Action101()`` covers them all)."""

    game: ClassVar[str] = GAME


@dataclass(frozen=True, slots=True)
class Open(Action101):
    """The first laying of a round: runs and sets worth the threshold, or pairs enough."""

    melds: tuple[Meld, ...] = ()
    pairs: tuple[Pair, ...] = ()


@dataclass(frozen=True, slots=True)
class Lay(Action101):
    """After opening: new runs and sets (opened with them) or pairs (opened with pairs)."""

    melds: tuple[Meld, ...] = ()
    pairs: tuple[Pair, ...] = ()


@dataclass(frozen=True, slots=True)
class Add(Action101):
    """One tile onto a combination of the table (``Place.OKEY``: taking its okey back)."""

    addition: Addition


@dataclass(frozen=True, slots=True)
class GiveBack(Action101):
    """Return the discard just taken to its pile and draw from the pile instead."""
