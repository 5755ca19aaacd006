"""The tutorial's table: the real table, the prepared round, the guide; never saved."""

from __future__ import annotations

from okey.speech import Speaker
from okey.table.controller import Table
from okey.table.seats import table_names
from okey.table.session import new_session
from okey.table.settings import DEFAULT_PACE, TableSettings
from okey.tutorial.course import CLASSIC, Course
from okey.tutorial.guide import Guide

SEED = 0  # the table's own random sources; the lesson never needs them


def tutorial_table(
    speaker: Speaker,
    *,
    name: str | None = None,
    pace: float = DEFAULT_PACE,
    course: Course = CLASSIC,
) -> Table:
    """A table dealt the prepared round of ``course``, with the scripted bots and the guide."""
    prepared = course.prepared
    rules = prepared.tutorial_rules(speaker.catalogue)
    names = table_names(prepared.PLAYERS, prepared.YOU, speaker.catalogue, name)
    settings = TableSettings(
        rules=rules.name,
        you=prepared.YOU,
        names=list(names),
        levels=[""] * prepared.PLAYERS,
        verbosity=speaker.verbosity,
        sounds=speaker.sounds,
        pace=pace,
        seed=SEED,
    )
    session = new_session(
        rules,
        settings,
        decks=iter([prepared.tutorial_deck()]),
        first_dealer=prepared.DEALER,
        bots=prepared.tutorial_bots(),
    )
    table = Table(session, speaker)  # no saver: nothing is saved
    Guide(table, course=course)
    return table
