"""The save formats this okey reads and the one it writes: the one place that says so.

- **1**: plain JSON, rounds dealt plainly (okey 0.1's saves; every okey reads it).
- **2**: plain JSON, rounds dealt from stacks with two die throws (a ``dice`` line
  after each deck in the log).
- **3**: plain JSON whose log writes the moves made for a timed-out seat (``N auto
  ...`` lines, issue 16): an okey before them would make those moves again by its own
  rule and get another match, so it calls the save newer. Its rules say how it was dealt.
- **4**: sealed (:mod:`okey.saves.seal`): the readable part in plain JSON, the log
  and the random states encrypted, the whole file authenticated. Every Okey save okey
  writes now is format 4, whatever its deal; its rules say how it is dealt.
- **5**: format 4 for a game other than Okey (Okey 101: its rules say ``game``). An
  okey that reads format 4 but not 101 would refuse such a save as damaged rules ("no
  game called 101"); a format it does not know is what it calls newer, which is the
  truth: update okey to open it. (okey 0.1, which reads format 1 only, says so of
  format 4 already.) Saves of 101 written as format 4 before format 5 still load.

Formats 1, 2 and 3 still load (a save from before keeps resuming), but they carry no
seal, so okey says that it cannot tell whether such a file was changed.
"""

from __future__ import annotations

from typing import Final

from okey.rules import DEFAULT_GAME

PLAIN_FORMAT: Final = 1
STACKS_FORMAT: Final = 2
AUTO_FORMAT: Final = 3
SEALED_FORMAT: Final = 4
GAME_FORMAT: Final = 5

READ_FORMATS: Final = frozenset(
    {PLAIN_FORMAT, STACKS_FORMAT, AUTO_FORMAT, SEALED_FORMAT, GAME_FORMAT}
)
"""Every format this okey opens."""
UNSEALED_FORMATS: Final = frozenset({PLAIN_FORMAT, STACKS_FORMAT, AUTO_FORMAT})
"""The formats with no seal: read, but not verified."""
SEALED_FORMATS: Final = frozenset({SEALED_FORMAT, GAME_FORMAT})
"""The formats with a seal (their layout is the same)."""
WRITTEN_FORMAT: Final = SEALED_FORMAT
"""The format of every Okey save this okey writes (:func:`written_format`)."""


def written_format(game: str) -> int:
    """The format okey writes a save of ``game`` in: 4 for Okey, 5 for another game, so
    that an okey that does not know that game calls the save newer."""
    return SEALED_FORMAT if game == DEFAULT_GAME else GAME_FORMAT


NEWEST_FORMAT: Final = max(READ_FORMATS)
"""A save of a higher format is from a newer okey."""
