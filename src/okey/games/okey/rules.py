"""Classic Okey's rules part: a file's ``[table]``, ``[scoring]`` and ``[play]``, which are
the rule set's own (:class:`okey.rules.TableRules` and the others), checked together."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from okey.rules import (
    PlayRules,
    RulesError,
    RuleSet,
    RulesPart,
    RulesProblem,
    ScoringRules,
    TableRules,
    check_clock,
)

NOT_NEGATIVE = ("normal", "okey_discard", "pairs", "max_loss", "show_penalty")
"""The scoring's points, which a round takes away: none below 0."""


def _make(named: RuleSet, sections: Mapping[str, Any], source: str) -> RuleSet:
    rules = replace(named, **sections)
    table, scoring = rules.table, rules.scoring

    def refuse(problem: RulesProblem, option: str) -> RulesError:
        return RulesError(problem, source=source, option=option)

    if table.players not in (2, 3, 4):
        raise refuse(RulesProblem.PLAYERS, "table.players")
    if table.partners and table.players != 4:
        raise refuse(RulesProblem.PARTNERS, "table.partners")
    if table.duel and table.players != 4:
        raise refuse(RulesProblem.DUEL, "table.duel")
    if table.partners and table.duel:
        raise refuse(RulesProblem.PARTNERS_AND_DUEL, "table.duel")
    if table.starting_score <= 0:
        raise refuse(RulesProblem.ABOVE_ZERO, "table.starting_score")
    if table.rounds < 0:
        raise refuse(RulesProblem.ROUNDS, "table.rounds")
    for key in NOT_NEGATIVE:
        if getattr(scoring, key) < 0:
            raise refuse(RulesProblem.NEGATIVE, f"scoring.{key}")
    check_clock(rules.play, source)
    return rules


def _written(rules: RuleSet) -> dict[str, Any]:
    return {"table": rules.table, "scoring": rules.scoring, "play": rules.play}


PART = RulesPart(
    sections={"table": TableRules, "scoring": ScoringRules, "play": PlayRules},
    make=_make,
    written=_written,
)
