"""Okey 101's task kinds: found from a 101 match's record exactly when their condition,
read straight from the events here, holds; never at an Okey table, and no Okey kind at
a 101 table."""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import date, datetime, timedelta
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from okey.bots import make_bot
from okey.engine.events import Event, MatchOver, RoundStarted
from okey.engine.match import Match
from okey.games.okey101.events import (
    Opened101,
    Penalised101,
    RoundCancelled101,
    RoundScored101,
)
from okey.rules import RuleSet, load_rules
from okey.saves import read_save
from okey.table.state.persist import DiskSaver
from okey.table.state.seat import Step
from okey.table.state.session import new_session
from okey.table.state.settings import TableSettings
from okey.tasks.calendar import day_tasks
from okey.tasks.counting import count_saves, save_facts
from okey.tasks.facts import facts_of_played
from okey.tasks.kinds import BIG_OPENING, KINDS, Place, completed, fits

KINDS_101 = [kind for kind in KINDS if kind.place is Place.OKEY101]
LEVELS = ("easy", "medium", "hard")
DAY = date(2026, 12, 2)


def _short(name: str) -> RuleSet:
    rules = load_rules(name)
    return replace(rules, table=replace(rules.table, rounds=2))


RULE_SETS = [_short("101"), _short("101-partners")]


def played(seed: int, rules: RuleSet, levels: list[str]) -> Match:
    rng = random.Random(seed)
    bots = [make_bot(level, random.Random(rng.random()), "101") for level in levels]
    match = Match(rules, random.Random(rng.random()))
    while not match.over:
        match.start_round()
        while not match.round_over:
            turn = match.turn
            match.apply(turn, bots[turn].choose(match.table_view(turn)))
    return match


def _rounds(events: list[Event]) -> list[list[Event]]:
    """Each scored round's events (a cancelled round is left out)."""
    rounds: list[list[Event]] = []
    current: list[Event] = []
    for event in events:
        if isinstance(event, RoundStarted):
            current = []
        current.append(event)
        if isinstance(event, RoundScored101):
            rounds.append(current)
        elif isinstance(event, RoundCancelled101):
            current = []
    return rounds


def reference(kind: str, events: list[Event], seat: int) -> bool:
    rounds = _rounds(events)
    scored = [next(e for e in r if isinstance(e, RoundScored101)) for r in rounds]
    openings = [[e for e in r if isinstance(e, Opened101) and e.seat == seat][:1] for r in rounds]
    won = [e.finisher == seat for e in scored]
    pairs = [bool(o) and bool(o[0].pairs) for o in openings]
    over = [e for e in events if isinstance(e, MatchOver)]
    match kind:
        case "open_101":
            return any(openings)
        case "open_pairs_101":
            return any(pairs)
        case "open_big_101":
            return any(o and o[0].value >= BIG_OPENING for o in openings)
        case "win_101":
            return any(won)
        case "win_pairs_101":
            return any(w and p for w, p in zip(won, pairs, strict=True))
        case "win_okey_101":
            return any(w and e.okey_finish for w, e in zip(won, scored, strict=True))
        case "one_turn_101":
            return any(w and e.one_turn for w, e in zip(won, scored, strict=True))
        case "clean_101":
            return bool(over) and not any(
                isinstance(e, Penalised101) and e.seat == seat for r in rounds for e in r
            )
        case "open_always_101":
            return bool(over) and all(openings)
        case "first_101":
            return bool(over) and seat in over[0].winners
    return False  # an Okey kind never at a 101 table


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32),
    rules=st.sampled_from(RULE_SETS),
    levels=st.lists(st.sampled_from(LEVELS), min_size=4, max_size=4),
    seat=st.integers(0, 3),
)
def test_each_101_kind_is_found_exactly_when_its_condition_holds(
    seed: int, rules: RuleSet, levels: list[str], seat: int
) -> None:
    match = played(seed, rules, levels)
    facts = facts_of_played(match.played(), rules, seat)
    assert facts.game == "101"
    for kind in KINDS:
        assert completed(kind, facts, rules) == reference(kind.id, match.events, seat), kind.id


def test_a_seeded_corpus_finds_most_101_kinds() -> None:
    found: set[str] = set()
    for seed in range(8):
        rules = RULE_SETS[seed % len(RULE_SETS)]
        match = played(seed, rules, ["medium", "hard", "easy", "hard"])
        for seat in range(4):
            facts = facts_of_played(match.played(), rules, seat)
            found |= {kind.id for kind in KINDS if completed(kind, facts, rules)}
    assert found <= {kind.id for kind in KINDS_101}
    assert len(found) >= 6, sorted(found)


def test_the_101_kinds_happen_at_101_tables_only() -> None:
    assert len(KINDS_101) >= 10
    okey, okey101 = load_rules("classic"), load_rules("101")
    for kind in KINDS:
        assert fits(kind.place, okey101) == (kind.place is Place.OKEY101)
        if kind.place is Place.OKEY101:
            assert not fits(kind.place, okey)


def test_a_saved_101_match_completes_its_days_101_task(tmp_path: Path) -> None:
    rules = load_rules("101")  # a save names its rules: the file's own
    settings_ = TableSettings(
        rules=rules.name,
        names=["You", "A", "B", "C"],
        levels=["", "medium", "medium", "medium"],
        seed=4,
    )
    session = new_session(rules, settings_)
    me = make_bot("hard", random.Random(4), "101")
    while (step := session.step()) is not Step.MATCH_OVER:
        if not session.match.started or step is Step.ROUND_OVER:
            session.start_round()
        elif step is Step.PLAYER:
            session.act(me.choose(session.match.table_view(0)))
        else:
            session.bot_turn()
    name = DiskSaver(session, tmp_path).save("done101")
    data = read_save(name, tmp_path)
    facts = save_facts(data)
    assert data.verified is True and facts is not None and facts.game == "101"
    done = {kind.id for kind in KINDS_101 if completed(kind, facts, data.rules)}
    assert done, "the hard stand-in opened at least once"
    day = next(
        DAY + timedelta(days=offset)
        for offset in range(400)
        if any(kind.id in done for kind in day_tasks(DAY + timedelta(days=offset)))
    )
    dated = replace(data, created=datetime(day.year, day.month, day.day, 20, 0).astimezone())
    credits = count_saves([dated], tmp_path / "ledger", day)
    assert {c.kind.id for c in credits if not c.challenge} == {
        kind.id for kind in day_tasks(day) if kind.id in done
    }
