"""The old module names that plug-in bots may import still give the same modules."""

from __future__ import annotations

import importlib

import pytest

from okey.legacy import new_name


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("okey.engine.okey101", "okey.games.okey101"),
        ("okey.engine.okey101.view", "okey.games.okey101.view"),
        ("okey.engine.okey101.actions", "okey.games.okey101.actions"),
        ("okey.engine.games.okey", "okey.games.okey"),
        ("okey.engine.games.okey.round", "okey.games.okey.round"),
        ("okey.rules101", "okey.games.okey101.sections"),
        ("okey.bots.level101", "okey.games.okey101.levels"),
        ("okey.bots.example101", "okey.games.okey101.example"),
        ("okey.bots.guard101", "okey.bots.plugins"),
        ("okey.review101", "okey.games.okey101.review"),
        ("okey.round_review", "okey.review.round"),
    ],
)
def test_an_old_name_is_the_module_at_its_new_place(old: str, new: str) -> None:
    assert new_name(old) == new
    assert importlib.import_module(old) is importlib.import_module(new)


def test_a_name_that_did_not_move_is_left_alone() -> None:
    assert new_name("okey.engine.games") is None
    assert new_name("okey.engine.okey1010") is None


def test_a_moved_class_is_one_class_under_both_names() -> None:
    from okey.games.okey101.actions import Open

    old = importlib.import_module("okey.engine.okey101.actions")
    assert old.Open is Open
