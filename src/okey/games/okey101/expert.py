"""Okey 101's expert level: hard's rules of play, deciding with what its seat has seen.

It sees only its :class:`View101` (never a hidden tile), and counts what the view
shows to judge which tiles are still live (:func:`live_counts`: two of each face,
less those in its hand, on the discard piles, taken by others, on the table and
the indicator). From that it:

- opens as soon as its opening reaches (it never waits for a one-turn finish: most
  rounds are a race once anyone has opened), and with pairs when its runs are far,
  the pile short or another player opened, if the hand the pairs leave, doubled,
  costs less than never opening;
- before opening, throws the tile whose loss leaves its best opening worth most,
  then the one whose live completions are worth least (a high tile that two live
  tiles would make a set of is kept; a lone low tile goes first); near the
  threshold it compares its best throws on a few sampled draws of the tiles it has
  not seen (:mod:`okey.games.okey101.lookahead`) and keeps the hand that opens most;
- once opened, keeps the tiles that live tiles would lay or finish with
  (:mod:`okey.games.okey101.outs`: its outs, the table's ends among them), and
  throws the one whose points weigh most against the outs it keeps, high tiles
  sooner as the pile runs short or an opponent comes close;
- takes a discard it can lay at once, lays off onto any combination of the table
  and takes okeys back (hard's), and finishes whenever the hand can;
- lays its okeys off onto the table when the round may end before it finishes (an
  okey left in an opened hand costs a penalty).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from typing import Final

from okey.engine.actions import Action, Discard
from okey.games.okey101.actions import Add, Open
from okey.games.okey101.levels import (
    LATE,
    STYLES,
    Level101,
    free_tiles,
    hand_spared_by,
    rules_now,
)
from okey.games.okey101.lookahead import continuations, reaching, view_seed
from okey.games.okey101.outs import outs, table_faces
from okey.games.okey101.sections import own_rules
from okey.games.okey101.view import View101
from okey.hand.finishing import Opened
from okey.hand.layoff import Place, additions
from okey.hand.melds import tile_points
from okey.hand.opening import best_opening, best_opening_value
from okey.hand.pairs import best_pairs
from okey.tiles import FALSE_JOKER_CODE, Tile, is_okey, stand_in

EXPERT: Final = "expert"
STYLE: Final = replace(STYLES["hard"], waits=False)


def live_counts(view: View101) -> list[int]:
    """How many of each face (by code, the false joker's 52 too) this seat has not seen:
    two of each, less its hand, the discard piles, the tiles others took, the table's
    combinations and pairs, and the indicator (never below 0: a taken tile later laid
    is counted once)."""
    seen = Counter(t.code for t in view.hand)
    for pile in view.discards:
        seen.update(t.code for t in pile)
    table: Counter[int] = Counter()
    for laid in view.melds:
        table.update(t.code for t in laid.meld.tiles)
    for laid_pair in view.pairs:
        table.update(t.code for t in laid_pair.pair)
    taken: Counter[int] = Counter()
    for seat, tiles in enumerate(view.taken):
        if seat != view.seat:
            taken.update(t.code for t in tiles)
    seen.update(table | taken)  # a taken tile on the table is one tile, not two
    seen[view.indicator.code] += 1
    return [max(0, 2 - seen[code]) for code in range(FALSE_JOKER_CODE + 1)]


def _face(colour: int, number: int) -> int | None:
    return colour * 13 + number - 1 if 1 <= number <= 13 else None


def completions(tile: Tile, others: Sequence[Tile], okey: Tile) -> list[tuple[int, int]]:
    """The faces (code) that would make ``tile`` a combination of three with one other
    tile of ``others``, each with the combination's value."""
    face = stand_in(tile, okey)
    colour, number = face.code // 13, face.number
    found: list[tuple[int, int]] = []
    seen_partners: set[int] = set()
    for other in others:
        if is_okey(other, okey):
            continue
        o = stand_in(other, okey)
        if o.code in seen_partners or o.code == face.code:
            continue
        seen_partners.add(o.code)
        oc, on = o.code // 13, o.number
        if oc == colour and abs(on - number) in (1, 2):
            low, high = min(on, number), max(on, number)
            if high - low == 1:
                for n in (low - 1, high + 1):
                    code = _face(colour, n)
                    if code is not None:
                        found.append((code, low + high + n))
            else:
                code = _face(colour, low + 1)
                assert code is not None
                found.append((code, 3 * (low + 1)))
        elif on == number and oc != colour:
            for c in range(4):
                if c not in (colour, oc):
                    code = _face(c, number)
                    assert code is not None
                    found.append((code, 3 * number))
    return found


class Expert101(Level101):
    """The expert 101 level (see the module's docstring)."""

    def __init__(self, rng: random.Random, level: str = EXPERT) -> None:
        self.rng = rng
        self.name = level
        self.style = STYLE

    LAID_WEIGHT = 1.0  # a tile a live tile would lay, against a point thrown
    FINISH_WEIGHT = 6.0  # a live tile that would finish, on top
    SAMPLES = 8  # continuations sampled before opening
    CANDIDATES = 4  # throws compared on them (the best by value and promise)
    LOOK_GAP = 45  # points below the threshold at which sampling starts
    LOOK_DEPTH = 2  # draws a continuation holds (fewer when the pile is short)
    OKEY_DUMP = 4  # pile count at or below which an opened expert lays its okeys off
    OKEY_CLOSE = 3  # an opponent's tiles at or below which it lays its okeys off
    PAIRS_FAR = 2 / 3  # opens with pairs while its combinations are below this share
    PAIRS_RACE = True  # opens with pairs once another player has opened

    def lay(self, view: View101) -> Action | None:
        found = super().lay(view)
        if found is not None:
            return found
        hand = list(view.hand)
        okey = view.okey
        if len(hand) < 3 or not any(is_okey(t, okey) for t in hand):
            return None
        if view.pile_count > self.OKEY_DUMP and self._closest(view) > self.OKEY_CLOSE:
            return None
        rules = rules_now(view)
        for addition in additions(hand, view.table, okey, rules):
            if is_okey(addition.tile, okey) and addition.place is not Place.OKEY:
                return Add(addition)
        return None

    def opening(self, view: View101) -> Action | None:
        hand = list(view.hand)
        okey = view.okey
        rules = rules_now(view)
        found = best_opening(hand, okey, rules)
        if found is not None and found.reaches and found.left:
            return Open(melds=found.melds)
        pairs = best_pairs(hand, okey, rules)
        if pairs is None or not pairs.reaches or not pairs.left:
            return None
        others = [o for s, o in enumerate(view.openings) if s != view.seat]
        if sum(1 for o in others if o is Opened.PAIRS) >= 3:
            return None  # the fourth pairs opening cancels the round
        value = found.value if found is not None else 0
        far = value < rules.threshold * self.PAIRS_FAR or view.pile_count <= LATE
        race = self.PAIRS_RACE and any(o is not Opened.NOT_YET for o in others)
        own = own_rules(view.rules)
        if own is not None:  # a pairs opener pays its hand doubled: cheaper than unopened?
            left = sum(tile_points(t, okey) for t in pairs.left if not is_okey(t, okey))
            if left * own.scoring.pairs_opener_factor >= own.scoring.unopened:
                return None
        return Open(pairs=pairs.pairs) if far or race else None

    def _closest(self, view: View101) -> int:
        """The fewest tiles an opened opponent holds (22: none has opened)."""
        spared = hand_spared_by(view)
        return min(
            (
                size
                for s, size in enumerate(view.hand_sizes)
                if s not in (view.seat, spared) and view.openings[s] is not Opened.NOT_YET
            ),
            default=22,
        )

    def discard(self, view: View101) -> Action:
        hand = list(view.hand)
        okey = view.okey
        free = free_tiles(view)
        if isinstance(free, Discard):
            return free
        live = live_counts(view)
        if view.my_opening is Opened.NOT_YET:
            return Discard(self._before_opening(view, hand, free, live))
        table = table_faces(view.table, okey, rules_now(view))
        danger = self._danger(view)
        pairs = view.my_opening is Opened.PAIRS

        def weight(tile: Tile) -> float:
            """Throwing ``tile``: its points by the danger, and the outs the hand keeps."""
            rest = list(hand)
            rest.remove(tile)
            kept = outs(rest, okey, live, table, pairs)
            points = tile_points(tile, okey) * danger
            return points + self.LAID_WEIGHT * kept.laid + self.FINISH_WEIGHT * kept.finishing

        return Discard(max(free, key=weight))

    def _promise(self, tile: Tile, hand: list[Tile], okey: Tile, live: list[int]) -> float:
        """What the live tiles that would make ``tile`` a combination are worth (each
        by its combination's value)."""
        rest = list(hand)
        rest.remove(tile)
        return float(sum(live[code] * value for code, value in completions(tile, rest, okey)))

    def _before_opening(
        self, view: View101, hand: list[Tile], free: list[Tile], live: list[int]
    ) -> Tile:
        okey = view.okey
        rules = rules_now(view)

        def after(tile: Tile) -> tuple[int, float, int]:
            rest = list(hand)
            rest.remove(tile)
            value = best_opening_value(rest, okey, rules) or 0
            # An unopened hand pays the same whatever it holds: a high tile is worth
            # keeping for the opening, a low one goes first.
            return (value, -self._promise(tile, hand, okey, live), -tile_points(tile, okey))

        ranked = sorted(free, key=after, reverse=True)
        best = ranked[0]
        if len(ranked) < 2 or after(best)[0] < rules.threshold - self.LOOK_GAP:
            return best
        # Near the threshold: the candidates on the same sampled draws of unseen tiles.
        depth = max(1, min(self.LOOK_DEPTH, view.pile_count // 4))
        draws = continuations(live, view_seed(hand, view.pile_count, live), self.SAMPLES, depth)
        if not draws:
            return best

        def reached(tile: Tile) -> int:
            rest = list(hand)
            rest.remove(tile)
            return reaching(rest, draws, okey, rules)

        return max(ranked[: self.CANDIDATES], key=reached)

    def _danger(self, view: View101) -> float:
        """How much a point held weighs against a live out: more as the pile runs short
        and as opponents come close to finishing."""
        closest = self._closest(view)
        danger = 1.0
        if closest <= 6:
            danger += (7 - closest) * 0.5
        if view.pile_count <= 8:
            danger += (9 - view.pile_count) * 0.25
        return danger


def make_expert101(rng: random.Random) -> Expert101:
    """The expert 101 bot (its random source is never drawn from)."""
    return Expert101(rng)


def master_expert101() -> Expert101:
    """The master at Okey 101, for the hint and the review: the expert (the same view
    always gives the same move)."""
    return Expert101(random.Random(0))
