"""The one checker for numbers okey is given: on the command line, in the settings file,
in a save, in a rules file.

Every number from outside is checked by a :class:`NumberRule`: a whole number or
not, the smallest and largest value. ``nan``, ``inf`` and ``1e308`` are refused
wherever they are given (a pace of ``inf`` would keep the bots from ever moving, and
JSON cannot hold it), as are true and false, text that is no number, and a whole
number of thousands of digits. A :class:`NumberError` says which number, what was
given and the range, worded when shown.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, ClassVar, Final

from okey.errors import OkeyError, render

if TYPE_CHECKING:
    from okey.messages import Catalogue

MOST_DIGITS: Final = 30
"""A number written with more characters than this is refused before it is converted."""


class NumberProblem(StrEnum):
    """What is wrong with a number (words: ``number.error.<value>``)."""

    NOT_A_NUMBER = "not_a_number"
    NOT_WHOLE = "not_whole"
    RANGE = "range"


class NumberError(OkeyError):
    """A number that cannot be used: ``name`` (the option or field), ``value`` (as given,
    shortened) and ``low``/``high``, the range (as text)."""

    prefix: ClassVar[str] = "number.error."
    one_line: ClassVar[bool] = True

    def __init__(self, reason: NumberProblem | str, /, **fields: object) -> None:
        super().__init__(NumberProblem(reason), **fields)


def _shown(value: object) -> str:
    text = repr(value) if not isinstance(value, str) else value
    text = "".join(char if char.isprintable() else "?" for char in text)
    return text if len(text) <= MOST_DIGITS else text[:MOST_DIGITS] + "..."


def _word(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


@dataclass(frozen=True, slots=True)
class NumberRule:
    """A number okey takes from outside: its name, whether it is whole, its range."""

    name: str
    low: float
    high: float
    whole: bool = False

    def refuse(self, problem: NumberProblem, value: object) -> NumberError:
        return NumberError(
            problem,
            name=self.name,
            value=_shown(value),
            low=_word(self.low),
            high=_word(self.high),
        )

    def check(self, value: object) -> float:
        """``value`` (a number, or text from the command line or a file) as a float in
        the range; :class:`NumberError` otherwise. A whole rule wants a whole value."""
        if isinstance(value, bool) or not isinstance(value, int | float | str):
            raise self.refuse(NumberProblem.NOT_A_NUMBER, value)
        if isinstance(value, str):
            text = value.strip()
            if not text or not text.isascii():  # float() reads Arabic-Indic and fullwidth digits
                raise self.refuse(NumberProblem.NOT_A_NUMBER, value)
            if len(text) > MOST_DIGITS:
                long_number = _looks_whole(text)
                raise self.refuse(
                    NumberProblem.RANGE if long_number else NumberProblem.NOT_A_NUMBER, value
                )
            try:
                number = float(int(text)) if _looks_whole(text) else float(text)
            except (ValueError, OverflowError):
                raise self.refuse(NumberProblem.NOT_A_NUMBER, value) from None
        elif isinstance(value, int):
            if not -(10**MOST_DIGITS) < value < 10**MOST_DIGITS:
                raise self.refuse(NumberProblem.RANGE, value)
            number = float(value)
        else:
            number = value
        if not math.isfinite(number):
            raise self.refuse(NumberProblem.NOT_A_NUMBER, value)
        if self.whole and not number.is_integer():
            raise self.refuse(NumberProblem.NOT_WHOLE, value)
        if not self.low <= number <= self.high:
            raise self.refuse(NumberProblem.RANGE, value)
        return number

    def whole_number(self, value: object) -> int:
        """``value`` checked (:meth:`check`) as a whole number in the range."""
        number = self.check(value)
        if not number.is_integer():
            raise self.refuse(NumberProblem.NOT_WHOLE, value)
        if isinstance(value, int) and not isinstance(value, bool):
            return value  # exactly, even beyond a float's 53 bits
        if isinstance(value, str) and _looks_whole(value.strip()):
            return int(value.strip())
        return int(number)

    def argument(self, catalogue: Catalogue | None = None) -> Callable[[str], float | int]:
        """An argparse ``type=`` for this number: a refused value is said by the parser,
        worded by ``catalogue`` (the player's language; English when none is given)."""

        def parse(text: str) -> float | int:
            try:
                return self.whole_number(text) if self.whole else self.check(text)
            except NumberError as exc:
                said = render(exc, catalogue) if catalogue is not None else str(exc)
                raise argparse.ArgumentTypeError(said) from None

        parse.__name__ = self.name
        return parse


def _looks_whole(text: str) -> bool:
    body = text[1:] if text[:1] in "+-" else text
    return body.isdigit() and body.isascii()


PACE: Final = NumberRule("pace", 0.0, 60.0)
"""Seconds between the bots' moves."""
SEED: Final = NumberRule("seed", -(2**63), 2**63 - 1, whole=True)
ROUNDS: Final = NumberRule("rounds", 1, 1_000_000, whole=True)
"""``okey simulate --rounds``."""
JOBS: Final = NumberRule("jobs", 1, 256, whole=True)
"""``okey simulate --jobs``: processes playing matches side by side."""
SEAT: Final = NumberRule("seat", -(10**6), 10**6, whole=True)
"""A seat from the command line: a bounded whole number, then checked against the table."""
HINTS: Final = NumberRule("hints_left", 0, 3, whole=True)
SCORE: Final = NumberRule("score", -(10**6), 10**6, whole=True)
ROUND: Final = NumberRule("round", 0, 10**6, whole=True)
"""A round number (0 before the first deal)."""
LOG_NUMBER: Final = NumberRule("number", -(10**9), 10**9, whole=True)
"""A number in a match log (a seat, a round, a score)."""
