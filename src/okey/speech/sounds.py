"""The terminal bell: what rings for a cue when there is no audio device.

The cues themselves are :class:`okey.audio.Cue`, played by :class:`okey.audio.Sounds`,
which rings a bell like this one (a full-screen front end gives its own) when it has no
device to play them on.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

Bell = Callable[[], None]
"""Rings a bell (prompt_toolkit's front end: ``app.output.bell``)."""


def terminal_bell() -> None:
    """Ring the terminal bell."""
    sys.stdout.write("\a")
    sys.stdout.flush()
