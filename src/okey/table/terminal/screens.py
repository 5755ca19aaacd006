"""Which front end the terminal gets: the full-screen table or the line mode.

``--screen`` (and the ``screen`` setting): ``auto`` gives the line mode when the game
only prints for a screen reader that reads the terminal (``--speech screen-reader``,
or ``auto`` speech that found one running), else the full screen; ``lines`` and
``full`` choose one whatever the speech. Light: it loads no screen library, so a
command adds the option before its first words.
"""

from __future__ import annotations

import argparse
from enum import StrEnum

from okey.messages import Catalogue
from okey.speech.modes import SpeechMode

OPTION = "--screen"


class Screen(StrEnum):
    """The ``--screen`` choices."""

    AUTO = "auto"
    FULL = "full"
    LINES = "lines"


def add_screen_option(parser: argparse.ArgumentParser, catalogue: Catalogue) -> None:
    parser.add_argument(
        OPTION,
        choices=[screen.value for screen in Screen],
        default=Screen.AUTO.value,
        help=catalogue.text("cli.screen"),
    )


def uses_lines(screen: str | None, speech: SpeechMode) -> bool:
    """Whether the terminal gets the line mode: ``screen`` as chosen (None: ``auto``),
    ``speech`` the mode the speaker found (a screen reader found is SCREEN_READER)."""
    match Screen(screen or Screen.AUTO):
        case Screen.LINES:
            return True
        case Screen.FULL:
            return False
        case Screen.AUTO:
            return speech is SpeechMode.SCREEN_READER


def chosen_lines(args: argparse.Namespace, speech: SpeechMode) -> bool:
    """:func:`uses_lines` for a command's options (one without ``--screen``: auto)."""
    return uses_lines(getattr(args, "screen", None), speech)
