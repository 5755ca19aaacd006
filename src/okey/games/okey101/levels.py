"""Okey 101's bots: four levels that see only their :class:`View101`.

Every level finishes when the hand can (:func:`okey.hand.finishing.finish_plan`,
an okey discard first), opens once its best opening reaches the threshold,
uses a taken discard at once (or gives it back), and never makes a penalised
discard when another tile costs nothing. The levels differ in what else
they do:

- ``random``: no laying after the opening, never takes a discard, throws a
  free tile at random;
- ``easy``: adds to the table and lays new combinations, throws its highest
  free tile that is in none of its best combinations;
- ``medium``: also takes a discard it can use at once, takes okeys back from
  the table, opens with pairs when its combinations are far off;
- ``hard``: also, before opening, throws the tile whose loss leaves its best
  opening worth most (then the one least close to a combination: neighbours,
  same numbers, pairs); once opened, sheds its highest free tile when another
  opened player has few tiles left (at Eşli 101 an opponent only: a partner's
  finish erases its hand); and it holds back an opening that reaches
  while a one-turn finish is near (:meth:`Level101.waits`: nobody else has
  opened, the pile is still long, at most :data:`WAIT_STUCK` tiles fit nowhere),
  to lay everything in one turn for the doubled score.

At Eşli 101 medium and hard also play for the partner
(:meth:`Level101.plays_for_partner`): every discard goes to an opponent, so they
weigh what the next seat may want against a tile's points.

A fifth level, ``expert``, is hard's play with live-tile counting
(:mod:`okey.games.okey101.expert`). A bot returns one move at a time; a turn with
lays asks it again, with the new view, until it discards. The levels used to be
``okey.bots.level101`` (that name still imports this module).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Final

from okey.bots.base import GameBot
from okey.engine.actions import Action, Discard, DrawFromPile, TakeDiscard
from okey.engine.view import Phase
from okey.games.okey101.actions import Add, GiveBack, Lay, Open, Pair
from okey.games.okey101.scores import partner
from okey.games.okey101.sections import own_rules
from okey.games.okey101.view import View101
from okey.hand.finishing import FinishPlan, Opened, finish_plan
from okey.hand.layoff import Addition, Place, add_to, additions, can_add
from okey.hand.melds import Meld, OpeningRules, tile_points
from okey.hand.opening import best_opening, best_opening_value
from okey.hand.pairs import best_pairs
from okey.tiles import Tile, is_okey, stand_in

Bot101 = GameBot[View101]
"""A bot of Okey 101: one move of ``view.legal``, or an Open or Lay the engine accepts
(those are never listed)."""


@dataclass(frozen=True, slots=True)
class Style:
    """What a level does beyond the shared rules of play."""

    lays: bool  # adds to the table and lays new combinations after opening
    takes: bool  # takes a discard it can use at once
    swaps: bool  # takes okeys back from the table
    pairs: bool  # opens with pairs when its combinations are far off
    keeps: bool  # weighs a tile's closeness to combinations when throwing
    sheds: bool  # throws high when another player is close to finishing
    throws: str  # "random" or "highest"
    waits: bool = False  # holds back a reached opening while a one-turn finish is near
    partners: bool = False  # plays for its partner at Eşli 101 (Level101.plays_for_partner)


STYLES: Final[dict[str, Style]] = {
    "random": Style(False, False, False, False, False, False, "random"),
    "easy": Style(True, False, False, False, False, False, "highest"),
    "medium": Style(True, True, True, True, False, False, "highest", partners=True),
    "hard": Style(True, True, True, True, True, True, "highest", waits=True, partners=True),
}
CLOSE: Final = 6  # tiles in another opened player's hand: close to finishing
LATE: Final = 8  # tiles left in the pile when hard stops waiting for a runs opening
SLACK: Final = 3  # tiles fitting nowhere that still leave a finish worth searching for
WAIT_PILE: Final = 10  # tiles the pile must still hold for hard to hold back its opening
WAIT_STUCK: Final = 5  # tiles fitting nowhere (the discard among them) hard still waits on
RISK: Final = 3.0  # points a throw the next opponent may want weighs, at Eşli 101


def hand_spared_by(view: View101) -> int | None:
    """The seat whose finish would leave this seat's hand uncounted (Eşli 101's partner
    when ``finisher_partner = "zero"``), or None."""
    own = own_rules(view.rules)
    if own is None or not own.table.partners or own.scoring.finisher_partner != "zero":
        return None
    return partner(view.seat)


def rules_now(view: View101) -> OpeningRules:
    """The hand package's options with the threshold the table asks now."""
    return replace(view.opening, threshold=view.threshold, pairs=view.pairs_needed)


