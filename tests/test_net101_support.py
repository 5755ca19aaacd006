"""Helpers for the Okey 101 network tests: a one-round 101 table, 101 bots as clients.

(No tests here; pytest collects nothing from this module.)
"""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

from test_net_support import CODE, play

from okey.engine.events import MatchOver
from okey.games.okey101.levels import make_bot101
from okey.net.client import Client, play_as_bot
from okey.net.table import TableConfig, online_rules
from okey.rules import RuleSet, load_rules, rules_dir

__all__ = ["CODE", "config101", "one_round_101", "play", "play101", "rules_file_101"]


def one_round_101() -> RuleSet:
    """Okey 101's rules for a match of one round (the shipped ones play five)."""
    rules = load_rules("101")
    own = rules.okey101
    assert own is not None
    return replace(
        rules,
        table=replace(rules.table, rounds=1),
        okey101=replace(own, table=replace(own.table, rounds=1)),
    )


def config101(
    *, timer: int | None = 30, seed: int = 1, level: str = "medium", code: str = CODE
) -> TableConfig:
    return TableConfig(online_rules(one_round_101(), timer), code, level=level, seed=seed)


async def play101(
    client: Client, seed: int, start_with: int | None = None, think: float = 0.0
) -> MatchOver | None:
    """Play the client's seat with the 101 medium bot, from the View101s it is sent."""
    bot = make_bot101("medium", random.Random(seed))
    return await play_as_bot(client, bot, start_with=start_with, think=think)


def rules_file_101(folder: Path) -> Path:
    """A rules file for ``--rules``: Okey 101 in one round."""
    text = (rules_dir() / "101.toml").read_text(encoding="utf-8")
    assert "rounds = 5" in text
    path = folder / "101-one.toml"
    path.write_text(text.replace("rounds = 5", "rounds = 1"), encoding="utf-8")
    return path
