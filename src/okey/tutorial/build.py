"""The tutorial's table: the real table, the prepared round, the guide; never saved."""

from __future__ import annotations

from okey.speech import Speaker
from okey.table.controller import Table
from okey.table.seats import table_names
from okey.table.session import new_session
from okey.table.settings import DEFAULT_PACE, TableSettings
from okey.tutorial.deal import DEALER, PLAYERS, YOU, tutorial_bots, tutorial_deck, tutorial_rules
from okey.tutorial.guide import Guide

SEED = 0  # the table's own random sources; the lesson never needs them


def tutorial_table(
    speaker: Speaker, *, name: str | None = None, pace: float = DEFAULT_PACE
) -> Table:
    """A table dealt the prepared round, with the scripted bots and the guide."""
    rules = tutorial_rules(speaker.catalogue)
    names = table_names(PLAYERS, YOU, speaker.catalogue, name)
    settings = TableSettings(
        rules=rules.name,
        you=YOU,
        names=list(names),
        levels=[""] * PLAYERS,
        verbosity=speaker.verbosity,
        sounds=speaker.sounds,
        pace=pace,
        seed=SEED,
    )
    session = new_session(
        rules,
        settings,
        decks=iter([tutorial_deck()]),
        first_dealer=DEALER,
        bots=tutorial_bots(),
    )
    table = Table(session, speaker)  # no saver: nothing is saved
    Guide(table)
    return table
