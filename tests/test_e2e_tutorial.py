"""End to end: the real ``okey tutorial`` in a private tmux server, the whole lesson played
with keys (Tab skipping one step), read back from the transcript."""

from __future__ import annotations

import shlex
from collections.abc import Callable
from pathlib import Path

from test_e2e_tmux import okey_command, said_as, text, tmux, wait_for
from test_tutorial_lesson import KEYS_BY_STEP

from okey.messages import load_catalogue
from okey.tutorial import deal
from okey.tutorial.lesson import LESSON

__all__ = ["tmux"]  # the fixture, shared with the play test

TMUX_NAMES = {"right": "Right", "down": "Down", "end": "End", "enter": "Enter", "escape": "Escape"}
"""prompt_toolkit's key names as tmux send-keys spells them (a letter is itself)."""
SKIPPED = 8  # whose turn: Tab skips it

EN = load_catalogue("en")


def keys_for(number: int) -> list[str]:
    """What to send for step ``number``: the lesson test's keys, or Tab for the skipped step."""
    if number == SKIPPED:
        return ["Tab"]
    return [TMUX_NAMES.get(key, key) for key in KEYS_BY_STEP[number - 1]]


def test_the_tutorial_played_to_the_end_in_a_terminal(
    tmux: Callable[..., str], tmp_path: Path
) -> None:
    transcript = tmp_path / "transcript.txt"
    command = [
        *okey_command(),
        "tutorial",
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
        count = len(LESSON)
        return lambda: any(
            said_as("tutorial.step", line, number=number, count=count) for line in lines()
        )

    for number in range(1, len(LESSON) + 1):
        wait_for(step(number), f"step {number}", describe)
        for key in keys_for(number):
            tmux("send-keys", "-t", "okey", key)
    wait_for(lambda: "exited 0" in lines(), "the program to end", describe)

    said = lines()
    tile = EN.tile
    assert said_as("tutorial.welcome", said[0])
    assert text("tutorial.skipped") in said
    assert text("table.you_discard", tile=tile(deal.OPENING)) in said
    assert text("table.you_take", tile=tile(deal.TAKEN), position=13, count=15) in said
    assert text("table.review.summary.all", count=5) in said
    assert any(said_as("table.won.you", line, tile=tile(deal.FINISH)) for line in said)
    assert text("table.menu.closed") in said
    assert said[-2] == text("tutorial.goodbye")
    assert said[-1] == "exited 0"
