"""Okey 101's words below the table: its events as ``okey replay`` tells them, and a 101
rule set in sentences, ``okey rules 101``'s (:class:`okey.words_kit.WordsPart`).

Where tables play differently, a rule's sentence names the rules key (docs/okey101.md,
"Where tables disagree").
"""

from __future__ import annotations

from typing import assert_never

from okey.engine.events import GameEvent
from okey.games.okey101.events import (
    Added101,
    AnyEvent101,
    GaveBack101,
    Laid101,
    Opened101,
    Penalised101,
    RoundCancelled101,
    RoundScored101,
)
from okey.games.okey101.sections import own_rules
from okey.rule_message import Message
from okey.rules import RuleSet
from okey.words_kit import Teller, WordsPart


def replay(teller: Teller, event: GameEvent) -> list[str]:
    """What a listener of the replay hears for one 101 event."""
    assert isinstance(event, AnyEvent101)
    text = teller.catalogue.text
    name = teller.name
    match event:
        case Opened101():
            laid = teller.combinations(event.melds, event.pairs)
            if event.pairs:
                key, count = "engine.event101.opened_pairs", len(event.pairs)
                return [text(key, name=name(event.seat), count=count, tiles=laid)]
            key = "engine.event101.opened"
            return [text(key, name=name(event.seat), value=event.value, tiles=laid)]
        case Laid101():
            laid = teller.combinations(event.melds, event.pairs)
            return [text("engine.event101.laid", name=name(event.seat), tiles=laid)]
        case Added101():
            said = [
                text(
                    "engine.event101.added",
                    name=name(event.seat),
                    tile=teller.tile(event.addition.tile),
                    owner=name(event.owner),
                    tiles=teller.combinations([event.meld], []),
                )
            ]
            if event.taken_back is not None:
                said.append(text("engine.event101.okey_back", name=name(event.seat)))
            return said
        case GaveBack101():
            tile = teller.tile(event.tile)
            source = name(event.source)
            return [
                text("engine.event101.gave_back", name=name(event.seat), tile=tile, source=source)
            ]
        case Penalised101():
            key = f"engine.event101.penalty.{event.reason.value}"
            return [text(key, name=name(event.seat), points=event.points)]
        case RoundScored101():
            said = []
            if event.finisher is None or event.tile is None:
                said.append(text("engine.event101.pile_out"))
            else:
                tile = teller.tile(event.tile)
                said.append(
                    text(
                        "engine.event101.finished",
                        name=name(event.finisher),
                        tile=tile,
                        factor=event.factor,
                    )
                )
            said.append(text("engine.event101.points", points=teller.score_list(event.points)))
            said.append(teller.scores(event.scores))
            return said
        case RoundCancelled101():
            return [text("engine.event101.cancelled")]
        case _:
            assert_never(event)


def rule_messages(rules: RuleSet, title: Message) -> list[Message]:
    """Every rule of a 101 rule set, one message a sentence, in the order they are said."""
    own = own_rules(rules)
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
    ]
    if table.partners:
        said += [
            ("rules101.partners", {}),
            (f"rules101.partner.{scoring.finisher_partner}", {}),
            ("rules101.rounds.teams", {"count": table.rounds}),
            (f"rules101.tie.teams.{table.tie}", {}),
        ]
    else:
        said += [
            ("rules101.rounds", {"count": table.rounds}),
            (f"rules101.tie.{table.tie}", {}),
        ]
    if play.timer_seconds:
        said.append(("rules.timer", {"seconds": play.timer_seconds, "after": play.autopilot_after}))
    else:
        said.append(("rules.no_timer", {}))
    return said


PART = WordsPart(replay=replay, rules=rule_messages)
