"""Golden files: what a change of structure must leave exactly as it was.

- Seeded ``okey simulate --log`` runs over every rule set write byte-identical match
  logs and the same report (timings aside): their SHA-256 are kept in
  ``golden/simulate.json``.
- Seeded tables played by a fixed policy of keys (``golden_table.py``) say the same
  words, in the same order, with the same interruptions: ``golden/transcript-*.txt``.

When behaviour changes on purpose, write the files anew and read the difference
before committing it::

    OKEY_GOLDEN_WRITE=1 uv run pytest tests/test_golden.py
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import os
from pathlib import Path

import pytest
from golden_table import new_table, play_by_keys

from okey.cli import main
from okey.messages import load_catalogue

GOLDEN = Path(__file__).parent / "golden"
WRITE = os.environ.get("OKEY_GOLDEN_WRITE") == "1"
TIMINGS = ("seconds", "rounds_per_second", "decision_ms")

# rule set: (seats, rounds, seed)
SIMULATIONS = {
    "classic": ("hard,medium,easy,random", 14, 3),
    "short": ("medium,easy,medium,easy", 12, 4),
    "salon": ("easy,hard,random,medium", 12, 5),
    "partners": ("medium,random,medium,easy", 12, 6),
    "duel": ("medium,easy,hard,easy", 12, 7),
    "two-player": ("hard,easy", 8, 8),
    "three-rounds": ("random,easy,medium,hard", 7, 9),
    "one-round": ("easy,medium,easy,random", 5, 10),
    "traditional": ("medium,hard,easy,random", 12, 11),
}

# name: (rules, seed, timeouts, language)
TRANSCRIPTS = {
    "classic": ("classic", 11, 0, "en"),
    "salon": ("salon", 5, 3, "en"),
    "partners": ("partners", 3, 0, "en"),
    "traditional": ("traditional", 8, 0, "en"),
    "classic-tr": ("classic", 12, 0, "tr"),
}


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _simulate(rules: str, folder: Path) -> dict[str, str]:
    seats, rounds, seed = SIMULATIONS[rules]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(
            [
                "simulate",
                "--rules",
                rules,
                "--seats",
                seats,
                "--rounds",
                str(rounds),
                "--seed",
                str(seed),
                "--log",
                str(folder),
                "--json",
            ]
        )
    assert code == 0
    report = json.loads(out.getvalue())
    for key in TIMINGS:
        report.pop(key)
    found = {"report": _sha(json.dumps(report, sort_keys=True).encode())}
    for log in sorted(folder.iterdir()):
        found[log.name] = _sha(log.read_bytes())
    return found


@pytest.mark.parametrize("rules", sorted(SIMULATIONS))
def test_seeded_simulations_write_the_same_logs(rules: str, tmp_path: Path) -> None:
    path = GOLDEN / "simulate.json"
    golden = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    found = _simulate(rules, tmp_path)
    if WRITE:
        golden[rules] = found
        path.write_text(json.dumps(golden, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        return
    assert found == golden[rules]


@pytest.mark.parametrize("name", sorted(TRANSCRIPTS))
def test_a_seeded_table_played_by_keys_says_the_same(name: str) -> None:
    rules, seed, timeouts, language = TRANSCRIPTS[name]
    played = new_table(rules, seed, ("medium", "easy", "hard"), load_catalogue(language))
    play_by_keys(played, rounds=2, seed=seed, timeouts=timeouts)
    transcript = played.transcript()
    path = GOLDEN / f"transcript-{name}.txt"
    if WRITE:
        path.write_text(transcript, encoding="utf-8")
        return
    assert transcript == path.read_text(encoding="utf-8")
