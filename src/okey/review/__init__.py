"""What would the master have done? One seat's decisions in a round, set beside the master's.

One loop for every game (:mod:`okey.review.loop`) replays the record and asks the
game's judge (:class:`okey.review.kit.ReviewPart`, from the game's folder) at each
move of the reviewed seat; the judge asks the master (:func:`okey.bots.master_of`)
from that seat's view at that moment. The result is a :class:`RoundReview` per round
(:mod:`okey.review.round`), which the table, the network and ``okey review`` read.
"""

from __future__ import annotations

import importlib
from typing import Any

from okey import kits
from okey.review.kit import ReviewPart as ReviewPart
from okey.review.loop import review_log as review_log
from okey.review.loop import review_match as review_match
from okey.review.loop import review_record as review_record
from okey.review.round import Decision as Decision
from okey.review.round import DecisionKind as DecisionKind
from okey.review.round import RoundReview as RoundReview
from okey.review.round import Summary as Summary

_OKEY_JUDGE = ("judge", "same_decision", "win_points")
"""Classic Okey's judge, here before each game had its folder (now its module ``review``)."""


def __getattr__(name: str) -> Any:
    if name in _OKEY_JUDGE:
        return getattr(importlib.import_module(f"{kits.PACKAGES['okey']}.review"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
