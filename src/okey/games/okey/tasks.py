"""Classic Okey's part of the tasks: every event it has is read by :mod:`okey.tasks.facts`."""

from __future__ import annotations

from okey.tasks.kit import TasksPart

PART = TasksPart()
