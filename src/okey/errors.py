"""The one error style of the project: a reason and its data, worded only when shown.

Every error okey reports (a refused move, a damaged save, match log, rules or
settings file, a bad tile) is an :class:`OkeyError`: a ``key`` (its reason, the
last part of a catalogue key) and ``fields`` (tiles, numbers, paths, text, or
nested :class:`Phrase` and :class:`OkeyError` values for its causes). Nothing
is worded when it is raised: :func:`okey.errors.render` finds the words in
the player's language at the moment the error is shown, so a damaged file is
reported wholly in the chosen language. This module imports no text: :func:`render`
is given the catalogue, and ``str(error)`` reads the English one that
:mod:`okey.messages` hands over as it loads (:func:`word_in_english_with`).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from enum import StrEnum
from typing import TYPE_CHECKING, ClassVar, Protocol

if TYPE_CHECKING:  # okey.tiles (and its dataclasses) costs okey --help's start: see _word
    from okey.tiles import Tile


class Phrase:
    """Words to be found when shown: a whole catalogue key and its fields.

    A field may be a tile (named with the role ``okey`` gives it, when set: see
    :meth:`naming`), a number, text, a path, or another :class:`Phrase` or
    :class:`OkeyError` (a cause).
    """

    __slots__ = ("fields", "key", "okey")

    def __init__(self, key: str, /, **fields: object) -> None:
        self.key = key
        self.fields: Mapping[str, object] = fields
        self.okey: Tile | None = None

    def naming(self, okey: Tile | None) -> Phrase:
        """This phrase with its tiles named in a round whose okey is ``okey``."""
        self.okey = okey
        return self

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Phrase):
            return NotImplemented
        return (self.key, dict(self.fields), self.okey) == (
            other.key,
            dict(other.fields),
            other.okey,
        )

    def __hash__(self) -> int:
        return hash(self.key)

    def __repr__(self) -> str:
        fields = "".join(f", {name}={value!r}" for name, value in self.fields.items())
        return f"Phrase({self.key!r}{fields})"


class OkeyError(ValueError):
    """An error with a reason and data, worded when it is shown.

    ``key`` is the reason (``reason.value`` for an enum reason); the message is
    the catalogue text ``prefix + key`` with ``fields``. A subclass sets
    ``prefix``, and may give a reason enum and properties for its fields.
    ``okey``, when set, names the round's okey, so that tiles are worded with their
    role. ``str(error)`` words it in English (for tracebacks, logs and debugging);
    what a player is shown is worded by :func:`okey.errors.render` with the
    player's catalogue.
    """

    prefix: ClassVar[str] = ""
    one_line: ClassVar[bool] = False  # the words are folded onto one line when shown

    def __init__(self, reason: StrEnum | str, /, **fields: object) -> None:
        super().__init__(str(reason))
        self.reason = reason
        self.fields: dict[str, object] = fields
        self.okey: Tile | None = None

    @property
    def key(self) -> str:
        """The reason as text: the last part of the catalogue key."""
        return str(self.reason)

    @property
    def phrase(self) -> Phrase:
        """The error's words to be found: its catalogue key and fields."""
        return Phrase(self.prefix + self.key, **self.fields).naming(self.okey)

    def __str__(self) -> str:
        # English, for tracebacks and logs, once okey.messages has given its catalogue;
        # before that (nothing can be worded yet) the reason and its fields
        if _english is None:
            return repr(self)
        return render(self, _english())

    def __repr__(self) -> str:
        fields = "".join(f", {name}={value!r}" for name, value in self.fields.items())
        return f"{type(self).__name__}({self.key!r}{fields})"


class Wording(Protocol):
    """What wording an error asks of a catalogue (``okey.messages.Catalogue`` has it)."""

    def text(self, key: str, /, **fields: object) -> str: ...

    def tile(self, tile: Tile, okey: Tile | None = None) -> str: ...


_english: Callable[[], Wording] | None = None


def word_in_english_with(catalogue: Callable[[], Wording]) -> None:
    """Have ``str()`` of an error word it with ``catalogue()`` (the English catalogue,
    which :mod:`okey.messages` gives as it loads: this module imports no text)."""
    global _english
    _english = catalogue


def render(item: OkeyError | Phrase, catalogue: Wording) -> str:
    """The words of an error (or a phrase) in ``catalogue``'s language. Fields are worded
    as they are found: a phrase or an error in its own words (recursively), a tile by its
    name (with the okey's role when the error knows the okey), an exception from outside
    okey by its own message, a path as written; numbers and text as they are."""
    phrase = item.phrase if isinstance(item, OkeyError) else item
    fields = {name: _word(value, phrase.okey, catalogue) for name, value in phrase.fields.items()}
    words = catalogue.text(phrase.key, **fields)
    if isinstance(item, OkeyError) and item.one_line:
        return " ".join(words.split())
    return words


def _word(value: object, okey: Tile | None, catalogue: Wording) -> object:
    if isinstance(value, OkeyError | Phrase):
        return render(value, catalogue)
    from okey.tiles import Tile  # here: okey --help words errors, never tiles

    if isinstance(value, Tile):
        return catalogue.tile(value, okey)
    if isinstance(value, BaseException | os.PathLike):  # a path: pathlib need not load
        return str(value)
    return value
