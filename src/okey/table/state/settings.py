"""The table's settings: what a save keeps besides the match itself.

The settings are typed (a :class:`~okey.table.state.sorting.SortMode`, a
:class:`~okey.messages.Verbosity`) and round-trip through the plain dict of a save's
``settings`` blob (``to_dict``/``from_dict``), written as it always was: the sort
mode and verbosity by their names, so saves from before load and new saves read the
same.

They are the one owner of the player's verbosity and sounds: the table changes them
here and tells the speaker (:mod:`okey.table.output.voice`), never the other way round.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from okey.messages import Verbosity
from okey.table.sorted_hand import SortMode

DEFAULT_PACE = 1.2  # seconds between bot moves, so that a listener can follow
HINTS = 3  # the master's hints in one match
RULES_TIMER = "rules"  # the turn timer the rules give
TIMER_CHOICES = (RULES_TIMER, "30", "45", "60", "90", "120")
"""The ``timer`` setting's values: the rules' own, or seconds per turn (``okey play
--timer`` takes any from 5 to 600)."""


@dataclass
class TableSettings:
    """Who plays, how the table talks and sorts; the match is kept elsewhere."""

    rules: str = "classic"
    you: int = 0
    names: list[str] = field(default_factory=list)
    levels: list[str] = field(default_factory=list)  # per seat; "" for the player's seat
    sort_mode: SortMode = SortMode.COLOUR
    verbosity: Verbosity = Verbosity.DETAILED
    sounds: bool = True
    okey_warning: bool = True
    talk: bool = True  # a story's neighbours speak at the table (V silences them)
    pace: float = DEFAULT_PACE
    seed: int | None = None
    hints_left: int = HINTS

    def to_dict(self) -> dict[str, Any]:
        """The save's blob: every field, the enums by their names."""
        data: dict[str, Any] = {}
        for item in fields(self):
            value = getattr(self, item.name)
            if isinstance(value, SortMode | Verbosity):
                value = value.value
            elif isinstance(value, list):
                value = list(value)
            data[item.name] = value
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TableSettings:
        """Settings from a dict; unknown keys are ignored, missing keys take defaults.

        Raises ValueError for a value the table cannot use."""
        known = {f.name for f in fields(cls)}
        values = {key: value for key, value in data.items() if key in known}
        settings = cls(**values)
        settings.names = [str(name) for name in settings.names]
        settings.levels = [str(level) for level in settings.levels]
        settings.sort_mode = SortMode(settings.sort_mode)
        settings.verbosity = Verbosity(settings.verbosity)
        if type(settings.hints_left) is not int or not 0 <= settings.hints_left <= HINTS:
            raise ValueError(f"hints_left must be a whole number from 0 to {HINTS}")
        return settings
