"""Helpers for the speech tests: accessible-output2's ``Auto`` and a clock, faked."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


class FakeAuto:
    """Auto's shape: a list of outputs; the first active one speaks."""

    def __init__(self, outputs: Sequence[Any]) -> None:
        self.outputs = list(outputs)

    def speak(self, text: str, interrupt: bool = False) -> None:
        for output in self.outputs:
            if output.is_active():
                output.speak(text, interrupt)
                return


class FakeClock:
    """A clock that moves only when the test moves it (``now``)."""

    def __init__(self, now: float = 100.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now
