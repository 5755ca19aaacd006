"""The table's settings: what a save keeps besides the match itself.

Everything here round-trips through a plain dict (``to_dict``/``from_dict``)
so that it fits the free ``settings`` blob of a save.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any

from okey.messages import Verbosity
from okey.table.sorting import SortMode

DEFAULT_PACE = 1.2  # seconds between bot moves, so that a listener can follow
HINTS = 3  # the master's hints in one match


@dataclass
class TableSettings:
    """Who plays, how the table talks and sorts; the match is kept elsewhere."""

    rules: str = "classic"
    you: int = 0
    names: list[str] = field(default_factory=list)
    levels: list[str] = field(default_factory=list)  # per seat; "" for the player's seat
    sort_mode: str = SortMode.COLOUR.value
    verbosity: str = Verbosity.DETAILED.value
    sounds: bool = True
    okey_warning: bool = True
    pace: float = DEFAULT_PACE
    seed: int | None = None
    hints_left: int = HINTS

    @property
    def sort(self) -> SortMode:
        return SortMode(self.sort_mode)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TableSettings:
        """Settings from a dict; unknown keys are ignored, missing keys take defaults.

        Raises ValueError for a value the table cannot use."""
        known = {f.name for f in fields(cls)}
        values = {key: value for key, value in data.items() if key in known}
        settings = cls(**values)
        settings.names = [str(name) for name in settings.names]
        settings.levels = [str(level) for level in settings.levels]
        SortMode(settings.sort_mode)
        Verbosity(settings.verbosity)
        if type(settings.hints_left) is not int or not 0 <= settings.hints_left <= HINTS:
            raise ValueError(f"hints_left must be a whole number from 0 to {HINTS}")
        return settings
