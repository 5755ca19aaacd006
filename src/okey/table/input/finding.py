"""Finding a tile by typing it: Ctrl+F, then its number, its colour letter, or both.

Positions change with every draw in smart grouping; this is the sighted player's
glance along the rack. After Ctrl+F each key narrows what is looked for and the
focus jumps to the first tile that matches it, from the tile in focus on: digits
type the number (1, then 3, is 13; 1 then 1 is 11), a colour letter of the notation
(r red, b blue, k black, y yellow) the colour, o the okeys. Ctrl+F again, or a key
that leaves the search as it was ("6" then "6": no tile is 66), goes on to the next
tile that matches; Backspace takes back the last key, Escape stops finding; any other
key stops it quietly and does what it does (Enter or Space discards the tile found;
when the search found nothing, they only stop finding, as Escape does). The
whole prompt is said at the first Ctrl+F of the table, "Find." after. A false joker
is found as the face it plays (the okey's), an okey by its own face or by o.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from okey.table.input.racking import focus_line
from okey.table.keys import Command, key_name
from okey.table.lines import Line
from okey.table.state.looking import Looking
from okey.tiles import Colour

if TYPE_CHECKING:
    from okey.table.core import TableCore

COLOUR_LETTERS = {colour.letter: colour for colour in Colour}  # the notation's r, b, k, y
OKEY_LETTER = "o"
HIGHEST = 13  # the highest number on a tile
AGAIN = "c-f"  # the find key itself: the next match
ENDS = ("escape",)
DISCARDS = ("enter", "space")  # they discard the tile found, and only a tile found
BACK = "backspace"


def start(table: TableCore, command: Command = Command.FIND) -> None:
    """Ctrl+F: start finding (with nothing dealt, there is nothing to find)."""
    del command
    if not table.rack.count:
        table.voice.reply(Line("table.no_tiles"))
        return
    table.finding = Looking()
    table.voice.reply(Line("table.find.again" if table.found_before else "table.find.start"))
    table.found_before = True


def key(table: TableCore, pressed: str) -> bool:
    """A key while finding; False when it is not finding's (finding has stopped then,
    and the key does what it always does)."""
    looking = table.finding
    if looking is None:
        return False
    name = key_name(pressed)
    lower = name.lower()
    if name == AGAIN:
        _jump(table, looking, step=1)
        return True
    if name in ENDS or (name in DISCARDS and not _found(table, looking)):
        table.finding = None  # nothing found is discarded: Enter stops as Escape does
        table.voice.reply(Line("table.find.end"))
        return True
    if name == BACK:
        table.finding = _back(looking)
        table.voice.reply(Line("table.find.start") if table.finding.empty else None)
        if not table.finding.empty:
            _jump(table, table.finding, step=0)
        return True
    narrowed = _narrowed(looking, lower)
    if narrowed is None:
        table.finding = None
        return False
    table.finding = narrowed
    # The same search again ("6" then "6", "y" then "y"): the next tile that matches.
    again = narrowed == looking
    said = _found(table, looking) and not looking.empty and not again
    _jump(table, narrowed, step=1 if again else 0, said=said)
    return True


def _found(table: TableCore, looking: Looking) -> bool:
    """The tile in focus is one the search looks for (so it was found)."""
    focused, okey = table.rack.focused, table.rack.okey
    return focused is not None and okey is not None and looking.matches(focused, okey)


def _narrowed(looking: Looking, key: str) -> Looking | None:
    if key.isdigit() and len(key) == 1:
        digits = looking.digits + key
        if not 1 <= int(digits) <= HIGHEST:
            digits = key  # a number no tile has: the key starts the number again
        if digits == "0":
            return looking
        return replace(looking, digits=digits, okeys=False)
    if key in COLOUR_LETTERS:
        return replace(looking, colour=COLOUR_LETTERS[key], okeys=False)
    if key == OKEY_LETTER:
        return Looking(okeys=True)
    return None


def _back(looking: Looking) -> Looking:
    if looking.okeys:
        return Looking()
    if looking.digits:
        return replace(looking, digits=looking.digits[:-1])
    return replace(looking, colour=None)


def _jump(table: TableCore, looking: Looking, *, step: int, said: bool = False) -> None:
    """Focus the first tile that matches, from the focus (``step`` 1: after it), round
    the rack; say it, or that none matches (``said``: the tile in focus was found by the
    search before, so a narrower one that stays on it says nothing: "r" then "2" on red
    2)."""
    rack = table.rack
    okey = rack.okey
    tiles = rack.tiles
    if looking.empty or okey is None or not tiles:
        table.voice.reply(Line("table.find.start"))
        return
    count = len(tiles)
    for offset in range(step, step + count):
        index = (rack.focus + offset) % count
        if looking.matches(tiles[index], okey):
            if said and index == rack.focus:
                return
            before = rack.section()
            rack.focus = index
            table.voice.reply(focus_line(table, with_kind=rack.section() != before))
            return
    table.voice.reply(Line("table.find.none", what=looking.said()))
