"""End to end: the real ``okey tutorial`` and ``okey tutorial 101`` in a private tmux
server, each whole lesson played with keys (Tab skipping one step), read back from the
transcript."""

from __future__ import annotations

import shlex
from collections.abc import Callable
from pathlib import Path

import pytest
from test_e2e_tmux import okey_command, said_as, text, tmux, wait_for
from test_tutorial_lesson import KEYS_BY_STEP

from okey.games.okey import tutorial_deal as deal
from okey.games.okey101 import tutorial_deal as deal101
from okey.messages import load_catalogue
from okey.tutorial.kit import tutorial_part

__all__ = ["tmux"]  # the fixture, shared with the play test

TMUX_NAMES = {"right": "Right", "down": "Down", "end": "End", "enter": "Enter", "escape": "Escape"}
"""prompt_toolkit's key names as tmux send-keys spells them (a letter is itself)."""
SKIPPED = 8  # whose turn: Tab skips it

KEYS_101 = {  # tmux send-keys names, step by step (the rack is sorted by colour)
    "close": ["0"],
    "open": ["g", "y"],
    "spare": ["Home", "Enter"],  # red 1 is the first of red 1, blue 6, black 11, yellow 2, 3, 8
    "browse": ["3"],
    "browse_more": ["Down", "3"],
    "take": ["t"],
    "lay": ["Tab"],  # skipped: the lay is made for you
    "add": ["Home", "Right", "Right", "x", "y"],  # blue 6, black 11, yellow 8
    "warning": ["Home", "Right", "Enter"],  # blue 6, black 11
    "keep": ["n"],
    "finish": ["f", "y"],
    "scores": ["c"],
    "end": ["q"],
}

EN = load_catalogue("en")
tile = EN.tile


def classic_keys() -> list[list[str]]:
    """Each step's keys: the lesson test's, or Tab for the skipped step."""
    return [
        ["Tab"] if number == SKIPPED else [TMUX_NAMES.get(key, key) for key in keys]
        for number, keys in enumerate(KEYS_BY_STEP, start=1)
    ]


def heard_the_classic_lesson(said: list[str]) -> None:
    assert text("table.you_discard", tile=tile(deal.OPENING)) in said
    assert text("table.you_take", tile=tile(deal.TAKEN), position=13, count=15) in said
    assert text("table.review.summary.all", count=5) in said
    assert any(said_as("table.won.you", line, tile=tile(deal.FINISH)) for line in said)
    assert text("table.menu.closed") in said


def heard_the_101_lesson(said: list[str]) -> None:
    assert any(said_as("table.101.opened.you", line) for line in said), said
    assert any(said_as("table.101.added.you", line) for line in said), said
    assert any(said_as("table.m101.ask.penalty", line, tile=tile(deal101.COSTLY)) for line in said)
    assert any(said_as("table.101.finished.you", line) for line in said), said


def test_the_101_keys_follow_the_lesson() -> None:
    assert list(KEYS_101) == [step.name for step in tutorial_part("101").steps]


@pytest.mark.parametrize(
    ("game", "lesson", "keys", "heard"),
    [
        ("okey", [], classic_keys(), heard_the_classic_lesson),  # the lesson by default
        ("101", ["101"], list(KEYS_101.values()), heard_the_101_lesson),
    ],
)
def test_the_lesson_played_to_the_end_in_a_terminal(
    tmux: Callable[..., str],
    tmp_path: Path,
    game: str,
    lesson: list[str],
    keys: list[list[str]],
    heard: Callable[[list[str]], None],
) -> None:
    transcript = tmp_path / "transcript.txt"
    command = [
        *okey_command(),
        "tutorial",
        *lesson,
        "--speech",
        "off",
        "--transcript",
        str(transcript),
        "--pace",
        "0",
    ]
    shell = shlex.join(command) + f" ; echo exited $? >> {shlex.quote(str(transcript))}"
    tmux("new-session", "-d", "-s", "okey", "-x", "80", "-y", "24", shell)

    def lines() -> list[str]:
        return transcript.read_text(encoding="utf-8").splitlines() if transcript.exists() else []

    def describe() -> str:
        screen = tmux("capture-pane", "-p", "-t", "okey")
        return "transcript:\n" + "\n".join(lines()[-20:]) + f"\nscreen:\n{screen}"

    course = tutorial_part(game)
    count = len(course.steps)

    def step(number: int) -> Callable[[], bool]:
        return lambda: any(
            said_as("tutorial.step", line, number=number, count=count) for line in lines()
        )

    assert len(keys) == count
    for number, step_keys in enumerate(keys, start=1):
        wait_for(step(number), f"step {number}", describe)
        for key in step_keys:
            tmux("send-keys", "-t", "okey", key)
    wait_for(lambda: "exited 0" in lines(), "the program to end", describe)

    said = lines()
    assert said_as(f"{course.prefix}.welcome", said[0])
    assert text("tutorial.skipped") in said
    heard(said)
    assert said[-2] == text(f"{course.prefix}.goodbye")
    assert said[-1] == "exited 0"
