"""``okey play``: a match at the table against bots, by ear or at the keyboard.

The default command: ``okey`` alone starts a classic match against three
bots at once.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from okey.commands import error, needs_terminal
from okey.errors import Phrase, render
from okey.levels import best_level, level_names
from okey.messages import Catalogue, Verbosity
from okey.numbers import PACE, SEED
from okey.rules import LEAST_TIMER, MOST_TIMER, RulesError, RuleSet, load_rules
from okey.saves import SaveError, saves_dir
from okey.speech import Speaker, add_speech_options, speaker_from_args, terminal_bell
from okey.table.output.welcome import match_welcome
from okey.table.output.words import Words
from okey.table.sorted_hand import SortMode
from okey.table.state.seats import Seats, table_names
from okey.table.state.settings import DEFAULT_PACE, RULES_TIMER, TableSettings
from okey.table.terminal.screens import add_screen_option, chosen_lines

if TYPE_CHECKING:
    from okey.audio import Sounds
    from okey.saves.lock import SaveLock
    from okey.table.controller import Table
    from okey.table.core import Talk
    from okey.table.lines import Speech
    from okey.table.state.session import TableSession

# What a new match needs before its first words is imported above; the engine, the
# bots, the table and the saves' codec are imported only once they have been said
# (``okey play`` speaks within half a second: docs/speech.md, "The first words").

NAME = "play"
HELP_KEY = "table.cli.play"
DEFAULT_LEVEL = "medium"


def configure(parser: argparse.ArgumentParser, catalogue: Catalogue) -> None:
    text = catalogue.text
    parser.add_argument("--rules", default="classic", help=text("table.cli.rules"))
    parser.add_argument(
        "--level",
        metavar="LEVEL",
        help=text("table.cli.level", levels=", ".join(level_names())),
    )
    parser.add_argument("--seed", type=SEED.argument(catalogue), help=text("table.cli.seed"))
    parser.add_argument(
        "--timer",
        metavar="SECONDS",
        help=text("table.cli.timer", least=LEAST_TIMER, most=MOST_TIMER),
    )
    add_name_and_sort(parser, catalogue, checked=True)
    add_pace_and_saves(parser, DEFAULT_PACE, catalogue)
    add_speech_options(parser, catalogue)
    add_screen_option(parser, catalogue)


def add_name_and_sort(
    parser: argparse.ArgumentParser, catalogue: Catalogue, *, checked: bool = False
) -> None:
    """``--name`` and ``--sort``; ``checked``: the name is checked as the settings check it
    (``okey host`` and ``okey join`` check an online name their own way)."""
    text = catalogue.text
    if checked:
        parser.add_argument("--name", type=name_argument(catalogue), help=text("table.cli.name"))
    else:
        parser.add_argument("--name", help=text("table.cli.name"))
    parser.add_argument(
        "--sort",
        choices=[mode.value for mode in SortMode],
        default=SortMode.COLOUR.value,
        help=text("table.cli.sort"),
    )


def name_argument(catalogue: Catalogue) -> Callable[[str], str]:
    """``--name``'s argparse ``type=``: a name as the settings take it (1 to 40 printable
    characters), a refused one said by the parser in the player's words."""

    def name(text: str) -> str:
        from okey.preferences import PreferencesError, check

        try:
            return str(check("name", text))
        except PreferencesError as exc:
            raise argparse.ArgumentTypeError(render(exc, catalogue)) from None

    return name


def add_pace_and_saves(
    parser: argparse.ArgumentParser, pace: float | None, catalogue: Catalogue
) -> None:
    add_pace(parser, pace, catalogue)
    parser.add_argument("--saves", metavar="DIR", help=catalogue.text("table.cli.saves"))


def add_pace(parser: argparse.ArgumentParser, pace: float | None, catalogue: Catalogue) -> None:
    """--pace, defaulting to ``pace`` (None: as the save had it)."""
    text = catalogue.text
    parser.add_argument(
        "--pace",
        type=PACE.argument(catalogue),
        default=pace,
        metavar="SECONDS",
        help=text("table.cli.pace", pace=DEFAULT_PACE)
        if pace is not None
        else text("table.cli.pace_saved"),
    )


