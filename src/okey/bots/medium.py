"""Medium: plays for runs and sets, counts its waiting tiles, and does not feed the next player.

* It throws a tile whose loss leaves the fewest tiles still needed for runs
  and sets; among those, one that does not join what the next player visibly
  collects (tiles they took from a discard), then the loneliest.
* One tile from finishing, it counts the unseen copies of the tiles it would
  be waiting for and keeps the wait with the most. It keeps no memory: of the
  discard piles it counts only the tiles lying on top.
* It takes the discard on its left only when that lowers the number of tiles
  it still needs.
"""

from __future__ import annotations

from typing import Final

from okey.bots.defence import danger
from okey.bots.easy import loneliness
from okey.bots.evaluate import Discards, Hand, Route, hand_need
from okey.bots.level import LevelBot
from okey.bots.memory import Memory
from okey.engine.view import PlayerView
from okey.tiles import Tile

MOST_LOOKED_AT: Final = 4  # tied discards whose waits are counted


class MediumBot(LevelBot):
    """The medium level."""

    name = "medium"
    route = Route.COMBINATIONS

    def pick_discard(self, view: PlayerView) -> Tile:
        hand = Hand.of(view.hand, view.okey)
        discards = Discards(hand, self.route)
        least, faces = discards.best()
        table = Memory.from_view(view)  # who took what is on the table for all to see

        def risky(face: int) -> bool:
            return danger(face, table, view.next) > 0

        faces.sort(key=lambda face: (risky(face), loneliness(hand, face), face))
        if least != 1:
            return hand.tile(faces[0])
        memory = Memory.from_view(view, remember=False)
        unseen = [float(count) for count in memory.unseen]
        looked = faces[:MOST_LOOKED_AT]

        def score(face: int) -> tuple[bool, float, int]:
            waits = discards.outlook(face).live(unseen, float(memory.unseen_okeys))
            return (risky(face), -waits, looked.index(face))

        return hand.tile(min(looked, key=score))

    def wants(self, view: PlayerView, tile: Tile) -> bool:
        before = Hand.of(view.hand, view.okey)
        after = Hand.of([*view.hand, tile], view.okey)
        return hand_need(after, self.route) < hand_need(before, self.route)
