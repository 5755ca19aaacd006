"""The ``okey`` command line: one subcommand per module in :mod:`okey.commands`.

The registry (``okey.commands.COMMANDS``) names every subcommand without
importing it; a subcommand's module is imported and its options added only
when its parser is used (:class:`CommandParser`), so ``okey --help`` and
``okey hand`` start without the table, prompt_toolkit or the speech layer.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import os
import sys
from collections.abc import Mapping, Sequence
from importlib import import_module
from typing import TYPE_CHECKING, Any, NoReturn, Protocol, cast

from okey import language
from okey.commands import COMMANDS, USAGE_ERROR, CommandEntry, error, on_a_terminal, report
from okey.console import make_console_safe
from okey.errors import Phrase
from okey.folders import settings_file
from okey.messages import DEFAULT_LANGUAGE, LANGUAGES, Catalogue, load_catalogue
from okey.textfiles import printable
from okey.version import OPTION as VERSION_OPTION
from okey.version import VersionAction, asks_version, version_line

if TYPE_CHECKING:  # okey.preferences loads most of the game: it is imported after speech starts
    from okey.preferences import PreferencesError, Value

# The old name of the registry: the modules, in order.
COMMAND_MODULES = tuple(entry.module for entry in COMMANDS)
_COMMAND_NAMES = frozenset(entry.name for entry in COMMANDS)


class Command(Protocol):
    NAME: str
    HELP_KEY: str  # its catalogue key, looked up when the parser is built

    def configure(self, parser: argparse.ArgumentParser, catalogue: Catalogue) -> None: ...

    def run(self, args: argparse.Namespace, catalogue: Catalogue) -> int: ...


def load_command(entry: CommandEntry) -> Command:
    """The command's module, imported now."""
    return cast(Command, import_module(entry.module))


class UsageRefused(SystemExit):
    """A command line refused, and said so already: the usage status. A SystemExit, as
    argparse's own refusal is (a caller of ``parse_args`` may rely on it); :func:`main`
    returns the status instead."""

    def __init__(self, message: str) -> None:
        super().__init__(USAGE_ERROR)
        self.message = message


def terminal_columns(fallback: int = 80) -> int:
    """The terminal's width as ``shutil.get_terminal_size().columns`` gives it:
    ``$COLUMNS``, else standard output's terminal, else ``fallback``."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
        columns = columns or fallback
    return columns


class HelpLayout(argparse.HelpFormatter):
    """argparse's own help layout, its width found without importing shutil, as argparse
    does (with shutil's compression modules, a tenth of okey --help's start)."""

    def __init__(
        self,
        prog: str,
        indent_increment: int = 2,
        max_help_position: int = 24,
        width: int | None = None,
    ) -> None:
        if width is None:
            width = terminal_columns() - 2
        super().__init__(prog, indent_increment, max_help_position, width)


class OneLineParser(argparse.ArgumentParser):
    """A parser that refuses a bad command line on one line of standard error, in the
    player's words (not argparse's usage block): :class:`UsageRefused`, which
    :func:`main` turns into the usage status (``--help`` still exits as argparse does)."""

    def __init__(self, *args: Any, catalogue: Catalogue | None = None, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", HelpLayout)
        super().__init__(*args, **kwargs)
        self._catalogue = catalogue or load_catalogue(DEFAULT_LANGUAGE)

    def error(self, message: str) -> NoReturn:
        usage = Phrase("cli.usage", message=printable(message), command=self.prog)
        report(usage, self._catalogue)
        raise UsageRefused(message)


class CommandParser(OneLineParser):
    """A subcommand's parser: its module is imported and its options are added the
    first time it parses or shows its help."""

    def __init__(
        self,
        *args: Any,
        catalogue: Catalogue | None = None,
        entry: CommandEntry | None = None,
        preferences: Mapping[str, Value] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, catalogue=catalogue, **kwargs)
        self._entry = entry
        self._preferences = dict(preferences or {})

    def load(self) -> None:
        """Add the command's options (once), then the settings file's defaults for them."""
        entry, self._entry = self._entry, None
        if entry is None:
            return
        from okey.preferences import BY_KEY

        command = load_command(entry)
        command.configure(self, self._catalogue)
        self.set_defaults(run=command.run)
        self.set_defaults(
            **{
                key: value
                for key, value in self._preferences.items()
                if entry.name in BY_KEY[key].commands
            }
        )

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        self.load()
        return super().parse_known_args(args, namespace)

    def format_usage(self) -> str:
        self.load()
        return super().format_usage()

    def format_help(self) -> str:
        self.load()
        return super().format_help()


def build_parser(
    catalogue: Catalogue, preferences: Mapping[str, Value] | None = None
) -> argparse.ArgumentParser:
    """The command line, its help worded by ``catalogue``; ``preferences`` (from the
    settings file) become the defaults of the options they stand for, so an option given
    still wins."""
    parser = OneLineParser(
        prog="okey", description=catalogue.text("cli.description"), catalogue=catalogue
    )
    parser.add_argument(
        LANGUAGE_OPTION, choices=list(LANGUAGES), help=catalogue.text("cli.language")
    )
    parser.add_argument(VERSION_OPTION, action=VersionAction, help=catalogue.text("cli.version"))
    subparsers = parser.add_subparsers(
        dest="command", metavar="COMMAND", parser_class=CommandParser
    )
    for entry in COMMANDS:
        help_text = catalogue.text(entry.help_key)
        subparsers.add_parser(
            entry.name,
            help=help_text,
            description=help_text,
            catalogue=catalogue,
            entry=entry,
            preferences=preferences,
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
    else the system's locale, else English (:func:`okey.language.choose_language`). A bad
    environment value is reported (in the language chosen) and passed over."""
    choice = language.choose_language(option, settings.get("language"), environ)
    if choice.rejected is not None:
        catalogue = load_catalogue(choice.code)
        report(
            catalogue.text("cli.bad_language.env", language=choice.rejected, known=_known()),
            catalogue,
        )
    return choice.code


