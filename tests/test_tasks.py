"""Daily tasks and the weekly challenge: drawn from the date, found in a match's record
exactly when their condition holds, credited only from a verified save."""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import date, datetime, timedelta
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import okey.commands.tasks as command
from okey.bots.medium import MediumBot
from okey.cli import main
from okey.engine.events import (
    Discarded,
    Event,
    IndicatorTurned,
    MatchOver,
    RoundDrawn,
    RoundStarted,
    RoundWon,
    ShowedIndicator,
    TookDiscard,
)
from okey.engine.match import Match
from okey.hand.combinations import GroupKind
from okey.hand.scoring import FinishKind
from okey.messages import load_catalogue
from okey.rules import RuleSet, load_rules
from okey.saves import SaveData, read_save
from okey.story.styles import STYLES
from okey.table.state.persist import DiskSaver
from okey.table.state.session import new_session
from okey.table.state.settings import TableSettings
from okey.tasks.calendar import PER_DAY, day_tasks, week_challenge
from okey.tasks.counting import count_files, count_saves
from okey.tasks.facts import MatchFacts, facts_of_played
from okey.tasks.kinds import BY_ID, KINDS, Kind, Place, completed
from okey.tasks.ledger import load_ledger

DAY = date(2026, 12, 2)


def test_a_date_has_the_same_tasks_on_every_run_and_machine() -> None:
    # Pinned: every player on these dates has these tasks and this week's challenge.
    assert [kind.id for kind in day_tasks(DAY)] == [
        "win_set_of_four",
        "win_taking",
        "open_big_101",
    ]
    assert week_challenge(DAY).id == "first_101"
    assert [kind.id for kind in day_tasks(date(2027, 1, 1))] == [
        "first_101",
        "win_both_okeys",
        "win_taking",
    ]
    for offset in range(60):
        day = DAY + timedelta(days=offset)
        tasks = day_tasks(day)
        assert len(set(tasks)) == PER_DAY and week_challenge(day) not in tasks
        monday = day - timedelta(days=day.weekday())
        assert week_challenge(day) == week_challenge(monday)


@pytest.mark.parametrize("code", ["en", "tr"])
def test_the_pool_has_at_least_twenty_kinds_each_said(code: str) -> None:
    assert len({kind.id for kind in KINDS}) == len(KINDS) >= 20
    catalogue = load_catalogue(code)
    for kind in KINDS:
        assert catalogue.text(f"tasks.kind.{kind.id}") != f"tasks.kind.{kind.id}"


# -- the reference: each kind's condition read straight from the events -----------


def _rounds(events: list[Event]) -> list[list[Event]]:
    rounds: list[list[Event]] = []
    for event in events:
        if isinstance(event, RoundStarted):
            rounds.append([])
        if rounds:
            rounds[-1].append(event)
    return [r for r in rounds if any(isinstance(e, RoundWon | RoundDrawn) for e in r)]


def _end(r: list[Event]) -> RoundWon | RoundDrawn:
    return next(e for e in r if isinstance(e, RoundWon | RoundDrawn))


def _won(r: list[Event], seat: int) -> RoundWon | None:
    end = _end(r)
    return end if isinstance(end, RoundWon) and end.seat == seat else None


def _okey(r: list[Event]) -> object:
    return next(e.okey for e in r if isinstance(e, IndicatorTurned))


def _lost(r: list[Event], seat: int) -> int:
    lost = 0
    for e in r:
        if isinstance(e, RoundWon | ShowedIndicator) and seat in e.losers:
            lost += e.points if isinstance(e, RoundWon) else e.penalty
    return lost


def _took(r: list[Event], seat: int) -> int:
    return sum(isinstance(e, TookDiscard) and e.seat == seat for e in r)


def _okeys(r: list[Event], won: RoundWon) -> int:
    return sum(t == _okey(r) for g in won.groups for t in g.tiles)


def _showed(r: list[Event], seat: int) -> bool:
    return any(isinstance(e, ShowedIndicator) and e.seat == seat for e in r)


def _streak(rounds: list[list[Event]], hits: list[bool], n: int) -> bool:
    return any(all(hits[i : i + n]) for i in range(len(rounds) - n + 1))


