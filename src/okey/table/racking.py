"""The rack handlers: moving the focus over the tiles, group by group, and sorting."""

from __future__ import annotations

from typing import TYPE_CHECKING

from okey.table.keys import Command
from okey.table.lines import Capital, Line
from okey.table.sorting import SortMode

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
    _say_focus(table, with_kind=rack.section() != before)


def _group(table: TableCore, command: Command) -> None:
    table.rack.next_section(1 if command is Command.NEXT_GROUP else -1)
    _say_focus(table, with_kind=True)


def _say_focus(table: TableCore, *, with_kind: bool) -> None:
    rack = table.rack
    tile = rack.focused
    if tile is None:
        table.voice.reply(Line("table.no_tiles"))
        return
    section = rack.section()
    if with_kind and rack.mode is SortMode.SMART and section is not None:
        kind = Capital(Line(f"table.kind.{section.kind.value}"))
        table.voice.reply(
            Line(
                "table.focus.kind", kind=kind, tile=tile, position=rack.focus + 1, count=rack.count
            )
        )
    else:
        table.voice.reply(Line("table.focus", tile=tile, position=rack.focus + 1, count=rack.count))


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
