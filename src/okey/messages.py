"""The message catalogue: every text a player hears or reads.

Texts are templates with named fields, looked up by key, so that a
translation only has to supply another catalogue. Nothing else in the game
writes sentences of its own.
"""

from __future__ import annotations

from collections.abc import Mapping

from okey.tiles import Colour, Tile, is_okey

ENGLISH: Mapping[str, str] = {
    # Tiles
    "colour.red": "red",
    "colour.blue": "blue",
    "colour.black": "black",
    "colour.yellow": "yellow",
    "tile.plain": "{colour} {number}",
    "tile.okey": "{colour} {number} okey",
    "tile.false_joker": "{colour} {number} false",
    "tile.false_joker_bare": "false joker",
    # Hand analysis (okey hand)
    "hand.indicator": "Indicator {indicator}, okey {okey}.",
    "hand.tiles": "Tiles ({count}): {tiles}.",
    "hand.group.run": "Run: {tiles}.",
    "hand.group.set": "Set: {tiles}.",
    "hand.group.pair": "Pair: {tiles}.",
    "hand.spares": "Spares: {tiles}.",
    "hand.no_spares": "No spares.",
    "hand.winning.combinations": "A finished hand: every tile is in a run or a set.",
    "hand.winning.pairs": "A finished hand: seven pairs.",
    "hand.not_winning": "Not a finished hand.",
    "hand.finish": "Discard {tile} to finish with {kind}: the others lose {points} each.",
    "hand.no_finish": "No discard finishes this hand.",
    "hand.waits": "Waiting for: {tiles}.",
    "hand.no_waits": "No single tile finishes this hand.",
    "hand.deficiency": "Tiles to exchange before it can finish: {count}.",
    "kind.combinations": "runs and sets",
    "kind.pairs": "seven pairs",
    "list.empty": "none",
}

_COLOUR_KEYS = {colour: f"colour.{colour.name.lower()}" for colour in Colour}


class Catalogue:
    """Looks up message templates and fills in their fields."""

    def __init__(self, templates: Mapping[str, str] = ENGLISH) -> None:
        self._templates = templates

    def text(self, key: str, **fields: object) -> str:
        return self._templates[key].format(**fields)

    def colour(self, colour: Colour) -> str:
        return self.text(_COLOUR_KEYS[colour])

    def tile(self, tile: Tile, okey: Tile | None = None) -> str:
        """A tile's spoken name with its role: "red 5", "red 6 okey", "red 6 false"."""
        if tile.is_false_joker:
            if okey is None:
                return self.text("tile.false_joker_bare")
            return self.text(
                "tile.false_joker", colour=self.colour(okey.colour), number=okey.number
            )
        key = "tile.okey" if okey is not None and is_okey(tile, okey) else "tile.plain"
        return self.text(key, colour=self.colour(tile.colour), number=tile.number)

    def tiles(self, tiles: list[Tile], okey: Tile | None = None) -> str:
        if not tiles:
            return self.text("list.empty")
        return ", ".join(self.tile(tile, okey) for tile in tiles)


CATALOGUE = Catalogue()


def tile_name(tile: Tile, okey: Tile | None = None) -> str:
    """The one function every front end uses to name a tile."""
    return CATALOGUE.tile(tile, okey)