def plan_step(plan: FinishPlan, must: Tile | None, hand: Sequence[Tile], table: Sequence[Meld],
              okey: Tile, rules: OpeningRules) -> Action | None:  # fmt: skip
    """The first move of a finishing plan (while a taken tile waits, the first that lays
    it and can be made now: not a lay of an okey still to be taken back; None when there
    is none)."""
    steps: list[Action] = []
    if plan.opening:
        steps.append(Open(melds=plan.opening))
    if plan.opening_pairs:
        steps.append(Open(pairs=plan.opening_pairs))
    steps += [Add(addition) for addition in plan.additions]
    if plan.later:
        steps.append(Lay(melds=plan.later))
    if plan.later_pairs:
        steps.append(Lay(pairs=plan.later_pairs))
    if not steps:
        return Discard(plan.discard)
    if must is None:
        return steps[0]
    held = Counter(hand)
    for step in steps:
        tiles = _tiles_of(step)
        if must not in tiles or Counter(tiles) - held:
            continue  # not the taken tile's, or it lays an okey another step takes back
        if isinstance(step, Add) and (
            add_to(table[step.addition.meld], step.addition, okey, rules) is None
        ):
            continue  # it grows a run another addition grows first
        return step
    return None


def _tiles_of(action: Action) -> list[Tile]:
    if isinstance(action, Open | Lay):
        return [t for meld in action.melds for t in meld.tiles] + [
            t for pair in action.pairs for t in pair
        ]
    if isinstance(action, Add):
        return [action.addition.tile]
    return []


def _real_pairs(hand: Sequence[Tile], okey: Tile) -> list[Pair]:
    """Pairs of identical real tiles in the hand (no okeys)."""
    seen: dict[Tile, Tile] = {}
    pairs: list[Pair] = []
    for tile in hand:
        if is_okey(tile, okey):
            continue
        if tile in seen:
            pairs.append((seen.pop(tile), tile))
        else:
            seen[tile] = tile
    return pairs


