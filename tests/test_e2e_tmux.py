"""End to end: the real ``okey play`` in a private tmux server, a round played to its end
with keys only, read back from the transcript.

Skipped when tmux is missing, unless the ``CI`` environment variable is set (CI installs
tmux, so there a missing tmux is a failure).
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

DEADLINE = 40.0
SEED = 21


def okey_command() -> list[str]:
    """The installed ``okey`` entry point beside this Python, else ``uv run okey``."""
    script = Path(sys.executable).parent / "okey"
    if script.is_file():
        return [str(script)]
    return ["uv", "run", "okey"]


@pytest.fixture
def tmux() -> Iterator[Callable[..., str]]:
    if shutil.which("tmux") is None:
        if os.environ.get("CI"):
            pytest.fail("tmux is missing, and CI installs it")
        pytest.skip("tmux is not installed")
    # A fresh server for every test: reusing one socket name raced with the previous
    # test's kill-server on a loaded CI machine (the new session went to the dying server).
    socket = f"okey-e2e-{os.getpid()}-{uuid.uuid4().hex[:8]}"

    def run(*args: str) -> str:
        done = subprocess.run(
            ["tmux", "-L", socket, "-f", "/dev/null", *args],
            capture_output=True,
            text=True,
            timeout=10,
        )
        if args[0] == "new-session" and done.returncode != 0:
            pytest.fail(f"tmux {' '.join(args[:4])} failed: {done.stderr.strip()}")
        return done.stdout

    try:
        yield run
    finally:
        subprocess.run(["tmux", "-L", socket, "kill-server"], capture_output=True, timeout=10)


def wait_for(check: Callable[[], bool], what: str, describe: Callable[[], str]) -> None:
    deadline = time.monotonic() + DEADLINE
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"waited for {what}:\n{describe()}")
        time.sleep(0.02)


def test_a_round_against_bots_with_keys_only(tmux: Callable[..., str], tmp_path: Path) -> None:
    transcript = tmp_path / "transcript.txt"
    saves = tmp_path / "saves"
    command = [
        *okey_command(),
        "play",
        "--seed",
        str(SEED),
        "--speech",
        "off",
        "--transcript",
        str(transcript),
        "--pace",
        "0",
        "--saves",
        str(saves),
    ]
    shell = shlex.join(command) + f" ; echo exited $? >> {shlex.quote(str(transcript))}"
    tmux("new-session", "-d", "-s", "okey", "-x", "80", "-y", "24", shell)

    def lines() -> list[str]:
        return transcript.read_text(encoding="utf-8").splitlines() if transcript.exists() else []

    def screen() -> str:
        return tmux("capture-pane", "-p", "-t", "okey")

    def heard(text: str, since: int = 0) -> bool:
        return any(text in line for line in lines()[since:])

    def after(since: int, *texts: str) -> Callable[[], bool]:
        return lambda: any(heard(text, since) for text in texts)

    def describe() -> str:
        sessions = tmux("list-sessions") or "(no tmux session)\n"
        text = "\n".join(lines()[-30:])
        return f"transcript:\n{text}\nsessions:\n{sessions}screen:\n{screen()}"

    def keys(*names: str) -> None:
        tmux("send-keys", "-t", "okey", *names)

    wait_for(lambda: heard("Round 1."), "the deal", describe)
    wait_for(lambda: "Your tiles" in screen(), "the rack on the screen", describe)
    done = 0  # transcript lines already acted on
    turns = 0
    while not heard("Round 1 over.", done):
        wait_for(
            after(done, "Your turn", "Round 1 over."),
            "the player's turn or the end of the round",
            describe,
        )
        current = lines()
        if any("Round 1 over." in line for line in current[done:]):
            break
        turn = max(i for i, line in enumerate(current) if "Your turn" in line)
        prompt = current[turn]
        done = turn + 1
        turns += 1
        if "The pile is empty" in prompt:
            keys("x")
        elif "you open" in prompt:
            keys("Enter")
        else:
            keys("p")
            wait_for(after(done, "You draw "), "the draw", describe)
            drawn_line = next(line for line in lines()[done:] if line.startswith("You draw "))
            drawn = drawn_line.removeprefix("You draw ").rsplit(",", 2)[0]
            keys("Enter")  # the focus is on the tile just drawn: it goes
            wait_for(
                after(done, "You discard ", "You win", "your okey?"),
                "the discard of the drawn tile",
                describe,
            )
            if heard("your okey?", done):  # an okey was drawn: keep it, throw the first tile
                keys("n")
                wait_for(after(done, "Kept."), "the okey kept", describe)
                keys("Home", "Enter")
            else:
                assert heard(f"You discard {drawn}.", done) or heard("You win", done)
        assert turns < 40, describe()

    said = lines()
    assert said[0].startswith("Okey, classic table: you play against Ayşe on your left")
    assert any(line.startswith("Indicator ") for line in said)
    assert any(line.startswith("Your 1") and " tiles, by colour: " in line for line in said)
    assert any(line.startswith("Round 1 over. Standings: ") for line in said)
    assert any(
        "wins with" in line or "You win" in line or "The round is drawn" in line for line in said
    )

    keys("q")
    wait_for(lambda: heard("Leave the table?"), "the question", describe)
    keys("y")
    wait_for(lambda: heard("exited 0"), "the program to end", describe)
    assert any(line.startswith("Saved as ") for line in lines())
    assert (saves / "autosave.json").is_file()
