"""The rack handlers: moving the focus over the tiles, group by group, and sorting."""

from __future__ import annotations

from typing import TYPE_CHECKING

from okey.table.keys import Command
from okey.table.lines import Capital, Field, Joined, Line, Speech
from okey.table.state.sorting import SortMode

if TYPE_CHECKING:
    from okey.table.core import Handler, TableCore


def _focus(table: TableCore, command: Command) -> None:
    rack = table.rack
    before = rack.section()
    if command is Command.LEFT:
        rack.move(-1)
    elif command is Command.RIGHT:
        rack.move(1)
    elif command is Command.HOME:
        rack.home()
    else:
        rack.end()
    table.voice.reply(focus_line(table, with_kind=rack.section() != before))


def _group(table: TableCore, command: Command) -> None:
    step = 1 if command is Command.NEXT_GROUP else -1
    moved = table.rack.next_section(step)
    said = focus_line(table, with_kind=True)
    if not moved and table.rack.count:  # at an end: say so, not the same group again
        edge = Line("table.group.last" if step > 0 else "table.group.first")
        said = Joined((edge, said))
    table.voice.reply(said)


def focus_line(table: TableCore, *, with_kind: bool) -> Speech:
    """The tile in focus and its place ("red 5, 3 of 15"); in smart grouping, with the
    kind of group it is in when ``with_kind`` ("Run: red 5, 3 of 15")."""
    rack = table.rack
    tile = rack.focused
    if tile is None:
        return Line("table.no_tiles")
    section = rack.section()
    shown: Field = tile  # a tile marked for a laying (Okey 101's K) is said so
    if tile in table.marks:
        shown = Line("table.m101.marked_tile", tile=tile)
    if with_kind and rack.mode is SortMode.SMART and section is not None:
        kind = Capital(Line(f"table.kind.{section.kind.value}"))
        return Line(
            "table.focus.kind", kind=kind, tile=shown, position=rack.focus + 1, count=rack.count
        )
    return Line("table.focus", tile=shown, position=rack.focus + 1, count=rack.count)


def _sort(table: TableCore, command: Command) -> None:
    mode = table.rack.mode.next()
    table.rack.set_mode(mode)
    table.settings.sort_mode = mode
    table.voice.reply(Line(f"table.sorted.{mode.value}"))


HANDLERS: dict[Command, Handler] = {
    **dict.fromkeys((Command.LEFT, Command.RIGHT, Command.HOME, Command.END), _focus),
    **dict.fromkeys((Command.NEXT_GROUP, Command.PREVIOUS_GROUP), _group),
    Command.SORT: _sort,
}
