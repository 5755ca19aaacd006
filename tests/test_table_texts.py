"""Every text the table says is in the catalogue, in both verbosities where it varies."""

from __future__ import annotations

import re
from pathlib import Path

from okey.engine.events import DrawReason
from okey.engine.traditional import DIE_FACES
from okey.messages import load_catalogue
from okey.rules import load_rules
from okey.table.keys import Topic, menu_commands
from okey.table.state.seats import Place
from okey.table.state.sorting import SectionKind, SortMode

SOURCES = Path(__file__).resolve().parents[1] / "src" / "okey" / "table"
LITERAL = re.compile(r'(?<![f{])"(table\.[a-z_.]+)"')

EN = load_catalogue("en")


def has(key: str) -> bool:
    return EN.has(key)


def test_every_literal_key_exists() -> None:
    missing = []
    for path in sorted(SOURCES.glob("*.py")):
        for key in LITERAL.findall(path.read_text(encoding="utf-8")):
            if not has(key):
                missing.append(f"{path.name}: {key}")
    assert missing == []


def test_every_composed_key_exists() -> None:
    keys = [f"table.sort.{m.value}" for m in SortMode] + [
        f"table.sorted.{m.value}" for m in SortMode
    ]
    keys += [f"table.kind.{k.value}" for k in SectionKind]
    keys += [f"table.where.{p.value}" for p in Place] + [f"table.label.{p.value}" for p in Place]
    keys += [f"table.drawn.{r.value}" for r in DrawReason]
    keys += [f"table.{what}.{who}" for what in ("pairs", "turned") for who in ("you", "other")]
    keys += [f"table.autopilot_{s}.{w}" for s in ("on", "off") for w in ("you", "other")]
    keys += [f"table.round{kind}.you" for kind in ("", ".stacks")]
    keys += [f"table.dice.{who}" for who in ("you", "other")]
    keys += [f"table.help.{topic.value}" for topic in Topic]
    for rules in ("classic", "salon", "partners"):
        keys += [f"table.action.{c.value}" for c in menu_commands(load_rules(rules))]
    assert [key for key in keys if not has(key)] == []


def test_every_die_face_has_an_ordinal() -> None:
    assert [EN.text(f"ordinal.{face}") for face in range(1, DIE_FACES + 1)] == [
        "first",
        "second",
        "third",
        "fourth",
        "fifth",
        "sixth",
    ]
