"""Building a Speaker from the player's settings and the command line."""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable

from okey.messages import CATALOGUE, Catalogue, Verbosity
from okey.speech import readers
from okey.speech.background import BackgroundOutput
from okey.speech.modes import SpeechMode
from okey.speech.outputs import SpeechOutput, open_system_output
from okey.speech.sounds import SoundPlayer, terminal_bell
from okey.speech.speaker import Printer, Speaker, print_line
from okey.speech.transcript import Transcript

OutputFactory = Callable[[], SpeechOutput | None]
"""Finds the speech output for ``auto`` mode; None when nothing speaks."""

ReaderFinder = Callable[[], str | None]
"""Names a running screen reader that reads the terminal; None when there is none."""


def open_background_output() -> SpeechOutput | None:
    """The system output, spoken to from a worker thread so it cannot freeze the game."""
    output = open_system_output()
    return BackgroundOutput(output) if output is not None else None


def make_speaker(
    mode: SpeechMode | str = SpeechMode.AUTO,
    transcript_path: str | os.PathLike[str] | None = None,
    printer: Printer | None = None,
    *,
    verbosity: Verbosity | str = Verbosity.DETAILED,
    sounds: bool = True,
    sound_player: SoundPlayer | None = None,
    output_factory: OutputFactory = open_background_output,
    catalogue: Catalogue = CATALOGUE,
    reader_finder: ReaderFinder | None = None,
    announce: bool = True,
) -> Speaker:
    """The game's Speaker; call before the front end takes the screen.

    In ``auto`` mode a screen reader that reads the terminal (``reader_finder``)
    makes it print only, said once; otherwise, as in ``voice`` mode, the output is
    looked for quietly, and if none speaks the speaker says so once and carries on
    printing. ``announce=False``: those two notices are not said (a speaker made again
    for the same player, who heard them already). Raises ValueError for an unknown
    mode or verbosity and OSError when the transcript cannot be opened.
    """
    mode = SpeechMode(mode)
    verbosity = Verbosity(verbosity)
    transcript = Transcript.open(transcript_path) if transcript_path is not None else None
    find = reader_finder if reader_finder is not None else readers.terminal_screen_reader
    reader = find() if mode is SpeechMode.AUTO else None
    if reader is not None:
        mode = SpeechMode.SCREEN_READER
    elif mode is SpeechMode.VOICE:
        mode = SpeechMode.AUTO  # speaks itself, whatever else is running
    output = output_factory() if mode is SpeechMode.AUTO else None
    speaker = Speaker(
        mode,
        output,
        printer=printer if printer is not None else print_line,
        sound_player=sound_player if sound_player is not None else terminal_bell,
        transcript=transcript,
        verbosity=verbosity,
        sounds=sounds,
        catalogue=catalogue,
    )
    if announce and reader is not None:
        speaker.event("speech.reader_found", reader=reader)
    elif announce and mode is SpeechMode.AUTO and output is None:
        speaker.event("speech.no_route")
    return speaker


def add_speech_options(parser: argparse.ArgumentParser, catalogue: Catalogue = CATALOGUE) -> None:
    """Add --speech, --transcript, --verbosity and --sounds/--no-sounds to a parser."""
    parser.add_argument(
        "--speech",
        choices=[mode.value for mode in SpeechMode],
        default=SpeechMode.AUTO.value,
        help=catalogue.text("cli.speech"),
    )
    parser.add_argument("--transcript", metavar="FILE", help=catalogue.text("cli.transcript"))
    parser.add_argument(
        "--verbosity",
        choices=[verbosity.value for verbosity in Verbosity],
        default=Verbosity.DETAILED.value,
        help=catalogue.text("cli.verbosity"),
    )
    parser.add_argument(
        "--sounds",
        action=argparse.BooleanOptionalAction,
        default=True,
        help=catalogue.text("cli.sounds"),
    )


def speaker_from_args(
    args: argparse.Namespace,
    printer: Printer | None = None,
    *,
    sound_player: SoundPlayer | None = None,
    output_factory: OutputFactory = open_background_output,
) -> Speaker:
    """The Speaker for options added by ``add_speech_options``."""
    return make_speaker(
        args.speech,
        args.transcript,
        printer,
        verbosity=args.verbosity,
        sounds=args.sounds,
        sound_player=sound_player,
        output_factory=output_factory,
        announce=not getattr(args, "announced", False),
    )
