"""The line mode as a console screen reader meets it: the real ``okey`` in a private tmux
server, its whole scrollback captured after every key.

Each capture only appends to the one before (no line written ever changes; the last
one may only grow while it is written), the cursor waits at the start of the line
after the last one, a resize changes nothing written (lines as written: the capture
joins the rows the terminal wraps them into), and at the end the terminal holds
exactly the transcript: every message once, in order, and nothing else. A classic
round is played to its end (``--screen lines``, chosen on its own), and a 101 round up
to the player's opening (``--speech screen-reader``, which gives the line mode by
itself).

Skipped when tmux is missing, unless ``CI`` is set (as tests/test_e2e_tmux.py).
"""

from __future__ import annotations

import shlex
import time
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path

from test_e2e_tmux import okey_command, read_as, said_as, tmux, turn_starts

__all__ = ["tmux"]  # the fixture, used by name

DEADLINE = 20.0
HISTORY = 100_000  # the scrollback's lines: the whole match fits


class Screen:
    """The okey in tmux, read only from its scrollback and its transcript."""

    def __init__(self, tmux: Callable[..., str], folder: Path, args: Sequence[str]) -> None:
        self.tmux = tmux
        self.transcript = folder / "transcript.txt"
        self.status = folder / "status.txt"
        conf = folder / "tmux.conf"
        conf.write_text(f"set -g history-limit {HISTORY}\n")
        command = [
            *okey_command(),
            *args,
            "--transcript",
            str(self.transcript),
            "--pace",
            "0",
            "--no-sounds",
            "--saves",
            str(folder / "saves"),
        ]
        # The shell stays once okey ends (silent), so that its last words can be read too.
        status = shlex.quote(str(self.status))
        shell = f"{shlex.join(command)}; echo $? > {status}; exec sleep 600"
        tmux("-f", str(conf), "new-session", "-d", "-s", "okey", "-x", "80", "-y", "24", shell)
        self.shown: list[str] = []  # the last capture
        self.captures = 0

    def heard(self) -> list[str]:
        if not self.transcript.exists():
            return []
        return self.transcript.read_text(encoding="utf-8").splitlines()

    def capture(self) -> list[str]:
        """The whole scrollback and screen, wrapped lines joined, the empty end cut off;
        checked to only append to the capture before."""
        text = self.tmux("capture-pane", "-p", "-J", "-S", "-", "-E", "-", "-t", "okey")
        lines = [line.rstrip() for line in text.splitlines()]
        while lines and not lines[-1]:
            lines.pop()
        before = self.shown
        if before:
            kept = len(before) - 1
            assert lines[:kept] == before[:kept], self._changed(before, lines)
            assert len(lines) >= len(before), self._changed(before, lines)
            assert lines[kept].startswith(before[kept]), self._changed(before, lines)
        self.shown = lines
        self.captures += 1
        return lines

    def _changed(self, before: list[str], after: list[str]) -> str:
        first = next(
            (i for i, (a, b) in enumerate(zip(before, after, strict=False)) if a != b),
            min(len(before), len(after)),
        )
        return (
            f"capture {self.captures + 1} changed line {first + 1}:\n"
            f"before: {before[first : first + 3]}\nafter:  {after[first : first + 3]}"
        )

    def wait(self, check: Callable[[], bool], what: str) -> None:
        deadline = time.monotonic() + DEADLINE
        while not check():
            if time.monotonic() > deadline:
                heard = "\n".join(self.heard()[-20:])
                shown = "\n".join(self.capture()[-20:])
                raise AssertionError(f"waited for {what}\nheard:\n{heard}\nshown:\n{shown}")
            time.sleep(0.02)

    def said(self, key: str, since: int = 0, **known: object) -> bool:
        return any(said_as(key, line, **known) for line in self.heard()[since:])

    def press(self, key: str, *answers: str) -> int:
        """Press a key and wait until one of ``answers`` (catalogue keys; none: any line)
        is heard after it; then capture. The transcript's length before the key."""
        since = len(self.heard())
        self.tmux("send-keys", "-t", "okey", key)
        if answers:
            self.wait(lambda: any(self.said(answer, since) for answer in answers), repr(answers))
        else:
            self.wait(lambda: len(self.heard()) > since, f"an answer to {key}")
        self.capture()
        self.wait(self.cursor_at_end, "the cursor at the start of the line after the last")
        return since

    def cursor_at_end(self) -> bool:
        """The cursor at the start of the line after the last one written (rows as the
        terminal wraps them), where the next line will go."""
        where = "#{history_size} #{cursor_y} #{cursor_x}"
        shown = self.tmux("display-message", "-p", "-t", "okey", where)
        rows = self.tmux("capture-pane", "-p", "-S", "-", "-E", "-", "-t", "okey").splitlines()
        while rows and not rows[-1].strip():
            rows.pop()
        history, row, column = (int(number) for number in shown.split())
        return column == 0 and history + row == len(rows)

    def resize(self, width: int, height: int) -> None:
        """Resize the window: nothing written changes (the capture checks it)."""
        before = self.capture()
        self.tmux("resize-window", "-t", "okey", "-x", str(width), "-y", str(height))
        self.wait(lambda: self._size() == (width, height), f"the size {width}x{height}")
        after = self.capture()
        assert after[: len(before)] == before

    def _size(self) -> tuple[int, int]:
        shown = self.tmux("display-message", "-p", "-t", "okey", "#{pane_width} #{pane_height}")
        width, height = shown.split()
        return int(width), int(height)

    def leave(self) -> None:
        """Q and yes: the table saves and okey ends (exit status 0)."""
        self.press("q", "table.ask.quit")
        self.tmux("send-keys", "-t", "okey", "y")
        # (the shell makes the file before it writes the status in it)
        self.wait(
            lambda: self.status.exists() and bool(self.status.read_text().strip()), "okey to end"
        )
        assert self.status.read_text().strip() == "0"

    def check_the_whole(self) -> None:
        """The terminal holds the transcript exactly: each message once, in order."""
        self.wait(lambda: self.capture() == self.heard(), "the screen to hold the transcript")
        assert self.captures > 10


