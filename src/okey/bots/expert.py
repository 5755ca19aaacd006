"""Classic Okey's expert level: the hard bot's play under the expert's name.

Every game has every level of :data:`okey.levels.LEVEL_NAMES`. Okey 101's expert is
its own (:mod:`okey.games.okey101.expert`); at classic Okey the hard bot is the best
there is, so the expert plays as it until classic has its own (docs/bots.md).
"""

from __future__ import annotations

from okey.bots.hard import HardBot


class ExpertBot(HardBot):
    """Classic Okey's expert: the hard level's play."""

    name = "expert"
