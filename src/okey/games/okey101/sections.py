"""Okey 101's rule sections: ``[table]``, ``[scoring]`` and ``[play]`` of a ``game = "101"`` file.

The game's rules part (:mod:`okey.games.okey101.rules`) has :mod:`okey.rules`
build them for a 101 file (:data:`SECTIONS`), checks them and keeps them as
:attr:`okey.rules.RuleSet.game_sections`; the rule set's classic ``table`` and
``play`` then carry what the match reads for every game (the players, the
rounds, the tie, the clock's keys). ``docs/okey101.md`` explains each key.
This module was ``okey.rules101`` (that name still imports it: :mod:`okey.legacy`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final, Literal

from okey.rules import GameSections

if TYPE_CHECKING:
    from okey.hand.melds import OpeningRules
    from okey.rules import RuleSet

Tie101 = Literal["shared", "last_finisher"]
OkeySwap = Literal["allowed", "never"]
AllPairs = Literal["cancel", "play_on"]
PileOutScoring = Literal["hands", "void"]
PileOut101 = Literal["close_after_last_discard"]
FinisherPartner = Literal["zero", "hand"]


@dataclass(frozen=True)
class Table101:
    """Who sits at a 101 table and how the match is decided."""

    players: int = 4
    partners: bool = False  # Eşli 101: opposite seats are a team, scored together
    rounds: int = 5
    tie: Tie101 = "shared"


@dataclass(frozen=True)
class Scoring101:
    """Penalty points: the finisher's minus, the others' hands, the penalties, the factors."""

    finish_bonus: int = 101
    unopened: int = 202
    penalty: int = 101
    okey_finish_factor: int = 2
    pairs_finish_factor: int = 2
    one_turn_finish_factor: int = 2
    pairs_opener_factor: int = 2
    okey_in_hand_penalty: bool = True
    playable_discard_penalty: bool = True
    penalties_multiply: bool = False
    give_back_penalty: int = 0
    pile_out_scoring: PileOutScoring = "hands"
    finisher_partner: FinisherPartner = "zero"  # at a partners table only


@dataclass(frozen=True)
class Play101:
    """What a turn may hold: the opening, laying, adding, taking an okey back."""

    opening_threshold: int = 101
    rising_threshold: bool = False
    pairs_to_open: int = 5
    run_13_1: bool = False
    okey_swap: OkeySwap = "allowed"
    lay_off_on_opening_turn: bool = True
    pairs_opener_layoff_limit: int = 0
    series_opener_lays_pairs: bool = False
    one_turn_finish_needs_threshold: bool = True
    dealer_lays_first_turn: bool = True
    all_pairs: AllPairs = "cancel"
    pile_out: PileOut101 = "close_after_last_discard"
    penalty_warning: bool = True
    timer_seconds: int = 0
    autopilot_after: int = 3


@dataclass(frozen=True)
class Rules101(GameSections):
    """A 101 rule set's own sections."""

    table: Table101 = field(default_factory=Table101)
    scoring: Scoring101 = field(default_factory=Scoring101)
    play: Play101 = field(default_factory=Play101)

    def opening(self, threshold: int | None = None) -> OpeningRules:
        """The hand package's options for these rules (``threshold``: a rising one)."""
        from okey.hand.melds import OpeningRules  # loaded with the rules at start-up otherwise

        play = self.play
        return OpeningRules(
            threshold=play.opening_threshold if threshold is None else threshold,
            pairs=play.pairs_to_open,
            wrap_runs=play.run_13_1,
            take_back_okey=play.okey_swap == "allowed",
        )


def own_rules(rules: RuleSet) -> Rules101 | None:
    """``rules``'s 101 sections (None at a rule set of another game)."""
    own = rules.game_sections
    return own if isinstance(own, Rules101) else None


def rules_101(rules: RuleSet) -> Rules101:
    """``rules``'s 101 sections; ValueError at a rule set of another game."""
    own = own_rules(rules)
    if own is None:
        raise ValueError("Okey 101 needs a rule set of game 101")
    return own


SECTIONS: Final[dict[str, type[Any]]] = {"table": Table101, "scoring": Scoring101, "play": Play101}
"""The sections of a ``game = "101"`` rules file."""

GAME: Final = "101"

NOT_NEGATIVE: Final = ("finish_bonus", "unopened", "penalty", "give_back_penalty")
FACTORS: Final = (
    "okey_finish_factor",
    "pairs_finish_factor",
    "one_turn_finish_factor",
    "pairs_opener_factor",
)
