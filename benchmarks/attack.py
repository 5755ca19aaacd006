"""Issue 28's outside attack, run again: each item's reproduction, then generated hostile
inputs of every kind, then a soak over every rule set with every log replayed.

Every run is a real okey: the reproductions start ``okey`` as a process (the games in a
pseudo-terminal, keys sent as a player types them, its transcript read); the generated
inputs run okey's ``main`` in a child forked from this process (a process of its own,
its exit status and its standard error as a shell sees them, without an interpreter's
start each time). Each result is judged as the issue asks: an exit status, one line on
standard error that starts ``okey: `` and is not the catch-all "something unexpected",
no traceback, no hang, the files it was given unchanged (nothing lost).

Prints a Markdown table (item, command, the figure before the issue, now) and the fuzz
and soak counts; ``--json FILE`` keeps every result. Needs Linux; the full-disk and
read-only checks mount small tmpfs folders and are left out when not run as root.
Run: ``uv run python benchmarks/attack.py [--fuzz 300] [--soak-rounds 10000]
[--only 1,2,fuzz,soak]``.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import pty
import random
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import ClassVar

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
TESTS = ROOT / "tests"
sys.path.insert(0, str(TESTS))  # the transcript readers live with the tests

from test_e2e_tmux import read_as, said_as, text, turn_starts  # noqa: E402

from okey.cli import main as okey_main  # noqa: E402

FIXTURES = TESTS / "fixtures" / "v0.1"
OKEY = [sys.executable, "-m", "okey"]
LIMIT = 60.0  # seconds before a run counts as a hang
UNEXPECTED = "something unexpected went wrong"


# -- running okey ------------------------------------------------------------------------


@dataclass(frozen=True)
class Run:
    status: int | None  # None: it hung and was killed
    out: str
    err: str
    seconds: float = 0.0
    cpu: float = 0.0  # processor seconds (user and system), children included

    @property
    def err_lines(self) -> list[str]:
        return [line for line in self.err.splitlines() if line.strip()]

    def problems(self, *, refused: bool = True) -> list[str]:
        """What is wrong with the ending (empty: as the issue asks). ``refused``: the
        command must fail (status not 0) with exactly one line."""
        found = []
        if self.status is None:
            found.append("hung")
        if "Traceback" in self.err or "Traceback" in self.out:
            found.append("traceback")
        if UNEXPECTED in self.err:
            found.append("unexpected")
        if refused or (self.status not in (0, None) and self.err_lines):
            if self.status == 0:
                found.append("status 0")
            if len(self.err_lines) != 1:
                found.append(f"{len(self.err_lines)} stderr lines")
            elif not self.err_lines[0].startswith("okey: "):
                found.append("not 'okey: '")
        return found

    @property
    def line(self) -> str:
        said = " / ".join(self.err_lines)
        return said if len(said) <= 160 else said[:157] + "..."


def private_env(root: Path) -> dict[str, str]:
    """The environment every run gets: its own settings, saves, data folders."""
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith("OKEY_") and key != "PYTHONPROFILEIMPORTTIME"
    }
    env.update(
        OKEY_SETTINGS=str(root / "settings.toml"),
        OKEY_SAVES=str(root / "saves"),
        XDG_DATA_HOME=str(root / "data"),
        XDG_CONFIG_HOME=str(root / "config"),
        OKEY_AUDIO_BACKEND="null",
        OKEY_LANGUAGE="en",
        TERM="xterm",
    )
    return env


def okey(
    args: Sequence[str],
    env: dict[str, str],
    *,
    cwd: Path | None = None,
    stdin: int | None = subprocess.DEVNULL,
    limit: float = LIMIT,
    prefix: Sequence[str] = (),
) -> Run:
    """``python -m okey ARGS`` as a process of its own, at most ``limit`` seconds."""
    started = time.monotonic()
    used = _children_cpu()
    process = subprocess.Popen(
        [*prefix, *OKEY, *args],
        cwd=cwd,
        env=env,
        stdin=stdin,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    try:
        out, err = process.communicate(timeout=limit)
        status: int | None = process.returncode
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        out, err = process.communicate()
        status = None
    return Run(
        status,
        out.decode("utf-8", "replace"),
        err.decode("utf-8", "replace"),
        time.monotonic() - started,
        _children_cpu() - used,
    )


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def forked(
    args: Sequence[str], env: dict[str, str], *, stdin: bytes | None = None, limit: float = 20.0
) -> Run:
    """okey's ``main(ARGS)`` in a child forked from here: its own process, exit status and
    standard streams (files), ended as the interpreter would end it."""
    with tempfile.TemporaryDirectory(prefix="okey-attack-") as folder:
        out_path, err_path, in_path = (Path(folder) / name for name in ("out", "err", "in"))
        in_path.write_bytes(stdin or b"")
        started = time.monotonic()
        pid = os.fork()
        if pid == 0:  # pragma: no cover - the child
            code = 1
            try:
                os.setsid()
                os.environ.clear()
                os.environ.update(env)
                for number, path, flags in (
                    (0, in_path, os.O_RDONLY),
                    (1, out_path, os.O_WRONLY | os.O_CREAT),
                    (2, err_path, os.O_WRONLY | os.O_CREAT),
                ):
                    handle = os.open(path, flags, 0o600)
                    os.dup2(handle, number)
                    os.close(handle)
                try:
                    result = okey_main(list(args))
                    code = result if isinstance(result, int) else 0
                except SystemExit as exit:
                    if isinstance(exit.code, str):
                        print(exit.code, file=sys.stderr)
                    code = exit.code if isinstance(exit.code, int) else (exit.code is not None)
                except BaseException:
                    traceback.print_exc()
                    code = 1
                with contextlib.suppress(Exception):
                    sys.stdout.flush()
                with contextlib.suppress(Exception):
                    sys.stderr.flush()
            finally:
                os._exit(int(code) & 0xFF)
        status: int | None = None
        while time.monotonic() - started < limit:
            done, how = os.waitpid(pid, os.WNOHANG)
            if done:
                status = os.waitstatus_to_exitcode(how)
                break
            time.sleep(0.002)
        else:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        return Run(
            status,
            out_path.read_bytes().decode("utf-8", "replace"),
            err_path.read_bytes().decode("utf-8", "replace"),
            time.monotonic() - started,
        )


class Game:
    """okey in a pseudo-terminal, as a player runs it: keys in, its transcript read."""

    KEYS: ClassVar[dict[str, str]] = {"End": "\x1b[F", "Enter": "\r", "Home": "\x1b[H"}

    def __init__(self, args: Sequence[str], env: dict[str, str], transcript: Path) -> None:
        self.transcript = transcript
        transcript.unlink(missing_ok=True)
        self.primary, secondary = pty.openpty()
        self.process = subprocess.Popen(
            [*OKEY, *args, "--transcript", str(transcript)],
            stdin=secondary,
            stdout=secondary,
            stderr=secondary,
            env=env,
            start_new_session=True,
        )
        os.close(secondary)
        os.set_blocking(self.primary, False)
        self.screen = b""

    def drain(self) -> None:
        with contextlib.suppress(OSError):
            while chunk := os.read(self.primary, 65536):
                self.screen = (self.screen + chunk)[-20000:]

    def lines(self) -> list[str]:
        self.drain()
        with contextlib.suppress(FileNotFoundError):
            return self.transcript.read_text(encoding="utf-8").splitlines()
        return []

    def wait(self, check: Callable[[list[str]], bool], limit: float = LIMIT) -> bool:
        deadline = time.monotonic() + limit
        while time.monotonic() < deadline:
            if check(self.lines()):
                return True
            if self.process.poll() is not None:
                return check(self.lines())
            time.sleep(0.01)
        return False

    def keys(self, *names: str) -> None:
        for name in names:
            os.write(self.primary, self.KEYS.get(name, name).encode())
            time.sleep(0.06)  # the escape sequences' timeout: one key at a time

    def kill9(self) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(LIMIT)

    def close(self) -> None:
        self.kill9()
        self.drain()
        with contextlib.suppress(OSError):
            os.close(self.primary)

    def said_on_screen(self) -> str:
        self.drain()
        return self.screen.decode("utf-8", "replace")


def play_until_my_draw(game: Game) -> str | None:
    """Play until the player's first draw from the pile (an opener discards its last tile
    first): the tile said, or None when the game did not get there."""
    done = 0

    def since(start: int, key: str | None) -> Callable[[list[str]], bool]:
        """A turn (``key`` None) or the catalogue's ``key`` said from line ``start`` on."""

        def check(lines: list[str]) -> bool:
            if key is None:
                return any(turn_starts(line) for line in lines[start:])
            return any(said_as(key, line) for line in lines[start:])

        return check

    for _ in range(3):
        if not game.wait(since(done, None)):
            return None
        lines = game.lines()
        done = max(i for i, line in enumerate(lines) if turn_starts(line)) + 1
        if lines[done - 1] == text("table.your_turn.open"):  # the opener discards first
            game.keys("End", "Enter")
            continue
        game.keys("p")
        start = done
        if not game.wait(since(start, "table.you_draw")):
            return None
        said = next(ln for ln in game.lines()[start:] if said_as("table.you_draw", ln))
        return (read_as("table.you_draw", said) or {}).get("tile")
    return None


