"""Errors in words: the one place an :class:`okey.errors.OkeyError` is worded.

:func:`render` asks the catalogue it is given for nothing but a template's text
(``text(key, **fields)``) and a tile's name (``tile(tile, okey)``), so it knows
nothing of how the catalogue is stored or chosen.
Fields are worded as they are found: a :class:`~okey.errors.Phrase` or an
error in its own words (recursively), a tile by its name (with the okey's role
when the error knows the okey), an exception from outside okey by its own
message, a path as written; numbers and text as they are.
"""

from __future__ import annotations

from pathlib import PurePath

from okey.errors import OkeyError, Phrase
from okey.hand.tiles import Tile
from okey.messages import DEFAULT_LANGUAGE, Catalogue, load_catalogue


def render(item: OkeyError | Phrase, catalogue: Catalogue) -> str:
    """The words of an error (or a phrase) in ``catalogue``'s language."""
    phrase = item.phrase if isinstance(item, OkeyError) else item
    fields = {name: _word(value, phrase.okey, catalogue) for name, value in phrase.fields.items()}
    words = catalogue.text(phrase.key, **fields)
    if isinstance(item, OkeyError) and item.one_line:
        return " ".join(words.split())
    return words


def _word(value: object, okey: Tile | None, catalogue: Catalogue) -> object:
    if isinstance(value, OkeyError | Phrase):
        return render(value, catalogue)
    if isinstance(value, Tile):
        return catalogue.tile(value, okey)
    if isinstance(value, BaseException):
        return str(value)
    if isinstance(value, PurePath):
        return str(value)
    return value


def render_now(item: OkeyError | Phrase) -> str:
    """The words in English, for ``str(error)``: tracebacks, logs and debugging. What a
    player is shown is worded by :func:`render` with the player's catalogue."""
    return render(item, load_catalogue(DEFAULT_LANGUAGE))
