"""A round's review: each decision of the reviewed seat beside the master's, and their
summary. The review loop (:mod:`okey.review.loop`) builds them with a game's judge;
the table, the network and the command read them.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from okey.engine.actions import Action
from okey.hand.melds import LaidMeld
from okey.tiles import Tile


class DecisionKind(Enum):
    """What a decision was about."""

    DRAW = "draw"  # draw from the pile or take the discard on the left
    LAST_DISCARD = "last_discard"  # the pile is empty: take the last discard or decline it
    DISCARD = "discard"  # which tile to throw (a winning one finishes)
    SHOW = "show"  # show the indicator's twin
    TURN_TO_OKEY = "turn_to_okey"  # okeye dönmek
    PAIRS = "pairs"  # çifte gitmek
    # at a game of laying (Okey 101): the draw and the discard are the kinds above
    OPEN = "open"  # whether to open now, and with what
    LAY = "lay"  # new runs and sets (or pairs) after opening
    ADD = "add"  # a tile onto a combination of the table (or an okey taken back)
    GIVE_BACK = "give_back"  # give a taken discard back and draw from the pile


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of the reviewed seat, and the master's in its place."""

    turn: int  # the seat's own turn in the round, from 1
    kind: DecisionKind
    played: Action | None  # None: a declaration the seat let pass
    master: Action | None  # None: the master would not have declared
    agreed: bool
    automatic: bool = False  # the timer or autopilot moved for the seat
    offered: Tile | None = None  # the discard the seat could take then
    played_points: int | None = None  # what the seat's move won from each loser, if it won
    master_points: int | None = None  # what the master's move would have won, if it wins
    # at a game of laying: the combination an addition goes onto (its owner and tiles then)
    played_onto: LaidMeld | None = None
    master_onto: LaidMeld | None = None


@dataclass(frozen=True, slots=True)
class Summary:
    """The seat's own decisions and how many the master shared; the automatic ones apart."""

    decisions: int
    agreements: int
    automatic: int


@dataclass(frozen=True, slots=True)
class RoundReview:
    """The review of one finished round for one seat."""

    number: int
    seat: int
    players: int
    okey: Tile  # to name tiles with their role
    decisions: tuple[Decision, ...]

    @property
    def summary(self) -> Summary:
        own = [d for d in self.decisions if not d.automatic]
        return Summary(
            decisions=len(own),
            agreements=sum(1 for d in own if d.agreed),
            automatic=len(self.decisions) - len(own),
        )

    @property
    def disagreements(self) -> tuple[Decision, ...]:
        """The decisions where the master would have done otherwise, in turn order."""
        return tuple(d for d in self.decisions if not d.agreed)

    @property
    def previous(self) -> int:
        """The seat whose discards the reviewed seat could take."""
        return (self.seat - 1) % self.players
