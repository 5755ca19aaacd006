"""A rule set in words: one catalogue message per option, for ``okey rules NAME``
and the table's rules key alike (both sit above this module)."""

from __future__ import annotations

from okey.messages import CATALOGUE, Catalogue
from okey.rules import RuleSet
from okey.rules_words101 import rule_messages101

Message = tuple[str, dict[str, int | str]]
"""A catalogue key and its fields."""


def rule_messages(rules: RuleSet) -> list[Message]:
    """Every option of a rule set, one message a sentence, in the order they are said."""
    if rules.okey101 is not None:
        return rule_messages101(rules)
    table, scoring, play = rules.table, rules.scoring, rules.play
    said: list[Message] = [
        ("rules.title", {"name": rules.name, "description": rules.description}),
        ("rules.players", {"players": table.players}),
    ]
    if table.partners:
        said.append(("rules.partners", {}))
    if table.duel:
        said.append(("rules.duel", {}))
    said.append(("rules.start", {"score": table.starting_score}))
    if table.rounds == 0:
        said.append(("rules.to_zero", {}))
    else:
        said.append(("rules.fixed", {"count": table.rounds}))
    said.append((f"rules.tie.{table.tie}", {}))
    said.append(("rules.normal", {"points": scoring.normal}))
    said.append(("rules.okey_discard", {"factor": scoring.okey_discard}))
    said.append(("rules.pairs", {"factor": scoring.pairs}))
    if scoring.colored:
        said.append(("rules.colored", {}))
    if scoring.combine == "cap":
        said.append(("rules.cap", {"points": scoring.max_loss}))
    else:
        said.append(("rules.multiply", {}))
    if scoring.show_indicator:
        said.append(("rules.show", {"points": scoring.show_penalty}))
    else:
        said.append(("rules.no_show", {}))
    said.append((f"rules.pile.{play.pile_out}", {}))
    if play.turn_to_okey:
        said.append(("rules.turn_to_okey", {}))
    if play.declare_pairs:
        said.append(("rules.declare_pairs", {}))
    if play.okey_discard_warning:
        said.append(("rules.okey_warning", {}))
    if play.timer_seconds:
        said.append(("rules.timer", {"seconds": play.timer_seconds, "after": play.autopilot_after}))
    else:
        said.append(("rules.no_timer", {}))
    if play.traditional_deal:
        said.append(("rules.traditional_deal", {}))
    return said


def explain(rules: RuleSet, catalogue: Catalogue = CATALOGUE) -> list[str]:
    """Every option of a rule set, in sentences."""
    return [catalogue.text(key, **fields) for key, fields in rule_messages(rules)]
