"""A rule set in words: one catalogue message per option, for ``okey rules NAME``
and the table's rules key alike (both sit above this module); and the names a player
hears for rule sets and bot levels, in their language.

A shipped rule set's name and description are catalogue messages
(``rules.set.<name>.name``, ``rules.set.<name>.description``); the description in
its TOML file is the English source (a test keeps the two the same), so a person
reading or copying the file sees what it is. A custom file's own description (one
that is not the shipped English text) is said as written, and so is a name or a
level the catalogue does not know (a plug-in bot's).
"""

from __future__ import annotations

from okey import kits
from okey.messages import DEFAULT_LANGUAGE, Catalogue, load_catalogue
from okey.rule_message import Field as Field
from okey.rule_message import Message as Message
from okey.rule_message import Named as Named
from okey.rules import RuleSet
from okey.words_kit import WordsPart


def rules_name(rules: RuleSet) -> Named:
    """The rule set's name as a player hears it: "classic", "klasik"."""
    return Named(f"rules.set.{rules.name}.name", rules.name)


def rules_description(rules: RuleSet) -> Named:
    """The rule set's description: the catalogue's for a shipped set's own text."""
    key = f"rules.set.{rules.name}.description"
    english = load_catalogue(DEFAULT_LANGUAGE)
    shipped = english.has(key) and english.text(key) == rules.description
    return Named(key if shipped else None, rules.description)


def level_name(level: str) -> Named:
    """A bot level as a player hears it: "medium", "orta"; a plug-in's by its own name."""
    return Named(f"level.{level}", level)


def rule_messages(rules: RuleSet) -> list[Message]:
    """Every option of a rule set, one message a sentence, in the order they are said
    (the title, then the game's own, :class:`okey.words_kit.WordsPart`)."""
    title: Message = (
        "rules.title",
        {"name": rules_name(rules), "description": rules_description(rules)},
    )
    return kits.part(rules.game, "words", WordsPart).rules(rules, title)


def fields_in_words(fields: dict[str, Field], catalogue: Catalogue) -> dict[str, int | str]:
    """A message's fields with their names worded."""
    return {
        name: value.render(catalogue) if isinstance(value, Named) else value
        for name, value in fields.items()
    }


def explain(rules: RuleSet, catalogue: Catalogue) -> list[str]:
    """Every option of a rule set, in sentences."""
    return [
        catalogue.text(key, **fields_in_words(fields, catalogue))
        for key, fields in rule_messages(rules)
    ]
