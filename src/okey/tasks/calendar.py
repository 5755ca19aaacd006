"""Which tasks a day has and which challenge a week has: from the date alone.

Like the daily hand's seed (:func:`okey.daily.daily_seed`), the draw hashes the date,
so every player on a date has the same three tasks and every player in a week the
same challenge, on any machine and across versions that keep :data:`KINDS`' order.
"""

from __future__ import annotations

import hashlib
import random
from datetime import date, timedelta
from typing import Final

from okey.tasks.kinds import KINDS, Kind, Place

PER_DAY: Final = 3


def _rng(label: str) -> random.Random:
    digest = hashlib.sha256(f"okey tasks {label}".encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


def week_of(day: date) -> date:
    """The Monday that begins ``day``'s week."""
    return day - timedelta(days=day.weekday())


def week_key(day: date) -> str:
    """``day``'s week as ISO writes it: ``2026-W49``."""
    year, week, _ = day.isocalendar()
    return f"{year}-W{week:02d}"


def day_tasks(day: date) -> tuple[Kind, ...]:
    """``day``'s three tasks (never this week's challenge, never twice the same, at most
    one of Okey 101's, so that a day's tasks can all be done at classic Okey but one)."""
    challenge = week_challenge(day)
    pool = [kind for kind in KINDS if kind is not challenge]
    chosen: list[Kind] = []
    for kind in _rng(f"day {day.isoformat()}").sample(pool, len(pool)):
        other_game = kind.place is Place.OKEY101
        if other_game and any(done.place is Place.OKEY101 for done in chosen):
            continue
        chosen.append(kind)
        if len(chosen) == PER_DAY:
            break
    return tuple(chosen)


def week_challenge(day: date) -> Kind:
    """The challenge of ``day``'s week."""
    pool = [kind for kind in KINDS if kind.challenge]
    return _rng(f"week {week_key(day)}").choice(pool)
