"""What an Okey 101 table says after a change, from the state: an opponent down to a
few tiles (who may finish soon: time to shed high tiles), and the pile running low."""

from __future__ import annotations

from typing import TYPE_CHECKING

from okey.engine.view import Phase
from okey.table.lines import Line, seat_fields
from okey.table.state.seat import SeatState

if TYPE_CHECKING:
    from okey.table.core import TableCore

FEW = 5
"""An opponent holding this many tiles or fewer is said (again at each smaller count)."""


def after101(table: TableCore, before: SeatState, now: SeatState) -> list[Line]:
    """The opponents newly down to a few tiles, then the pile's warning."""
    view = now.seen
    if view is None or view.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER):
        return []
    said: list[Line] = []
    for seat, size in enumerate(view.hand_sizes):
        if seat == view.seat or size > FEW:
            continue
        told = (view.round_number, seat)
        if size < table.sizes_told.get(told, FEW + 1):
            table.sizes_told[told] = size
            said.append(Line("table.101.few", count=size, **seat_fields(seat)))
    earlier = before.seen
    if earlier is None or earlier.round_number != view.round_number:
        return said
    low = view.players
    was, left = earlier.pile_count, view.pile_count
    if left == 1 < was:
        said.append(Line("table.101.pile.last"))
    elif left <= low < was:
        said.append(Line("table.101.pile.low", count=left))
    return said
