"""Classic Okey's words below the table (:class:`okey.words_kit.WordsPart`): its rule set
in sentences (its events are the ones every game shares: it has none of its own)."""

from __future__ import annotations

from okey.engine.events import GameEvent
from okey.rule_message import Message
from okey.rules import RuleSet
from okey.words_kit import Teller, WordsPart


def replay(teller: Teller, event: GameEvent) -> list[str]:
    """Classic Okey has no events of its own: one here is another game's."""
    del teller
    raise TypeError(f"not an event of classic Okey: {event!r}")


def rule_messages(rules: RuleSet, title: Message) -> list[Message]:
    """Every option of a classic rule set, one message a sentence, in the order they are
    said."""
    table, scoring, play = rules.table, rules.scoring, rules.play
    said: list[Message] = [
        title,
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
    # At a partners table a finish costs the other team, not every other player.
    normal = "rules.normal.partners" if table.partners else "rules.normal"
    said.append((normal, {"points": scoring.normal}))
    said.append(("rules.okey_discard", {"factor": scoring.okey_discard}))
    said.append(("rules.pairs", {"factor": scoring.pairs}))
    if scoring.colored:
        said.append(("rules.colored", {}))
    if scoring.combine == "cap":
        said.append(("rules.cap", {"points": scoring.max_loss}))
    else:
        said.append(("rules.multiply", {}))
    if scoring.show_indicator:
        show = "rules.show.partners" if table.partners else "rules.show"
        said.append((show, {"points": scoring.show_penalty}))
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


PART = WordsPart(replay=replay, rules=rule_messages)
