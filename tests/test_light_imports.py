"""The light names the first words need stand for the real things: the bot levels,
the saves package's names (loaded on first use) and the sorted hand's types."""

from __future__ import annotations

import json
import subprocess
import sys

import okey.saves
import okey.table.state.sorting
from okey.bots import LEVELS, available_levels
from okey.levels import LEVEL_NAMES, PREFERRED_LEVELS, best_level, level_names
from okey.table import sorted_hand


def test_the_level_names_are_the_bots_levels_weakest_first() -> None:
    assert tuple(LEVELS) == LEVEL_NAMES
    assert available_levels() == level_names() == sorted(LEVELS)
    assert set(PREFERRED_LEVELS) == set(LEVEL_NAMES)


def test_the_best_level_is_the_one_asked_for_else_medium() -> None:
    assert best_level("hard") == "hard"
    assert best_level(None) == "medium"
    assert best_level("grandmaster") == "medium"


def test_every_name_of_the_saves_package_loads_on_first_use() -> None:
    assert set(okey.saves._HOMES) == set(okey.saves.__all__)
    for name in okey.saves.__all__:
        assert getattr(okey.saves, name) is not None
        assert name in dir(okey.saves)


def test_an_unknown_name_of_the_saves_package_is_an_attribute_error() -> None:
    try:
        getattr(okey.saves, "no_such_thing")  # noqa: B009
    except AttributeError as exc:
        assert "no_such_thing" in str(exc)
    else:
        raise AssertionError("no AttributeError")


def test_the_saves_paths_load_without_the_codec() -> None:
    script = (
        "import json, sys\nfrom okey.saves import SaveError, saves_dir\n"
        "import okey.saves.lock, okey.saves.atomic\nprint(json.dumps(sorted(sys.modules)))"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=True
    )
    modules = json.loads(result.stdout)
    assert "okey.saves.paths" in modules
    assert not [name for name in modules if name.startswith(("okey.saves.codec", "okey.engine"))]


def test_the_sorted_hands_types_are_the_same_under_both_names() -> None:
    assert okey.table.state.sorting.SortMode is sorted_hand.SortMode
    assert okey.table.state.sorting.SortedHand is sorted_hand.SortedHand
    assert okey.table.state.sorting.Section is sorted_hand.Section
    assert okey.table.state.sorting.SectionKind is sorted_hand.SectionKind
