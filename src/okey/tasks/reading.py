"""What ``okey tasks`` and the start menu say of the tasks, as phrases."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Final

from okey.errors import Phrase, render
from okey.progress_file import ProgressError
from okey.tasks.calendar import PER_DAY, day_tasks, week_challenge, week_key
from okey.tasks.kinds import CHALLENGE_BONUS, Kind, Place
from okey.tasks.ledger import Ledger

if TYPE_CHECKING:
    from okey.messages import Catalogue


def task(kind: Kind) -> Phrase:
    return Phrase(f"tasks.kind.{kind.id}")


UNSAID: Final = frozenset({Place.ANY, Place.OKEY101})
"""Places not said beside a task: any Okey table, and Okey 101's (its tasks name it)."""


def _where(kind: Kind) -> dict[str, object]:
    if kind.place in UNSAID:
        return {}
    return {"where": Phrase(f"tasks.place.{kind.place.value}")}


def left_today(ledger: Ledger, day: date) -> int:
    done = ledger.done_on(day)
    return sum(kind.id not in done for kind in day_tasks(day))


def reading(ledger: Ledger, day: date, when: str) -> list[Phrase]:
    """The day's tasks, the week's challenge, what is left and the okey score."""
    done = ledger.done_on(day)
    lines = [Phrase("tasks.heading", date=when)]
    for kind in day_tasks(day):
        if kind.id in done:
            lines.append(Phrase("tasks.item.done", task=task(kind)))
        else:
            key = "tasks.item" if kind.place in UNSAID else "tasks.item.where"
            lines.append(Phrase(key, task=task(kind), reward=kind.reward, **_where(kind)))
    challenge = week_challenge(day)
    if week_key(day) in ledger.weeks:
        lines.append(Phrase("tasks.challenge.done", task=task(challenge)))
    else:
        key = "tasks.challenge" if challenge.place in UNSAID else "tasks.challenge.where"
        reward = challenge.reward * CHALLENGE_BONUS
        lines.append(Phrase(key, task=task(challenge), reward=reward, **_where(challenge)))
    lines.append(
        Phrase("tasks.left", left=left_today(ledger, day), count=PER_DAY, score=ledger.score)
    )
    return lines


def menu_item(ledger: Ledger, day: date) -> Phrase:
    """The start menu's item for the tasks."""
    return Phrase("start.tasks", left=left_today(ledger, day), count=PER_DAY, score=ledger.score)


def menu_label(folder: Path, day: date, catalogue: Catalogue) -> str:
    """The start menu's item for the tasks: what is left today and the okey score
    (light: the menu says it before the table loads)."""
    from okey.tasks.ledger import load_ledger

    try:
        ledger = load_ledger(folder)
    except ProgressError:
        ledger = Ledger()
    return render(menu_item(ledger, day), catalogue)
