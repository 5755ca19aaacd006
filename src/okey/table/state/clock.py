"""The turn clock of a timed table: the deadline, the 10-second warning, the time left.

The engine has no clock; it accepts a ``TimeOut`` when the front end says the
time ran out. Times are plain seconds from a monotonic clock passed in.

The time is the player's, not the game's: a turn's clock is *armed* when the turn
begins and starts only once the game has said what it had to say (the front end
knows when the voice is quiet) or the player presses a key. Reading the help or the
rules stops it and arms it again with the time that was left; the Escape menu holds
it while it is open. The warning is said once in each phase of the turn (the draw,
the discard): at 10 seconds left, or at once when a phase begins with less.
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
    """One turn's time: stopped, armed (waiting to start), held, or running to a deadline."""

    seconds: int
    deadline: float | None = None  # running
    left_over: float | None = None  # armed or held: the seconds still to run
    held: bool = False  # the Escape menu holds it (it does not start while held)
    warned: bool = False  # in this phase

    @property
    def running(self) -> bool:
        return self.deadline is not None

    @property
    def armed(self) -> bool:
        """Waiting for the game's words to be heard (or a key) to start."""
        return self.left_over is not None and not self.held

    @property
    def waiting(self) -> bool:
        """Armed or held: a turn's time is kept, not running."""
        return self.left_over is not None

    def begin(self) -> None:
        """A turn begins: armed with the whole time."""
        self.deadline = None
        self.left_over = float(self.seconds)
        self.held = False
        self.warned = self.seconds <= WARNING_AT

    def start(self, now: float) -> None:
        """Start an armed clock (nothing else changes)."""
        if self.armed:
            assert self.left_over is not None
            self.deadline = now + self.left_over
            self.left_over = None

    def pause(self, now: float, *, hold: bool = False) -> None:
        """Stop a running clock and arm it again with the time left (``hold``: until
        :meth:`release`)."""
        if self.deadline is not None:
            self.left_over = max(0.0, self.deadline - now)
            self.deadline = None
        if hold and self.left_over is not None:
            self.held = True

    def release(self) -> None:
        """The hold ends: armed again."""
        self.held = False

    def new_phase(self) -> None:
        """The turn moved on (drawn: now the discard): its warning is said again."""
        self.warned = self.seconds <= WARNING_AT

    def stop(self) -> None:
        self.deadline = None
        self.left_over = None
        self.held = False

    def left(self, now: float) -> int:
        """Whole seconds left, rounded up (0 once expired or stopped)."""
        if self.deadline is None:
            return math.ceil(self.left_over) if self.left_over is not None else 0
        return max(0, math.ceil(self.deadline - now))

    def tick(self, now: float) -> Tick:
        """What happens at ``now``: the warning once a phase, then the expiry once."""
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