def _known() -> str:
    return ", ".join(LANGUAGES)


def _load_settings() -> tuple[dict[str, Value], PreferencesError | None]:
    """The settings file's choices, or none and why the file cannot be used. Its reader
    (which loads much of the game to check the values) only for a file that is there."""
    try:
        os.stat(settings_file())
    except FileNotFoundError:
        return {}, None
    except (OSError, ValueError):
        pass  # the reader says why the file cannot be read
    from okey.preferences import PreferencesError, load, settings_path

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
    if args[0].startswith("-") and args[0] not in (*_HELP_OPTIONS, VERSION_OPTION):
        return [DEFAULT_COMMAND, *args]
    return args


SPEECH_OPTION = "--speech"
_SPEAKING_MODES = ("auto", "voice")


def chosen_speech(args: Sequence[str], settings: Mapping[str, Value]) -> str:
    """The speech mode a command line asks for (``--speech``; the last one wins), else the
    settings file's, else ``auto``: read before the parser exists."""
    mode = settings.get("speech")
    chosen = mode if isinstance(mode, str) else "auto"
    for index, arg in enumerate(args):
        if arg == "--":
            break
        if arg == SPEECH_OPTION and index + 1 < len(args):
            chosen = args[index + 1]
        elif arg.startswith(SPEECH_OPTION + "="):
            chosen = arg.partition("=")[2]
    return chosen


GAME_STARTS = ("play", "menu")
"""What ``okey``, ``okey menu`` and ``okey play`` run: speech is looked for before the
settings are read (:func:`guess_speech_early`)."""


def guess_speech_early(args: Sequence[str], option: str | None) -> bool:
    """For the commands that start a game, start looking for speech first thing, before
    the settings are read (reading them loads most of the game): as the command line and
    the environment ask, in the language they name. :func:`start_speech_early` then
    keeps that worker, or closes it when the settings choose otherwise. True when it
    was started."""
    if not args or args[0] not in GAME_STARTS or option not in (None, *LANGUAGES):
        return False  # an unknown --language is refused by main, in English
    guess = language.choose_language(option, None, os.environ)
    return _start_if_speaking(args, {}, guess.code)


def start_speech_early(
    args: Sequence[str], settings: Mapping[str, Value], language: str = DEFAULT_LANGUAGE
) -> bool:
    """Start looking for speech while the command's modules load, when it will speak.

    Only for a command that speaks (``okey play`` and the others the ``speech``
    setting is for), on a terminal, not for ``--help``, in ``auto`` or ``voice``
    mode, and not when ``auto`` will only print for a running screen reader. A
    speech-dispatcher that has to be started then starts in parallel with the
    loading of the table. True when it was started (or, for ``language``, the
    game's, started already); otherwise a worker :func:`guess_speech_early` started
    is closed.
    """
    if args and args[0] in _COMMAND_NAMES:  # not for okey --help: no settings to look up
        from okey.preferences import BY_KEY

        if args[0] in BY_KEY["speech"].commands:
            return _start_if_speaking(args, settings, language)
    _stop_early()
    return False


def _start_if_speaking(args: Sequence[str], settings: Mapping[str, Value], language: str) -> bool:
    started = False
    if not any(arg in _HELP_OPTIONS for arg in args) and on_a_terminal():
        mode = chosen_speech(args, settings)
        if mode in _SPEAKING_MODES:
            from okey.speech import readers

            started = mode == "voice" or readers.screen_reader() is None
    if started:
        from okey.speech.background import start_early

        start_early(language=language)
    else:
        _stop_early()
    return started


def _stop_early() -> None:
    """Close the worker started early, if there is one (without loading the speech layer)."""
    background = sys.modules.get("okey.speech.background")
    if background is not None:
        background.stop_early()


