"""The match record: every deal and every move, in the order the match applied them.

Like python-chess's ``Board.move_stack`` or pokerkit's ``State.operations``, the
record is what a match *is*: replaying it through a fresh :class:`Match` with
the same rules gives the same match, event for event. It holds the chance
events (each round's deck order and, at a table that deals from stacks, the two
die throws) as :class:`DealEntry` and the actions as :class:`MoveEntry`.

A ``TimeOut`` is recorded as it was fed; the moves then made for that seat follow
it, each marked ``automatic``: the game's own
(:meth:`okey.engine.games.base.GameRound.automatic_move`), or a front end's
(:attr:`Match.choose_automatic`: the table plays the medium bot's choice). A
record with its automatic moves replays them as recorded, and the match log
writes them (``N auto discard r5``); a record without them (a log written before
the ``auto`` lines) gets the game's own, made again.

Writers and readers: the match log (:mod:`okey.matchlog`) and so the saves write
the record in the notation (:mod:`okey.engine.notation`) and read it back; the
review reads a live match's record directly; each replays through
:meth:`Match.play`, one entry at a time.
"""

from __future__ import annotations

from dataclasses import dataclass

from okey.engine.actions import Action
from okey.engine.traditional import Dice
from okey.tiles import Tile


@dataclass(frozen=True, slots=True)
class DealEntry:
    """A round dealt: its number, dealer, the deck's order and the dice (if thrown)."""

    number: int
    dealer: int
    deck: tuple[Tile, ...]
    dice: Dice | None = None


@dataclass(frozen=True, slots=True)
class MoveEntry:
    """A seat's action; ``automatic``: made by the game for a seat whose time ran out."""

    seat: int
    action: Action
    automatic: bool = False


RecordEntry = DealEntry | MoveEntry
"""One step of a match's record."""