# -- the items ---------------------------------------------------------------------------


@dataclass
class Result:
    item: str
    command: str
    before: str
    now: str = ""
    ok: bool = False
    details: dict[str, object] = field(default_factory=dict)


CHECKS: list[tuple[str, str, str, Callable[[Path], tuple[str, bool]]]] = []


def check(
    item: str, command: str, before: str
) -> Callable[[Callable[[Path], tuple[str, bool]]], Callable[[Path], tuple[str, bool]]]:
    def register(
        function: Callable[[Path], tuple[str, bool]],
    ) -> Callable[[Path], tuple[str, bool]]:
        CHECKS.append((item, command, before, function))
        return function

    return register


def judged(run: Run, *, refused: bool = True) -> tuple[str, bool]:
    problems = run.problems(refused=refused)
    status = "hung" if run.status is None else f"exit {run.status}"
    said = f"{status}: {run.line}" if run.err_lines else status
    return (said + (f" [{', '.join(problems)}]" if problems else "")), not problems


def _saves(root: Path) -> Path:
    folder = root / "saves"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _game_args(seed: int, saves: Path) -> list[str]:
    return [
        "play",
        "--seed",
        str(seed),
        "--speech",
        "off",
        "--pace",
        "0",
        "--no-sounds",
        "--saves",
        str(saves),
    ]


def _my_log_lines(saves: Path, name: str) -> tuple[int, list[str]]:
    from okey.saves import read_save

    data = read_save(name, saves)
    you = data.settings["you"]
    assert isinstance(you, int)
    return you, [line for line in data.log.splitlines() if line.startswith(f"{you} ")]


KILLS = 19