def turn_or_end(screen: Screen, since: int) -> bool:
    """The player's turn has begun, or the round is over, since line ``since``."""
    heard = screen.heard()[since:]
    return any(turn_starts(line) for line in heard) or screen.said("table.round_over", since)


def test_a_classic_round_in_line_mode_only_appends(
    tmux: Callable[..., str], tmp_path: Path
) -> None:
    screen = Screen(
        tmux, tmp_path, ["play", "--seed", "21", "--speech", "off", "--screen", "lines"]
    )
    screen.wait(lambda: screen.said("table.round", number=1), "the deal")
    screen.capture()
    screen.press("h")
    done = 0
    turns = 0
    while not screen.said("table.round_over", done, number=1):
        screen.wait(partial(turn_or_end, screen, done), "the player's turn or the round's end")
        screen.capture()
        heard = screen.heard()
        if screen.said("table.round_over", done, number=1):
            break
        turn = max(i for i, line in enumerate(heard) if turn_starts(line))
        prompt = heard[turn]
        done = turn + 1
        turns += 1
        if turns == 3:
            screen.resize(50, 20)
            screen.press("h")
            screen.resize(80, 24)
        if said_as("table.your_turn.pile_out", prompt):
            screen.press("x", "table.round_over")
            continue
        if not said_as("table.your_turn.open", prompt):
            since = screen.press("p", "table.you_draw")
            drawn = next(line for line in screen.heard()[since:] if said_as("table.you_draw", line))
            assert (read_as("table.you_draw", drawn) or {}).get("tile")
        since = screen.press("Enter", "table.you_discard", "table.won.you", "table.ask.okey")
        if screen.said("table.ask.okey", since):  # an okey drawn: kept, the first tile goes
            screen.press("n", "table.kept")
            screen.press("Home")
            screen.press("Enter", "table.you_discard", "table.won.you")
        assert turns < 40
    screen.press(",")  # the history: the last message again, as a line of its own
    screen.leave()
    screen.check_the_whole()


def test_a_101_opening_in_line_mode_only_appends(tmux: Callable[..., str], tmp_path: Path) -> None:
    # Seed 19: Ayşe deals; the player's 21 tiles open with 117 once a tile is drawn.
    args = ["play", "--rules", "101", "--seed", "19", "--speech", "screen-reader"]
    screen = Screen(tmux, tmp_path, args)
    screen.wait(lambda: any(turn_starts(line) for line in screen.heard()), "the player's turn")
    screen.capture()
    screen.press("p", "table.you_draw")
    screen.resize(60, 30)
    screen.press("g", "table.m101.ask.open")
    screen.press("y", "table.101.opened.you")
    screen.resize(80, 24)
    screen.press("Enter", "table.you_discard")
    screen.leave()
    screen.check_the_whole()
