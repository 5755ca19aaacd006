"""Classic Okey's bots: the levels of :mod:`okey.bots`, and the hard bot as the master."""

from __future__ import annotations

import random

from okey.bots import LEVELS
from okey.bots.hard import HardBot
from okey.bots.kit import BotsPart


def _master() -> HardBot:
    return HardBot(random.Random(0))


PART = BotsPart(levels=LEVELS, master=_master)
