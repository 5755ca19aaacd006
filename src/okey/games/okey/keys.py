"""Classic Okey's own table commands: the declarations its rules allow."""

from __future__ import annotations

from okey.rules import RuleSet
from okey.table.keys import Command, GameKeys


def _decline(rules: RuleSet) -> bool:
    return rules.play.pile_out == "take_last_discard"


def _show(rules: RuleSet) -> bool:
    return rules.scoring.show_indicator


def _turn_to_okey(rules: RuleSet) -> bool:
    return rules.play.turn_to_okey


def _pairs(rules: RuleSet) -> bool:
    return rules.play.declare_pairs


def _okey_warning(rules: RuleSet) -> bool:
    return rules.play.okey_discard_warning


PART = GameKeys(
    offered={
        Command.DECLINE: _decline,
        Command.SHOW: _show,
        Command.TURN_TO_OKEY: _turn_to_okey,
        Command.PAIRS: _pairs,
        Command.OKEY_WARNING: _okey_warning,
    }
)
