"""End to end over the network: the real ``okey host --code TEST-CODE`` in one private tmux
server and the real ``okey join 127.0.0.1:PORT TEST-CODE`` in another, both played with
keys only through a round, read back from their transcripts: the lobby, a chat line, the
moves of each seen from the other's chair, a drop and a return, the end of the match.

Skipped when tmux is missing, unless the ``CI`` environment variable is set.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from test_e2e_tmux import okey_command, read_as, said_as, text, turn_starts

DEADLINE = 60.0
CODE = "TEST-CODE"
ENDS = ("table.won.you", "table.won.other", "table.drawn.declined", "table.drawn.no_win")


@dataclass
class Side:
    """One player's terminal: a private tmux server running okey, and its transcript."""

    name: str
    transcript: Path
    socket: str = field(default_factory=lambda: f"okey-net-{os.getpid()}-{uuid.uuid4().hex[:8]}")
    done: int = 0  # transcript lines already acted on
    turns: int = 0

    def tmux(self, *args: str) -> str:
        run = subprocess.run(
            ["tmux", "-L", self.socket, "-f", "/dev/null", *args],
            capture_output=True,
            text=True,
            timeout=10,
        )
        if args[0] == "new-session" and run.returncode != 0:
            pytest.fail(f"tmux {' '.join(args[:4])} failed: {run.stderr.strip()}")
        return run.stdout

    def start(self, command: list[str], env: dict[str, str]) -> None:
        settings = " ".join(f"{key}={shlex.quote(value)}" for key, value in env.items())
        quoted = shlex.quote(str(self.transcript))
        shell = f"env {settings} {shlex.join(command)} ; echo exited $? >> {quoted}"
        self.tmux("new-session", "-d", "-s", "okey", "-x", "100", "-y", "30", shell)

    def stop(self) -> None:
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True, timeout=10)

    def lines(self) -> list[str]:
        if not self.transcript.exists():
            return []
        return self.transcript.read_text(encoding="utf-8").splitlines()

    def keys(self, *names: str) -> None:
        self.tmux("send-keys", "-t", "okey", *names)

    def type(self, words: str) -> None:
        self.tmux("send-keys", "-t", "okey", "-l", words)

    def said(self, key: str, since: int = 0, **known: object) -> bool:
        return any(said_as(key, line, **known) for line in self.lines()[since:])

    def first(self, key: str, since: int = 0, **known: object) -> str:
        return next(line for line in self.lines()[since:] if said_as(key, line, **known))

    def describe(self) -> str:
        screen = self.tmux("capture-pane", "-p", "-t", "okey")
        return (
            f"{self.name}'s transcript:\n" + "\n".join(self.lines()[-25:]) + f"\nscreen:\n{screen}"
        )


def wait_for(check: Callable[[], bool], what: str, *sides: Side) -> None:
    deadline = time.monotonic() + DEADLINE
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"waited for {what}:\n" + "\n".join(s.describe() for s in sides))
        time.sleep(0.02)


def over(side: Side) -> bool:
    return side.said("table.ranking")


def take_turn(side: Side, other: Side) -> bool:
    """Play the side's turn if one began since it last moved (by keys, as a listener would:
    P draws, Enter throws the tile drawn back); True when it moved."""
    current = side.lines()
    starts = [i for i, line in enumerate(current) if i >= side.done and turn_starts(line)]
    if not starts:
        return False
    prompt = current[starts[-1]]
    side.done = starts[-1] + 1
    side.turns += 1
    done = side.done
    if said_as("table.your_turn.pile_out", prompt):
        side.keys("x")
    elif prompt == text("table.your_turn.open"):
        side.keys("Enter")
    else:
        side.keys("p")
        wait_for(lambda: side.said("table.you_draw", done) or over(side), "the draw", side, other)
        if over(side):
            return True
        drawn = read_as("table.you_draw", side.first("table.you_draw", done)) or {}
        side.keys("Enter")  # the focus is on the tile just drawn: it goes
        gone = ("table.you_discard", "table.won.you", "table.ask.okey")
        wait_for(lambda: any(side.said(k, done) for k in gone), "the discard", side, other)
        if side.said("table.ask.okey", done):  # an okey: keep it, throw the first tile
            side.keys("n")
            wait_for(lambda: side.said("table.kept", done), "the okey kept", side, other)
            side.keys("Home", "Enter")
        else:
            assert side.said("table.you_discard", done, tile=drawn["tile"]) or side.said(
                "table.won.you", done
            )
    return True