@check(
    "2",
    f"okey play; P (draw); kill -9 as the tile is said; x{KILLS}",
    "2 of ~19 draws undone; a temporary file left",
)
def kill_after_draw(root: Path) -> tuple[str, bool]:
    undone = temps = lost = 0
    tries = 0
    resumed: bool | None = None
    for attempt in range(KILLS):
        folder = root / f"kill-{attempt}"
        saves = _saves(folder)
        game = Game(_game_args(100 + attempt, saves), private_env(folder), folder / "t.txt")
        try:
            tile = play_until_my_draw(game)
            game.kill9()  # at once: the player has heard the tile
        finally:
            game.close()
        if tile is None:
            continue
        tries += 1
        temps += sum(1 for path in saves.rglob("*") if path.name.endswith(".tmp"))
        try:
            _, mine = _my_log_lines(saves, "autosave")
        except Exception:
            lost += 1
            continue
        if not mine or not mine[-1].endswith(" draw pile"):
            undone += 1
        if resumed is None:  # the first match killed is taken up again, as a player would
            resumed = _resumes(folder, saves)
    now = f"{undone} of {tries} draws undone, {temps} temporary files left, {lost} saves lost"
    now += f"; okey resume after the kill: {'resumed' if resumed else 'NOT resumed'}"
    return now, undone == 0 and lost == 0 and tries >= KILLS // 2 and bool(resumed)


def _resumes(folder: Path, saves: Path) -> bool:
    """``okey resume`` takes the killed match up again (its table says so)."""
    args = ["resume", "--speech", "off", "--pace", "0", "--no-sounds", "--saves", str(saves)]
    game = Game(args, private_env(folder), folder / "resumed.txt")
    try:
        return game.wait(
            lambda lines: any(said_as("table.resumed", line, number=1) for line in lines), 30
        )
    finally:
        game.close()


@check(
    "1",
    "draw, kill -9, cp autosave.bak autosave.json; okey resume (and resume autosave.bak)",
    "resumed before the draw: the discard could be taken instead",
)
def backup_undo(root: Path) -> tuple[str, bool]:
    saves = _saves(root)
    env = private_env(root)
    game = Game(_game_args(7, saves), env, root / "t.txt")
    try:
        tile = play_until_my_draw(game)
        game.kill9()
    finally:
        game.close()
    if tile is None:
        return "the game did not reach a draw", False
    if not (saves / "autosave.bak").exists():
        return "no autosave.bak was written", False
    backup = judged(okey(["resume", "autosave.bak", "--saves", str(saves)], env))
    shutil.copyfile(saves / "autosave.bak", saves / "autosave.json")
    again = Game(
        [
            "resume",
            "autosave",
            "--speech",
            "off",
            "--pace",
            "0",
            "--no-sounds",
            "--saves",
            str(saves),
        ],
        env,
        root / "again.txt",
    )
    try:
        resumed = again.wait(
            lambda lines: any(said_as("table.resumed", ln, number=1) for ln in lines), 20
        )
        ended = again.process.wait(20) if not resumed else None
        screen = again.said_on_screen()
    finally:
        again.close()
    copied = [line.strip() for line in screen.splitlines() if line.startswith("okey: ")]
    if resumed:
        _, mine = _my_log_lines(saves, "autosave")
        ok = bool(mine) and mine[-1].endswith(" draw pile")
        said = "the copy resumed " + ("at the newest moment" if ok else "BEFORE the draw")
    else:
        ok = ended not in (0, None) and len(copied) == 1
        said = f"the copy refused (exit {ended}): {copied[0] if copied else screen[-200:]!r}"
    return f"{said}; resume autosave.bak: {backup[0]}", ok and backup[1]


@check(
    "3",
    "okey simulate --rounds 1 --seed S --seats hard,process:./cheat.py:make_bot,easy,easy",
    "the child read the seed in /proc/<ppid>/cmdline: the whole deck",
)
def cheat(root: Path) -> tuple[str, bool]:
    from test_hardening_bots2 import CHEAT, MARK, SEED

    (root / "cheat.py").write_text(CHEAT, encoding="utf-8")
    env = {**private_env(root), "OKEY_TEST_SECRET": MARK}
    run = okey(
        [
            "simulate",
            "--rounds",
            "1",
            "--seed",
            SEED,
            "--seats",
            "hard,process:./cheat.py:make_bot,easy,easy",
            "--json",
        ],
        env,
        cwd=root,
    )
    if run.status != 0:
        return judged(run)[0], False
    report = json.loads(run.out)
    found = bool(report["replaced"])
    return (
        f"seed found: {'yes' if found else 'no'} (isolation: {report.get('isolation')}; "
        f"replaced {len(report['replaced'])})"
    ), not found


@check(
    "4",
    "swap two deck tiles of an unsealed 0.1 save; okey saves; okey resume",
    "a warning only; the next pile draw is the okey",
)
def forged(root: Path) -> tuple[str, bool]:
    from test_hardening_resume import _forged

    saves = _saves(root)
    _forged(saves)  # two tiles of the deck swapped: the next pile draw is the okey
    env = private_env(root)
    listed = okey(["saves", "--saves", str(saves)], env)
    marked = "unverified" in listed.out.lower()
    return (
        f"okey saves marks it: {'unverified' if marked else 'NOT marked'}; "
        f"{judged(listed, refused=False)[0]}"
    ), marked


ENDINGS = {"sys.exit(3)": "exit3", "SystemExit(0)": "exit0", "KeyboardInterrupt": "interrupt"}


@check(
    "5",
    "a plug-in bot raising sys.exit(3) / SystemExit(0) / KeyboardInterrupt in choose",
    "exit 3 / 0 / 130 with no output; results lost",
)
def bot_exits(root: Path) -> tuple[str, bool]:
    from test_hardening_bots2 import ENDING, HOWS

    said, ok = [], True
    for shown, how in ENDINGS.items():
        folder = root / how
        folder.mkdir()
        (folder / "ending.py").write_text(ENDING.format(how=HOWS[how][0]), encoding="utf-8")
        logs = folder / "logs"
        run = okey(
            [
                "simulate",
                "--rounds",
                "2",
                "--seed",
                "3",
                "--seats",
                "ending.py:make_bot,easy,easy,easy",
                "--json",
                "--log",
                str(logs),
            ],
            private_env(folder),
            cwd=folder,
        )
        written = len(list(logs.glob("*"))) if logs.exists() else 0
        report = run.status == 0 and run.out.strip().startswith("{")
        said.append(
            f"{shown}: exit {run.status}, report {'yes' if report else 'NO'}, {written} logs"
        )
        ok = ok and report and written > 0 and not run.problems(refused=False)
    return "; ".join(said), ok


