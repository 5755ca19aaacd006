"""What the player has done: each day's tasks, each week's challenge, the okey score.

Kept in ``tasks.progress`` beside the saves (:mod:`okey.progress_file`), written
atomically. Days older than :data:`KEPT_DAYS` are dropped as it is written.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import date, timedelta
from pathlib import Path
from typing import Any, Final

from okey.progress_file import ProgressError, progress_path, read_progress, write_progress

NAME: Final = "tasks"
KEPT_DAYS: Final = 14


@dataclass(frozen=True)
class Ledger:
    """Tasks done by day (ISO date to kind ids), challenges done by week (``2026-W49``),
    the matches already counted and the okey score."""

    score: int = 0
    days: dict[str, tuple[str, ...]] = field(default_factory=dict)
    weeks: tuple[str, ...] = ()

    def done_on(self, day: date) -> tuple[str, ...]:
        return self.days.get(day.isoformat(), ())

    def with_task(self, day: date, kind: str, reward: int) -> Ledger:
        days = dict(self.days)
        days[day.isoformat()] = (*self.done_on(day), kind)
        return replace(self, score=self.score + reward, days=days)

    def with_challenge(self, week: str, reward: int) -> Ledger:
        return replace(self, score=self.score + reward, weeks=(*self.weeks, week))

    def to_json(self, today: date) -> dict[str, Any]:
        oldest = (today - timedelta(days=KEPT_DAYS)).isoformat()
        days = {day: list(kinds) for day, kinds in self.days.items() if day >= oldest}
        return {"version": 1, "score": self.score, "days": days, "weeks": list(self.weeks)}

    @classmethod
    def from_json(cls, data: dict[str, Any], path: Path) -> Ledger:
        try:
            score = data.get("score", 0)
            days = data.get("days", {})
            weeks = data.get("weeks", [])
            if type(score) is not int or score < 0 or not isinstance(days, dict):
                raise TypeError
            if not isinstance(weeks, list) or not all(isinstance(w, str) for w in weeks):
                raise TypeError
            kept: dict[str, tuple[str, ...]] = {}
            for day, kinds in days.items():
                date.fromisoformat(day)
                if not isinstance(kinds, list) or not all(isinstance(k, str) for k in kinds):
                    raise TypeError
                kept[day] = tuple(kinds)
        except (TypeError, ValueError):
            raise ProgressError("damaged", path=path) from None
        return cls(score=score, days=kept, weeks=tuple(weeks))


def ledger_path(folder: Path) -> Path:
    return progress_path(folder, NAME)


def load_ledger(folder: Path) -> Ledger:
    """The player's ledger in ``folder`` (an empty one before the first task)."""
    path = ledger_path(folder)
    data = read_progress(path)
    return Ledger() if data is None else Ledger.from_json(data, path)


def store_ledger(folder: Path, ledger: Ledger, today: date) -> None:
    write_progress(ledger_path(folder), ledger.to_json(today))
