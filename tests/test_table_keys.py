"""Any key at any moment, at every table: an answer, never a crash; nothing said twice."""

from __future__ import annotations

import random

import pytest
from test_table_rig import make_rig, no_repeats

from okey.table.keys import KEYMAP
from okey.table.session import Step

KEYS = [*sorted(set(KEYMAP) - {"c-c", "q", "Q", "c-s"}), "z", "f5", "c-x", "tab"]
TABLES = ["classic", "partners", "duel", "two-player", "salon", "short"]


@pytest.mark.parametrize("rules", TABLES)
def test_random_keys_at_random_moments(rules: str) -> None:
    clock = [0.0]
    rig = make_rig(rules=rules, seed=TABLES.index(rules), dealer=0, now=lambda: clock[0])
    table = rig.table
    rng = random.Random(rules)
    table.begin()
    for _ in range(400):
        step = table.session.step()
        if step is Step.MATCH_OVER:
            break
        if step is Step.BOT and rng.random() < 0.7:
            table.play_bot()
            continue
        if step is Step.AUTOPILOT and rng.random() < 0.5:
            table.play_autopilot()
            continue
        clock[0] += rng.choice([0.1, 1.0, 5.0])
        table.tick()
        before = len(rig.said)
        table.press(rng.choice(KEYS))
        assert len(rig.said) > before or table.leaving, rig.said[-3:]
    events = [text for text, interrupt in rig.output.spoken if not interrupt]
    assert no_repeats(events) == []
    assert not any("Something went wrong" in text for text in rig.said)
