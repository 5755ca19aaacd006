"""Random states that can be saved: ``random.Random`` to JSON and back.

A match shuffles with its own ``random.Random`` and every bot decides with its
own one, so that a save can hold their states and a resumed match goes on
exactly as it would have. ``secrets.SystemRandom`` has no state to save, so
real play uses :func:`new_rng` (a Mersenne Twister seeded from ``secrets``):
as unpredictable as the system source to anyone at the table, and saveable.
"""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass

MT_WORDS = 624  # the Mersenne Twister's state words; one more number is the position
MT_VERSION = 3  # what random.Random.getstate() reports as its state version
SEED_BITS = 128


def new_rng() -> random.Random:
    """A fresh ``random.Random`` seeded from the system's secure source."""
    return random.Random(secrets.randbits(SEED_BITS))


@dataclass(frozen=True, slots=True)
class RngState:
    """A ``random.Random`` state: ``getstate()`` as plain numbers.

    ``internal`` is the 624 state words and the position (625 whole numbers);
    ``gauss_next`` is the cached second value of ``random.gauss`` (or None).
    """

    version: int
    internal: tuple[int, ...]
    gauss_next: float | None = None

    @classmethod
    def of(cls, rng: random.Random) -> RngState | None:
        """The state of ``rng``; None for a source with no state (``SystemRandom``)."""
        try:
            version, internal, gauss_next = rng.getstate()
        except NotImplementedError:
            return None
        return cls(int(version), tuple(int(word) for word in internal), gauss_next)

    def problem(self) -> str | None:
        """Why this cannot be a state of ``random.Random``, or None when it can."""
        if self.version != MT_VERSION:
            return f"version {self.version}, not {MT_VERSION}"
        if len(self.internal) != MT_WORDS + 1:
            return f"{len(self.internal)} numbers, not {MT_WORDS + 1}"
        if any(not 0 <= word < 2**32 for word in self.internal[:MT_WORDS]):
            return "a state word outside 0..2**32-1"
        if not 0 <= self.internal[MT_WORDS] <= MT_WORDS:
            return f"a position outside 0..{MT_WORDS}"
        return None

    def make(self) -> random.Random:
        """A new ``random.Random`` in this state (ValueError for an impossible state)."""
        problem = self.problem()
        if problem is not None:
            raise ValueError(problem)
        rng = random.Random()
        rng.setstate((self.version, self.internal, self.gauss_next))
        return rng


def restore_rng(state: RngState | None) -> random.Random:
    """The generator a save's state describes; a fresh :func:`new_rng` when there is none."""
    return new_rng() if state is None else state.make()
