"""Building a Speaker from the player's settings and the command line."""

from __future__ import annotations

import argparse
import functools
import os
from collections.abc import Callable

from okey.messages import Catalogue, Verbosity
from okey.speech import readers
from okey.speech.background import open_background_output
from okey.speech.modes import SpeechMode
from okey.speech.outputs import Probe, SpeechOutput
from okey.speech.speaker import Printer, Speaker, print_line
from okey.speech.transcript import Transcript
from okey.speech.utterance import Message

OutputFactory = Callable[[], SpeechOutput | Probe | None]
"""Finds the speech output for ``auto`` mode: an output, or None when nothing speaks,
or a :class:`Probe` that also carries what to tell the player."""

ReaderFinder = Callable[[], str | None]
"""Names a running screen reader that reads the terminal; None when there is none."""

__all__ = [
    "OutputFactory",
    "ReaderFinder",
    "add_speech_options",
    "make_speaker",
    "open_background_output",
    "speaker_from_args",
]


def _probe(found: SpeechOutput | Probe | None) -> Probe:
    return found if isinstance(found, Probe) else Probe(found)


def _reader_notice(reader: str) -> Message:
    if reader == readers.UNNAMED:
        return Message.of("speech.reader_unnamed")
    return Message.of("speech.reader_found", reader=reader)


def make_speaker(
    mode: SpeechMode | str = SpeechMode.AUTO,
    transcript_path: str | os.PathLike[str] | None = None,
    printer: Printer | None = None,
    *,
    verbosity: Verbosity | str = Verbosity.DETAILED,
    sounds: bool = True,
    catalogue: Catalogue,
    output_factory: OutputFactory | None = None,
    reader_finder: ReaderFinder | None = None,
    announce: bool = True,
) -> Speaker:
    """The game's Speaker; call before the front end takes the screen.

    In ``auto`` mode a screen reader that reads the terminal (``reader_finder``;
    by default ``readers.screen_reader``: Orca, Fenrir or speakup on Linux, NVDA,
    JAWS or another on Windows, VoiceOver on macOS) makes it print only, said once;
    otherwise, as in ``voice`` mode, the output is looked for on its own thread for
    at most about 2 s, and if none speaks (or none answers in time) the speaker says
    so once and carries on printing. ``announce=False``: those notices are not said
    (a speaker made again for the same player, who heard them already). Raises
    ValueError for an unknown mode or verbosity and OSError when the transcript
    cannot be opened.
    """
    mode = SpeechMode(mode)
    verbosity = Verbosity(verbosity)
    transcript = Transcript.open(transcript_path) if transcript_path is not None else None
    find = reader_finder if reader_finder is not None else readers.screen_reader
    reader = find() if mode is SpeechMode.AUTO else None
    if reader is not None:
        mode = SpeechMode.SCREEN_READER
    elif mode is SpeechMode.VOICE:
        mode = SpeechMode.AUTO  # speaks itself, whatever else is running
    if output_factory is None:
        output_factory = functools.partial(open_background_output, language=catalogue.language)
    probe = _probe(output_factory()) if mode is SpeechMode.AUTO else Probe(None)
    output = probe.output
    speaker = Speaker(
        mode,
        output,
        printer=printer if printer is not None else print_line,
        transcript=transcript,
        verbosity=verbosity,
        sounds=sounds,
        catalogue=catalogue,
    )
    notices = probe.notices
    if reader is not None:
        notices = (_reader_notice(reader),)
    elif mode is SpeechMode.AUTO and output is None and not notices:
        notices = (Message.of("speech.no_route"),)
    if announce:
        for notice in notices:
            speaker.say(notice)
    return speaker


def add_speech_options(parser: argparse.ArgumentParser, catalogue: Catalogue) -> None:
    """Add --speech, --transcript, --verbosity and --sounds/--no-sounds to a parser."""
    parser.add_argument(
        "--speech",
        choices=[mode.value for mode in SpeechMode],
        default=SpeechMode.AUTO.value,
        help=catalogue.text("cli.speech.platforms"),
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
    catalogue: Catalogue,
    printer: Printer | None = None,
    *,
    output_factory: OutputFactory | None = None,
) -> Speaker:
    """The Speaker for options added by ``add_speech_options``, in ``catalogue``'s
    language."""
    return make_speaker(
        args.speech,
        args.transcript,
        printer,
        verbosity=args.verbosity,
        sounds=args.sounds,
        catalogue=catalogue,
        output_factory=output_factory,
        announce=not getattr(args, "announced", False),
    )
