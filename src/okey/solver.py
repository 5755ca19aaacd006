"""The old name of :mod:`okey.hand.solver`, kept so that plug-in bots written against
the first ``docs/bots.md`` still load; new code imports ``okey.hand.solver``."""

from okey.hand.solver import *  # noqa: F403
