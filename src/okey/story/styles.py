"""The neighbours' styles of play, each built from the bot levels' parts.

Every style is a level bot (:class:`okey.bots.level.LevelBot`: it finishes when it can,
shows the indicator's twin, and keeps the okey unless a style says otherwise) with
its own way of throwing and of taking from the left:

* Mrs Gülsüm takes every discard that joins something on her rack.
* Uncle Şevket chases seven pairs.
* Deniz plays fast and loose: a spare tile at random, and the okey thrown away
  when his hand is far from done.
* Sabri the caretaker never feeds the next seat: of the tiles he could throw he
  picks one the next player threw too or has shown no interest in, and he never
  takes.
* Mr Hilmi the manager counts every tile (the hard level), runs and sets only, and
  never takes from the left.
* Auntie Nazmiye counts every tile and takes either road (the hard level).
* Captain Rüstem and Mualla the tailor, at the Masters' Table, are the hard level with
  Sabri's care while far from finishing (they give the next seat, an opponent, nothing
  it collects); Mualla sews pairs whenever they are no further than runs and sets.

``okey simulate --seats okey.story.styles:Gulsum,...`` seats them as plug-ins;
``benchmarks/neighbours.py`` measures how they differ.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Final

from okey.bots.defence import RUN_GAP, affinity, danger
from okey.bots.easy import EasyBot, company, is_edge, loneliness
from okey.bots.evaluate import Discards, Hand, Route, hand_need
from okey.bots.hard import HardBot
from okey.bots.medium import MediumBot
from okey.bots.memory import Memory
from okey.engine.view import PlayerView
from okey.tiles import Tile

RECKLESS_NEED: Final = 4  # Deniz throws the okey this many tiles or more from finishing
RECKLESS_CHANCE: Final = 0.35  # ... this often
CAREFUL_SLACK: Final = 1  # Sabri gives up this many tiles of progress not to feed
TAKE_CHANCE: Final = 0.7  # Mrs Gülsüm takes a tile that only fits this often
GUARD_NEED: Final = 3  # the Masters' Table's pair guard the next seat this many tiles away


def fits(view: PlayerView, tile: Tile, route: Route, rng: random.Random) -> bool:
    """True when ``tile`` is an okey, brings the hand nearer, or joins a tile on the rack
    without setting it back; the last only :data:`TAKE_CHANCE` of the time, so that a
    table of such takers still draws from the pile and the round goes on."""
    if tile == view.okey:
        return True
    before = Hand.of(view.hand, view.okey)
    after = Hand.of([*view.hand, tile], view.okey)
    need, was = hand_need(after, route), hand_need(before, route)
    if need < was:
        return True
    joins = company(after, after.face_of(tile)) > after.jokers
    return joins and need == was and rng.random() < TAKE_CHANCE


class Gulsum(MediumBot):
    """Takes every discard that joins a tile of hers and does not set her back."""

    name = "gulsum"

    def wants(self, view: PlayerView, tile: Tile) -> bool:
        return fits(view, tile, self.route, self.rng)


class Sevket(MediumBot):
    """Plays for seven pairs, throwing and taking as pairs need."""

    name = "sevket"
    route = Route.PAIRS


class Deniz(EasyBot):
    """Throws any spare tile, and the okey too when his hand is far from finished."""

    name = "deniz"

    def pick_discard(self, view: PlayerView) -> Tile:
        hand = Hand.of(view.hand, view.okey)
        far = hand_need(hand) >= RECKLESS_NEED
        if far and view.okey in view.hand and self.rng.random() < RECKLESS_CHANCE:
            return view.okey
        return super().pick_discard(view)


def careful_face(view: PlayerView, hand: Hand, discards: Discards) -> int:
    """Sabri's care: of the discards within :data:`CAREFUL_SLACK` tiles of the best (never
    the okey), the one least likely to help the next seat: what that player threw or
    shows no interest in, an edge tile, the least progress given up, the loneliest."""
    least, faces = discards.best()
    table = Memory.from_view(view)
    threw = table.thrown[view.next]
    allowed = [
        face
        for face in discards.faces()
        if discards.need(face) <= least + CAREFUL_SLACK and face != hand.face_of(view.okey)
    ]

    def choice(face: int) -> tuple[float, bool, bool, int, int]:
        safe = face in threw or any(affinity(face, other) >= RUN_GAP for other in threw)
        worse = discards.need(face) - least
        risk = danger(face, table, view.next)
        return (risk, not safe, not is_edge(face), worse, loneliness(hand, face))

    return min(allowed or faces, key=choice)


class Sabri(MediumBot):
    """Never feeds the next seat: throws what the next player threw away themselves or
    shows no interest in, even at a little cost to his own hand, and never takes."""

    name = "sabri"

    def pick_discard(self, view: PlayerView) -> Tile:
        hand = Hand.of(view.hand, view.okey)
        return hand.tile(careful_face(view, hand, Discards(hand, self.route)))

    def wants(self, view: PlayerView, tile: Tile) -> bool:
        return False


class Hilmi(HardBot):
    """Counts every tile, plays runs and sets by the book, and keeps his hand to himself:
    he never takes from the left."""

    name = "hilmi"
    route = Route.COMBINATIONS

    def wants(self, view: PlayerView, tile: Tile) -> bool:
        return False


class Nazmiye(HardBot):
    """Counts every tile and takes whichever road is nearer (the hard level itself)."""

    name = "nazmiye"


class Master(HardBot):
    """The hard level with Sabri's care while far from finishing: :data:`GUARD_NEED`
    tiles or more away, it throws the careful tile instead of the hard level's when that
    one is less likely to help the next seat (at partners, always an opponent)."""

    def pick_discard(self, view: PlayerView) -> Tile:
        pick = super().pick_discard(view)
        hand = Hand.of(view.hand, view.okey)
        discards = Discards(hand, self.route)
        if discards.best()[0] < GUARD_NEED:
            return pick
        careful = careful_face(view, hand, discards)
        table = Memory.from_view(view)
        if danger(careful, table, view.next) < danger(hand.face_of(pick), table, view.next):
            return hand.tile(careful)
        return pick


class Rustem(Master):
    """Counts every tile, takes what the odds say, and gives the next seat nothing while
    his hand is far from done."""

    name = "rustem"


class Mualla(Master):
    """Counts every tile, careful as the captain, and sews seven pairs whenever they are
    no further than runs and sets (a pairs finish costs the others double)."""

    name = "mualla"

    def _lean(self, view: PlayerView) -> None:
        hand = Hand.of(view.hand, view.okey)
        pairs = hand_need(hand, Route.PAIRS)
        self.route = Route.PAIRS if pairs <= hand_need(hand, Route.COMBINATIONS) else Route.ANY

    def pick_discard(self, view: PlayerView) -> Tile:
        self._lean(view)
        return super().pick_discard(view)

    def wants(self, view: PlayerView, tile: Tile) -> bool:
        self._lean(view)
        return super().wants(view, tile)


StyleFactory = Callable[[random.Random], MediumBot | EasyBot | HardBot]

STYLES: Final[Mapping[str, StyleFactory]] = {
    "gulsum": Gulsum,
    "sevket": Sevket,
    "deniz": Deniz,
    "sabri": Sabri,
    "hilmi": Hilmi,
    "nazmiye": Nazmiye,
    "rustem": Rustem,
    "mualla": Mualla,
}
"""Each neighbour's style by the neighbour's id."""