BOT = """
import resource

from okey.bots.example import LuckyBot


class Attacker(LuckyBot):
    name = "attacker"

    def choose(self, view):
{body}


def make_bot(rng):
    return Attacker(rng)
"""
LOOPING = "        while True:\n            pass"
GREEDY = """        limit = resource.getrlimit(resource.RLIMIT_AS)[0]
        try:
            hoard = bytearray(64 * 1024**3)  # 64 GB at once
        except MemoryError:
            raise RuntimeError(f"refused 64 GB; RLIMIT_AS {limit}") from None
        raise RuntimeError(f"got 64 GB ({len(hoard)}); RLIMIT_AS {limit}")"""
NONE = "        return None"


def simulate_with(root: Path, body: str, seat: str, seed: int, limit: float = LIMIT) -> Run:
    """``okey simulate --rounds 1`` with the bot whose ``choose`` is ``body`` in the first
    seat (``seat``: ``{}`` for its file, ``process:./{}`` for a process seat)."""
    (root / "attacker.py").write_text(BOT.format(body=body), encoding="utf-8")
    seats = seat.format("attacker.py:make_bot") + ",easy,easy,easy"
    line = ["simulate", "--rounds", "1", "--seed", str(seed), "--seats", seats, "--json"]
    return okey(line, private_env(root), cwd=root, limit=limit)


@check(
    "5",
    "an in-process plug-in bot that loops forever: okey simulate --rounds 1",
    "kept running after its limit: one round took 50 s",
)
def looping(root: Path) -> tuple[str, bool]:
    run = simulate_with(root, LOOPING, "{}", 3, limit=120)
    return (
        f"{run.seconds:.1f} s wall, {run.cpu:.1f} s CPU, exit {run.status}",
        run.status == 0 and run.seconds < 50,
    )


@check(
    "5", "a process: bot that takes memory without end: okey simulate --rounds 1", "no memory cap"
)
def greedy(root: Path) -> tuple[str, bool]:
    run = simulate_with(root, GREEDY, "process:./{}", 3, limit=180)
    if run.status != 0:
        return judged(run)[0], False
    report = json.loads(run.out)
    said = "; ".join(str(incident) for incident in report["replaced"])
    return f"exit 0 in {run.seconds:.1f} s; {said}"[:300], "refused 64 GB" in said


def _refused(args: Sequence[str], root: Path, **options: object) -> tuple[str, bool]:
    return judged(okey(args, private_env(root), **options))  # type: ignore[arg-type]


@check(
    "6", "okey serve --bind ../../etc/passwd", "something unexpected went wrong (UnicodeError idna)"
)
def bind_path(root: Path) -> tuple[str, bool]:
    return _refused(["serve", "--bind", "../../etc/passwd", "--port", "0"], root, limit=20)


@check("6", "okey serve --bind '\\u200f127.0.0.1' (a right-to-left mark)", "UnicodeError idna")
def bind_rlm(root: Path) -> tuple[str, bool]:
    return _refused(["serve", "--bind", "\u200f127.0.0.1", "--port", "0"], root, limit=20)


@check("6", "okey serve --bind <100,000 characters>", "UnicodeError idna")
def bind_long(root: Path) -> tuple[str, bool]:
    return _refused(["serve", "--bind", "a" * 100_000, "--port", "0"], root, limit=20)


@check("6", "okey serve --bot-delay -1 | nan | inf", "a server started")
def bot_delay(root: Path) -> tuple[str, bool]:
    said, ok = [], True
    for value in ("-1", "nan", "inf"):
        line, good = _refused(["serve", "--bot-delay", value, "--port", "0"], root, limit=20)
        said.append(f"{value}: {line}")
        ok = ok and good
    return " | ".join(said), ok


@check("6/8", "okey serve --saves /dev/null", "a server started; play said 'File exists'")
def serve_dev_null(root: Path) -> tuple[str, bool]:
    return _refused(["serve", "--saves", "/dev/null", "--port", "0"], root, limit=20)


@check("6", "okey play --name <5,000 characters>", "taken (the settings allow 40)")
def long_name(root: Path) -> tuple[str, bool]:
    return _refused(["play", "--name", "x" * 5000, "--saves", str(_saves(root))], root)