class Level101:
    """A built-in 101 level: shared rules of play around its :class:`Style`."""

    def __init__(self, rng: random.Random, level: str) -> None:
        self.rng = rng
        self.name = level
        self.style = STYLES[level]

    # -- the draw ----------------------------------------------------------

    def choose(self, view: View101) -> Action:
        if view.phase is Phase.DRAW:
            offered = view.available_discard
            if (
                self.style.takes
                and TakeDiscard() in view.legal
                and offered is not None
                and self.uses(view, offered)
            ):
                return TakeDiscard()
            return DrawFromPile()
        return self.turn_move(view)

    def uses(self, view: View101, tile: Tile) -> bool:
        """Whether a taken ``tile`` would be laid at once."""
        if is_okey(tile, view.okey):
            return False  # an okey taken must be laid this turn: better kept for later
        hand = [*view.hand, tile]
        rules = rules_now(view)
        opened = view.my_opening
        if opened is Opened.NOT_YET:
            found = best_opening(hand, view.okey, rules, must_use=tile)
            if found is None or not found.reaches or not found.left:
                return False
            if self.style.waits and len(self._stuck(view, found.left)) > 1:
                # The taken tile must be laid now: not worth it while the opening waits.
                held = best_opening(list(view.hand), view.okey, rules)
                return held is None or not held.reaches or not self.waits(view, held.left)
            return True
        if can_add(tile, view.table, view.okey, rules, take_back=False):
            return True
        if opened is Opened.PAIRS:
            return tile in view.hand
        found = best_opening(hand, view.okey, replace(rules, threshold=1), must_use=tile)
        return found is not None and bool(found.melds) and len(found.left) >= 1

    # -- the lays ----------------------------------------------------------

    def turn_move(self, view: View101) -> Action:
        hand = list(view.hand)
        okey = view.okey
        rules = rules_now(view)
        opened = view.my_opening
        must = view.must_use
        table = view.table
        plan = finish_plan(hand, table, okey, rules, opened, must) if self.near(view) else None
        if plan is not None:
            step = plan_step(plan, must, hand, table, okey, rules)
            if step is not None:
                return step
        if must is not None:
            return self.use_taken(view, must) or GiveBack()
        if opened is Opened.NOT_YET:
            return self.opening(view) or self.discard(view)
        if self.style.lays:
            return self.lay(view) or self.discard(view)
        return self.discard(view)

    def near(self, view: View101) -> bool:
        """A quick guess whether the hand may finish this turn (the exact search is slow):
        the tiles its best combinations (or pairs) leave, less those the table takes,
        are few."""
        hand = list(view.hand)
        okey = view.okey
        rules = rules_now(view)
        if view.my_opening is Opened.NOT_YET:
            # Not opened: the turn's opening must reach the threshold by itself.
            opening = best_opening(hand, okey, rules, must_use=view.must_use)
            if opening is None or not opening.reaches:
                return False
        if view.my_opening is Opened.PAIRS:
            paired = {t for pair in _real_pairs(hand, okey) for t in pair}
            left = [t for t in hand if t not in paired and not is_okey(t, okey)]
        else:
            found = best_opening(hand, okey, replace(rules, threshold=1))
            left = list(found.left) if found is not None else hand
        table = view.table
        stuck = [t for t in left if not is_okey(t, okey) and not can_add(t, table, okey, rules)]
        return len(stuck) <= SLACK

    def use_taken(self, view: View101, must: Tile) -> Action | None:
        hand = list(view.hand)
        okey = view.okey
        rules = rules_now(view)
        opened = view.my_opening
        if opened is Opened.NOT_YET:
            found = best_opening(hand, okey, rules, must_use=must)
            if found is not None and found.reaches and found.left:
                return Open(melds=found.melds)
            return None
        for addition in additions([must], view.table, okey, rules):
            if addition.place is not Place.OKEY or self.style.swaps:
                return Add(addition)
        if opened is Opened.PAIRS:
            twins = [t for t in hand if t == must]
            if len(twins) >= 2 and len(hand) > 2:
                return Lay(pairs=((must, must),))
            return None
        found = best_opening(hand, okey, replace(rules, threshold=1), must_use=must)
        if found is not None and found.melds and found.left:
            return Lay(melds=tuple(m for m in found.melds if must in m.tiles))
        return None

    def opening(self, view: View101) -> Action | None:
        hand = list(view.hand)
        okey = view.okey
        rules = rules_now(view)
        found = best_opening(hand, okey, rules)
        if found is not None and found.reaches and found.left:
            if self.waits(view, found.left):
                return None
            return Open(melds=found.melds)
        if self.style.pairs:
            pairs = best_pairs(hand, okey, rules)
            far = found is None or found.value < rules.threshold * 2 // 3
            if self.style.keeps and view.pile_count <= LATE:
                far = True  # hard: little time left to reach the threshold, and 202 to pay
            others = sum(
                1 for s, o in enumerate(view.openings) if o is Opened.PAIRS and s != view.seat
            )
            if pairs is not None and pairs.reaches and pairs.left and far and others < 3:
                return Open(pairs=pairs.pairs)
        return None

    def waits(self, view: View101, left: Sequence[Tile]) -> bool:
        """Whether hard holds back an opening that reaches, leaving ``left`` in the hand:
        laid with the rest in one turn while nobody else has opened, the round's points
        double (the finisher's minus too). Waiting risks little while nobody else has
        opened (none of them can finish but in one turn, and the threshold cannot rise)
        and the pile is long; it costs the turns the opened hand would have laid tiles
        in, so hard waits only when few tiles (the discard among them) fit nowhere."""
        own = own_rules(view.rules)
        if not self.style.waits or own is None or own.scoring.one_turn_finish_factor <= 1:
            return False
        if view.pile_count < WAIT_PILE:
            return False
        if any(o is not Opened.NOT_YET for s, o in enumerate(view.openings) if s != view.seat):
            return False
        return len(self._stuck(view, left)) <= WAIT_STUCK

    def _stuck(self, view: View101, left: Sequence[Tile]) -> list[Tile]:
        """The tiles of ``left`` that fit no combination of the table (okeys fit)."""
        rules = rules_now(view)
        okey = view.okey
        return [t for t in left if not is_okey(t, okey) and not can_add(t, view.table, okey, rules)]

    def lay(self, view: View101) -> Action | None:
        hand = list(view.hand)
        okey = view.okey
        rules = rules_now(view)
        if len(hand) < 2:
            return None
        for addition in additions(hand, view.table, okey, rules):
            if self._good_addition(addition, okey, len(hand)):
                return Add(addition)
        if view.my_opening is Opened.PAIRS:
            pairs = _real_pairs(hand, okey)
            if pairs and len(hand) > 2 * len(pairs):
                return Lay(pairs=tuple(pairs))
            return None
        found = best_opening(hand, okey, replace(rules, threshold=1))
        if found is not None and found.melds and found.left:
            return Lay(melds=found.melds)
        return None

    def _good_addition(self, addition: Addition, okey: Tile, held: int) -> bool:
        if addition.place is Place.OKEY:
            return self.style.swaps
        if is_okey(addition.tile, okey):
            return False  # an okey is kept for a combination or the finishing discard
        return held > 1

    # -- the discard -------------------------------------------------------

    def discard(self, view: View101) -> Action:
        hand = list(view.hand)
        okey = view.okey
        free = free_tiles(view)
        if isinstance(free, Discard):
            return free
        if self.style.throws == "random":
            return Discard(self.rng.choice(free))
        if self.style.keeps and view.my_opening is Opened.NOT_YET:
            return Discard(self._keeping_opening(view, hand, free))
        kept = self._kept(view, hand)
        spare = [t for t in free if t not in kept] or free
        if self.style.sheds and view.my_opening is not Opened.NOT_YET and self._someone_close(view):
            spare = free
        if self.plays_for_partner(view):
            return Discard(self._safe_throw(view, spare, hand))
        return Discard(max(spare, key=lambda t: self._cost(t, hand, okey)))

    # -- Eşli 101: playing for the partner ---------------------------------

    def plays_for_partner(self, view: View101) -> bool:
        """At a partners table every discard goes to an opponent (the next seat): medium
        and hard then weigh what that opponent is likely to use against a tile's points
        (:data:`RISK`). (Hard's shedding already leaves a partner's finish out.)"""
        return self.style.partners and view.rules.table.partners

    def _risk(self, view: View101, tile: Tile) -> int:
        """How likely the next seat (an opponent) is to take ``tile`` for a combination,
        from what it threw this round: 0 when it threw the same tile, 1 when it threw the
        same number in another colour or a neighbour of the same colour, else 2."""
        okey = view.okey
        face = stand_in(tile, okey)
        risk = 2
        for thrown in view.discards[view.next]:
            if is_okey(thrown, okey):
                continue
            other = stand_in(thrown, okey)
            if other == face:
                return 0
            if (other.number == face.number) != (other.colour == face.colour) and (
                other.colour != face.colour or abs(other.number - face.number) <= 1
            ):
                risk = 1
        return risk

    def _safe_throw(self, view: View101, spare: list[Tile], hand: list[Tile]) -> Tile:
        """The throw at a partners table: the highest (by the level's cost) less its risk
        of feeding the next opponent."""
        okey = view.okey
        return max(spare, key=lambda t: self._cost(t, hand, okey) - RISK * self._risk(view, t))

    def _keeping_opening(self, view: View101, hand: list[Tile], free: list[Tile]) -> Tile:
        """The free tile whose throw leaves the best opening (then the least promising)."""
        okey = view.okey
        rules = rules_now(view)

        def after(tile: Tile) -> tuple[int, float]:
            rest = list(hand)
            rest.remove(tile)
            value = best_opening_value(rest, okey, rules) or 0
            return (value, self._cost(tile, hand, okey))

        return max(free, key=after)

    def _kept(self, view: View101, hand: list[Tile]) -> set[Tile]:
        """Tiles of the hand's best combinations (those it would lay now)."""
        found = best_opening(hand, view.okey, replace(rules_now(view), threshold=1))
        kept = {t for meld in found.melds for t in meld.tiles} if found is not None else set()
        if view.my_opening is Opened.PAIRS:
            kept |= {t for pair in _real_pairs(hand, view.okey) for t in pair}
        return kept

    def _someone_close(self, view: View101) -> bool:
        """Another opened player is close to finishing, and their finish would count this
        hand: at Eşli 101 a partner's finish erases it, so only opponents count."""
        spared = hand_spared_by(view)
        return any(
            size <= CLOSE and view.openings[s] is not Opened.NOT_YET
            for s, size in enumerate(view.hand_sizes)
            if s not in (view.seat, spared)
        )

    def _cost(self, tile: Tile, hand: list[Tile], okey: Tile) -> float:
        """How much throwing ``tile`` is worth: its points, less its promise (hard)."""
        points = float(tile_points(tile, okey))
        if not self.style.keeps:
            return points
        face = stand_in(tile, okey)
        near = 0
        for other in hand:
            if is_okey(other, okey):
                continue
            o = stand_in(other, okey)
            if o == face:
                near += 1
            elif (o.number == face.number) != (o.colour == face.colour) and (
                o.colour != face.colour or abs(o.number - face.number) <= 2
            ):
                near += 2  # the same number in another colour, or a neighbour in a run
        return points - 4.0 * near


LEVELS_101: Final = tuple(STYLES)
"""The 101 levels by name, weakest first."""


def make_bot101(level: str, rng: random.Random) -> Level101:
    """A 101 bot of the named level; KeyError for an unknown level."""
    if level not in STYLES:
        raise KeyError(level)
    return Level101(rng, level)


MASTER_101: Final = "hard"
"""The 101 level the master plays."""


def master101() -> Level101:
    """The master at Okey 101 (the hard level draws nothing from its random source)."""
    return Level101(random.Random(0), MASTER_101)


def free_tiles(view: View101) -> list[Tile] | Discard:
    """The hand's distinct tiles that are no okey and that no combination on the table
    takes; when there are none, the discard that is forced (the last tile, else the
    highest real one)."""
    hand, okey = list(view.hand), view.okey
    if len(hand) == 1:
        return Discard(hand[0])
    rules = rules_now(view)
    distinct = list(dict.fromkeys(hand))
    free = [t for t in distinct if not is_okey(t, okey) and not can_add(t, view.table, okey, rules)]
    if not free:
        real = [t for t in distinct if not is_okey(t, okey)]
        return Discard(max(real or distinct, key=lambda t: tile_points(t, okey)))
    return free
