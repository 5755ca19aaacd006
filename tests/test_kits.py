"""The game kit: every game gives every part the layers ask of it, and nothing outside a
game's folder imports the folder (only okey.kits reaches it, by name)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from okey import kits
from okey.bots.kit import BotsPart
from okey.commands.hand_kit import HandPart
from okey.commands.simulate_kit import SimulatePart
from okey.engine.games.base import GameEngine
from okey.review.kit import ReviewPart
from okey.rules import RulesPart
from okey.table.keys import GameKeys
from okey.table.kit import TablePart
from okey.table.output.hint import HintPart
from okey.table.output.narration import TableWordsPart
from okey.tasks.kit import TasksPart
from okey.tutorial.kit import TutorialPart
from okey.wire.kit import NetPart
from okey.words_kit import WordsPart

PARTS: dict[str, type[object]] = {
    "rules": RulesPart,
    "engine": GameEngine,
    "bots": BotsPart,
    "review": ReviewPart,
    "words": WordsPart,
    "simulate": SimulatePart,
    "hand": HandPart,
    "net": NetPart,
    "tutorial": TutorialPart,
    "keys": GameKeys,
    "table": TablePart,
    "table_words": TableWordsPart,
    "hint": HintPart,
    "tasks": TasksPart,
}
"""The parts every game gives (a game with moves of its own also gives ``review_words``)."""

SOURCE = Path(__file__).resolve().parent.parent / "src" / "okey"
GAMES = SOURCE / "games"
IMPORT = re.compile(r"^\s*(?:from|import)\s+okey\.games\b", re.MULTILINE)
TYPING = re.compile(r"^if TYPE_CHECKING:.*?(?=^\S)", re.MULTILINE | re.DOTALL)
"""An import for type checking only loads nothing (okey.rules names 101's sections so)."""

STILL_REACHING: frozenset[str] = frozenset()
"""Modules outside the games that still import a game's folder (none)."""


@pytest.mark.parametrize("game", kits.game_names())
@pytest.mark.parametrize("name", sorted(PARTS))
def test_every_game_gives_every_part(game: str, name: str) -> None:
    assert isinstance(kits.part(game, name, PARTS[name]), PARTS[name])


def test_an_unknown_game_is_a_key_error() -> None:
    with pytest.raises(KeyError):
        kits.part("backgammon", "engine", GameEngine)


def test_nothing_outside_a_game_s_folder_imports_it() -> None:
    reaching = {
        str(path.relative_to(SOURCE))
        for path in SOURCE.rglob("*.py")
        if GAMES not in path.parents
        and IMPORT.search(TYPING.sub("", path.read_text(encoding="utf-8")))
    }
    assert reaching == STILL_REACHING


def test_no_game_s_folder_imports_another_s() -> None:
    for folder in (path for path in GAMES.iterdir() if path.is_dir()):
        others = {other.name for other in GAMES.iterdir() if other.is_dir()} - {folder.name}
        for path in folder.rglob("*.py"):
            text = path.read_text(encoding="utf-8")
            for other in others:
                assert not re.search(rf"okey\.games\.{other}\b", text), (path, other)


def test_no_101_module_outside_its_folder() -> None:
    named = [
        str(path.relative_to(SOURCE))
        for path in SOURCE.rglob("*101*.py")
        if GAMES / "okey101" not in path.parents
    ]
    assert named == []
