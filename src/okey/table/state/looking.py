"""What the player is looking for in the rack after Ctrl+F (:mod:`okey.table.input.finding`
handles the keys): a number as typed, a colour, or the okeys."""

from __future__ import annotations

from dataclasses import dataclass

from okey.table.lines import Face, Field, Line
from okey.tiles import Colour, Tile, stand_in


@dataclass(frozen=True, slots=True)
class Looking:
    """What is being looked for: a number (as typed), a colour, the okeys."""

    digits: str = ""
    colour: Colour | None = None
    okeys: bool = False

    @property
    def empty(self) -> bool:
        return not self.digits and self.colour is None and not self.okeys

    def matches(self, tile: Tile, okey: Tile) -> bool:
        if self.okeys:
            return tile == okey
        face = tile if tile == okey else stand_in(tile, okey)
        if self.digits and face.number != int(self.digits):
            return False
        return self.colour is None or face.colour is self.colour

    def said(self) -> Field:
        """What is looked for, in words: "red 5", "red", "5", "okey"."""
        if self.okeys:
            return Line("table.find.okeys")
        if self.colour is not None and self.digits:
            return Face(Tile.face(self.colour, int(self.digits)))
        if self.colour is not None:
            return Line(f"colour.{self.colour.name.lower()}")
        return self.digits