@check(
    "6",
    "a rules file with timer_seconds = 1: okey rules FILE / simulate",
    "accepted (the command line asks 5-600)",
)
def timer_one(root: Path) -> tuple[str, bool]:
    body = (ROOT / "rules" / "classic.toml").read_text(encoding="utf-8")
    lines = [line for line in body.splitlines() if not line.startswith("timer_seconds")]
    at = next(i for i, line in enumerate(lines) if line.strip() == "[play]") + 1
    lines.insert(at, "timer_seconds = 1")
    (root / "fast.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return _refused(["simulate", "--rounds", "1", "--rules", str(root / "fast.toml")], root)


@check("6", "an empty rules file: okey simulate --rules empty.toml", "accepted")
def empty_rules(root: Path) -> tuple[str, bool]:
    (root / "empty.toml").write_bytes(b"")
    return _refused(["simulate", "--rounds", "1", "--rules", str(root / "empty.toml")], root)


@check("6", "okey hand --table 'r1 r2 r3' r5 ... (classic rules)", "silently ignored")
def hand_table(root: Path) -> tuple[str, bool]:
    hand = ["r1", "r2", "r3", "b4", "b5", "b6", "k7", "k8", "k9", "y9", "y10", "y11", "y12", "b1"]
    return _refused(["hand", "--table", "r1 r2 r3", *hand], root)


GOOD_HANDS = [
    "r5: r1 r2 r3 b4 b5 b6 k7 k8 k9 y9 y10 y11 y12 b1",
    "k1: fj fj r1 r1 r2 r3 b5 b6 b7 y2 y3 y4 k9 k10",
]


@check("7", "okey hand --batch FILE (20,000 valid lines)", "still running after 60 s")
def big_batch(root: Path) -> tuple[str, bool]:
    path = root / "hands.txt"
    rng = random.Random(1)
    path.write_text(
        "\n".join(rng.choice(GOOD_HANDS) for _ in range(20_000)) + "\n", encoding="utf-8"
    )
    run = okey(["hand", "--batch", str(path)], private_env(root), limit=900)  # a loaded machine
    answers = len(run.out.splitlines())
    return (
        f"{run.cpu:.1f} s CPU ({20_000 / max(run.cpu, 1e-9):,.0f} hands/s), "
        f"{run.seconds:.1f} s wall; exit {run.status}, {answers:,} lines out"
    ), (run.status == 0 and run.cpu < 60)


@check("7", "okey hand --batch - < /dev/urandom", "never ends")
def urandom_batch(root: Path) -> tuple[str, bool]:
    with open("/dev/urandom", "rb") as source:
        run = okey(["hand", "--batch", "-"], private_env(root), stdin=source.fileno(), limit=60)
    said, ok = judged(run, refused=False)
    ok = ok and run.status not in (0, None) and len(run.err_lines) <= 1
    return f"{run.seconds:.1f} s; {said}", ok


@check(
    "8",
    "binary files: okey hand --batch FILE; okey replay FILE; okey rules FILE",
    "Python's 'utf-8 codec' error",
)
def binary_files(root: Path) -> tuple[str, bool]:
    path = root / "binary"
    path.write_bytes(random.Random(2).randbytes(4096))
    said, ok = [], True
    for args in (["hand", "--batch", str(path)], ["replay", str(path)], ["rules", str(path)]):
        line, good = _refused(args, root)
        said.append(f"{args[0]}: {line}")
        ok = ok and good and "codec" not in line
    return " | ".join(said), ok


@check(
    "8",
    "a deeply nested save (100,000 '['): okey resume / okey saves / okey review",
    "a recursion error cut mid-word",
)
def nested_save(root: Path) -> tuple[str, bool]:
    saves = _saves(root)
    (saves / "deep.json").write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    said, ok = [], True
    for args in (["resume", "deep"], ["review", "deep"]):
        line, good = _refused([*args, "--saves", str(saves)], root)
        said.append(f"{args[0]}: {line}")
        ok = ok and good and "ecursion" not in line
    listed = okey(["saves", "--saves", str(saves)], private_env(root))
    said.append(f"saves: {judged(listed, refused=False)[0]}")
    return " | ".join(said), ok and not listed.problems(refused=False)


@check(
    "8",
    "a process: bot whose choose returns None: okey simulate",
    "AssertionError: Expected code to be unreachable",
)
def none_bot(root: Path) -> tuple[str, bool]:
    run = simulate_with(root, NONE, "process:./{}", 4)
    said, ok = judged(run, refused=False)
    ok = ok and run.status == 0 and "AssertionError" not in run.err
    extra = f"; stderr: {run.line}" if run.err_lines else ""
    return f"exit {run.status}{extra}" if ok else said, ok


@check("8", "an argument with a newline: okey play --name 'a<newline>b'", "a two-line message")
def newline_argument(root: Path) -> tuple[str, bool]:
    return _refused(["play", "--name", "a\nb"], root)


@check(
    "8",
    "a full disk (a full 64 KB tmpfs as --saves): okey play, a turn",
    "Could not save: [Errno 28] No space left on device.",
)
def full_disk(root: Path) -> tuple[str, bool]:
    return _table_on_tmpfs(root, "size=64k", 11, fill=True)


@check("-", "a read-only saves folder (a read-only tmpfs): okey play", "one line (kept)")
def read_only(root: Path) -> tuple[str, bool]:
    return _table_on_tmpfs(root, "size=64k,ro", 12)


def _table_on_tmpfs(root: Path, options: str, seed: int, *, fill: bool = False) -> tuple[str, bool]:
    """A match whose saves folder is on a small tmpfs mounted with ``options`` (``fill``:
    filled first), played to the first draw: what the table said about saving, and
    whether it stayed open; or the one line it was refused with."""
    if os.geteuid() != 0:
        return "left out (not root: no tmpfs to mount)", True
    mount = root / "mount"
    mount.mkdir()
    subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(mount)], check=True)
    try:
        if fill:
            with contextlib.suppress(OSError), open(mount / "filler", "wb") as filler:
                while True:
                    filler.write(b"\0" * 4096)
                    filler.flush()
            with contextlib.suppress(OSError):
                (mount / "saves").mkdir()
        game = Game(_game_args(seed, mount / "saves"), private_env(root), root / "t.txt")
        try:
            play_until_my_draw(game)
            game.wait(lambda lines: any("save" in line.lower() for line in lines), 20)
            lines = game.lines()
            alive = game.process.poll() is None
            ended = game.process.returncode
            screen = game.said_on_screen()
        finally:
            game.close()
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)
    if "Traceback" in screen:
        return "a traceback", False
    if not alive:
        refused = [line.strip() for line in screen.splitlines() if line.startswith("okey: ")]
        return f"refused, exit {ended}: {refused[:1]}", ended != 0 and len(refused) == 1
    about = [line for line in lines if "save" in line.lower()]
    said = about[0] if about else "(nothing said about saving)"
    return f"{said!r}; the table stayed open", bool(about) and "Errno" not in said


