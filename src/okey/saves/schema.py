"""The table's settings in a save, checked before anything uses them.

A save's ``settings`` are the table's own (:class:`okey.table.state.settings.TableSettings`
as a dict) and, for a table server, its ``net`` part. Every key the table reads is
checked here for its type and range, numbers through the one number checker
(:mod:`okey.numbers`), so that a save with ``"you": "0"`` or ``"pace": "fast"`` is
refused as damaged when it is read, never a TypeError later. Texts (seat names) are
made printable. Keys okey does not know are kept as they are (a newer okey's), and
used by nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from okey.numbers import HINTS, PACE, SEED, NumberError, NumberProblem, NumberRule
from okey.textfiles import printable

MAX_TEXT: Final = 100
"""The longest name or level a save's settings may hold."""


class SettingsRefused(Exception):
    """A setting of a save that cannot be used: ``field`` and what is wrong (``kind``:
    the type it must be, or ``number``: the number checker's error)."""

    def __init__(self, field: str, kind: str | None = None, number: NumberError | None = None):
        super().__init__(field)
        self.field = field
        self.kind = kind
        self.number = number


Check = Callable[[str, Any, int], Any]


def _text(field: str, value: Any, players: int) -> str:
    if not isinstance(value, str) or len(value) > MAX_TEXT:
        raise SettingsRefused(field, "text")
    return printable(value)


def _switch(field: str, value: Any, players: int) -> bool:
    if not isinstance(value, bool):
        raise SettingsRefused(field, "bool")
    return value


def _texts(field: str, value: Any, players: int) -> list[str]:
    if not isinstance(value, list) or len(value) > players:
        raise SettingsRefused(field, "texts")
    return [_text(f"{field}[]", item, players) for item in value]


def _number(rule: NumberRule, *, whole: bool = False, null: bool = False) -> Check:
    def check(field: str, value: Any, players: int) -> Any:
        if value is None and null:
            return None
        if isinstance(value, str):  # the checker takes text from a command line, not here
            raise SettingsRefused(field, "whole" if whole else "number")
        try:
            return rule.whole_number(value) if whole else rule.check(value)
        except NumberError as exc:
            raise SettingsRefused(field, number=exc) from None

    return check


def _seat(field: str, value: Any, players: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise SettingsRefused(field, "whole")
    if not 0 <= value < players:
        seats = NumberRule(field, 0, players - 1, whole=True)
        raise SettingsRefused(field, number=seats.refuse(NumberProblem.RANGE, value))
    return value


def _object(field: str, value: Any, players: int) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise SettingsRefused(field, "object")
    return value


TABLE_SETTINGS: Final[dict[str, Check]] = {
    "rules": _text,
    "you": _seat,
    "names": _texts,
    "levels": _texts,
    "sort_mode": _text,
    "verbosity": _text,
    "sounds": _switch,
    "okey_warning": _switch,
    "talk": _switch,
    "pace": _number(PACE),
    "seed": _number(SEED, whole=True, null=True),
    "hints_left": _number(HINTS, whole=True),
    "net": _object,  # a table server's own part, checked by okey.net.persist
}
"""Each setting the table reads and its check; other keys are kept as they are."""


def checked_settings(settings: dict[str, Any], players: int) -> dict[str, Any]:
    """``settings`` with every known key checked (texts made printable);
    :class:`SettingsRefused` for the first that cannot be used."""
    checked = dict(settings)
    for key, check in TABLE_SETTINGS.items():
        if key in settings:
            checked[key] = check(f"settings.{key}", settings[key], players)
    return checked
