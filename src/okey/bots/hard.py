"""Hard: remembers every tile seen, plays the odds, picks its route and defends.

* Memory: its hand, the indicator, every discard, and the tiles each player
  took from a discard and kept (:mod:`okey.bots.memory`).
* Odds: of the discards that leave the fewest tiles still needed, it keeps
  the hand the most live tiles improve, at every stage. A tile counts by its
  unseen copies, less where an opponent visibly collects around it (they
  probably hold it), more where the player on its left threw that face or
  its neighbours (such tiles tend to come from the left).
* Route: whichever of runs-and-sets or seven pairs needs fewer tiles.
* Okeys: never thrown except to finish; when the okey's discard doubles the
  win it finishes with the okey (see :mod:`okey.bots.level`).
* Defence: a discard that joins what the next player collects costs live
  tiles in the choice, more as the pile runs down.
* Taking: it takes the discard on its left whenever that lowers the number of
  tiles it still needs. Two tiles or fewer from finishing, it also takes a
  tile that leaves the need as it is but at least doubles the live tiles that
  would improve the hand (a better wait is worth more than one random draw).
* It shows the indicator's twin whenever it can.
"""

from __future__ import annotations

from typing import Final

from okey.bots.defence import RUN_GAP, affinity, collected, danger
from okey.bots.easy import loneliness
from okey.bots.evaluate import Discards, Hand, Outlook, Route
from okey.bots.level import LevelBot
from okey.bots.memory import Memory
from okey.bots.need import Need
from okey.engine.view import PlayerView
from okey.tiles import Tile

MOST_LOOKED_AT: Final = 8
HELD_DISCOUNT: Final = 0.25  # weight lost per unit of an opponent's visible interest
FEED_THROWN: Final = 1.0  # extra weight for a face the player on the left threw
FEED_NEAR: Final = 0.5  # extra weight next to what the player on the left threw
DEFENCE: Final = 0.3  # live tiles given up to avoid one unit of danger, late in the round
FULL_PILE: Final = 48
RESHAPE_NEED: Final = 2  # the most tiles from finishing at which a tile is taken for its shape
RESHAPE_GAIN: Final = 2.0  # a tile taken for its shape at least doubles the live improving tiles
RESHAPE_MARGIN: Final = 1.0  # ... and adds at least one more


def live_weights(memory: Memory, left: int) -> list[float]:
    """How likely each face is to reach this seat, in units of one unseen copy.

    An opponent who visibly collects around a face probably holds it; the
    player on the left throws what they do not collect, so faces they threw,
    and their neighbours, come from the left more often.
    """
    weights = []
    thrown = memory.thrown[left]
    for face, unseen in enumerate(memory.unseen):
        if not unseen:
            weights.append(0.0)
            continue
        by_seat = {
            seat: collected(face, held)
            for seat, held in enumerate(memory.held)
            if seat != memory.seat
        }
        interest = sum(by_seat.values())
        feed = 0.0
        if by_seat[left] == 0:
            if face in thrown:
                feed = FEED_THROWN
            elif any(affinity(face, other) >= RUN_GAP for other in thrown):
                feed = FEED_NEAR
        weights.append(unseen * (1.0 + feed) / (1.0 + HELD_DISCOUNT * interest))
    return weights


class HardBot(LevelBot):
    """The hard level."""

    name = "hard"
    route = Route.ANY

    def pick_discard(self, view: PlayerView) -> Tile:
        hand = Hand.of(view.hand, view.okey)
        memory = Memory.from_view(view)
        discards = Discards(hand, self.route)
        _, faces = discards.best()
        faces.sort(key=lambda face: (loneliness(hand, face), face))
        looked = faces[:MOST_LOOKED_AT]
        weights = live_weights(memory, view.previous)
        lateness = 1.0 - view.pile_count / FULL_PILE
        caution = DEFENCE * (0.5 + lateness)

        def score(face: int) -> tuple[float, int]:
            live = discards.outlook(face).live(weights, float(memory.unseen_okeys))
            return (-(live - caution * danger(face, memory, view.next)), looked.index(face))

        return hand.tile(min(looked, key=score))

    def wants(self, view: PlayerView, tile: Tile) -> bool:
        hand = Hand.of(view.hand, view.okey)
        now = Outlook(Need(hand.counts, hand.jokers), self.route)
        taking = Discards(Hand.of([*view.hand, tile], view.okey), self.route)
        need_after = taking.whole_need()
        if need_after != now.need:
            return need_after < now.need
        if now.need > RESHAPE_NEED:
            return False
        taken = None if tile == view.okey else hand.face_of(tile)  # an okey is never thrown
        return self.reshapes(view, now, taking, taken)

    def reshapes(self, view: PlayerView, now: Outlook, taking: Discards, taken: int | None) -> bool:
        """True when taking ``taken`` (at the same need) much improves the live waits."""
        memory = Memory.from_view(view)
        weights = live_weights(memory, view.previous)
        okeys = float(memory.unseen_okeys)
        least, faces = taking.best()
        kept = [face for face in faces if face != taken]  # throwing it back changes nothing
        if not kept or least > now.need:
            return False
        best = max(taking.outlook(face).live(weights, okeys) for face in kept)
        return best >= RESHAPE_GAIN * now.live(weights, okeys) + RESHAPE_MARGIN