@check(
    "9",
    'a log whose header is [Rules "/etc/passwd"]: okey replay LOG (strace: openat)',
    "okey parsed /etc/passwd as a rules file",
)
def rules_header(root: Path) -> tuple[str, bool]:
    body = (FIXTURES / "classic.okeylog").read_text(encoding="utf-8").splitlines()
    lines = [('[Rules "/etc/passwd"]' if line.startswith("[Rules ") else line) for line in body]
    log = root / "evil.okeylog"
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    trace = root / "trace.txt"
    prefix = ["strace", "-f", "-qq", "-e", "trace=open,openat", "-o", str(trace)]
    use = prefix if shutil.which("strace") else []
    run = okey(["replay", str(log)], private_env(root), prefix=use)
    opened = use and "/etc/passwd" in trace.read_text(encoding="utf-8", errors="replace")
    said, ok = judged(run)
    return f"{said}; /etc/passwd opened: {'YES' if opened else 'no'}", ok and not opened


# -- generated hostile inputs ------------------------------------------------------------


def damaged(rng: random.Random, good: bytes) -> bytes:
    """``good`` cut, with bytes flipped, inserted or deleted, lines swapped or replaced."""
    how = rng.choice(["cut", "flip", "insert", "lines", "text", "nest"])
    if not good or how == "cut":
        return good[: rng.randint(0, len(good))]
    if how == "flip":
        changed = bytearray(good)
        for _ in range(rng.randint(1, 6)):
            changed[rng.randrange(len(changed))] ^= rng.randint(1, 255)
        return bytes(changed)
    if how == "insert":
        where = rng.randint(0, len(good))
        junk = rng.choice([b"\xff\xfe", b"\x00", b"\r", b"\n" * 3, b"\xc3", rng.randbytes(8)])
        return good[:where] + junk + good[where + rng.randint(0, 8) :]
    if how == "nest":
        where = rng.randint(0, len(good))
        return good[:where] + b"[" * rng.choice([100, 5000, 100_000]) + good[where:]
    lines = good.split(b"\n")
    one, two = rng.randrange(len(lines)), rng.randrange(len(lines))
    if how == "lines":
        lines[one], lines[two] = lines[two], lines[one]
    else:
        lines[one] = rng.choice(HOSTILE_TEXT).encode("utf-8", "surrogatepass")
    return b"\n".join(lines)


HOSTILE_TEXT = [
    "",
    "\x1b[2J\x1b[H",
    "round 999999999999999999999 dealer 0",
    "9" * 5000,
    "[" * 5000,
    "nan",
    "inf",
    "-1e308",
    "\x00\x00",
    '"\\u0000"',
    "deck " + "r1 " * 200,
    'name = "x"\ndescription = "y"',
    "[table]\nplayers = 99",
    "r5: " + "fj " * 30,
    "timer_seconds = 1",
    "timer_seconds = 100000",
    '[Rules "/etc/passwd"]',
    "\u202e\u200f",
    "players = -4",
    "tiles = 1e999",
    "\ud800",
]
VALUES = [
    "nan",
    "inf",
    "-inf",
    "1e308",
    "-1",
    "0",
    "3",
    "99",
    "9" * 5000,
    "0x10",
    "1_000",
    "",
    " ",
    "\x1b[2J",
    "r5",
    "fj",
    "classic",
    "101",
    "no-such-rules",
    "easy,easy,easy,easy",
    "easy,easy",
    "process:",
    "process:nope:x",
    "grandmaster",
    "/dev/zero",
    "/proc/self/mem",
    "/",
    "../../etc/passwd",
    "a\nb",
    "\u200f",
    "x" * 100_000,
    "-",
    "--",
    "--help",
    "r1 r2 r3",
    "autosave",
    "autosave.bak",
    "/dev/null",
    "/dev/urandom",
    "\udcff",
]
OPTIONS: dict[str, list[str]] = {
    "rules": [],
    "simulate": ["--rounds", "--seats", "--rules", "--seed", "--json"],
    "replay": ["--seat"],
    "hand": ["--indicator", "--rules", "--batch", "--table", "--json"],
    "saves": ["--saves"],
    "review": ["--saves", "--move"],
    "play": ["--pace", "--seed", "--level", "--rules", "--seats", "--saves", "--name", "--timer"],
    "resume": ["--pace", "--saves"],
    "daily": ["--pace", "--saves", "--date"],
    "tutorial": ["--pace"],
    "serve": ["--bind", "--bot-delay", "--saves", "--port"],
    "settings": [],
    "menu": ["--saves"],
}
SERVING = {"serve", "host", "join"}


@dataclass
class Tally:
    runs: int = 0
    refused: int = 0
    failures: list[dict[str, object]] = field(default_factory=list)


def _record(tally: Tally, what: object, run: Run, problems: list[str]) -> None:
    tally.runs += 1
    tally.refused += run.status not in (0, None)
    if problems:
        tally.failures.append(
            {
                "input": repr(what)[:300],
                "status": run.status,
                "err": run.err[-600:],
                "problems": problems,
            }
        )


def _files(folder: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()
    }


