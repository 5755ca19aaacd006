"""The save formats this okey reads and the one it writes: the one place that says so.

- **1**: plain JSON, rounds dealt plainly (okey 0.1's saves; every okey reads it).
- **2**: plain JSON, rounds dealt from stacks with two die throws (a ``dice`` line
  after each deck in the log).
- **3**: plain JSON whose log writes the moves made for a timed-out seat (``N auto
  ...`` lines, issue 16): an okey before them would make those moves again by its own
  rule and get another match, so it calls the save newer. Its rules say how it was dealt.
- **4**: sealed (:mod:`okey.saves.seal`): the readable part in plain JSON, the log
  and the random states encrypted, the whole file authenticated. Every save okey
  writes now is format 4, whatever its deal; its rules say how it is dealt.

Formats 1, 2 and 3 still load (a save from before keeps resuming), but they carry no
seal, so okey says that it cannot tell whether such a file was changed.
"""

from __future__ import annotations

from typing import Final

PLAIN_FORMAT: Final = 1
STACKS_FORMAT: Final = 2
AUTO_FORMAT: Final = 3
SEALED_FORMAT: Final = 4

READ_FORMATS: Final = frozenset({PLAIN_FORMAT, STACKS_FORMAT, AUTO_FORMAT, SEALED_FORMAT})
"""Every format this okey opens."""
UNSEALED_FORMATS: Final = frozenset({PLAIN_FORMAT, STACKS_FORMAT, AUTO_FORMAT})
"""The formats with no seal: read, but not verified."""
WRITTEN_FORMAT: Final = SEALED_FORMAT
"""The format of every save this okey writes."""
NEWEST_FORMAT: Final = max(READ_FORMATS)
"""A save of a higher format is from a newer okey."""
