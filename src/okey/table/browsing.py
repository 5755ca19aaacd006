"""Browsing a 101 table (3): a stand-in until the table's reading of it is merged.

The ear101 branch writes this module (the mode's reading and its keys); this stub
only keeps the key's seam: :func:`start_browsing` and :func:`browse_command`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from okey.table.keys import Command
from okey.table.lines import Line

if TYPE_CHECKING:
    from okey.table.core import TableCore


def start_browsing(table: TableCore) -> None:
    """3: browsing the table is not there yet: say so (no mode is entered)."""
    table.voice.reply(Line("table.m101.browse.not_yet"))


def browse_command(table: TableCore, command: Command) -> bool:
    """A command while the table is browsed: True when the mode took it (never here)."""
    del table, command
    return False
