"""``okey saves``: list the saved matches, newest first."""

from __future__ import annotations

import argparse

from okey.commands import error, report
from okey.messages import Catalogue
from okey.saves import SaveData, SaveError, list_saves, saves_dir
from okey.saves.data import IN_PLAY, MATCH_OVER, NOT_STARTED

NAME = "saves"
HELP_KEY = "saves.help"
DATE_FORMAT = "%Y-%m-%d %H:%M"


def configure(parser: argparse.ArgumentParser, catalogue: Catalogue) -> None:
    parser.add_argument("--saves", metavar="DIR", help=catalogue.text("saves.help.folder"))


def printable(text: str) -> str:
    """Text from a file, safe to print: no control characters or escape sequences."""
    return "".join(char if char.isprintable() else "?" for char in text)


def seat_names(data: SaveData, catalogue: Catalogue) -> list[str]:
    """The seats' names from the table's settings (``names``), else "seat N"."""
    names = data.settings.get("names")
    if (
        isinstance(names, list)
        and len(names) == data.players
        and all(isinstance(name, str) and name.strip() for name in names)
    ):
        return [printable(str(name)) for name in names]
    return [catalogue.text("saves.seat", seat=seat) for seat in range(data.players)]


def describe(name: str, data: SaveData, catalogue: Catalogue) -> str:
    """One line for a save: name, date, rules, where the match stands, scores."""
    names = seat_names(data, catalogue)
    if data.phase == NOT_STARTED:
        where = catalogue.text("saves.where.not_started")
    elif data.phase in IN_PLAY and data.turn is not None:
        where = catalogue.text(
            "saves.where.in_play", round=data.round_number, name=names[data.turn]
        )
    elif data.phase == MATCH_OVER:
        where = catalogue.text("saves.where.match_over", round=data.round_number)
    else:
        where = catalogue.text("saves.where.round_over", round=data.round_number)
    scores = ", ".join(
        catalogue.text("saves.list.score", name=names[seat], score=score)
        for seat, score in enumerate(data.scores)
    )
    label = printable(data.label.strip())
    fields = {
        "name": printable(name),
        "label": label,
        "date": data.created.astimezone().strftime(DATE_FORMAT),
        "rules": printable(data.rules_name),
        "where": where,
        "scores": scores,
    }
    key = "saves.list.item.label" if label and label != name else "saves.list.item"
    said = catalogue.text(key, **fields)
    if data.verified is False:  # an unsealed save, or a match that was once one
        said += " " + catalogue.text("saves.list.unverified")
    return said


def run(args: argparse.Namespace, catalogue: Catalogue) -> int:
    folder = saves_dir(args.saves)
    try:
        entries = list_saves(folder)
    except SaveError as exc:
        return error(exc, catalogue)
    readable = [(entry.name, entry.data) for entry in entries if entry.data is not None]
    if readable:
        print(catalogue.text("saves.list.title", folder=folder))
        for name, data in readable:
            print("  " + describe(name, data, catalogue))
    else:
        print(catalogue.text("saves.list.none", folder=folder))
    broken = [entry.error for entry in entries if entry.error is not None]
    for problem in broken:
        report(problem, catalogue)
    return 1 if broken else 0
