"""End to end: the real ``okey tutorial 101`` in a private tmux server, a whole 101 round
played by keys to its end (Tab skipping one step), read back from the transcript."""

from __future__ import annotations

import shlex
from collections.abc import Callable
from pathlib import Path

from test_e2e_tmux import okey_command, said_as, text, tmux, wait_for

from okey.messages import load_catalogue
from okey.tutorial import deal101
from okey.tutorial.lesson101 import LESSON101

__all__ = ["tmux"]  # the fixture, shared with the play test

KEYS = {  # tmux send-keys names, step by step (the rack is sorted by colour)
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


def test_the_101_lesson_played_to_the_end_in_a_terminal(
    tmux: Callable[..., str], tmp_path: Path
) -> None:
    transcript = tmp_path / "transcript.txt"
    command = [
        *okey_command(),
        "tutorial",
        "101",
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

    def step(number: int) -> Callable[[], bool]:
        count = len(LESSON101)
        return lambda: any(
            said_as("tutorial.step", line, number=number, count=count) for line in lines()
        )

    assert list(KEYS) == [s.name for s in LESSON101]
    for number, keys in enumerate(KEYS.values(), start=1):
        wait_for(step(number), f"step {number}", describe)
        for key in keys:
            tmux("send-keys", "-t", "okey", key)
    wait_for(lambda: "exited 0" in lines(), "the program to end", describe)

    said = lines()
    tile = EN.tile
    assert said_as("tutorial101.welcome", said[0])
    assert text("tutorial.skipped") in said
    assert any(said_as("table.101.opened.you", line) for line in said), said
    assert any(said_as("table.101.added.you", line) for line in said), said
    assert any(said_as("table.m101.ask.penalty", line, tile=tile(deal101.COSTLY)) for line in said)
    assert any(said_as("table.101.finished.you", line) for line in said), said
    assert said[-2] == text("tutorial101.goodbye")
    assert said[-1] == "exited 0"
