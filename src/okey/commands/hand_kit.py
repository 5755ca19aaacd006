"""What ``okey hand`` asks of a game (its module ``hand``'s ``PART``).

The command is written once (its options, the single hand, the batch, the words
around them); a game's part gives the options only it reads and tells one hand:
its figures as JSON and its own sentences, said after the indicator and the tiles.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from okey.messages import Catalogue
from okey.rules import RuleSet
from okey.tiles import Tile


@dataclass(frozen=True)
class Told:
    """One hand told by its game: the indicator and tiles (named by the command),
    its figures as JSON and the game's sentences about it (none when only the JSON is
    printed: wording every tile through the catalogue was half of a batch's time)."""

    indicator: Tile
    tiles: Sequence[Tile]
    data: dict[str, Any]
    sentences: Sequence[str]


Teller = Callable[[str, str | Sequence[str]], Told]
"""Tells the hand of an indicator and tiles as written (``r5``; ``r1 r2`` or its words);
a hand that cannot be told raises an :class:`okey.errors.OkeyError` saying why."""


@dataclass(frozen=True)
class HandPart:
    """A game's part of ``okey hand``: ``add_arguments`` adds the options only it reads
    (every game's are on the command line), ``teller`` makes the teller of one run from
    the command line, the rule set and the player's catalogue (one teller tells every
    hand of a batch)."""

    add_arguments: Callable[[argparse.ArgumentParser], None]
    teller: Callable[[argparse.Namespace, RuleSet, Catalogue], Teller]