def turn_seconds(value: str | None) -> int | None:
    """``--timer``'s value: seconds per turn, or None for the rules' own ("rules", or
    not given); ValueError for anything else."""
    if value is None or value.strip().lower() == RULES_TIMER:
        return None
    seconds = int(value)
    if not LEAST_TIMER <= seconds <= MOST_TIMER:
        raise ValueError(value)
    return seconds


def timed(rules: RuleSet, seconds: int | None) -> RuleSet:
    """``rules`` with turns of ``seconds`` at a table that has a turn timer (a table
    without one keeps none; None: the rules' own). The save keeps the rules so."""
    if seconds is None or not rules.play.timer_seconds:
        return rules
    return replace(rules, play=replace(rules.play, timer_seconds=seconds))


def new_settings(
    rules_name: str,
    players: int,
    level: str,
    args: argparse.Namespace,
    seed: int | None,
    catalogue: Catalogue,
) -> TableSettings:
    """The settings of a new match: the player in seat 0, bots of ``level`` around."""
    you = 0
    names = table_names(players, you, catalogue, args.name)
    return TableSettings(
        rules=rules_name,
        you=you,
        names=list(names),
        levels=["" if seat == you else level for seat in range(players)],
        verbosity=Verbosity(args.verbosity),
        sounds=args.sounds,
        pace=args.pace,
        seed=seed,
        sort_mode=SortMode(args.sort),
    )


def seat_player(
    args: argparse.Namespace,
    build: Callable[[Speaker], Table],
    catalogue: Catalogue,
    *,
    pace: float,
    resumed: bool = False,
    notice: str | None = None,
    welcomed: Speaker | None = None,
) -> int:
    """Open the table ``build`` makes in the terminal, speaking as ``args`` ask, with
    its sounds (``--no-sounds``: off, and no audio device opened); the exit status is 1
    when the table was left with its match unsaved. ``welcomed``: the speaker that has
    said the match's first words already (:func:`say_welcome`)."""
    from okey.table.input.leaving import left_unsaved

    speaker = welcomed if welcomed is not None else make_speaker(args, catalogue)
    if isinstance(speaker, int):
        return speaker
    table = build(speaker)
    if not args.sounds:
        table.settings.sounds = False  # --no-sounds wins over a save's sounds, as B would
    table.voice.use_sounds(table_sounds(args, speaker, table.settings.sounds), table.settings)
    if not resumed and welcomed is None:
        # Said while the screen library is still to load: the table does not say it again.
        with speaker.ahead():
            table.voice.event(first_words(table))
    lines = chosen_lines(args, speaker.mode)
    status = play(table, pace=pace, resumed=resumed, notice=notice, lines=lines)
    return 1 if left_unsaved(table) else status


def make_speaker(args: argparse.Namespace, catalogue: Catalogue) -> Speaker | int:
    """The speaker ``args`` ask for, or the exit status of refusing to seat the player
    (no terminal) or their transcript file."""
    refused = needs_terminal(catalogue)
    if refused is not None:
        return refused
    try:
        return speaker_from_args(args, catalogue)
    except OSError as exc:
        why = Phrase("table.cli.transcript", path=args.transcript, reason=_why(exc))
        return error(why, catalogue)


def say_welcome(speaker: Speaker, rules: RuleSet, settings: TableSettings) -> None:
    """Say a new match's welcome now, before the table has loaded (a blind player hears
    the game start at once); the table, saying it as :meth:`Table.welcome`, does not
    say it again. Worded as the table words it."""
    seats = Seats(rules.table, settings.you, tuple(settings.names))
    line = match_welcome(rules, settings, seats)
    words = Words(seats, settings.verbosity, speaker.catalogue)
    with speaker.ahead():
        speaker.event(line.key, **words.fields(line))


def first_words(table: Table) -> Speech:
    """The first line a new match says (its welcome, or its guide's)."""
    return table.welcome()


def play(
    table: Table,
    *,
    pace: float,
    resumed: bool = False,
    notice: str | None = None,
    lines: bool = False,
) -> int:
    """Run the table in the terminal (:func:`okey.table.terminal.app.play`; ``lines``: in
    line mode), the screen library loaded only now."""
    from okey.table.terminal import app

    return app.play(table, pace=pace, resumed=resumed, notice=notice, lines=lines)


def _why(exc: OSError) -> str:
    return exc.strerror or type(exc).__name__


