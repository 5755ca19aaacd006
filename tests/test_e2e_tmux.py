"""End to end: the real ``okey play`` in a private tmux server, a round played to its end
with keys only, read back from the transcript.

Skipped when tmux is missing, unless the ``CI`` environment variable is set (CI installs
tmux, so there a missing tmux is a failure).
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import string
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from okey.messages import Verbosity, load_catalogue

DEADLINE = 40.0
SEED = 21

EN = load_catalogue("en")


def read_as(key: str, line: str, /, **known: object) -> dict[str, str] | None:
    """A transcript line read as the catalogue's ``key`` (detailed): its fields, or None
    when it is not that text. The ``known`` fields must be as given; the line may go on
    (a line joined with others)."""
    entry = EN.entries.get((Verbosity.DETAILED.value, key)) or EN.entries.get(("", key))
    template = entry.forms[-1] if entry is not None else ""
    pattern = ""
    named: set[str] = set()
    for literal, name, spec, _ in string.Formatter().parse(template):
        pattern += re.escape(literal)
        if name is None:
            continue
        if name in known:
            pattern += re.escape(format(known[name], spec or ""))
        elif name in named:
            pattern += f"(?P={name})"
        else:
            pattern += f"(?P<{name}>.+?)"
            named.add(name)
    found = re.match(pattern, line)
    return None if found is None else found.groupdict()


def said_as(key: str, line: str, /, **known: object) -> bool:
    """Whether a transcript line is the catalogue's ``key`` (see :func:`read_as`)."""
    return read_as(key, line, **known) is not None


def text(key: str, /, **fields: object) -> str:
    """A catalogue text, detailed."""
    return EN.variant(key, Verbosity.DETAILED, **fields)


TURN = (
    "table.your_turn.open",
    "table.your_turn.take",
    "table.your_turn.pile",
    "table.your_turn.pile_out",
)


def turn_starts(line: str) -> bool:
    """The player's turn begins (what to do, said as the turn starts)."""
    return any(said_as(key, line) for key in TURN)


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

    def said(key: str, since: int = 0, **known: object) -> bool:
        return any(said_as(key, line, **known) for line in lines()[since:])

    def saying(since: int, *keys: str) -> Callable[[], bool]:
        return lambda: any(said(key, since) for key in keys)

    wait_for(lambda: said("table.round", number=1), "the deal", describe)

    def rack_shown() -> bool:
        return any(said_as("table.screen.rack", line) for line in screen().splitlines())

    wait_for(rack_shown, "the rack on the screen", describe)
    done = 0  # transcript lines already acted on
    turns = 0

    def turn_or_end(since: int) -> Callable[[], bool]:
        return lambda: (
            any(turn_starts(line) for line in lines()[since:])
            or said("table.round_over", since, number=1)
        )

    while not said("table.round_over", done, number=1):
        wait_for(turn_or_end(done), "the player's turn or the end of the round", describe)
        current = lines()
        if any(said_as("table.round_over", line, number=1) for line in current[done:]):
            break
        turn = max(i for i, line in enumerate(current) if turn_starts(line))
        prompt = current[turn]
        done = turn + 1
        turns += 1
        if said_as("table.your_turn.pile_out", prompt):
            keys("x")
        elif prompt == text("table.your_turn.open"):
            keys("Enter")
        else:
            keys("p")
            wait_for(saying(done, "table.you_draw"), "the draw", describe)
            drawn_line = next(line for line in lines()[done:] if said_as("table.you_draw", line))
            drawn = (read_as("table.you_draw", drawn_line) or {})["tile"]
            keys("Enter")  # the focus is on the tile just drawn: it goes
            wait_for(
                saying(done, "table.you_discard", "table.won.you", "table.ask.okey"),
                "the discard of the drawn tile",
                describe,
            )
            if said("table.ask.okey", done):  # an okey was drawn: keep it, throw the first tile
                keys("n")
                wait_for(saying(done, "table.kept"), "the okey kept", describe)
                keys("Home", "Enter")
            else:
                assert said("table.you_discard", done, tile=drawn) or said("table.won.you", done)
        assert turns < 40, describe()

    heard_lines = lines()
    assert said_as("table.welcome", heard_lines[0], rules="classic")
    assert said("table.indicator")
    assert said("table.hand", mode=text("table.sort.colour"))
    assert said("table.round_over", number=1)
    ends = ("table.won.you", "table.won.other", "table.drawn.declined", "table.drawn.no_win")
    assert any(said(key) for key in ends)

    keys("q")
    wait_for(lambda: said("table.ask.quit"), "the question", describe)
    keys("y")
    wait_for(lambda: heard("exited 0"), "the program to end", describe)
    assert said("table.goodbye.saved")
    assert (saves / "autosave.json").is_file()
