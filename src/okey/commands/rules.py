"""``okey rules``: the shipped rule sets, listed or explained in words."""

from __future__ import annotations

import argparse

from okey.commands import error
from okey.messages import Catalogue
from okey.rules import RulesError, RuleSet, available_rule_sets, load_rules
from okey.rules_words import explain, rules_description, rules_name

__all__ = ["HELP_KEY", "NAME", "configure", "explain", "run", "text_item"]

NAME = "rules"
HELP_KEY = "rules.cli.help"


def configure(parser: argparse.ArgumentParser, catalogue: Catalogue) -> None:
    parser.add_argument("name", nargs="?", metavar="NAME", help="a rule set name or TOML file")


def run(args: argparse.Namespace, catalogue: Catalogue) -> int:
    try:
        if args.name is None:
            for name in available_rule_sets():
                rules = load_rules(name)
                print(text_item(rules, catalogue))
            return 0
        print("\n".join(explain(load_rules(args.name), catalogue)))
    except RulesError as exc:
        return error(exc, catalogue)
    return 0


def text_item(rules: RuleSet, catalogue: Catalogue) -> str:
    """One line of the list: the name and description in the player's language."""
    name = rules_name(rules).render(catalogue)
    description = rules_description(rules).render(catalogue)
    return catalogue.text("rules.list.item", name=name, description=description)
