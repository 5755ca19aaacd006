"""``okey rules``: the shipped rule sets, listed or explained in words."""

from __future__ import annotations

import argparse

from okey.commands import error
from okey.messages import CATALOGUE
from okey.rules import RulesError, RuleSet, available_rule_sets, load_rules

NAME = "rules"
HELP_KEY = "rules.cli.help"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("name", nargs="?", metavar="NAME", help="a rule set name or TOML file")


def explain(rules: RuleSet) -> list[str]:
    """Every option of a rule set, in sentences."""
    text = CATALOGUE.text
    table, scoring, play = rules.table, rules.scoring, rules.play
    lines = [text("rules.title", name=rules.name, description=rules.description)]
    lines.append(text("rules.players", players=table.players))
    if table.partners:
        lines.append(text("rules.partners"))
    if table.duel:
        lines.append(text("rules.duel"))
    lines.append(text("rules.start", score=table.starting_score))
    if table.rounds == 0:
        lines.append(text("rules.to_zero"))
    elif table.rounds == 1:
        lines.append(text("rules.fixed.one"))
    else:
        lines.append(text("rules.fixed.many", rounds=table.rounds))
    lines.append(text(f"rules.tie.{table.tie}"))
    lines.append(text("rules.normal", points=scoring.normal))
    lines.append(text("rules.okey_discard", factor=scoring.okey_discard))
    lines.append(text("rules.pairs", factor=scoring.pairs))
    if scoring.colored:
        lines.append(text("rules.colored"))
    if scoring.combine == "cap":
        lines.append(text("rules.cap", points=scoring.max_loss))
    else:
        lines.append(text("rules.multiply"))
    if scoring.show_indicator:
        lines.append(text("rules.show", points=scoring.show_penalty))
    else:
        lines.append(text("rules.no_show"))
    lines.append(text(f"rules.pile.{play.pile_out}"))
    if play.turn_to_okey:
        lines.append(text("rules.turn_to_okey"))
    if play.declare_pairs:
        lines.append(text("rules.declare_pairs"))
    if play.okey_discard_warning:
        lines.append(text("rules.okey_warning"))
    if play.timer_seconds:
        lines.append(text("rules.timer", seconds=play.timer_seconds, after=play.autopilot_after))
    else:
        lines.append(text("rules.no_timer"))
    if play.traditional_deal:
        lines.append(text("rules.traditional_deal"))
    return lines


def run(args: argparse.Namespace) -> int:
    try:
        if args.name is None:
            for name in available_rule_sets():
                rules = load_rules(name)
                print(text_item(rules))
            return 0
        print("\n".join(explain(load_rules(args.name))))
    except RulesError as exc:
        return error(exc)
    return 0


def text_item(rules: RuleSet) -> str:
    return CATALOGUE.text("rules.list.item", name=rules.name, description=rules.description)
