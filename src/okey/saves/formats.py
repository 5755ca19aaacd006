"""The save formats this okey reads and the one it writes: the one place that says so.

- **1**: plain JSON, rounds dealt plainly (okey 0.1's saves; every okey reads it).
- **2**: plain JSON, rounds dealt from stacks with two die throws (a ``dice`` line
  after each deck in the log).
- **3**: kept for the match log's automatic moves (``N auto ...`` lines, issue 16);
  not read by this okey yet.
- **4**: sealed (:mod:`okey.saves.seal`): the readable part in plain JSON, the log
  and the random states encrypted, the whole file authenticated. Every save okey
  writes now is format 4, whatever its deal; its rules say how it is dealt.

Formats 1 and 2 still load (a save from before keeps resuming), but they carry no
seal, so okey says that it cannot tell whether such a file was changed.
"""

from __future__ import annotations

from typing import Final

PLAIN_FORMAT: Final = 1
STACKS_FORMAT: Final = 2
SEALED_FORMAT: Final = 4

READ_FORMATS: Final = frozenset({PLAIN_FORMAT, STACKS_FORMAT, SEALED_FORMAT})
"""Every format this okey opens."""
UNSEALED_FORMATS: Final = frozenset({PLAIN_FORMAT, STACKS_FORMAT})
"""The formats with no seal: read, but not verified."""
WRITTEN_FORMAT: Final = SEALED_FORMAT
"""The format of every save this okey writes."""
NEWEST_FORMAT: Final = max(READ_FORMATS)
"""A save of a higher format is from a newer okey."""
