"""Okey 101's bots: its four levels, and its hard level as the master."""

from __future__ import annotations

import random
from functools import partial

from okey.bots.kit import BotsPart
from okey.bots.level101 import STYLES, Level101
from okey.bots.master import master101


def _level(name: str, rng: random.Random) -> Level101:
    return Level101(rng, name)


PART = BotsPart(levels={name: partial(_level, name) for name in STYLES}, master=master101)
