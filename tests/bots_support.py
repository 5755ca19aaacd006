"""Hand-built player views for the bot tests."""

from __future__ import annotations

from collections.abc import Sequence

from okey.engine.actions import (
    Action,
    DeclineDiscard,
    Discard,
    DrawFromPile,
    ShowIndicator,
    TakeDiscard,
)
from okey.engine.view import Phase, PlayerView
from okey.hand.notation import parse_tile, parse_tiles
from okey.tiles import okey_for


def make_view(
    hand: str,
    *,
    indicator: str = "y1",
    seat: int = 0,
    phase: Phase = Phase.DISCARD,
    discards: Sequence[str] = ("", "", "", ""),
    taken: Sequence[str] = ("", "", "", ""),
    pile_count: int = 30,
    can_show: bool = False,
) -> PlayerView:
    """A view for ``seat`` on its turn, with the legal moves the phase allows."""
    tiles = tuple(parse_tiles(hand))
    piles = tuple(tuple(parse_tiles(text)) for text in discards)
    legal: list[Action] = []
    if phase is Phase.DISCARD:
        legal += [Discard(tile) for tile in sorted(set(tiles))]
    elif phase is Phase.DRAW:
        legal.append(DrawFromPile())
        if piles[(seat - 1) % 4]:
            legal.append(TakeDiscard())
    elif phase is Phase.PILE_OUT:
        legal += [TakeDiscard(), DeclineDiscard()]
    if can_show:
        legal.append(ShowIndicator())
    indicator_tile = parse_tile(indicator)
    return PlayerView(
        seat=seat,
        players=4,
        hand=tiles,
        indicator=indicator_tile,
        okey=okey_for(indicator_tile),
        turn=seat,
        phase=phase,
        dealer=0,
        round_number=1,
        pile_count=pile_count,
        discards=piles,
        taken=tuple(tuple(parse_tiles(text)) for text in taken),
        scores=(20, 20, 20, 20),
        legal=tuple(legal),
        hand_sizes=tuple(len(tiles) if s == seat else 14 for s in range(4)),
    )
