"""``okey rules``: the shipped rule sets, listed or explained in words."""

from __future__ import annotations

import argparse

from okey.commands import error
from okey.messages import CATALOGUE
from okey.rules import RulesError, RuleSet, available_rule_sets, load_rules
from okey.rules_words import explain, rules_description, rules_name

__all__ = ["HELP_KEY", "NAME", "configure", "explain", "run", "text_item"]

NAME = "rules"
HELP_KEY = "rules.cli.help"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("name", nargs="?", metavar="NAME", help="a rule set name or TOML file")


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
    """One line of the list: the name and description in the player's language."""
    name = rules_name(rules).render(CATALOGUE)
    description = rules_description(rules).render(CATALOGUE)
    return CATALOGUE.text("rules.list.item", name=name, description=description)