def main(argv: Sequence[str] | None = None) -> int:
    make_console_safe()
    given, option = take_language(sys.argv[1:] if argv is None else list(argv))
    if asks_version(given):  # before the settings, the catalogue and the speech
        print(version_line())
        return 0
    guess_speech_early(with_default_command(given), option)
    settings, problem = _load_settings()
    if option is not None and option not in LANGUAGES:
        english = load_catalogue(DEFAULT_LANGUAGE)
        said = english.text("cli.bad_language", language=_escaped(option), known=_known())
        return error(said, english)
    # Chosen before the parser is built: its help texts are catalogue texts too.
    catalogue = load_catalogue(choose_language(option, settings, os.environ))
    if problem is not None and given[:1] != ["settings"]:  # okey settings mends the file
        report(Phrase("settings.warning", reason=problem), catalogue)
    if not given and not on_a_terminal():
        # Bare `okey` with no terminal to play in (a pipe, a script, standard input
        # closed): say how to use it, as `okey play` would.
        return error(Phrase("table.cli.no_terminal"), catalogue)
    broken = next((arg for arg in given if not one_line(arg)), None)
    if broken is not None:  # said on one line, never two: the value is refused
        return error(Phrase("cli.line_break", value=_escaped(broken)), catalogue)
    command_line = with_default_command(given)
    start_speech_early(command_line, settings, catalogue.language)
    parser = build_parser(catalogue, settings)
    try:
        args = parser.parse_args(command_line)
    except UsageRefused:
        return USAGE_ERROR
    refused = refused_values(args)
    if refused is not None:
        return error(refused, catalogue)
    args.parser = parser  # a command that starts another (the start menu) parses with it
    try:
        status: int = args.run(args, catalogue)
    except KeyboardInterrupt:
        return 130
    except UsageRefused:  # a command that parses another line (the start menu's choice)
        return USAGE_ERROR
    except BrokenPipeError:
        # The reader went away (okey ... | head): say nothing more, and keep Python
        # from complaining about stdout when it flushes at exit.
        _quiet_stdout()
        return 141
    except OSError as exc:
        if exc.filename is None and exc.errno in _OUTPUT_ERRORS:
            # Standard output is full or gone (okey simulate > /dev/full): said once on
            # standard error, as every failure is.
            _quiet_stdout()
            return error(Phrase("cli.output_failed", reason=_why(exc)), catalogue)
        return _unexpected(exc, catalogue)
    except (Exception, RecursionError) as exc:  # a bug: one line, never a traceback
        return _unexpected(exc, catalogue)
    try:
        sys.stdout.flush()  # what is still buffered fails here, not at exit
    except BrokenPipeError:
        _quiet_stdout()
        return 141
    except OSError as exc:
        _quiet_stdout()
        return error(Phrase("cli.output_failed", reason=_why(exc)), catalogue)
    return status


_LINE_BREAKS = frozenset("\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029")


def one_line(arg: str) -> bool:
    """False for an argument that would break a message in two (a line break of any
    kind): no okey value holds one."""
    return not any(char in _LINE_BREAKS for char in arg)


def _escaped(arg: str, most: int = 60) -> str:
    """An argument as a one-line message quotes it: line breaks escaped, cut."""
    shown = arg.encode("unicode_escape").decode("ascii") if not one_line(arg) else arg
    shown = printable(shown)
    return shown if len(shown) <= most else shown[:most] + "..."


def refused_values(args: argparse.Namespace) -> Phrase | None:
    """What the parser let through but no command could use, said before it runs:
    ``okey hand --table`` is Okey 101's (a classic hand has no table to read)."""
    if getattr(args, "command", None) == "hand" and getattr(args, "table", None) is not None:
        from okey.rules import RulesError, load_rules

        try:
            game = load_rules(args.rules).game
        except RulesError:
            return None  # the command says what is wrong with the rules
        if game != "101":
            return Phrase("cli.table_not_101", rules=_escaped(str(args.rules)))
    return None


DEBUG_VAR = "OKEY_DEBUG"


def _why(exc: OSError) -> str:
    reason = exc.strerror or type(exc).__name__
    return f"{exc.filename}: {reason}" if exc.filename else reason


def _unexpected(exc: BaseException, catalogue: Catalogue) -> int:
    """What no command handled: one line (the traceback only with ``OKEY_DEBUG=1``)."""
    if os.environ.get(DEBUG_VAR):
        raise exc
    if isinstance(exc, OSError):
        return error(Phrase("cli.os_error", reason=_why(exc)), catalogue)
    detail = printable(" ".join(str(exc).split()))[:200]
    report(Phrase("cli.unexpected", kind=type(exc).__name__, detail=detail), catalogue)
    return 1


_OUTPUT_ERRORS = frozenset({errno.ENOSPC, errno.EIO, errno.EPIPE, errno.EFBIG, errno.EBADF})


def _quiet_stdout() -> None:
    """Point standard output at nothing, so Python's flush at exit says nothing more."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())


if __name__ == "__main__":
    sys.exit(main())
