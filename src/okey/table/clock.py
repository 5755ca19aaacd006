"""The turn clock of a timed table: the deadline, the 10-second warning, the time left.

The engine has no clock; it accepts a ``TimeOut`` when the front end says the
time ran out. Times are plain seconds from a monotonic clock passed in.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import Enum

WARNING_AT = 10  # seconds left when the warning is spoken


class Tick(Enum):
    NOTHING = "nothing"
    WARNING = "warning"
    EXPIRED = "expired"


@dataclass
class TurnClock:
    """One turn's deadline (None: not running)."""

    seconds: int
    deadline: float | None = None
    warned: bool = False

    @property
    def running(self) -> bool:
        return self.deadline is not None

    def start(self, now: float) -> None:
        self.deadline = now + self.seconds
        self.warned = self.seconds <= WARNING_AT

    def stop(self) -> None:
        self.deadline = None

    def left(self, now: float) -> int:
        """Whole seconds left, rounded up (0 once expired or stopped)."""
        if self.deadline is None:
            return 0
        return max(0, math.ceil(self.deadline - now))

    def tick(self, now: float) -> Tick:
        """What happens at ``now``: the warning once, then the expiry once."""
        if self.deadline is None:
            return Tick.NOTHING
        if now >= self.deadline:
            self.deadline = None
            return Tick.EXPIRED
        if not self.warned and self.deadline - now <= WARNING_AT:
            self.warned = True
            return Tick.WARNING
        return Tick.NOTHING

    def wait(self, now: float) -> float | None:
        """Seconds until the next tick that matters (None: nothing to wait for)."""
        if self.deadline is None:
            return None
        if not self.warned:
            return max(0.0, self.deadline - WARNING_AT - now)
        return max(0.0, self.deadline - now)
