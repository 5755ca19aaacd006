"""Today's hand: one round whose deal is the same for every player on a given day.

The day's seed comes from the date alone, so two players anywhere get the
same deal, the same first dealer and bots that answer the same moves the same
way. The hand is kept as the save ``daily-YYYY-MM-DD``: one attempt a day,
picked up again if it was left unfinished.
"""

from __future__ import annotations

import hashlib
from datetime import date
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from okey.messages import Catalogue

DAILY_RULES = "one-round"
DAILY_LEVEL = "medium"
SAVE_PREFIX = "daily-"


def daily_seed(day: date) -> int:
    """The seed of ``day``'s hand (stable across machines and versions)."""
    digest = hashlib.sha256(f"okey daily {day.isoformat()}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


def save_name(day: date) -> str:
    """The name of ``day``'s save."""
    return f"{SAVE_PREFIX}{day.isoformat()}"


def parse_day(text: str) -> date:
    """A date written YYYY-MM-DD; ValueError for anything else."""
    parts = text.strip().split("-")
    if len(parts) != 3 or [len(part) for part in parts] != [4, 2, 2]:
        raise ValueError(text)
    return date.fromisoformat(text.strip())


def today() -> date:
    """The local date (a function, so that tests can fix it)."""
    return date.today()


def spoken_date(day: date, catalogue: Catalogue) -> str:
    """``day`` as it is said: "30 November 2026"."""
    months = [month.strip() for month in catalogue.text("daily.month").split(",")]
    return catalogue.text("daily.date", day=day.day, month=months[day.month - 1], year=day.year)
