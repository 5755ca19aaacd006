"""The start menu's first words come before the engine, the saves' reader, the daily
command, asyncio and the screen library load (issue 29): in a fresh interpreter."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

HEAVY = (
    "asyncio",
    "ssl",
    "prompt_toolkit",
    "miniaudio",
    "okey.engine",
    "okey.saves.store",
    "okey.saves.codec",
    "okey.commands.daily",
    "okey.commands.play",
    "okey.table.state.menu",
)

FIRST_WORDS = """
import json, sys
from okey import cli
from okey.commands import menu
from okey.daily import today
from okey.messages import load_catalogue
from okey.speech import Speaker, SpeechMode
from okey.startmenu import say_welcome

en = load_catalogue("en")
args = cli.build_parser(en).parse_args(["menu", "--saves", sys.argv[1], "--speech", "off"])
said = []
speaker = Speaker(SpeechMode.OFF, printer=said.append, catalogue=en)
say_welcome(speaker, [choice for choice, _ in menu.choices(args, today(), en)])
print(json.dumps({"said": said, "modules": sorted(sys.modules)}))
"""


def first_words(folder: Path) -> tuple[list[str], list[str]]:
    result = subprocess.run(
        [sys.executable, "-c", FIRST_WORDS, str(folder)],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    found = json.loads(result.stdout)
    return found["said"], found["modules"]


@pytest.mark.parametrize("folder", ["missing", "empty", "dailies"])
def test_the_first_words_need_nothing_heavy_when_no_match_is_saved(
    tmp_path: Path, folder: str
) -> None:
    saves = tmp_path / "saves"
    if folder != "missing":
        saves.mkdir()
    if folder == "dailies":  # an old day's hand has no item of its own: nothing to read
        (saves / "daily-2020-01-01.json").write_text("{}", encoding="utf-8")
    said, modules = first_words(saves)
    assert said == [
        "Okey. Up and Down choose, Enter starts, Q leaves. "
        "New match: classic table, medium bots, 1 of 7."
    ]
    assert [name for name in modules if name.startswith(HEAVY)] == []


def test_a_saved_match_is_read_before_the_first_words_as_before(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    saves.mkdir()
    (saves / "autosave.json").write_text("not a save", encoding="utf-8")
    said, modules = first_words(saves)  # a damaged save is not offered
    assert said[0].endswith("1 of 7.")
    assert "okey.saves.store" in modules
