"""Saying a few lines outside the table: printed, spoken and kept in the transcript, as
the table would (the story's ending, the tasks done, ``okey tasks``)."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from okey.commands import words_of
from okey.errors import Phrase
from okey.messages import Catalogue
from okey.speech import speaker_from_args


def say(args: argparse.Namespace, catalogue: Catalogue, lines: Sequence[Phrase]) -> None:
    """Say ``lines`` through the speaker ``args`` ask for (only printed when it cannot
    be opened)."""
    if not lines:
        return
    args.announced = True  # the speech route is said once, by the first speaker
    try:
        speaker = speaker_from_args(args, catalogue)
    except OSError:
        for line in lines:
            print(words_of(line, catalogue))
        return
    try:
        for line in lines:
            speaker.event_text(words_of(line, catalogue))
    finally:
        speaker.close()
