"""Okey 101's rules part: a file's sections are 101's own (:mod:`okey.games.okey101.sections`),
kept as :attr:`okey.rules.RuleSet.game_sections`; the rule set's ``table`` and ``play`` carry
what the match reads for every game (the players, the rounds, the tie, the clock)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from okey.games.okey101.sections import FACTORS, NOT_NEGATIVE, SECTIONS, Rules101, own_rules
from okey.rules import (
    PlayRules,
    RulesError,
    RuleSet,
    RulesPart,
    RulesProblem,
    TableRules,
    check_clock,
)


def _make(named: RuleSet, sections: Mapping[str, Any], source: str) -> RuleSet:
    own = Rules101(**sections)

    def refuse(problem: RulesProblem, option: str) -> RulesError:
        return RulesError(problem, source=source, option=option)

    if own.table.players != 4:
        raise refuse(RulesProblem.PLAYERS_101, "table.players")
    if own.table.rounds < 1:
        raise refuse(RulesProblem.AT_LEAST_ONE, "table.rounds")
    if own.play.opening_threshold < 1:
        raise refuse(RulesProblem.AT_LEAST_ONE, "play.opening_threshold")
    if not 1 <= own.play.pairs_to_open <= 11:
        raise refuse(RulesProblem.PAIRS_RANGE, "play.pairs_to_open")
    for key in FACTORS:
        if getattr(own.scoring, key) < 1:
            raise refuse(RulesProblem.AT_LEAST_ONE, f"scoring.{key}")
    for key in NOT_NEGATIVE:
        if getattr(own.scoring, key) < 0:
            raise refuse(RulesProblem.NEGATIVE, f"scoring.{key}")
    if own.play.pairs_opener_layoff_limit < 0:
        raise refuse(RulesProblem.NEGATIVE, "play.pairs_opener_layoff_limit")
    play = PlayRules(
        pile_out=own.play.pile_out,
        okey_discard_warning=own.play.penalty_warning,
        timer_seconds=own.play.timer_seconds,
        autopilot_after=own.play.autopilot_after,
    )
    check_clock(play, source)
    table = TableRules(
        players=4, partners=own.table.partners, rounds=own.table.rounds, tie=own.table.tie
    )
    return replace(named, table=table, play=play, game_sections=own)


def _written(rules: RuleSet) -> dict[str, Any]:
    own = own_rules(rules)
    assert own is not None  # a rule set of game 101 is made by _make
    return {name: getattr(own, name) for name in SECTIONS}


PART = RulesPart(sections=SECTIONS, make=_make, written=_written)
