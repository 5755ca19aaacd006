"""``okey settings [KEY [VALUE]]``: the player's standing choices for new games.

Alone it lists every setting with its value and where the value comes from;
with a key it says that one; with a key and a value it keeps the value;
``--reset`` puts a key back to the game's default.
"""

from __future__ import annotations

import argparse

from okey.commands import error
from okey.messages import Catalogue
from okey.preferences import (
    BY_KEY,
    PREFERENCES,
    PreferencesError,
    Value,
    check,
    checked_rules,
    load,
    preference,
    settings_path,
    store,
)

NAME = "settings"
HELP_KEY = "settings.cli.help"


def configure(parser: argparse.ArgumentParser, catalogue: Catalogue) -> None:
    text = catalogue.text
    parser.add_argument(
        "key", nargs="?", metavar="KEY", help=text("settings.cli.key", keys=", ".join(BY_KEY))
    )
    parser.add_argument("value", nargs="?", metavar="VALUE", help=text("settings.cli.value"))
    parser.add_argument("--reset", action="store_true", help=text("settings.cli.reset"))


def shown(value: Value, catalogue: Catalogue) -> str:
    if isinstance(value, bool):
        return catalogue.text("settings.on" if value else "settings.off")
    if isinstance(value, float):
        return f"{value:g}"
    return value


def line(key: str, chosen: dict[str, Value], catalogue: Catalogue) -> str:
    if key in chosen:
        return catalogue.text(
            "settings.line.yours", setting=key, value=shown(chosen[key], catalogue)
        )
    default = shown(BY_KEY[key].default(catalogue), catalogue)
    return catalogue.text("settings.line.default", setting=key, value=default)


def run(args: argparse.Namespace, catalogue: Catalogue) -> int:
    text = catalogue.text
    path = settings_path()
    try:
        chosen = load(path)
        if args.key is not None:
            preference(args.key)  # a key that is no setting is refused before anything else
        if args.key is None:
            if args.reset or args.value is not None:
                return error(text("settings.error.what"), catalogue)
            print(text("settings.file", path=path))
            for setting in PREFERENCES:
                print(line(setting.key, chosen, catalogue))
            return 0
        if args.reset:
            if args.value is not None:
                return error(text("settings.error.what"), catalogue)
            chosen.pop(args.key, None)
            store(path, chosen, catalogue)
            print(line(args.key, chosen, catalogue))
            return 0
        if args.value is None:
            print(line(args.key, chosen, catalogue))
            return 0
        value = check(args.key, args.value)
        if args.key == "rules" and isinstance(value, str):
            value = checked_rules(value)
        chosen[args.key] = value
        store(path, chosen, catalogue)
    except PreferencesError as exc:
        return error(exc, catalogue)
    print(line(args.key, chosen, catalogue))
    return 0
