"""What an Okey 101 table says after a change, from the state: an opponent down to a
few tiles (who may finish soon: time to shed high tiles), the pile running low, and an
okey in the hand of a player who has opened (it costs a penalty if the round ends there)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from okey.engine.view import Phase
from okey.games.okey101.sections import own_rules
from okey.games.okey101.view import View101
from okey.hand.finishing import Opened
from okey.table.lines import Line, seat_fields
from okey.table.state.seat import SeatState
from okey.tiles import Tile, is_okey

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
    if isinstance(view, View101) and isinstance(earlier, View101):
        said += _okey_held(earlier, view)
    low = view.players
    was, left = earlier.pile_count, view.pile_count
    if left == 1 < was:
        said.append(Line("table.101.pile.last"))
    elif left <= low < was:
        said.append(Line("table.101.pile.low", count=left))
    return said


def _okey_held(before: View101, now: View101) -> list[Line]:
    """The player, opened, now holds an okey they did not (drawn, taken back, or held at
    the opening): a reminder of what it costs if the round ends with it in hand."""
    own = own_rules(now.rules)
    if own is None or not own.scoring.okey_in_hand_penalty:
        return []
    held = okeys(now.hand, now.okey)
    if now.my_opening is Opened.NOT_YET or not held:
        return []
    if before.my_opening is not Opened.NOT_YET and okeys(before.hand, before.okey) >= held:
        return []
    return [Line("table.101.okey_held", points=own.scoring.penalty)]


def okeys(hand: Sequence[Tile], okey: Tile) -> int:
    return sum(1 for tile in hand if is_okey(tile, okey))
