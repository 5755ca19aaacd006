"""What the story says, as phrases worded from the catalogue when said.

The neighbours speak seldom: a greeting when an evening begins (not in brief mode),
now and then a line during play (:mod:`okey.story.talk`) and one line when it ends.
None comes between the player and a decision: the greeting is said with the
evening's welcome, before the first deal; the last line once the table has closed.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from okey.errors import Phrase, render
from okey.messages import Catalogue, Verbosity
from okey.progress_file import ProgressError
from okey.story.cast import EVENINGS, Stage
from okey.story.progress import Progress, load_progress

if TYPE_CHECKING:  # the start menu reads the story's item without loading the table
    from okey.story.evening import Outcome


def name(who: str) -> Phrase:
    return Phrase(f"story.name.{who}")


def title(key: str) -> Phrase:
    return Phrase(f"story.title.{key}")


def opening(
    progress: Progress, stage: Stage, verbosity: Verbosity, rng: random.Random
) -> list[Phrase]:
    """What is said as a story match begins, after the table's welcome."""
    here = title(progress.title)
    if stage.evening is None:
        lines = [Phrase("story.masters.intro", title=here)]
    else:
        scene = Phrase(f"story.scene.{stage.evening}")
        lines = [
            Phrase(
                "story.evening.intro",
                number=stage.evening,
                count=len(EVENINGS),
                scene=scene,
                title=here,
            )
        ]
    if verbosity is Verbosity.DETAILED:
        lines.append(Phrase(f"story.greet.{rng.choice(stage.cast)}"))
    if not progress.quiet:
        lines.append(Phrase("story.talk.hint"))  # in brief mode too: it names the key
    return lines


def resumed(progress: Progress, stage: Stage) -> Phrase:
    here = title(progress.title)
    if stage.evening is None:
        return Phrase("story.resumed.masters", title=here)
    return Phrase("story.resumed", number=stage.evening, title=here)


def ending(outcome: Outcome, progress: Progress) -> list[Phrase]:
    """What is said once a story match is over (``progress``: as it is now)."""
    stage = outcome.stage
    lines: list[Phrase] = []
    if not outcome.counted:
        lines.append(Phrase("story.result.unverified"))
    elif outcome.first:
        lines.append(Phrase(f"story.praise.{stage.cast[0]}"))
        lines.append(Phrase("story.masters.won" if stage.masters else "story.result.won"))
    else:
        if outcome.winner is not None:
            lines.append(Phrase(f"story.won.{outcome.winner}"))
        key = "story.masters.lost" if stage.masters else "story.result.lost"
        lines.append(Phrase(key, number=stage.evening or 0))
    if outcome.title_after != outcome.title_before:
        lines.append(Phrase("story.title_up", title=title(outcome.title_after)))
    if outcome.story_done:
        lines.append(Phrase("story.masters.open"))
    if outcome.first and stage.masters:
        lines.append(Phrase("story.board.added"))
    return lines


def status(progress: Progress, when: Callable[[str], str]) -> list[Phrase]:
    """Where the story stands and the board (``okey story --board``); ``when`` says an
    ISO date."""
    here = title(progress.title)
    stage = progress.stage
    if stage.evening is None:
        lines = [
            Phrase(
                "story.status.masters",
                title=here,
                won=progress.masters_won,
                played=progress.masters_played,
            )
        ]
    else:
        lines = [Phrase("story.status", title=here, number=stage.evening, count=len(EVENINGS))]
    lines += board(progress, when)
    return lines


def board(progress: Progress, when: Callable[[str], str]) -> list[Phrase]:
    """The building board, name by name."""
    if not progress.board:
        return [Phrase("story.board.empty")]
    lines = [Phrase("story.board.title")]
    for place, entry in enumerate(progress.board, start=1):
        lines.append(
            Phrase("story.board.entry", place=place, name=entry.name, date=when(entry.day))
        )
    return lines


def menu_item(progress: Progress) -> Phrase:
    """The start menu's item for the story."""
    here = title(progress.title)
    stage = progress.current_stage() or progress.stage
    going = progress.current is not None
    if stage.evening is None:
        return Phrase("start.story.masters.going" if going else "start.story.masters", title=here)
    key = "start.story.going" if going else "start.story"
    return Phrase(key, number=stage.evening, count=len(EVENINGS), title=here)


def menu_label(folder: Path, catalogue: Catalogue) -> str:
    """The start menu's item for the story (a progress file that cannot be read: as at
    the start; ``okey story`` then says why). Light: the menu says it before the table
    loads."""
    try:
        progress = load_progress(folder)
    except ProgressError:
        progress = Progress()
    return render(menu_item(progress), catalogue)
