"""End to end: the real game killed with SIGKILL mid-match comes back from its autosave,
losing at most the turn in progress."""

from __future__ import annotations

import contextlib
import os
import shlex
import signal
import subprocess
from collections.abc import Callable
from pathlib import Path

from test_e2e_tmux import okey_command, read_as, said_as, text, tmux, turn_starts, wait_for

from okey.saves import read_save, restore_match

__all__ = ["tmux"]  # the fixture, used by name

TURNS = 3


def _transcript_reader(path: Path) -> Callable[[], list[str]]:
    def lines() -> list[str]:
        return path.read_text(encoding="utf-8").splitlines() if path.exists() else []

    return lines


def _kill_game(saves: Path) -> None:
    """SIGKILL every process of the game (uv and Python), found by its saves folder."""
    found = subprocess.run(
        ["pgrep", "-f", "--", f"--saves {saves}"], capture_output=True, text=True, timeout=10
    )
    pids = [int(pid) for pid in found.stdout.split()]
    assert pids, "the game is not running"
    for pid in pids:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)


def test_sigkill_mid_match_then_resume_from_the_autosave(
    tmux: Callable[..., str], tmp_path: Path
) -> None:
    transcript = tmp_path / "play.txt"
    saves = tmp_path / "saves"
    base = [*okey_command()]
    play = [*base, "play", "--seed", "21", "--speech", "off", "--pace", "0"]
    play += ["--transcript", str(transcript), "--saves", str(saves)]
    tmux("new-session", "-d", "-s", "okey", "-x", "80", "-y", "24", shlex.join(play))
    lines = _transcript_reader(transcript)

    def describe() -> str:
        return "\n".join(lines()[-20:]) + "\n" + tmux("capture-pane", "-p", "-t", "okey")

    def keys(*names: str) -> None:
        tmux("send-keys", "-t", "okey", *names)

    def after(since: int, key: str) -> Callable[[], bool]:
        return lambda: any(said_as(key, line) for line in lines()[since:])

    def a_turn(since: int) -> Callable[[], bool]:
        return lambda: any(turn_starts(line) for line in lines()[since:])

    discarded: list[str] = []
    done = 0
    while len(discarded) < TURNS:
        wait_for(a_turn(done), "a turn", describe)
        current = lines()
        done = max(i for i, line in enumerate(current) if turn_starts(line)) + 1
        if current[done - 1] == text("table.your_turn.open"):
            keys("End", "Enter")
        else:
            keys("p")
            wait_for(after(done, "table.you_draw"), "the draw", describe)
            keys("Enter")
        wait_for(after(done, "table.you_discard"), "the discard", describe)
        said = next(ln for ln in lines()[done:] if said_as("table.you_discard", ln))
        discarded.append((read_as("table.you_discard", said) or {})["tile"])
    # The bots answer the last discard at once (pace 0); then the autosave is written.
    wait_for(a_turn(done), "a turn", describe)

    _kill_game(saves)
    data = read_save("autosave", saves)
    you = data.settings["you"]
    assert isinstance(you, int)
    mine = [line for line in data.log.splitlines() if line.startswith(f"{you} discard ")]
    assert len(mine) >= TURNS - 1  # at most the turn in progress is lost
    assert restore_match(data).round_number == 1 and not data.over

    resumed = tmp_path / "resume.txt"
    command = [*base, "resume", "--speech", "off", "--pace", "0", "--saves", str(saves)]
    command += ["--transcript", str(resumed)]
    tmux("kill-session", "-t", "okey")
    tmux("new-session", "-d", "-s", "again", "-x", "80", "-y", "24", shlex.join(command))
    again = _transcript_reader(resumed)
    wait_for(
        lambda: any(said_as("table.resumed", line, number=1) for line in again()),
        "the resumed table",
        lambda: "\n".join(again()) + tmux("capture-pane", "-p", "-t", "again"),
    )
    wait_for(
        lambda: any(turn_starts(line) or said_as("table.hand", line) for line in again()),
        "the hand or the turn read out again",
        lambda: "\n".join(again()),
    )
    tmux("send-keys", "-t", "again", "q")
    asked = text("table.ask.quit")
    wait_for(lambda: any(asked in ln for ln in again()), "the question", describe)
    tmux("send-keys", "-t", "again", "y")
