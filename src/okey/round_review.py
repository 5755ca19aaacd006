"""The review's types under their old name: they live in :mod:`okey.review.round` (and
import from :mod:`okey.review`)."""

from __future__ import annotations

from okey.review.round import Decision as Decision
from okey.review.round import DecisionKind as DecisionKind
from okey.review.round import RoundReview as RoundReview
from okey.review.round import Summary as Summary
