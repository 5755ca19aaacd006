"""An Okey 101 rule set in words: the catalogue messages ``okey rules 101`` says.

Where tables play differently, the sentence names the rules key (docs/okey101.md,
"Where tables disagree").
"""

from __future__ import annotations

from okey.rule_message import Message
from okey.rules import RuleSet


def rule_messages101(rules: RuleSet, title: Message) -> list[Message]:
    """Every rule of a 101 rule set, one message a sentence, in the order they are said
    (``title``: the rule set's name and description, as :mod:`okey.rules_words` says them)."""
    own = rules.okey101
    assert own is not None
    table, scoring, play = own.table, own.scoring, own.play
    said: list[Message] = [
        title,
        ("rules101.game", {}),
        ("rules101.turn", {}),
        ("rules101.combinations", {}),
        (f"rules101.run_13_1.{str(play.run_13_1).lower()}", {}),
        ("rules101.opening", {"points": play.opening_threshold, "pairs": play.pairs_to_open}),
    ]
    if play.rising_threshold:
        said.append(("rules101.rising", {}))
    said += [
        ("rules101.refused", {}),
        ("rules101.after_combinations", {}),
        ("rules101.after_pairs", {}),
        (
            "rules101.taken" if scoring.give_back_penalty else "rules101.taken.free",
            {"points": scoring.give_back_penalty},
        ),
        (f"rules101.swap.{play.okey_swap}", {}),
        (
            "rules101.finish",
            {"bonus": scoring.finish_bonus, "unopened": scoring.unopened},
        ),
        (
            "rules101.factors",
            {
                "okey": scoring.okey_finish_factor,
                "pairs": scoring.pairs_finish_factor,
                "one_turn": scoring.one_turn_finish_factor,
                "opener": scoring.pairs_opener_factor,
            },
        ),
        ("rules101.penalties", {"points": scoring.penalty}),
        (f"rules101.all_pairs.{play.all_pairs}", {}),
        (f"rules101.pile.{scoring.pile_out_scoring}", {"unopened": scoring.unopened}),
        ("rules101.rounds", {"count": table.rounds}),
        (f"rules101.tie.{table.tie}", {}),
    ]
    if play.timer_seconds:
        said.append(("rules.timer", {"seconds": play.timer_seconds, "after": play.autopilot_after}))
    else:
        said.append(("rules.no_timer", {}))
    return said
