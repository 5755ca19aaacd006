"""An evening's match: the neighbours seated with their styles, and what it came to.

A story match is an ordinary table session and save: its settings name the
neighbours (in the player's language); the story seats the neighbours' own styles on it
(:func:`seat_styles`), new or resumed. :func:`settle` reads a finished save into the
progress.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from datetime import date

from okey.messages import Catalogue
from okey.rules import RuleSet
from okey.saves import SaveData
from okey.story.cast import EVENINGS, Stage
from okey.story.progress import BoardEntry, Progress
from okey.story.styles import STYLES
from okey.story.talk import NeighbourTalk
from okey.table.state.session import TableSession, new_session
from okey.table.state.settings import TableSettings

YOU = 0
NEIGHBOURS_LEVEL = "neighbours"  # the welcome words it: level.neighbours


def neighbour_name(who: str, catalogue: Catalogue) -> str:
    return catalogue.text(f"story.name.{who}")


def seat_cast(settings: TableSettings, stage: Stage, catalogue: Catalogue) -> None:
    """Name the stage's neighbours in seats 1 to 3. Their seats' level is
    :data:`NEIGHBOURS_LEVEL`, no built-in level: the welcome says it ("neighbour-style
    bots"), and a save opened by ``okey resume`` seats its usual level there instead."""
    names = [neighbour_name(who, catalogue) for who in stage.cast]
    settings.names = [settings.names[YOU], *names]
    settings.levels = ["", *(NEIGHBOURS_LEVEL for _ in stage.cast)]


def new_evening(rules: RuleSet, settings: TableSettings, stage: Stage) -> TableSession:
    """A new story match with the neighbours of ``stage`` in their styles."""
    placeholders = {seat: STYLES[who](random.Random(0)) for seat, who in enumerate(stage.cast, 1)}
    session = new_session(rules, settings, bots=placeholders)
    seat_styles(session, stage)
    return session


def seat_styles(session: TableSession, stage: Stage) -> None:
    """Seat each neighbour's own style, with the seat's own random generator (the one the
    save keeps, so that a resumed evening plays on as it would have)."""
    for seat, who in enumerate(stage.cast, start=1):
        session.bots[seat] = STYLES[who](session.bot_rngs[seat])


def neighbour_talk(stage: Stage, seed: int) -> NeighbourTalk:
    """The stage's neighbours' words during play, on a generator of their own."""
    return NeighbourTalk(dict(enumerate(stage.cast, start=1)), random.Random(seed))


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a finished story match came to."""

    stage: Stage
    first: bool  # the player (with the partner, at the Masters' Table) came first
    counted: bool  # the save was verified: it counts for the story
    winner: str | None  # the neighbour who came first, when the player did not
    title_before: str
    title_after: str
    legend: bool  # the first win at the Masters' Table: Building Legend
    story_done: bool  # the fifth evening won: the Masters' Table is open


def first_places(data: SaveData) -> tuple[int, ...]:
    """The seats in first place at the end of the saved match."""
    from okey.saves.restore import restore_match

    match = restore_match(data)
    return tuple(
        seat for standing in match.standings if standing.place == 1 for seat in standing.seats
    )


def settle(progress: Progress, data: SaveData, day: date) -> tuple[Progress, Outcome]:
    """The progress once the finished match ``data`` (the match in play) is counted: a
    won evening opens the next and lifts the title; a won Masters' Table puts the
    player's name on the board. A save that is not verified counts as not won."""
    from okey.tasks.counting import counts

    stage = progress.current_stage() or progress.stage
    first = first_places(data)
    counted = counts(data)
    won = counted and YOU in first
    before = progress.title
    after = replace(progress, current=None)
    if stage.masters:
        after = replace(after, masters_played=after.masters_played + 1)
        if won:
            names = data.settings.get("names")
            name = str(names[YOU]) if isinstance(names, list) and names else ""
            after = replace(
                after,
                masters_won=after.masters_won + 1,
                board=(*after.board, BoardEntry(name, day.isoformat())),
            )
    elif won and stage.evening == progress.evenings_won + 1:
        after = replace(after, evenings_won=after.evenings_won + 1)
    winner = None
    if not won:
        others = [seat for seat in first if seat != YOU]
        winner = stage.cast[others[0] - 1] if others else None
    outcome = Outcome(
        stage=stage,
        first=won,
        counted=counted,
        winner=winner,
        title_before=before,
        title_after=after.title,
        legend=stage.masters and won and progress.masters_won == 0,
        story_done=not stage.masters
        and after.evenings_won == len(EVENINGS) > progress.evenings_won,
    )
    return after, outcome
