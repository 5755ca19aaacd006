"""Okey 101's events in words for ``okey replay`` (:class:`okey.narrate.Narrator` asks)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, assert_never

from okey.games.okey101.actions import Pair
from okey.games.okey101.events import (
    Added101,
    AnyEvent101,
    GaveBack101,
    Laid101,
    Opened101,
    Penalised101,
    RoundCancelled101,
    RoundScored101,
)
from okey.hand.melds import Meld
from okey.hand.tiles import Tile
from okey.messages import Catalogue


class Narrator(Protocol):
    """What these words ask of the narrator (:class:`okey.narrate.Narrator`)."""

    @property
    def catalogue(self) -> Catalogue: ...

    @property
    def okey(self) -> Tile | None: ...

    def name(self, seat: int) -> str: ...

    def tile(self, tile: Tile) -> str: ...

    def score_list(self, scores: Sequence[int]) -> str: ...

    def scores(self, scores: Sequence[int]) -> str: ...


def _melds(narrator: Narrator, melds: Sequence[Meld], pairs: Sequence[Pair]) -> str:
    groups = [list(meld.tiles) for meld in melds] + [list(pair) for pair in pairs]
    return "; ".join(narrator.catalogue.tiles(group, narrator.okey) for group in groups)


def lines101(narrator: Narrator, event: AnyEvent101) -> list[str]:
    """What a listener hears for one 101 event."""
    text = narrator.catalogue.text
    name = narrator.name
    match event:
        case Opened101():
            laid = _melds(narrator, event.melds, event.pairs)
            if event.pairs:
                key, count = "engine.event101.opened_pairs", len(event.pairs)
                return [text(key, name=name(event.seat), count=count, tiles=laid)]
            key = "engine.event101.opened"
            return [text(key, name=name(event.seat), value=event.value, tiles=laid)]
        case Laid101():
            laid = _melds(narrator, event.melds, event.pairs)
            return [text("engine.event101.laid", name=name(event.seat), tiles=laid)]
        case Added101():
            said = [
                text(
                    "engine.event101.added",
                    name=name(event.seat),
                    tile=narrator.tile(event.addition.tile),
                    owner=name(event.owner),
                    tiles=_melds(narrator, [event.meld], []),
                )
            ]
            if event.taken_back is not None:
                said.append(text("engine.event101.okey_back", name=name(event.seat)))
            return said
        case GaveBack101():
            tile = narrator.tile(event.tile)
            source = name(event.source)
            return [
                text("engine.event101.gave_back", name=name(event.seat), tile=tile, source=source)
            ]
        case Penalised101():
            key = f"engine.event101.penalty.{event.reason.value}"
            return [text(key, name=name(event.seat), points=event.points)]
        case RoundScored101():
            said = []
            if event.finisher is None or event.tile is None:
                said.append(text("engine.event101.pile_out"))
            else:
                tile = narrator.tile(event.tile)
                said.append(
                    text(
                        "engine.event101.finished",
                        name=name(event.finisher),
                        tile=tile,
                        factor=event.factor,
                    )
                )
            said.append(text("engine.event101.points", points=narrator.score_list(event.points)))
            said.append(narrator.scores(event.scores))
            return said
        case RoundCancelled101():
            return [text("engine.event101.cancelled")]
        case _:
            assert_never(event)
