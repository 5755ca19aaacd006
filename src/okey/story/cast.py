"""Who plays when: the neighbours, the five evenings, the Masters' Table, the titles.

Everything here is an id; the catalogue names it (``story.name.<id>``,
``story.title.<id>``). The player sits in seat 0; at the Masters' Table the partner
sits opposite (seat 2), as partners do.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

NEIGHBOURS: Final = ("gulsum", "sevket", "deniz", "sabri", "hilmi", "nazmiye")
"""The six neighbours of the five evenings."""

EVENINGS: Final[tuple[tuple[str, str, str], ...]] = (
    ("gulsum", "sevket", "deniz"),
    ("sevket", "sabri", "deniz"),
    ("gulsum", "hilmi", "sabri"),
    ("deniz", "nazmiye", "hilmi"),
    ("sabri", "hilmi", "nazmiye"),
)
"""Each evening's three neighbours, in seats 1, 2 and 3."""

MASTERS: Final[tuple[str, str, str]] = ("rustem", "nazmiye", "mualla")
"""The Masters' Table in seats 1, 2 and 3: Auntie Nazmiye, opposite, is the partner."""

EVENING_RULES: Final = "short"
MASTERS_RULES: Final = "partners"

TITLES: Final = ("newcomer", "neighbour", "regular", "sharp", "seasoned", "master")
"""The title after each number of evenings won (none won: Newcomer; all five: Okey Master)."""
LEGEND: Final = "legend"
"""The title the first win at the Masters' Table brings."""


@dataclass(frozen=True, slots=True)
class Stage:
    """Where the story stands: an evening (1 to 5) or the Masters' Table (``evening``
    None)."""

    evening: int | None

    @property
    def masters(self) -> bool:
        return self.evening is None

    @property
    def cast(self) -> tuple[str, str, str]:
        """The neighbours in seats 1, 2 and 3."""
        return MASTERS if self.evening is None else EVENINGS[self.evening - 1]

    @property
    def rules(self) -> str:
        return MASTERS_RULES if self.evening is None else EVENING_RULES

    @property
    def key(self) -> str:
        """The stage in a save's name: ``evening3``, ``masters``."""
        return "masters" if self.evening is None else f"evening{self.evening}"


def stage_after(evenings_won: int) -> Stage:
    """The stage open once ``evenings_won`` evenings are won."""
    if evenings_won >= len(EVENINGS):
        return Stage(None)
    return Stage(evenings_won + 1)


def stage_of_key(key: str) -> Stage | None:
    """The stage a save's name gives (None: not a story's)."""
    if key == "masters":
        return Stage(None)
    if key.startswith("evening") and key[7:].isdigit():
        number = int(key[7:])
        if 1 <= number <= len(EVENINGS):
            return Stage(number)
    return None


def title_of(evenings_won: int, legend: bool) -> str:
    """The player's title."""
    if legend:
        return LEGEND
    return TITLES[min(evenings_won, len(TITLES) - 1)]
