"""Okey 101's round scores and match totals: penalty points, the lowest total wins.

:func:`round_points` is the rule book's section 1.8 as one pure function (the
worked examples of ``docs/okey101.md`` are its tests); :class:`Board101` adds
rounds up and ranks the seats, lowest first. At a partners table (Eşli 101) the
finisher's partner scores no hand (``scoring.finisher_partner``) and the board adds
each team's two seats up, the team's total standing for both partners.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from okey.engine.events import Standing
from okey.games.okey101.sections import Rules101
from okey.hand.finishing import Opened
from okey.hand.melds import hand_value
from okey.tiles import Tile


@dataclass(frozen=True, slots=True)
class Finish101:
    """How a round was finished: by whom, and what doubles it."""

    seat: int
    okey_finish: bool = False
    pairs_finish: bool = False
    one_turn: bool = False


def round_factor(rules: Rules101, finish: Finish101 | None) -> int:
    """The round's factor: 1, times each doubling the finish earns."""
    if finish is None:
        return 1
    scoring = rules.scoring
    factor = 1
    if finish.okey_finish:
        factor *= scoring.okey_finish_factor
    if finish.pairs_finish:
        factor *= scoring.pairs_finish_factor
    if finish.one_turn:
        factor *= scoring.one_turn_finish_factor
    return factor


def partner(seat: int) -> int:
    """The seat across, a partner at an Eşli 101 table."""
    return (seat + 2) % 4


def hand_erased(rules: Rules101, finish: Finish101 | None) -> int | None:
    """The seat whose hand scores nothing this round: the finisher's partner at a
    partners table that erases it (None otherwise)."""
    if finish is None or not rules.table.partners or rules.scoring.finisher_partner != "zero":
        return None
    return partner(finish.seat)


def okey_penalties(hand: Sequence[Tile], okey: Tile, opened: Opened, rules: Rules101) -> int:
    """How many penalties the okeys left in a hand cost (none for a player never opened)."""
    if not rules.scoring.okey_in_hand_penalty or opened is Opened.NOT_YET:
        return 0
    return hand_value(hand, okey).okeys


def round_points(
    rules: Rules101,
    okey: Tile,
    hands: Sequence[Sequence[Tile]],
    opened: Sequence[Opened],
    penalties: Sequence[int],
    finish: Finish101 | None,
) -> tuple[int, ...]:
    """Each seat's points for a round (``finish``: None when the pile ran out).

    ``penalties``: the penalties each seat was charged during play (counted, not
    points); the okeys left in hand are counted here. The finisher's partner whose hand
    is erased (:func:`hand_erased`) pays only the penalties charged during play.
    """
    scoring = rules.scoring
    if finish is None and scoring.pile_out_scoring == "void":
        return tuple(0 for _ in hands)
    factor = round_factor(rules, finish)
    erased = hand_erased(rules, finish)
    points = []
    for seat, hand in enumerate(hands):
        if seat == erased:
            cost = penalties[seat] * scoring.penalty
            points.append(cost * factor if scoring.penalties_multiply else cost)
            continue
        if finish is not None and seat == finish.seat:
            base = -scoring.finish_bonus * factor
        elif opened[seat] is Opened.NOT_YET:
            base = scoring.unopened * factor
        else:
            value = hand_value(hand, okey).points
            if opened[seat] is Opened.PAIRS:
                value *= scoring.pairs_opener_factor
            base = value * factor
        charged = penalties[seat] + okey_penalties(hand, okey, opened[seat], rules)
        cost = charged * scoring.penalty
        if scoring.penalties_multiply:
            cost *= factor
        points.append(base + cost)
    return tuple(points)


class Board101:
    """The match totals (from 0), and who finished which round (for ``tie``); at a
    partners table the totals that count are the teams' (seats 0 and 2, 1 and 3)."""

    def __init__(self, rules: Rules101) -> None:
        self.rules = rules
        self.totals = [0] * rules.table.players
        self.finished_in = [0] * rules.table.players  # the last round each seat finished
        self.counted = 0  # rounds scored (a cancelled round is not)

    def add(self, points: Sequence[int], finisher: int | None, counted: int) -> None:
        for seat, value in enumerate(points):
            self.totals[seat] += value
        self.counted = counted
        if finisher is not None:
            self.finished_in[finisher] = counted

    def seats_of(self, seat: int) -> tuple[int, ...]:
        """The seats that share ``seat``'s score: its team at a partners table."""
        return (seat, partner(seat)) if self.rules.table.partners else (seat,)

    def side_total(self, seat: int) -> int:
        return sum(self.totals[s] for s in self.seats_of(seat))

    def per_seat(self) -> tuple[int, ...]:
        """Each seat's standing total: its own, or its team's (both partners the same)."""
        return tuple(self.side_total(seat) for seat in range(len(self.totals)))

    def standings(self) -> tuple[Standing, ...]:
        """Places by total (a seat's, or a team's), lowest first; ties shared, or won by
        the side that finished a round more recently."""
        breaks = self.rules.table.tie == "last_finisher"
        sides = range(2) if self.rules.table.partners else range(len(self.totals))

        def key(side: int) -> tuple[int, int]:
            finished = max(self.finished_in[s] for s in self.seats_of(side))
            return (self.side_total(side), -finished if breaks else 0)

        order = sorted(sides, key=key)
        result: list[Standing] = []
        for index, side in enumerate(order):
            tied = index and key(order[index - 1]) == key(side)
            place = result[-1].place if tied else index + 1
            result.append(Standing(place, self.seats_of(side), self.side_total(side)))
        return tuple(result)
