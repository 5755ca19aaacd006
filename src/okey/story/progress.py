"""The story's progress: evenings won, the match in play, the Masters' Table and its board.

Kept in ``story.progress`` beside the saves (:mod:`okey.progress_file`), written
atomically; a damaged file is said, never overwritten.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Final

from okey.progress_file import ProgressError, progress_path, read_progress, write_progress
from okey.story.cast import EVENINGS, Stage, stage_after, stage_of_key, title_of

NAME: Final = "story"
SAVE_PREFIX: Final = "story-"


@dataclass(frozen=True, slots=True)
class BoardEntry:
    """A name on the building board: who won at the Masters' Table, and when."""

    name: str
    day: str  # ISO date


@dataclass(frozen=True)
class Progress:
    evenings_won: int = 0
    attempts: int = 0  # matches started (it numbers their saves)
    current: str | None = None  # the save of the match in play
    masters_played: int = 0
    masters_won: int = 0
    board: tuple[BoardEntry, ...] = field(default=())
    quiet: bool = False  # the neighbours were silenced (Shift+V) at the last table

    @property
    def stage(self) -> Stage:
        return stage_after(self.evenings_won)

    @property
    def title(self) -> str:
        return title_of(self.evenings_won, self.masters_won > 0)

    def started(self) -> tuple[Progress, str]:
        """A new match of this stage: the progress with it in play, and its save's name."""
        attempt = self.attempts + 1
        name = f"{SAVE_PREFIX}{self.stage.key}-{attempt}"
        return replace(self, attempts=attempt, current=name), name

    def current_stage(self) -> Stage | None:
        """The stage of the match in play (from its save's name)."""
        if self.current is None or not self.current.startswith(SAVE_PREFIX):
            return None
        key = self.current.removeprefix(SAVE_PREFIX).rsplit("-", 1)[0]
        return stage_of_key(key)

    def to_json(self) -> dict[str, Any]:
        return {
            "version": 1,
            "evenings_won": self.evenings_won,
            "attempts": self.attempts,
            "current": self.current,
            "masters_played": self.masters_played,
            "masters_won": self.masters_won,
            "board": [{"name": entry.name, "day": entry.day} for entry in self.board],
            "quiet": self.quiet,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any], path: Path) -> Progress:
        try:
            numbers = [
                data.get(key, 0)
                for key in ("evenings_won", "attempts", "masters_played", "masters_won")
            ]
            if any(type(number) is not int or number < 0 for number in numbers):
                raise TypeError
            won, attempts, played, masters = numbers
            current = data.get("current")
            if current is not None and not isinstance(current, str):
                raise TypeError
            board = tuple(
                BoardEntry(str(item["name"]), str(item["day"])) for item in data.get("board", [])
            )
            quiet = data.get("quiet", False)
            if not isinstance(quiet, bool):
                raise TypeError
        except (TypeError, KeyError, AttributeError):
            raise ProgressError("damaged", path=path) from None
        return cls(min(won, len(EVENINGS)), attempts, current, played, masters, board, quiet)


def story_path(folder: Path) -> Path:
    return progress_path(folder, NAME)


def load_progress(folder: Path) -> Progress:
    path = story_path(folder)
    data = read_progress(path)
    return Progress() if data is None else Progress.from_json(data, path)


def store_progress(folder: Path, progress: Progress) -> None:
    write_progress(story_path(folder), progress.to_json())
