"""The message history on its own: review point, edges, limit."""

from __future__ import annotations

import pytest

from okey.speech import Edge, History, HistoryRead


def filled(*texts: str, limit: int = 100) -> History:
    history = History(limit)
    for text in texts:
        history.append(text)
    return history


def test_empty_history_reads_nothing() -> None:
    history = History()
    assert history.older() == HistoryRead(None)
    assert history.newer() == HistoryRead(None)
    assert history.oldest() == HistoryRead(None)
    assert history.newest() == HistoryRead(None)
    assert history.position is None


def test_walk_to_the_oldest_and_back() -> None:
    history = filled("a", "b", "c")
    assert history.older() == HistoryRead("c", None, 3)
    assert history.older() == HistoryRead("b", None, 2)
    assert history.older() == HistoryRead("a", None, 1)
    assert history.older() == HistoryRead("a", Edge.OLDEST, 1)
    assert history.newer() == HistoryRead("b", None, 2)
    assert history.newer() == HistoryRead("c", None, 3)
    assert history.newer() == HistoryRead("c", Edge.NEWEST, 3)
    assert history.older() == HistoryRead("b", None, 2)


def test_single_message_is_both_ends() -> None:
    history = filled("only")
    assert history.older() == HistoryRead("only", None, 1)
    assert history.older() == HistoryRead("only", Edge.OLDEST, 1)
    assert history.newer() == HistoryRead("only", Edge.NEWEST, 1)


def test_jumps_are_marked_with_their_edge() -> None:
    history = filled("a", "b", "c")
    assert history.oldest() == HistoryRead("a", Edge.OLDEST, 1)
    assert history.newer() == HistoryRead("b", None, 2)
    assert history.newest() == HistoryRead("c", Edge.NEWEST, 3)
    assert history.older() == HistoryRead("b", None, 2)


def test_append_returns_to_the_live_end() -> None:
    history = filled("a", "b")
    history.oldest()
    assert history.position == 0
    history.append("c")
    assert history.position is None
    assert history.older().text == "c"


def test_limit_keeps_the_newest() -> None:
    history = filled("a", "b", "c", "d", limit=3)
    assert history.entries == ("b", "c", "d")
    assert len(history) == 3
    assert history.oldest() == HistoryRead("b", Edge.OLDEST, 1)


def test_limit_must_be_positive() -> None:
    with pytest.raises(ValueError):
        History(0)