def fuzz_argv(root: Path, count: int, rng: random.Random) -> Tally:
    tally = Tally()
    env = private_env(root)
    for _ in range(count):
        command = rng.choice(sorted(OPTIONS))
        line = [command]
        for _ in range(rng.randint(0, 4)):
            if OPTIONS[command] and rng.random() < 0.6:
                line.append(rng.choice(OPTIONS[command]))
            line.append(rng.choice(VALUES))
        if command == "simulate":
            line = [v if not (v.isdigit() and len(v) > 1) else "2" for v in line]
            line += ["--rounds", "1"]
        if command in SERVING and "--port" not in line:
            line += ["--port", "0"]
        if command == "settings":
            line = [
                command,
                rng.choice(["name", "pace", "speech", "rules", "volume", "x"]),
                rng.choice(VALUES),
            ]
        run = forked(line, env, limit=30)
        serving = command in SERVING and run.status is None  # a server that started waits
        problems = [p for p in run.problems(refused=False) if not (serving and p == "hung")]
        if run.status not in (0, None) and not run.err_lines:
            problems.append("silent failure")
        _record(tally, line, run, problems)
    return tally


def _fuzz_files(
    root: Path,
    count: int,
    rng: random.Random,
    corpus: Sequence[bytes],
    name: str,
    commands: Callable[[Path], list[list[str]]],
    *,
    report_ok: bool = False,
) -> Tally:
    tally = Tally()
    env = private_env(root)
    for number in range(count):
        folder = root / f"{name}-{number}"
        folder.mkdir()
        path = folder / name
        contents = damaged(rng, rng.choice(list(corpus)))
        path.write_bytes(contents)
        before = _files(folder)
        for args in commands(path):
            run = forked(args, env)
            problems = run.problems(refused=False)
            if (
                run.status not in (0, None)
                and not run.err_lines
                and not (report_ok and run.status == 1 and run.out.strip())
            ):
                problems.append("silent failure")
            after = _files(folder)
            lost = [key for key, value in before.items() if after.get(key) != value]
            if lost:
                problems.append(f"changed or lost: {lost}")
            _record(tally, (args[:2], contents[:200]), run, problems)
        shutil.rmtree(folder, ignore_errors=True)
    return tally


def fuzz_all(
    root: Path, count: int, seed: int, kinds: Sequence[str] | None = None
) -> dict[str, Tally]:
    rng = random.Random(seed)
    rules = [path.read_bytes() for path in sorted((ROOT / "rules").glob("*.toml"))]
    logs = [path.read_bytes() for path in sorted(FIXTURES.glob("*.okeylog"))]
    saves = [path.read_bytes() for path in sorted(FIXTURES.glob("*.json"))]
    saves += [
        path.read_bytes()
        for path in sorted((TESTS / "fixtures").rglob("*.json"))
        if "sealed" in path.name or "v0.2" in str(path)
    ][:4]
    batch = ["\n".join(GOOD_HANDS).encode() + b"\n"]
    settings = [
        b'language = "en"\npace = 0.5\nspeech = "off"\nverbosity = "brief"\n'
        b'level = "easy"\nrules = "classic"\nname = "Ada"\nvolume = 7\n'
    ]
    parts: dict[str, Callable[[], Tally]] = {
        "argv": lambda: fuzz_argv(root / "argv", count, rng),
        "rules": lambda: _fuzz_files(
            root / "rules",
            count,
            rng,
            rules,
            "mine.toml",
            lambda p: [["rules", str(p)], ["simulate", "--rounds", "1", "--rules", str(p)]],
        ),
        "logs": lambda: _fuzz_files(
            root / "logs",
            count,
            rng,
            logs,
            "match.okeylog",
            lambda p: [["replay", str(p)], ["replay", "--seat", "1", str(p)]],
        ),
        "saves": lambda: _fuzz_files(
            root / "saves",
            count,
            rng,
            saves,
            "game.json",
            lambda p: [
                ["saves", "--saves", str(p.parent)],
                ["review", "--saves", str(p.parent), "game"],
                ["resume", "--saves", str(p.parent), "game"],
            ],
        ),
        "batches": lambda: _fuzz_files(
            root / "batches",
            count,
            rng,
            batch,
            "hands.txt",
            lambda p: [["hand", "--batch", str(p)], ["hand", "--json", "--batch", str(p)]],
            report_ok=True,
        ),
        "settings": lambda: _fuzz_files(
            root / "settings",
            count,
            rng,
            settings,
            "settings.toml",
            lambda p: [["--language", "en", "rules"]],
        ),
    }
    found: dict[str, Tally] = {}
    for name, run in parts.items():
        if kinds is not None and name not in kinds:
            continue
        (root / name).mkdir(parents=True, exist_ok=True)
        if name == "settings":
            found[name] = _fuzz_settings(root / name, count, rng, settings)
        else:
            found[name] = run()
        print(
            f"fuzz {name}: {found[name].runs} runs, {len(found[name].failures)} failures",
            file=sys.stderr,
        )
    return found


def _fuzz_settings(root: Path, count: int, rng: random.Random, corpus: list[bytes]) -> Tally:
    tally = Tally()
    for number in range(count):
        path = root / f"settings-{number}.toml"
        contents = damaged(rng, corpus[0])
        path.write_bytes(contents)
        env = {**private_env(root), "OKEY_SETTINGS": str(path)}
        run = forked(["rules"], env)
        problems = run.problems(refused=False)
        if run.status != 0:
            problems.append(f"exit {run.status}: a bad settings file must only warn")
        if path.read_bytes() != contents:
            problems.append("the settings file changed")
        _record(tally, contents[:200], run, problems)
    return tally


# -- the soak ----------------------------------------------------------------------------


SOAK_SEATS = "medium,easy,random,easy"  # hard plays 2 rounds a second: 10,000 would take hours