@pytest.fixture
def sides(tmp_path: Path) -> Iterator[tuple[Side, Side, Side]]:
    if shutil.which("tmux") is None:
        if os.environ.get("CI"):
            pytest.fail("tmux is missing, and CI installs it")
        pytest.skip("tmux is not installed")
    made = (
        Side("the host", tmp_path / "host.txt"),
        Side("the guest", tmp_path / "guest.txt"),
        Side("the guest again", tmp_path / "guest-again.txt"),
    )
    try:
        yield made
    finally:
        for side in made:
            side.stop()


def test_a_host_and_a_guest_play_a_round_by_keys_over_the_network(
    sides: tuple[Side, Side, Side], tmp_path: Path
) -> None:
    host, guest, again = sides
    common = ["--speech", "off", "--rules", "one-round"]
    hosting = [
        *okey_command(), "host", "--code", CODE, "--bind", "127.0.0.1", "--port", "0",
        "--level", "random", "--pace", "0", "--timer", "300", "--seed", "11",
        "--saves", str(tmp_path / "saves"), "--name", "Ayşe",
        "--transcript", str(host.transcript), *common,
    ]  # fmt: skip
    host.start(hosting, {"OKEY_SEATS": str(tmp_path / "host-seats")})
    wait_for(lambda: host.said("net.host.join"), "the host's join line", host)
    address = (read_as("net.host.join", host.first("net.host.join")) or {})["address"]
    assert address.startswith("127.0.0.1:")
    wait_for(lambda: host.said("serve.loopback_only", host="127.0.0.1"), "only here", host)
    guest_env = {"OKEY_SEATS": str(tmp_path / "guest-seats")}
    join = [*okey_command(), "join", address, CODE, "--name", "Bora", "--speech", "off"]
    guest.start([*join, "--transcript", str(guest.transcript)], guest_env)

    # The lobby: each hears who sits where; the host starts.
    wait_for(lambda: host.said("net.presence.joined", name="Bora"), "Bora sits", host, guest)
    wait_for(lambda: guest.said("net.lobby.host", name="Ayşe"), "the host named", guest)
    # A chat line, heard at both seats.
    guest.keys("/")
    wait_for(lambda: guest.said("table.chat.open"), "the chat line", guest)
    guest.type("iyi oyunlar")
    guest.keys("Enter")
    wait_for(lambda: host.said("table.chat.said", text="iyi oyunlar"), "the chat", host, guest)
    wait_for(lambda: guest.said("table.chat.you", text="iyi oyunlar"), "the echo", guest)
    host.keys("Enter")
    for side in (host, guest):
        wait_for(lambda s=side: s.said("net.started"), "the start", host, guest)  # type: ignore[misc]

    # Both play by keys; after the guest's second turn its terminal goes away, and it joins
    # again from a new one.
    dropped = False
    playing = [host, guest]
    deadline = time.monotonic() + 4 * DEADLINE
    while not all(over(side) for side in playing):
        assert time.monotonic() < deadline, "\n".join(s.describe() for s in playing)
        moved = False
        for side in playing:
            moved = take_turn(side, host) or moved
        if not dropped and guest.turns == 2 and not over(guest):
            dropped = True
            guest.stop()  # the terminal is closed: the table leaves, closing its connection
            wait_for(lambda: host.said("net.presence.away", name="Bora"), "Bora gone", host)
            again.start([*join, "--transcript", str(again.transcript)], guest_env)
            wait_for(lambda: again.said("table.resumed"), "the guest back", again, host)
            wait_for(lambda: host.said("net.presence.returned", name="Bora"), "the return", host)
            playing = [host, again]
        if not moved:
            time.sleep(0.05)
    assert dropped, guest.describe()
    # What was missed, in brief, before the table as usual.
    first, resumed = again.lines()[0], again.lines().index(again.first("table.resumed"))
    assert said_as("net.missed", first) or first == text("net.missed", count=0), first
    assert resumed > 0

    for side, other in ((host, "Bora"), (again, "Ayşe")):
        # The other person's turns, from this chair.
        heard = side.lines() + (guest.lines() if side is again else [])
        assert any(other in line and said_as("table.turn.pile", line) for line in heard) or any(
            other in line and said_as("table.turn.take", line) for line in heard
        )
        assert any(side.said(key) for key in ENDS) or side.said("table.drawn.pile_closed")
        assert side.said("table.ranking")
        side.keys("q")  # the match is over: Q leaves at once
        wait_for(lambda s=side: s.said("table.goodbye"), "the goodbye", side)  # type: ignore[misc]
    wait_for(lambda: any("exited 0" in line for line in host.lines()), "the host's exit", host)
    wait_for(lambda: any("exited 0" in line for line in again.lines()), "the guest's exit", again)
    assert (tmp_path / "saves" / "online.json").is_file()