def table_sounds(args: argparse.Namespace, speaker: Speaker, enabled: bool) -> Sounds:
    """The table's cues, at the volume of the player's settings (``okey settings
    volume``), telling the player through ``speaker`` what went wrong (no device, a bad
    file in their sound pack). The device (and the audio library) opens at the first
    cue; not ``enabled``: not until B."""
    from okey.audio import DEFAULT_VOLUME, Sounds

    volume = int(getattr(args, "volume", DEFAULT_VOLUME))
    return Sounds(
        bell=terminal_bell,
        on_notice=speaker.event,
        enabled=enabled,
        volume=volume,
        at_first_sound=True,
    )


def open_table(
    session: TableSession,
    args: argparse.Namespace,
    catalogue: Catalogue,
    *,
    saved_as: str | None = None,
    autosave_as: str | None = None,
    resumed: bool = False,
    notice: str | None = None,
    match_id: str | None = None,
    held: Sequence[SaveLock] = (),
    welcomed: Speaker | None = None,
    talk: Talk | None = None,
) -> int:
    """Seat the player at ``session``, saved into the saves folder ``args`` name (after
    every turn as ``autosave_as``; None: a free autosave slot). The saves it writes are
    held open first (:meth:`DiskSaver.open`): one another okey has open is refused.
    ``held``: locks taken already (the save resumed), given up when the table closes.
    ``welcomed``: the speaker that has said the match's welcome (:func:`say_welcome`),
    closed here when the table cannot open. ``talk``: the others' words (a story's
    neighbours)."""
    from okey.table.controller import Table
    from okey.table.state.persist import DiskSaver

    if welcomed is None:
        refused = needs_terminal(catalogue)
        if refused is not None:
            return _released(held, refused)
    from okey.saves.paths import check_folder
    from okey.saves.store import clean_folder

    folder = saves_dir(args.saves)
    clean_folder(folder)  # what a writer killed mid-write left (kill -9)
    saver = DiskSaver(session, folder, autosave_as=autosave_as, match_id=match_id)
    try:
        check_folder(folder)  # --saves /dev/null: said now, not at the first save
        saver.open(saved_as)
    except SaveError as exc:
        saver.close()
        if welcomed is not None:
            welcomed.close()
        return _released(held, error(exc, catalogue))

    def build(speaker: Speaker) -> Table:
        table = Table(session, speaker, saver=saver)
        table.saved_as = saved_as  # saving again keeps to this name
        table.talk = talk
        return table

    pace = session.settings.pace
    try:
        status = seat_player(
            args, build, catalogue, pace=pace, resumed=resumed, notice=notice, welcomed=welcomed
        )
    finally:
        written = tuple(saver.locks)  # the saves this table wrote
        saver.close()
        _released(held, 0)
    from okey.commands.tasks import after_table

    after_table(written, folder, args, catalogue)  # the tasks the match completed, said
    return status


def _released(held: Sequence[SaveLock], status: int | None) -> int:
    for lock in held:
        lock.release()
    return status or 0


def run(args: argparse.Namespace, catalogue: Catalogue) -> int:
    text = catalogue.text
    try:
        rules = load_rules(args.rules)
    except RulesError as exc:
        return error(exc, catalogue)
    known = level_names()
    if args.level is not None and args.level not in known:
        return error(
            text("table.cli.no_level", level=args.level, known=", ".join(known)), catalogue
        )
    if args.pace < 0:
        return error(text("table.cli.bad_pace"), catalogue)
    try:
        rules = timed(rules, turn_seconds(args.timer))
    except ValueError:
        return error(text("table.cli.bad_timer", least=LEAST_TIMER, most=MOST_TIMER), catalogue)
    level = best_level(args.level)
    notice = None
    if args.level is None and level != DEFAULT_LEVEL:
        notice = text("table.cli.level_fallback", wanted=DEFAULT_LEVEL, level=level)
    settings = new_settings(args.rules, rules.table.players, level, args, args.seed, catalogue)
    speaker = make_speaker(args, catalogue)
    if isinstance(speaker, int):
        return speaker
    say_welcome(speaker, rules, settings)
    from okey.table.state.session import new_session

    session = new_session(rules, settings)
    return open_table(session, args, catalogue, notice=notice, welcomed=speaker)
