"""How big the slow exhaustive checks run (the tests marked ``slow``).

Their full size with ``OKEY_TESTS_FULL=1`` (CI sets it on one interpreter) or the thorough
hypothesis profile; a smaller one otherwise, so that ``uv run pytest`` stays quick. Only
the number of examples or rounds changes, never what a check asserts.
(No tests here; pytest collects nothing from this module.)
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TypeVar

import pytest
from hypothesis import settings

T = TypeVar("T", bound=Callable[..., object])

FULL = (
    os.environ.get("OKEY_TESTS_FULL", "") not in ("", "0")
    or os.environ.get("OKEY_HYPOTHESIS_PROFILE", "default") != "default"
)


def sized(full: int, quick: int) -> int:
    """``full`` when the slow checks run at their full size, else ``quick``."""
    return full if FULL else quick


def exhaustive(quick: int) -> Callable[[T], T]:
    """Mark a hypothesis test ``slow``: the profile's examples at full size, else ``quick``
    (put it above ``@given``, on a test with no ``@settings`` of its own)."""

    def mark(test: T) -> T:
        marked: T = pytest.mark.slow(test)
        if FULL:
            return marked
        smaller: T = settings(max_examples=quick)(marked)
        return smaller

    return mark
