"""Crediting the tasks a match completes, from a verified save's record, or from the
record of a match played at an online table.

Only a save whose seal was checked, of a match that was never an unsealed save
(:attr:`SaveData.verified`, :func:`okey.saves.data.is_unverified`), counts: an edited,
unsealed or older-format save completes nothing. A match counts for the tasks of
the day it was saved on (and that day's week), never for a later day's. A table
server's autosave is no seat's of this machine: it counts for nothing here (each person
at an online table counts the match's record at its end, :func:`count_match`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path

from okey.engine.events import Event
from okey.engine.record import RecordEntry
from okey.errors import Phrase
from okey.rules import RuleSet
from okey.saves import SaveData, SaveError, read_save
from okey.saves.data import is_unverified
from okey.saves.store import list_saves
from okey.tasks.calendar import day_tasks, week_challenge, week_key, week_of
from okey.tasks.facts import MatchFacts, facts_of_played
from okey.tasks.kinds import CHALLENGE_BONUS, Kind, completed
from okey.tasks.ledger import Ledger, load_ledger, store_ledger

ONLINE_KEY = "net"  # what a table server's autosave keeps its seats under (okey.net.persist)


@dataclass(frozen=True, slots=True)
class Credit:
    """A task (or a week's challenge) just done, and the score it brought."""

    kind: Kind
    challenge: bool
    score: int  # the okey score after it

    @property
    def said_as(self) -> tuple[str, str]:
        """The keys it is said with: "Task done: {task}. Okey score {score}." and the task's."""
        return (
            "tasks.done.challenge" if self.challenge else "tasks.done",
            f"tasks.kind.{self.kind.id}",
        )


def counts(data: SaveData) -> bool:
    """True when ``data`` may count for tasks: read from a sealed save, checked, and of
    a match that was never unsealed."""
    return data.verified is True and not is_unverified(data.match_id)


def save_facts(data: SaveData) -> MatchFacts | None:
    """The facts of the save's player (None: the save holds no seat for them)."""
    from okey.saves.restore import restore_match

    if "you" not in data.settings and ONLINE_KEY in data.settings:
        return None  # a table server's autosave: whose seat is this machine's, it cannot say
    you = data.settings.get("you", 0)
    if type(you) is not int or not 0 <= you < data.players:
        return None
    match = restore_match(data)
    return facts_of_played(match.played(), data.rules, you)


def credit(
    ledger: Ledger, facts: MatchFacts, rules: RuleSet, day: date
) -> tuple[Ledger, list[Credit]]:
    """``ledger`` with the tasks of ``day`` (and its week's challenge) that ``facts`` (of
    a match played under ``rules``) complete, and what was newly done."""
    done: list[Credit] = []
    for kind in day_tasks(day):
        if kind.id not in ledger.done_on(day) and completed(kind, facts, rules):
            ledger = ledger.with_task(day, kind.id, kind.reward)
            done.append(Credit(kind, False, ledger.score))
    challenge = week_challenge(day)
    week = week_key(day)
    if week not in ledger.weeks and completed(challenge, facts, rules):
        ledger = ledger.with_challenge(week, challenge.reward * CHALLENGE_BONUS)
        done.append(Credit(challenge, True, ledger.score))
    return ledger, done


def saved_on(data: SaveData) -> date:
    return data.created.date()


def count_saves(saves: Iterable[SaveData], folder: Path, today: date) -> list[Credit]:
    """Credit what the saves complete (each for the day it was saved on, this week
    at the earliest) and keep the ledger; what was newly done."""
    ledger = load_ledger(folder)
    monday = week_of(today)
    done: list[Credit] = []
    for data in saves:
        day = saved_on(data)
        if not counts(data) or not monday <= day <= today:
            continue
        try:
            facts = save_facts(data)
        except SaveError:
            continue
        if facts is None:
            continue
        ledger, new = credit(ledger, facts, data.rules, day)
        done += new
    if done:
        store_ledger(folder, ledger, today)
    return done


def count_match(
    played: Iterable[tuple[RecordEntry, Sequence[Event]]],
    rules: RuleSet,
    seat: int,
    folder: Path,
    today: date,
) -> list[Credit]:
    """Credit what a finished match (its replayed entries and their events, under
    ``rules``) completes for ``seat`` today, and keep the ledger in ``folder``; what was
    newly done (a :class:`~okey.progress_file.ProgressError` if the ledger is unusable)."""
    ledger, done = credit(load_ledger(folder), facts_of_played(played, rules, seat), rules, today)
    if done:
        store_ledger(folder, ledger, today)
    return done


def count_files(paths: Sequence[Path], folder: Path, today: date) -> list[Credit]:
    """Credit the saves at ``paths`` (a table's own saves, once it is closed); a file
    that is missing or does not read counts for nothing."""
    found: list[SaveData] = []
    for path in paths:
        if path.is_file():
            try:
                found.append(read_save(path, folder))
            except SaveError:
                continue
    return count_saves(found, folder, today)


def count_folder(folder: Path, today: date) -> list[Credit]:
    """Credit every readable save of this week in ``folder`` (``okey tasks``)."""
    try:
        entries = list_saves(folder)
    except SaveError:
        return []
    oldest = week_of(today) - timedelta(days=1)
    recent = [
        entry.data for entry in entries if entry.data is not None and saved_on(entry.data) >= oldest
    ]
    return count_saves(recent, folder, today)


def said(credits: Iterable[Credit]) -> list[Phrase]:
    """How newly done tasks are said: "Task done: finish with pairs. Okey score 140."."""
    lines = []
    for done in credits:
        key, task = done.said_as
        lines.append(Phrase(key, task=Phrase(task), score=done.score))
    return lines
