"""The tutorial's table: the real table, the prepared round, the guide; never saved."""

from __future__ import annotations

from okey import kits
from okey.speech import Speaker
from okey.table.controller import Table
from okey.table.state.seats import table_names
from okey.table.state.session import new_session
from okey.table.state.settings import DEFAULT_PACE, TableSettings
from okey.tutorial.guide import Guide
from okey.tutorial.kit import tutorial_part

SEED = 0  # the table's own random sources; the lesson never needs them


def tutorial_table(
    speaker: Speaker,
    *,
    name: str | None = None,
    pace: float = DEFAULT_PACE,
    game: str = kits.DEFAULT_GAME,
) -> Table:
    """A table dealt the prepared round of game ``game``'s lesson, with the scripted bots
    and the guide."""
    course = tutorial_part(game)
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
    Guide(table, course)
    return table