def reference(kind: str, events: list[Event], rules: RuleSet, seat: int) -> bool:
    rounds = _rounds(events)
    wins = [(r, w) for r in rounds if (w := _won(r, seat)) is not None]
    over = [e for e in events if isinstance(e, MatchOver)]
    partner = (seat + 2) % 4 if rules.table.partners else None
    first = bool(over) and any(seat in s.seats for s in over[0].standings if s.place == 1)
    if BY_ID[kind].place is Place.OKEY101:
        return False  # Okey 101's kinds: never at an Okey table (tests/test_tasks101.py)
    match kind:
        case "win_round":
            return bool(wins)
        case "finish_pairs":
            return any(w.kind is FinishKind.PAIRS for _, w in wins)
        case "finish_okey":
            return any(w.okey_discard for _, w in wins)
        case "show_indicator":
            return rules.scoring.show_indicator and any(_showed(r, seat) for r in rounds)
        case "win_no_take":
            return any(_took(r, seat) == 0 for r, _ in wins)
        case "win_quick":
            return any(
                sum(isinstance(e, Discarded) and e.seat == seat for e in r) + 1 <= 9
                for r, _ in wins
            )
        case "win_taking":
            return any(_took(r, seat) >= 3 for r, _ in wins)
        case "win_both_okeys":
            return any(_okeys(r, w) + w.okey_discard >= 2 for r, w in wins)
        case "win_no_okey":
            return any(_okeys(r, w) == 0 and not w.okey_discard for r, w in wins)
        case "win_false_okey":
            return any(t.is_false_joker for _, w in wins for g in w.groups for t in g.tiles)
        case "win_set_of_four":
            return any(
                g.kind is GroupKind.SET and len(g.tiles) == 4 for _, w in wins for g in w.groups
            )
        case "win_long_run":
            return any(
                g.kind is GroupKind.RUN and len(g.tiles) >= 5 for _, w in wins for g in w.groups
            )
        case "win_late":
            return any(
                [e.pile_count for e in r if hasattr(e, "pile_count")][-1] <= 5 for r, _ in wins
            )
        case "win_as_opener":
            return any(isinstance(r[0], RoundStarted) and r[0].dealer == seat for r, _ in wins)
        case "win_match":
            return first
        case "lose_few":
            return bool(over) and sum(_lost(r, seat) for r in rounds) < 6
        case "win_two_rounds":
            return len(wins) >= 2
        case "win_twice_running":
            return _streak(rounds, [_won(r, seat) is not None for r in rounds], 2)
        case "win_partners":
            return rules.table.partners and first
        case "partner_finish":
            return partner is not None and any(
                isinstance(end := _end(r), RoundWon) and end.seat == partner for r in rounds
            )
        case "show_and_win":
            return rules.scoring.show_indicator and any(_showed(r, seat) for r, _ in wins)
        case "calm_rounds":
            return _streak(rounds, [_lost(r, seat) == 0 for r in rounds], 3)
    raise AssertionError(kind)


def _rule_sets() -> list[RuleSet]:
    partners = load_rules("partners")
    two_rounds = replace(partners, table=replace(partners.table, rounds=2))
    return [load_rules("three-rounds"), load_rules("one-round"), two_rounds]


RULE_SETS = _rule_sets()


def played(seed: int, rules: RuleSet, styles: list[str]) -> Match:
    """A whole match of bots: the styles given, seeded."""
    rng = random.Random(seed)
    bots = [STYLES[name](random.Random(rng.random())) for name in styles]
    match = Match(rules, random.Random(rng.random()))
    while not match.over:
        match.start_round()
        while not match.round_over:
            turn = match.turn
            match.apply(turn, bots[turn].choose(match.view(turn)))
    return match


FAST_STYLES = ["gulsum", "sevket", "deniz", "sabri"]


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32),
    rules=st.sampled_from(RULE_SETS),
    styles=st.lists(st.sampled_from(FAST_STYLES), min_size=4, max_size=4),
    seat=st.integers(0, 3),
)
def test_each_kind_is_found_exactly_when_its_condition_holds(
    seed: int, rules: RuleSet, styles: list[str], seat: int
) -> None:
    match = played(seed, rules, styles)
    facts = facts_of_played(match.played(), rules, seat)
    for kind in KINDS:
        assert completed(kind, facts, rules) == reference(kind.id, match.events, rules, seat), (
            kind.id
        )