def soak_one(root: Path, name: str, rounds: int, seed: int) -> dict[str, object]:
    """One rule set's share of the soak: its matches, then each log replayed."""
    seats = ",".join(SOAK_SEATS.split(",")[:2]) if name == "two-player" else SOAK_SEATS
    folder = root / name
    env = private_env(root)
    line = ["simulate", "--rules", name, "--rounds", str(rounds), "--seed", str(seed)]
    run = okey([*line, "--seats", seats, "--log", str(folder), "--json"], env, limit=7200)
    found: dict[str, object] = {"name": name, "rounds": 0, "logs": 0, "mismatches": 0}
    failures: list[str] = []
    tracebacks = int("Traceback" in run.err)
    if run.status != 0:
        failures.append(f"{name}: {judged(run)[0]}")
    else:
        found["rounds"] = int(json.loads(run.out)["rounds"])
        logs = sorted(folder.glob("*.okeylog"))
        bad = 0
        for log in logs:
            replay = forked(["replay", str(log)], env, limit=300)
            if replay.status != 0 or replay.err_lines:
                bad += 1
                failures.append(f"{log.name} of {name}: {judged(replay)[0]}")
            tracebacks += "Traceback" in replay.err
        found.update(logs=len(logs), mismatches=bad)
    print(f"soak {name}: {found}", file=sys.stderr)
    return {**found, "tracebacks": tracebacks, "failures": failures, "cpu_s": round(run.cpu, 1)}


def soak(root: Path, rounds: int, seed: int, jobs: int) -> dict[str, object]:
    """``rounds`` rounds over every rule set (shared evenly), every log replayed; ``jobs``
    rule sets at a time (each in a process of its own)."""
    import multiprocessing

    rule_sets = sorted(path.stem for path in (ROOT / "rules").glob("*.toml"))
    each = max(1, -(-rounds // len(rule_sets)))
    started = time.monotonic()
    tasks = [(root, name, each, seed + number) for number, name in enumerate(rule_sets)]
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        parts = pool.starmap(soak_one, tasks)
    failures = [failure for part in parts for failure in part["failures"]]  # type: ignore[attr-defined]
    return {
        "rule_sets": len(rule_sets),
        "seats": SOAK_SEATS,
        "rounds": sum(int(part["rounds"]) for part in parts),  # type: ignore[call-overload]
        "logs_replayed": sum(int(part["logs"]) for part in parts),  # type: ignore[call-overload]
        "replay_mismatches": sum(int(part["mismatches"]) for part in parts),  # type: ignore[call-overload]
        "tracebacks": sum(int(part["tracebacks"]) for part in parts),  # type: ignore[call-overload]
        "failures": failures[:20],
        "seconds": round(time.monotonic() - started, 1),
        "per_rule_set": {str(part["name"]): part["rounds"] for part in parts},
    }


# -- the report --------------------------------------------------------------------------


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fuzz", type=int, default=300, help="generated inputs of each kind")
    parser.add_argument("--soak-rounds", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=28)
    parser.add_argument("--fuzz-kinds", help="argv, rules, logs, saves, batches, settings")
    parser.add_argument("--jobs", type=int, default=2, help="rule sets soaked at a time")
    parser.add_argument("--only", help="items (1,2,...), 'fuzz', 'soak', by commas")
    parser.add_argument("--json", type=Path, help="write every result here")
    args = parser.parse_args()
    wanted = set(args.only.split(",")) if args.only else None
    results: list[Result] = []
    loads = [list(os.getloadavg())]
    report: dict[str, object] = {"load_average_1_5_15": loads}
    tallies: dict[str, Tally] = {}
    with tempfile.TemporaryDirectory(prefix="okey-attack-") as folder:
        base = Path(folder)
        for number, (item, command, before, function) in enumerate(CHECKS):
            if wanted is not None and not ({item, *item.split("/")} & wanted):
                continue
            root = base / f"check-{number}"
            root.mkdir()
            result = Result(item, command, before)
            try:
                result.now, result.ok = function(root)
            except Exception as exc:
                result.now = f"HARNESS ERROR {type(exc).__name__}: {exc}"[:300]
            results.append(result)
            print(
                f"{item} {'ok  ' if result.ok else 'FAIL'} {command[:60]}: {result.now}",
                file=sys.stderr,
            )
        if wanted is None or "fuzz" in wanted:
            kinds = args.fuzz_kinds.split(",") if args.fuzz_kinds else None
            tallies = fuzz_all(base / "fuzz", args.fuzz, args.seed, kinds)
            report["fuzz"] = {name: asdict(tally) for name, tally in tallies.items()}
        if wanted is None or "soak" in wanted:
            report["soak"] = soak(base / "soak", args.soak_rounds, args.seed, args.jobs)
    loads.append(list(os.getloadavg()))
    report["items"] = [asdict(result) for result in results]
    print("| item | command | before the issue | now | |")
    print("|---|---|---|---|---|")
    for result in results:
        cells = [
            result.item,
            result.command,
            result.before,
            result.now,
            "ok" if result.ok else "**FAIL**",
        ]
        print("| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |")
    if "fuzz" in report:
        print("\n| generated inputs | runs | refused (status not 0) | failures |")
        print("|---|---|---|---|")
        for name, tally in tallies.items():
            print(f"| {name} | {tally.runs} | {tally.refused} | {len(tally.failures)} |")
    if "soak" in report:
        print("\nsoak: " + json.dumps(report["soak"]))
    print(f"\nload average (1, 5, 15 min) before, after: {report['load_average_1_5_15']}")
    if args.json:
        args.json.write_text(json.dumps(report, indent=1, default=str), encoding="utf-8")
    failed = [r for r in results if not r.ok]
    fuzz_failed = sum(len(tally.failures) for tally in tallies.values())
    return 1 if failed or fuzz_failed else 0


if __name__ == "__main__":
    sys.exit(main())
