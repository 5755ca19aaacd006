"""Hand evaluation for the bots: the need after each discard and the live tiles that help.

Everything works in the solver's count space: index ``0..51`` is a face (the
okey's own face index counts false jokers, which play as that face) and real
okeys are counted apart as jokers. A hand's *need* is its deficiency: the
fewest tiles to exchange before it finishes. A tile *improves* a 14-tile hand
when drawing it lowers the need; the unseen copies of the improving tiles (in
mahjong terms the hand's acceptance, *ukeire*) say how likely a draw helps.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Final

from okey.bots.memory import FACES, face_index
from okey.bots.need import Need
from okey.hand.solver import face_tile, hand_counts, pairs_deficiency
from okey.tiles import Tile


class Route(Enum):
    """Which kind of finished hand a bot is building."""

    ANY = "any"  # whichever is nearer: runs and sets, or seven pairs
    COMBINATIONS = "combinations"
    PAIRS = "pairs"


def _neighbours(face: int) -> tuple[int, ...]:
    """Faces that can share a run (same colour, at most two apart) or a set with ``face``."""
    colour, n0 = divmod(face, 13)
    positions = [n0, 13] if n0 == 0 else [n0]  # a 1 also ends a run after 13
    near: set[int] = set()
    for position in positions:
        for other in range(max(0, position - 2), min(13, position + 2) + 1):
            near.add(colour * 13 + other % 13)
    near.update(other * 13 + n0 for other in range(4))
    return tuple(sorted(near))


NEIGHBOURS: Final = tuple(_neighbours(face) for face in range(FACES))


@dataclass(frozen=True, slots=True)
class Hand:
    """A hand in count space."""

    counts: tuple[int, ...]
    jokers: int
    okey: Tile

    @classmethod
    def of(cls, tiles: Sequence[Tile], okey: Tile) -> Hand:
        counts, jokers = hand_counts(tiles, okey)
        return cls(tuple(counts), jokers, okey)

    def faces(self) -> list[int]:
        """The faces held (okeys excluded), lowest first."""
        return [face for face in range(FACES) if self.counts[face]]

    def face_of(self, tile: Tile) -> int:
        """A tile's face index (a false joker plays as the okey's face)."""
        return face_index(tile, self.okey)

    def tile(self, face: int) -> Tile:
        """The physical tile that plays as ``face`` (a false joker at the okey's index)."""
        return face_tile(face, self.okey)


def hand_need(hand: Hand, route: Route = Route.ANY, combination_need: Need | None = None) -> int:
    """Fewest tiles to exchange before the hand finishes by ``route``
    (``combination_need``: the hand's :class:`Need`, when already worked out)."""
    if route is Route.PAIRS:
        return pairs_deficiency(list(hand.counts), hand.jokers)
    combination = (combination_need or Need(hand.counts, hand.jokers)).value
    if route is Route.COMBINATIONS:
        return combination
    return min(combination, pairs_deficiency(list(hand.counts), hand.jokers))


class Outlook:
    """A 14-tile hand's need by route, and which drawn tiles would lower it."""

    __slots__ = ("combination", "counts", "jokers", "need", "pairs", "route")

    def __init__(self, combination: Need, route: Route) -> None:
        self.combination = combination
        self.counts = combination.counts
        self.jokers = combination.jokers
        self.pairs = pairs_deficiency(self.counts, self.jokers)
        self.route = route
        if route is Route.PAIRS:
            self.need = self.pairs
        elif route is Route.COMBINATIONS:
            self.need = combination.value
        else:
            self.need = min(combination.value, self.pairs)

    def improves(self, face: int) -> bool:
        """True when drawing ``face`` lowers the need by this outlook's route."""
        if self.need == 0 or self.counts[face] >= 2:
            return False
        if self.route is not Route.COMBINATIONS and self.pairs == self.need:
            self.counts[face] += 1
            better = pairs_deficiency(self.counts, self.jokers) < self.need
            self.counts[face] -= 1
            if better:
                return True
        if self.route is not Route.PAIRS and self.combination.value == self.need:
            return self.combination.improves(face)
        return False

    def live(self, weights: Sequence[float], okey_weight: float) -> float:
        """Weighted count of the improving tiles (weights per face; okeys always help)."""
        if self.need == 0:
            return 0.0
        total = okey_weight
        found: set[int] = set()
        for face in range(FACES):
            if self.counts[face]:
                for other in NEIGHBOURS[face]:
                    if other not in found and weights[other] > 0:
                        found.add(other)
                        if self.improves(other):
                            total += weights[other]
        return total


class Discards:
    """Every discard of a 15-tile hand with the need it leaves, by one route."""

    def __init__(self, hand: Hand, route: Route = Route.ANY) -> None:
        self.hand = hand
        self.route = route
        self.parent = Need(hand.counts, hand.jokers)
        self._outlooks: dict[int, Outlook] = {}

    def faces(self) -> list[int]:
        """Faces that may be thrown (okeys are kept; finishing is decided elsewhere)."""
        return self.hand.faces()

    def outlook(self, face: int) -> Outlook:
        """The hand left after throwing one ``face``."""
        found = self._outlooks.get(face)
        if found is None:
            found = Outlook(self.parent.without(face), self.route)
            self._outlooks[face] = found
        return found

    def need(self, face: int) -> int:
        return self.outlook(face).need

    def whole_need(self) -> int:
        """The need of the whole hand, before any discard."""
        return hand_need(self.hand, self.route, self.parent)

    def best(self) -> tuple[int, list[int]]:
        """The least need a discard leaves and the faces that leave it."""
        needs = {face: self.need(face) for face in self.faces()}
        if not needs:
            return 0, []
        least = min(needs.values())
        return least, [face for face, value in needs.items() if value == least]
