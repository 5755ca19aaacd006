"""The ``okey`` command line: one subcommand per module in :mod:`okey.commands`."""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Mapping, Sequence
from importlib import import_module
from typing import Protocol

from okey.commands import error, on_a_terminal, report
from okey.messages import CATALOGUE, DEFAULT_LANGUAGE, LANGUAGES, use_language
from okey.preferences import BY_KEY, PreferencesError, Value, load, settings_path

# Each module has ``NAME``, ``HELP``, ``configure(parser)`` and ``run(args) -> int``.
COMMAND_MODULES = (
    "okey.commands.play",
    "okey.commands.menu",
    "okey.commands.tutorial",
    "okey.commands.resume",
    "okey.commands.daily",
    "okey.commands.hand",
    "okey.commands.rules",
    "okey.commands.simulate",
    "okey.commands.replay",
    "okey.commands.review",
    "okey.commands.serve",
    "okey.commands.host",
    "okey.commands.join",
    "okey.commands.saves",
    "okey.commands.settings",
)


class Command(Protocol):
    NAME: str
    HELP_KEY: str  # its catalogue key, looked up when the parser is built

    def configure(self, parser: argparse.ArgumentParser) -> None: ...

    def run(self, args: argparse.Namespace) -> int: ...


def _commands() -> list[Command]:
    return [import_module(name) for name in COMMAND_MODULES]  # type: ignore[misc,unused-ignore]


def build_parser(preferences: Mapping[str, Value] | None = None) -> argparse.ArgumentParser:
    """The command line; ``preferences`` (from the settings file) become the defaults
    of the options they stand for, so an option given still wins."""
    parser = argparse.ArgumentParser(prog="okey", description=CATALOGUE.text("cli.description"))
    parser.add_argument(
        LANGUAGE_OPTION, choices=list(LANGUAGES), help=CATALOGUE.text("cli.language")
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for command in _commands():
        help_text = CATALOGUE.text(command.HELP_KEY)
        sub = subparsers.add_parser(command.NAME, help=help_text, description=help_text)
        command.configure(sub)
        sub.set_defaults(run=command.run)
        sub.set_defaults(
            **{
                key: value
                for key, value in (preferences or {}).items()
                if command.NAME in BY_KEY[key].commands
            }
        )
    return parser


LANGUAGE_OPTION = "--language"
LANGUAGE_VAR = "OKEY_LANGUAGE"


def take_language(argv: Sequence[str]) -> tuple[list[str], str | None]:
    """``argv`` without its ``--language`` option (allowed anywhere, once or more: the
    last wins), and the language it names; None when it is not given."""
    rest: list[str] = []
    language: str | None = None
    args = list(argv)
    index = 0
    while index < len(args):
        arg = args[index]
        if arg == "--":
            rest += args[index:]
            break
        if arg == LANGUAGE_OPTION:
            language = args[index + 1] if index + 1 < len(args) else ""
            index += 2
            continue
        if arg.startswith(LANGUAGE_OPTION + "="):
            language = arg.partition("=")[2]
        else:
            rest.append(arg)
        index += 1
    return rest, language


def choose_language(
    option: str | None, settings: Mapping[str, Value], environ: Mapping[str, str]
) -> str:
    """The language to speak: the option, else the settings file's, else $OKEY_LANGUAGE,
    else English. A bad environment value is reported and passed over."""
    if option is not None:
        return option
    chosen = settings.get("language")
    if isinstance(chosen, str):
        return chosen
    from_env = environ.get(LANGUAGE_VAR, "").strip()
    if from_env in LANGUAGES:
        return from_env
    if from_env:
        report(CATALOGUE.text("cli.bad_language.env", language=from_env, known=_known()))
    return DEFAULT_LANGUAGE


def _known() -> str:
    return ", ".join(LANGUAGES)


def _load_settings() -> tuple[dict[str, Value], PreferencesError | None]:
    """The settings file's choices, or none and why the file cannot be used."""
    try:
        return load(settings_path()), None
    except PreferencesError as exc:
        return {}, exc


DEFAULT_COMMAND = "play"
START_MENU = "menu"
_HELP_OPTIONS = ("-h", "--help")


def with_default_command(argv: Sequence[str]) -> list[str]:
    """``okey`` alone opens the start menu; ``okey --seed 3`` means ``okey play --seed 3``."""
    args = list(argv)
    if not args:
        return [START_MENU]
    if args[0].startswith("-") and args[0] not in _HELP_OPTIONS:
        return [DEFAULT_COMMAND, *args]
    return args


def main(argv: Sequence[str] | None = None) -> int:
    given, option = take_language(sys.argv[1:] if argv is None else list(argv))
    settings, problem = _load_settings()
    use_language(DEFAULT_LANGUAGE)
    if option is not None and option not in LANGUAGES:
        return error(CATALOGUE.text("cli.bad_language", language=option, known=_known()))
    # Chosen before the parser is built: its help texts are catalogue texts too.
    use_language(choose_language(option, settings, os.environ))
    if problem is not None:  # read again, so that the reason is told in the chosen language
        settings, problem = _load_settings()
    if problem is not None and given[:1] != ["settings"]:  # okey settings mends the file
        report(CATALOGUE.text("settings.warning", reason=problem))
    if not given and not on_a_terminal():
        # Bare `okey` with no terminal to play in (a pipe, a script): say how to use it.
        print(CATALOGUE.text("cli.error", message=CATALOGUE.text("table.cli.no_terminal")))
        return 0
    parser = build_parser(settings)
    args = parser.parse_args(with_default_command(given))
    args.parser = parser  # a command that starts another (the start menu) parses with it
    try:
        status: int = args.run(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader went away (okey ... | head): say nothing more, and keep Python
        # from complaining about stdout when it flushes at exit.
        with contextlib.suppress(OSError):
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        return 141
    return status


if __name__ == "__main__":
    sys.exit(main())
