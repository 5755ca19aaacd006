"""Okey 101's own table commands: marking, laying, adding, browsing the table and pairs
(2 lays pairs here; the help's line for announcing pairs is classic Okey's)."""

from __future__ import annotations

from okey.rules import RuleSet
from okey.table.keys import Command, GameKeys, Topic


def _always(rules: RuleSet) -> bool:
    del rules
    return True


PART = GameKeys(
    offered={
        command: _always
        for command in (
            Command.MARK,
            Command.LAY,
            Command.ADD,
            Command.BROWSE,
            Command.PAIRS,
            Command.TILE_COUNTS,
        )
    },
    unsaid=frozenset({Topic.PAIRS}),
)
