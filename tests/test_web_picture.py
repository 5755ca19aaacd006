"""The page's picture, kept part by part with its words remembered (okey.web.page's
caches, and the catalogue's), is always the picture worked out afresh: after every key
and every bot's move of a round played by keys, in both languages, alone and with a partner."""

from __future__ import annotations

from typing import Any

import pytest
from golden_table import new_table, play_by_keys

from okey.messages import load_catalogue
from okey.table.controller import Table
from okey.table.input.racking import focus_line
from okey.web.page import Picture, actions, board, table_state


def fresh_names(table: Table) -> list[str]:
    """Each tile's name as the terminal reads it with the focus there, worded anew."""
    rack = table.rack
    words = table.words()
    kept = rack.focus
    names = []
    for index in range(rack.count):
        rack.focus = index
        names.append(words.say(focus_line(table, with_kind=False)))
    rack.focus = kept
    return names


def fresh(table: Table) -> dict[str, Any]:
    state = table_state(table, [], actions(table), board(table))
    del state["rack"]
    return state


@pytest.mark.parametrize(("rules", "language"), [("classic", "tr"), ("partners", "en")])
def test_the_kept_picture_is_the_picture_afresh(rules: str, language: str) -> None:
    played = new_table(rules, 5, ("random",) * 3, load_catalogue(language))
    table = played.table
    picture = Picture()
    checked = [0]

    def check() -> None:
        picture.changes(table)
        sent = picture.sent
        if table.leaving or table.state.seen is None:
            return
        assert [item["name"] for item in sent["rack"]] == fresh_names(table)
        now = fresh(table)
        assert {name: sent[name] for name in now} == now
        checked[0] += 1

    def after(act: Any) -> Any:
        def acted(*args: Any, **kwargs: Any) -> Any:
            done = act(*args, **kwargs)
            check()
            return done

        return acted

    table.press = after(table.press)  # type: ignore[method-assign]
    table.play_bot = after(table.play_bot)  # type: ignore[method-assign]
    play_by_keys(played, rounds=1, seed=3)
    assert checked[0] > 50
