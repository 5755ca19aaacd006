"""What a game's folder gives the table (its module ``table``'s ``PART``).

The table is written once for every game; what a game plays or reads differently
comes from here: the commands it answers itself, the keys that read its own state
(C, 0, 1 at Okey 101), the Escape menu's words and choices, where a tile's copies
lie face up, the alert that the hand can finish, the rack's grouping and the screen's
layout, its own lines at moments of the table (classic Okey's declarations), and what
each of its own events means to the table (:class:`Notice`: its sound, the round's
end, the tiles laid).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from okey import kits
from okey.rules import RuleSet
from okey.tiles import Tile

if TYPE_CHECKING:
    from prompt_toolkit.formatted_text import StyleAndTextTuples

    from okey.audio import Cue
    from okey.engine.actions import Action
    from okey.engine.events import GameEvent
    from okey.engine.view import TableView
    from okey.hand.melds import OpeningRules
    from okey.table.keys import Command
    from okey.table.lines import Field, Line, Said, Speech
    from okey.table.state.menu import Option
    from okey.table.state.seat import SeatState
    from okey.table.state.seats import Seats

T = TypeVar("T")
"""The table a game's functions work on: :class:`okey.table.core.TableCore`. A type
parameter, so that this module (which the table's words read too) imports nothing of
the table that holds a game's part."""


@dataclass(frozen=True)
class Layout(Generic[T]):
    """How a game's table is drawn: a rack of one row of tiles (and the legend), or of
    rows of ``row`` tiles, in ``rack_rows`` rows; the messages in ``log_rows`` rows (None:
    the table's own numbers); a panel of the game's own (Okey 101's combinations on the
    table) of ``panel_rows`` rows under the rack."""

    row: int | None = None
    rack_rows: int | None = None
    log_rows: int | None = None
    panel: Callable[[T], StyleAndTextTuples] | None = None
    panel_rows: int = 0


class Moment(Enum):
    """Where the table lets a game add lines of its own (classic Okey's declarations and
    last chance)."""

    DEALT = "dealt"  # the player's hand was dealt
    TOOK = "took"  # the player took a discard
    TAKE_OFFER = "take_offer"  # the player's turn begins with a discard they may take
    DISCARDING = "discarding"  # W while the player discards
    INDICATOR = "indicator"  # I: the indicator read out


def _no_lines(view: TableView, moment: Moment) -> list[Line]:
    del view, moment
    return []


def _nothing(*args: object) -> None:
    del args


@dataclass(frozen=True, slots=True)
class Notice:
    """What one of a game's own events means to the table beside its words: whose it is,
    its sound, whether it ends the round (and who won it), the tiles that leave the
    seat's hand face up, and a tile it puts in the seat's hand."""

    seat: int | None = None
    sound: Cue | None = None  # heard from the seat's place
    once: bool = False  # one sound per seat in a change (a turn of many lays: no clatter)
    ends_round: bool = False  # the round is over (the table is saved; a win's or the end's
    winner: int | None = None  # sound, which the match's end replaces)
    unheld: tuple[Tile, ...] = ()  # laid face up or given back: no longer held
    taken: Tile | None = None  # now in the seat's hand (the player's focus goes to it)


def notice_of(event: GameEvent) -> Notice:
    """What a game's own event means to the table (its game's folder says)."""
    return kits.part(event.game, "table", TablePart).notice(event)


Told = tuple[int, tuple[Tile, ...]]
"""A hand as the win alert told it: the round's number and the sorted tiles."""


def _no_notice(event: GameEvent) -> Notice:
    del event
    return Notice()


def _no_alert(*args: object) -> list[Said]:
    del args
    return []


def _never(*args: object) -> bool:
    del args
    return False


@dataclass(frozen=True)
class TablePart(Generic[T]):
    """A game's own ways at the table; each None answer means "as at every table"."""

    handlers: Mapping[Command, Callable[[T, Command], None]]
    """Commands the game answers itself (its own keys, and those it plays its way)."""
    takes: Callable[[T, Command], bool] | None = None
    """A mode of the game's own (Okey 101's browsing of the table) that takes a command
    before the table's modes: True when it did (None: the game has no mode of its own)."""
    read: Callable[[T, Command, TableView], Speech | None] = _nothing
    """A reading key (C, 0, 1, ...) the game reads its own way."""
    label: Callable[[T, Command], Line | None] = _nothing
    """An Escape menu option's words, where the game words it its way."""
    possible: Callable[[T, Command], bool | None] = _nothing
    """Whether the Escape menu offers a command now, where the game decides."""
    laid_copies: Callable[[TableView, Tile, Seats, list[Field]], int | None] = _nothing
    """Z: the copies of a tile lying face up in the game's own places (added to
    ``places``), how many; None when the game lays nothing out."""
    notice: Callable[[GameEvent], Notice] = _no_notice
    """What an event of the game's own means to the table beside its words."""
    finish_alert: Callable[[T, TableView, Told], list[Said]] = _no_alert
    """The alert that the player's hand can finish, with its sound, said once per hand
    (the game keeps the table's ``win_told``); the hand told is ``(round, sorted tiles)``."""
    rack_opening: Callable[[RuleSet], OpeningRules | None] = _nothing
    """The options the rack's smart grouping plays by (the opening's), if any."""
    lowest_first: bool = False
    """The lowest score leads (Okey 101's totals)."""
    layout: Layout[T] = Layout()
    """How the table is drawn."""
    lines: Callable[[TableView, Moment], list[Line]] = _no_lines
    """The game's own lines at a moment of the table (none: nothing to add)."""
    middle: Callable[[TableView], Tile | None] = _nothing
    """The round's winning discard, laid in the middle, where the game has one."""
    your_turn: Callable[[TableView, bool], list[Line] | None] = _nothing
    """The start of the player's turn in the game's words (``heard``: the turn's sound
    was played instead of "Your turn")."""
    help_now: Callable[[SeatState], list[Field] | None] = _nothing
    """H: what the player may do now, where the game says it its way."""
    resumed: Callable[[T, SeatState], bool] = _never
    """A resumed match's first words, where the game says them its way (True: said)."""
    refreshed: Callable[[T, SeatState, SeatState], None] | None = None
    """After each change of the seat (before, now): the game keeps the rack its way (None:
    as the change step keeps it)."""
    choose: Callable[[T, Option], None] | None = None
    """Enter on an option of a list of moves the game offered (None: its first move made)."""
    after: Callable[[T, SeatState, SeatState], list[Line]] | None = None
    """What the game says after a change's events, from the seat before and now (Okey
    101: an opponent down to a few tiles, the pile running low; None: nothing)."""
    carry_out: Callable[[T, Sequence[Action]], bool] | None = None
    """Yes to a question of the game's that asked for moves (None: made in order, stopping
    at the first refused, as :func:`okey.table.input.moves.carry_out`); True when all were made."""


def table_part(rules: RuleSet) -> TablePart[Any]:
    """The table's part of the game these rules are for."""
    return kits.part(rules.game, "table", TablePart)