def _okey_pid(side: Side) -> int:
    """The okey process in the side's terminal (the shell's child), by its id."""
    shell = side.tmux("list-panes", "-t", "okey", "-F", "#{pane_pid}").split()[0]
    children = subprocess.run(
        ["pgrep", "-P", shell], capture_output=True, text=True, timeout=10
    ).stdout.split()
    assert children, side.describe()
    return int(children[0])


def test_a_killed_host_resumes_and_the_guest_comes_back_to_its_seat(
    sides: tuple[Side, Side, Side], tmp_path: Path
) -> None:
    if shutil.which("pgrep") is None:
        pytest.skip("pgrep is not installed")
    host, guest, again = sides
    host_env = {"OKEY_SEATS": str(tmp_path / "host-seats")}
    saves = str(tmp_path / "saves")
    common = ["--speech", "off", "--pace", "0", "--saves", saves, "--bind", "127.0.0.1"]
    hosting = [
        *okey_command(), "host", "--code", CODE, "--port", "0", "--rules", "one-round",
        "--level", "random", "--timer", "300", "--seed", "12", "--name", "Ayşe",
        "--transcript", str(host.transcript), *common,
    ]  # fmt: skip
    host.start(hosting, host_env)
    wait_for(lambda: host.said("net.host.join"), "the host's join line", host)
    address = (read_as("net.host.join", host.first("net.host.join")) or {})["address"]
    join = [*okey_command(), "join", address, CODE, "--name", "Bora", "--speech", "off"]
    guest.start([*join, "--transcript", str(guest.transcript)], {"OKEY_SEATS": str(tmp_path)})
    wait_for(lambda: host.said("net.presence.joined", name="Bora"), "Bora sits", host, guest)
    host.keys("Enter")
    while not (tmp_path / "saves" / "online.json").is_file():  # a turn is over: saved
        if not (take_turn(host, guest) or take_turn(guest, host)):
            time.sleep(0.05)
    before = len(guest.lines())
    os.kill(_okey_pid(host), 9)  # the host's machine dies: no goodbye, no last save
    wait_for(lambda: guest.said("net.retrying", before), "the guest trying again", guest)
    port = address.rpartition(":")[2]
    resuming = [
        *okey_command(), "host", "--resume", "--port", port,
        "--transcript", str(again.transcript), *common,
    ]  # fmt: skip
    again.start(resuming, host_env)
    wait_for(lambda: again.said("table.resumed"), "the host back at its table", again, guest)
    wait_for(lambda: guest.said("table.resumed", before), "the guest back", guest, again)
    wait_for(lambda: again.said("net.presence.returned", name="Bora"), "Bora back", again)
    assert guest.said("net.back", before)
    for side, question in ((again, "net.ask.quit.host"), (guest, "net.ask.quit")):
        side.keys("q")
        wait_for(lambda s=side, q=question: s.said(q), "the question", side)  # type: ignore[misc]
        side.keys("y")
    wait_for(lambda: any("exited 0" in line for line in again.lines()), "the host's exit", again)
    wait_for(lambda: any(line.startswith("exited") for line in guest.lines()), "the end", guest)