def test_a_seeded_corpus_finds_most_kinds() -> None:
    """Across a few seeded matches most kinds happen, so the reference above is checked
    against real finds, not only against absences."""
    found: set[str] = set()
    for seed in range(6):
        rules = RULE_SETS[seed % len(RULE_SETS)]
        match = played(seed, rules, ["sevket", "gulsum", "deniz", "sevket"])
        for seat in range(4):
            facts = facts_of_played(match.played(), rules, seat)
            found |= {kind.id for kind in KINDS if completed(kind, facts, rules)}
            assert found == found | {
                k.id for k in KINDS if reference(k.id, match.events, rules, seat)
            }
    assert len(found) >= 12, sorted(found)


# -- counting from saves -----------------------------------------------------------


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, MatchFacts]:
    """A finished short match, saved (sealed) and its player's facts."""
    folder = tmp_path_factory.mktemp("saves")
    settings_ = TableSettings(
        rules="short",
        names=["You", "A", "B", "C"],
        levels=["", "medium", "medium", "medium"],
        seed=3,
    )
    session = new_session(load_rules("short"), settings_)
    me = MediumBot(random.Random(3))
    while not session.match.over:
        if not session.match.started or session.match.round_over:
            session.start_round()
        elif session.match.turn == 0:
            session.act(me.choose(session.match.view(0)))
        else:
            session.bot_turn()
    path = DiskSaver(session, folder).save("done")
    facts = facts_of_played(session.match.played(), session.rules, 0)
    return folder / f"{path}.json", facts


def _day_with(facts: MatchFacts, rules: RuleSet) -> date:
    """A day whose tasks this match completes some of, and not all."""
    for offset in range(400):
        day = DAY + timedelta(days=offset)
        done = [completed(kind, facts, rules) for kind in day_tasks(day)]
        if any(done) and not all(done):
            return day
    raise AssertionError("no such day")


def _saved_on(data: SaveData, day: date) -> SaveData:
    return replace(data, created=datetime(day.year, day.month, day.day, 20, 0).astimezone())


def test_a_verified_save_completes_its_days_tasks_once(
    tmp_path: Path, finished: tuple[Path, MatchFacts]
) -> None:
    path, facts = finished
    data = read_save(path, path.parent)
    assert data.verified is True
    day = _day_with(facts, data.rules)
    expected = [kind for kind in day_tasks(day) if completed(kind, facts, data.rules)]
    credits = count_saves([_saved_on(data, day)], tmp_path, day)
    assert [c.kind for c in credits if not c.challenge] == expected
    ledger = load_ledger(tmp_path)
    assert ledger.done_on(day) == tuple(kind.id for kind in expected)
    assert (
        ledger.score
        == credits[-1].score
        == sum(c.kind.reward for c in credits if not c.challenge)
        + sum(c.kind.reward * 3 for c in credits if c.challenge)
    )
    assert count_saves([_saved_on(data, day)], tmp_path, day) == []  # once only
    # A match saved on another day counts for that day's tasks, never for a later day's.
    assert count_saves([_saved_on(data, day - timedelta(days=30))], tmp_path, day) == []


def test_an_edited_or_unsealed_save_never_completes_a_task(
    tmp_path: Path, finished: tuple[Path, MatchFacts]
) -> None:
    path, facts = finished
    data = read_save(path, path.parent)
    day = _day_with(facts, data.rules)
    unsealed = replace(_saved_on(data, day), verified=False)
    assert count_saves([unsealed], tmp_path, day) == []
    unverified = replace(_saved_on(data, day), match_id="unverified0123456789abcdef")
    assert count_saves([unverified], tmp_path, day) == []
    edited = tmp_path / "edited.json"
    original = path.read_bytes()
    at = original.index(b'"round": ') + len(b'"round": ')
    digit = b"9" if original[at : at + 1] != b"9" else b"8"
    changed = original[:at] + digit + original[at + 1 :]  # the round's number, changed
    assert changed != original
    edited.write_bytes(changed)
    assert count_files([edited], tmp_path, DAY) == []
    assert load_ledger(tmp_path).score == 0


def test_okey_tasks_reads_the_days_tasks_the_challenge_and_what_is_left(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(command, "today", lambda: DAY)
    assert main(["tasks", "--saves", str(tmp_path), "--speech", "off"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "Tasks for 2 December 2026:",
        "To do: win with a set of four, 40 points.",
        "To do: win a round after taking three discards, 40 points.",
        "To do: open an Okey 101 round with 120 points or more, 50 points.",
        "This week's challenge: come first in an Okey 101 match, 180 points.",
        "3 of 3 tasks left today. Okey score 0.",
    ]


def kinds_by_id(ids: list[str]) -> list[Kind]:
    return [kind for kind in KINDS if kind.id in ids]
