"""Easy: keeps its hand arranged in runs and sets and throws a tile it does not need.

It arranges its tiles by smart grouping (the runs and sets that leave the
fewest tiles outside them) and throws one of the spares, any of them: all
spares hurt the arrangement alike. With no spare left it throws the tile
whose loss leaves the fewest tiles still needed. It takes the discard on its
left only to finish, and remembers to show the indicator's twin only half
the time.
"""

from __future__ import annotations

from okey.bots.evaluate import NEIGHBOURS, Discards, Hand, Route
from okey.bots.level import LevelBot
from okey.engine.view import PlayerView
from okey.hand.solver import combination_grouping
from okey.tiles import Tile


def company(hand: Hand, face: int) -> int:
    """How many other tiles of the hand (okeys included) could share a group with ``face``."""
    total = hand.jokers
    for other in NEIGHBOURS[face]:
        total += hand.counts[other] - (other == face)
    return total


def is_edge(face: int) -> bool:
    """1s and 13s fit fewer runs than middle numbers."""
    return face % 13 in (0, 12)


def loneliness(hand: Hand, face: int) -> int:
    """Lower is lonelier: few tiles to join, and an edge tile counts as lonelier still."""
    return company(hand, face) - is_edge(face)


def spare_faces(view: PlayerView, hand: Hand) -> list[int]:
    """The faces of the tiles outside the smart grouping's runs and sets (okeys kept)."""
    spares = combination_grouping(list(view.hand), view.okey).spares
    return sorted({hand.face_of(tile) for tile in spares if tile != view.okey})


def least_needed(hand: Hand) -> list[int]:
    """The faces whose discard leaves the fewest tiles still needed for runs and sets."""
    return Discards(hand, Route.COMBINATIONS).best()[1]


class EasyBot(LevelBot):
    """The easy level."""

    name = "easy"
    shows_indicator = 0.5

    def pick_discard(self, view: PlayerView) -> Tile:
        hand = Hand.of(view.hand, view.okey)
        faces = spare_faces(view, hand) or least_needed(hand)
        return hand.tile(self.rng.choice(faces))
