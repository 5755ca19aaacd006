"""What a player can do: small frozen values, checked by the engine before they apply."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from okey.tiles import Tile


@dataclass(frozen=True, slots=True)
class GameAction:
    """The base of one game's own moves (Okey 101's opening and laying): the engine
    and every reader that does not tell them apart cover them with one
    ``case GameAction()``; :attr:`game` names the game whose folder knows them."""

    game: ClassVar[str]


@dataclass(frozen=True, slots=True)
class DrawFromPile:
    """Take the top tile of the face-down pile."""


@dataclass(frozen=True, slots=True)
class TakeDiscard:
    """Take the tile the player before you just discarded."""


@dataclass(frozen=True, slots=True)
class Discard:
    """Put a tile from your hand on your discard pile (or, if it finishes, in the middle)."""

    tile: Tile


@dataclass(frozen=True, slots=True)
class Finish:
    """Discard a tile that leaves a finished hand, to the middle (after okeye dönmek)."""

    tile: Tile


@dataclass(frozen=True, slots=True)
class ShowIndicator:
    """Show the indicator's twin before your own first move."""


@dataclass(frozen=True, slots=True)
class DeclineDiscard:
    """With the pile empty, decline the last discard: the round is drawn."""


@dataclass(frozen=True, slots=True)
class TurnToOkey:
    """Okeye dönmek: declare a ready hand holding an okey and finish later."""


@dataclass(frozen=True, slots=True)
class DeclarePairs:
    """Çifte gitmek: announce that you are going for seven pairs."""


@dataclass(frozen=True, slots=True)
class TimeOut:
    """The turn clock ran out: the engine draws and discards for this seat.

    The clock itself lives outside the engine; the front end (or ``simulate``)
    feeds this action. It is accepted on the seat's turn when the table has a
    timer or the seat is on autopilot, and it is never listed in ``legal``.
    """


@dataclass(frozen=True, slots=True)
class Resume:
    """A player back at the table takes their seat back from autopilot (never in ``legal``)."""


Action = (
    DrawFromPile
    | TakeDiscard
    | Discard
    | Finish
    | ShowIndicator
    | DeclineDiscard
    | TurnToOkey
    | DeclarePairs
    | TimeOut
    | Resume
    | GameAction  # a game's own moves (Okey 101's: okey.games.okey101.actions)
)
