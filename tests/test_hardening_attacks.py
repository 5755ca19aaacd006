"""The outside attack of issue 18, again: every attack that gave a traceback or hung now
gives one clear line on standard error and a non-zero exit, within a time limit, and
changes no file.

Each case builds its files in a fresh folder. The ones that need a real process (a
closed standard input, a full standard output, a disk mounted for it, a FIFO, an
environment of their own) run ``python -m okey`` as a child, a few at a time (a hang is
a run past :data:`hardening_support.LIMIT`, killed); the others call okey's ``main`` in
this process, under an alarm, which takes milliseconds. A read-only or full disk is a
small tmpfs mounted in a mount namespace of the child's own (``unshare -rm``), where
this machine allows one; elsewhere those cases are skipped (``test_hardening_table.py``
covers a full disk with a fake that raises ENOSPC).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import pytest
from hardening_support import FIXTURES, Run, files_of, fixture_save, okey, okey_here

DEEP = "x = " + "[" * 100_000 + "]" * 100_000 + "\n"


@cache
def can_mount() -> bool:
    """True when a child may mount a tmpfs in a mount namespace of its own."""
    if shutil.which("unshare") is None:
        return False
    try:
        done = subprocess.run(
            ["unshare", "-rm", "sh", "-c", "mount -t tmpfs -o size=16k tmpfs /mnt"],
            capture_output=True,
            timeout=20,
        )
    except (OSError, subprocess.TimeoutExpired):
        return False
    return done.returncode == 0


def _mounted(folder: Path, options: str, fill: int = 0) -> list[str]:
    """A command prefix that runs okey with a tmpfs on ``folder`` (``fill`` bytes used)."""
    script = f'mount -t tmpfs -o {options} tmpfs "$0"'
    if fill:
        script += f' && head -c {fill} /dev/zero > "$0/fill" 2>/dev/null; true'
    if "ro" in options.split(","):
        script = 'mount -t tmpfs -o size=16k tmpfs "$0" && mount -o remount,ro "$0"'
    return ["unshare", "-rm", "sh", "-c", script + ' && exec "$@"', str(folder)]


@dataclass
class Attack:
    """One attack: the command line (``{dir}`` is the case's folder) and how to set up."""

    args: list[str]
    setup: Callable[[Path], None] = lambda folder: None
    close_stdin: bool = False
    stdout_to_full: bool = False
    env: dict[str, str] = field(default_factory=dict)
    mount: tuple[str, str, int] | None = None  # (subfolder, options, bytes filled)
    words: str = ""  # expected in the line said


def _file(name: str, text: str | bytes) -> Callable[[Path], None]:
    def make(folder: Path) -> None:
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(text, encoding="utf-8")

    return make


def _fifo(name: str) -> Callable[[Path], None]:
    def make(folder: Path) -> None:
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        os.mkfifo(path)

    return make


def _sparse(name: str, size: int = 100 * 1024 * 1024) -> Callable[[Path], None]:
    """A regular file of ``size`` bytes that takes no room (read, it is all zero bytes)."""

    def make(folder: Path) -> None:
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as file:
            file.truncate(size)

    return make


def _save_with_settings(**changes: object) -> Callable[[Path], None]:
    def make(folder: Path) -> None:
        doc = fixture_save()
        settings = doc["settings"]
        assert isinstance(settings, dict)
        settings.update(changes)
        (folder / "saves").mkdir()
        (folder / "saves" / "game.json").write_text(json.dumps(doc), encoding="utf-8")

    return make


def _a_save(folder: Path) -> None:
    (folder / "saves").mkdir()
    shutil.copy(FIXTURES / "classic-mid-turn.json", folder / "saves" / "game.json")


HUGE_NUMBER_LOG = (
    (FIXTURES / "classic.okeylog")
    .read_text(encoding="utf-8")
    .replace("round 1 dealer 2", "round " + "9" * 5000 + " dealer 2", 1)
)
SAVES = ["--saves", "{dir}/saves"]
BAD_SETTINGS = (("you", "0"), ("you", None), ("you", 1.5), ("pace", "fast"), ("pace", None))

ATTACKS: dict[str, Attack] = {
    # Tracebacks
    "simulate --log on a file": Attack(
        ["simulate", "--rounds", "1", "--log", "{dir}/file"], _file("file", "x"), words="file"
    ),
    "simulate --log in a read-only folder": Attack(
        ["simulate", "--rounds", "1", "--log", "{dir}/ro/logs"], mount=("ro", "ro", 0)
    ),
    "simulate --log with a missing parent": Attack(
        ["simulate", "--rounds", "1", "--log", "/proc/okey-none/logs"]
    ),
    "simulate --log on a full disk": Attack(
        ["simulate", "--rounds", "3", "--log", "{dir}/full"], mount=("full", "size=16k", 15000)
    ),
    "simulate > /dev/full": Attack(["simulate", "--rounds", "1"], stdout_to_full=True),
    "replay a 5,000-digit number": Attack(
        ["replay", "{dir}/huge.okeylog"], _file("huge.okeylog", HUGE_NUMBER_LOG)
    ),
    "replay /dev/zero": Attack(["replay", "/dev/zero"], words="not a regular file"),
    "replay /dev/urandom": Attack(["replay", "/dev/urandom"], words="not a regular file"),
    "hand --batch /dev/zero": Attack(["hand", "--batch", "/dev/zero"]),
    "okey rules of a deep TOML": Attack(["rules", "{dir}/deep.toml"], _file("deep.toml", DEEP)),
    "play --rules of a deep TOML": Attack(
        ["play", "--rules", "{dir}/deep.toml"], _file("deep.toml", DEEP)
    ),
    "simulate --rules of a deep TOML": Attack(
        ["simulate", "--rules", "{dir}/deep.toml"], _file("deep.toml", DEEP)
    ),
    "hand --rules of a deep TOML": Attack(
        ["hand", "--rules", "{dir}/deep.toml", "-i", "r1", "r2"], _file("deep.toml", DEEP)
    ),
    "play with stdin closed": Attack(["play", *SAVES], close_stdin=True),
    "bare okey with stdin closed": Attack([], close_stdin=True),
    "menu with stdin closed": Attack(["menu", *SAVES], close_stdin=True),
    "daily with stdin closed": Attack(["daily", *SAVES], close_stdin=True),
    "tutorial with stdin closed": Attack(["tutorial"], close_stdin=True),
    "resume with stdin closed": Attack(["resume", *SAVES], _a_save, close_stdin=True),
    "hand --batch - with stdin closed": Attack(["hand", "--batch", "-"], close_stdin=True),
    **{
        f"{command} of a save whose {key} is {value!r}": Attack(
            [command, "game", *SAVES], _save_with_settings(**{key: value}), words="damaged"
        )
        for command in ("resume", "review")
        for key, value in BAD_SETTINGS
    },
    "play --pace nan": Attack(["play", "--pace", "nan"], words="pace"),
    "play --pace inf": Attack(["play", "--pace", "inf"], words="pace"),
    "play --pace 1e308": Attack(["play", "--pace", "1e308"], words="pace"),
    "a settings file with pace nan": Attack(
        ["rules"],
        _file("settings.toml", "pace = nan\n"),
        env={"OKEY_SETTINGS": "{dir}/settings.toml"},
    ),
    "replay a 100 MB log": Attack(["replay", "{dir}/big.okeylog"], _sparse("big.okeylog")),
    "hand --batch of a 100 MB file": Attack(
        ["hand", "--batch", "{dir}/big.txt"], _sparse("big.txt")
    ),
    "hand --batch of a 1 MB line": Attack(
        ["hand", "--batch", "{dir}/line.txt"], _file("line.txt", "r5: " + "r1 " * 400_000)
    ),
    "rules of a 100 MB file": Attack(["rules", "{dir}/big.toml"], _sparse("big.toml")),
    "resume of a 100 MB save": Attack(["resume", "big", *SAVES], _sparse("saves/big.json")),
    # Hangs
    "okey saves with a FIFO x.json": Attack(["saves", *SAVES], _fifo("saves/x.json")),
    "resume with a FIFO x.json": Attack(["resume", *SAVES], _fifo("saves/x.json")),
    "review with a FIFO x.json": Attack(["review", *SAVES], _fifo("saves/x.json")),
    "resume of a FIFO by name": Attack(["resume", "x", *SAVES], _fifo("saves/x.json")),
    "OKEY_SETTINGS is a FIFO": Attack(
        ["rules"], _fifo("settings.toml"), env={"OKEY_SETTINGS": "{dir}/settings.toml"}
    ),
    "replay a FIFO": Attack(["replay", "{dir}/x.okeylog"], _fifo("x.okeylog")),
    "rules of a FIFO": Attack(["rules", "{dir}/x.toml"], _fifo("x.toml")),
    "hand --batch of a FIFO": Attack(["hand", "--batch", "{dir}/x.txt"], _fifo("x.txt")),
    # Minor
    "replay --seat 99": Attack(
        ["replay", "--seat", "99", str(FIXTURES / "classic.okeylog")], words="seat 99"
    ),
}
# A bad settings file is a warning: the command still runs (and a FIFO is not waited on).
WARNED = {"a settings file with pace nan", "OKEY_SETTINGS is a FIFO"}


def needs_a_process(name: str) -> bool:
    """Whether an attack must be a real okey process: a closed standard input, a full
    standard output, a disk mounted for it, a FIFO (a hang must be killable), a device
    (a read without end must not fill this process's memory), an environment of its
    own. The others run in this process, which is much quicker."""
    attack = ATTACKS[name]
    special = attack.close_stdin or attack.stdout_to_full or attack.mount is not None
    endless = "/dev/" in " ".join(attack.args)  # a regression would read without end
    return special or bool(attack.env) or "FIFO" in name or endless


def run_attack(name: str, folder: Path, *, set_up: bool = True) -> Run:
    attack = ATTACKS[name]
    if set_up:
        attack.setup(folder)
    prefix: list[str] = []
    if attack.mount is not None:
        sub, options, fill = attack.mount
        (folder / sub).mkdir()
        prefix = _mounted(folder / sub, options, fill)
    args = [arg.replace("{dir}", str(folder)) for arg in attack.args]
    env = {key: value.replace("{dir}", str(folder)) for key, value in attack.env.items()}
    env.setdefault("OKEY_SAVES", str(folder / "saves"))
    if attack.stdout_to_full:
        with open("/dev/full", "wb") as full:
            return okey(args, cwd=folder, env=env, stdout=full.fileno(), prefix=prefix)
    return okey(args, cwd=folder, env=env, close_stdin=attack.close_stdin, prefix=prefix)


@dataclass(frozen=True)
class Outcome:
    """One attack run: its result, and its folder's files before and after."""

    result: Run
    before: dict[str, bytes | tuple[int, int]]
    after: dict[str, bytes | tuple[int, int]]


def _skipped(attack: Attack) -> str | None:
    if attack.mount is not None and not can_mount():
        return "no tmpfs can be mounted here"
    if attack.stdout_to_full and not Path("/dev/full").exists():
        return "no /dev/full here"
    return None


@pytest.fixture(scope="module")
def outcomes(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Outcome]:
    """Every attack, run a few at a time (each is a process that waits on little but its
    own start, so this takes a fraction of the time of one after another)."""

    def one(name: str) -> Outcome:
        folder = tmp_path_factory.mktemp("attack")
        ATTACKS[name].setup(folder)
        before = files_of(folder)
        result = run_attack(name, folder, set_up=False)
        return Outcome(result, before, files_of(folder))

    names = [
        name
        for name, attack in ATTACKS.items()
        if _skipped(attack) is None and needs_a_process(name)
    ]
    with ThreadPoolExecutor(max_workers=WORKERS) as pool:
        return dict(zip(names, pool.map(one, names), strict=True))


WORKERS = max(2, min(6, (os.cpu_count() or 1) * 2))


def _here(
    name: str, folder: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> Outcome:
    ATTACKS[name].setup(folder)
    before = files_of(folder)
    monkeypatch.chdir(folder)
    monkeypatch.setenv("OKEY_SAVES", str(folder / "saves"))
    args = [arg.replace("{dir}", str(folder)) for arg in ATTACKS[name].args]
    result = okey_here(args, capsys)
    return Outcome(result, before, files_of(folder))


@pytest.mark.parametrize("name", list(ATTACKS))
def test_an_attack_gets_one_clear_line(
    name: str,
    request: pytest.FixtureRequest,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    attack = ATTACKS[name]
    skipped = _skipped(attack)
    if skipped is not None:
        pytest.skip(skipped)
    if needs_a_process(name):
        outcome: Outcome = request.getfixturevalue("outcomes")[name]
    else:
        outcome = _here(name, tmp_path, capsys, monkeypatch)
    result = outcome.result
    if name in WARNED:
        assert result.status == 0, result
        assert "Traceback" not in result.err and len(result.err_lines) == 1, result.err
    else:
        assert result.problems() == [], result
        assert attack.words in result.err_lines[0]
    if attack.mount is None:
        assert outcome.after == outcome.before  # nothing written, nothing changed


def test_a_full_disk_still_prints_the_simulation_report(tmp_path: Path) -> None:
    if not can_mount():
        pytest.skip("no tmpfs can be mounted here")
    result = run_attack("simulate --log on a full disk", tmp_path)
    assert result.status == 1
    assert "3 rounds" in result.out  # the report is not lost
    assert "No space left on device" in result.err_lines[0]


def test_names_and_texts_from_files_are_printed_without_control_characters(
    tmp_path: Path,
) -> None:
    rules = tmp_path / "odd.toml"
    rules.write_text('name = "odd\\u001b[2J"\ndescription = "clears\\u001b[2J the screen"\n')
    shown = okey(["rules", str(rules)])
    assert shown.status == 0 and "\x1b" not in shown.out and "odd[2J" in shown.out
    log = (FIXTURES / "classic.okeylog").read_text(encoding="utf-8")
    seats = next(line for line in log.splitlines() if line.startswith("[Seats"))
    odd = log.replace(seats, '[Seats "a\x1b[2J, b\x07, c, d"]')
    (tmp_path / "odd.okeylog").write_text(odd, encoding="utf-8")
    replayed = okey(["replay", str(tmp_path / "odd.okeylog")])
    assert replayed.status == 0, replayed.err
    assert "\x1b" not in replayed.out and "\x07" not in replayed.out
    assert "a[2J" in replayed.out


def test_a_reader_that_goes_away_is_not_told_about(tmp_path: Path) -> None:
    """``okey replay LOG | head -c 1``: a broken pipe ends okey quietly (no line said)."""
    script = '"$0" -m okey replay "$1" | head -c 1 >/dev/null; exit 0'
    done = subprocess.run(
        ["sh", "-c", script, sys.executable, str(FIXTURES / "classic.okeylog")],
        capture_output=True,
        timeout=60,
    )
    assert done.stderr == b""


HOLDER = """
import sys
from pathlib import Path
from okey.saves.lock import lock_save
lock_save(Path(sys.argv[1]))
print("held", flush=True)
sys.stdin.read()
"""


def test_resuming_a_save_another_okey_has_open_is_refused_on_one_line(tmp_path: Path) -> None:
    _a_save(tmp_path)
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(tmp_path / "saves" / "game.json")],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == b"held\n"
        before = files_of(tmp_path)
        result = okey(["resume", "game", "--saves", str(tmp_path / "saves")])
        assert result.problems() == [], result
        assert f"process {holder.pid}" in result.err_lines[0]
        assert files_of(tmp_path) == before
    finally:
        holder.kill()
        holder.wait(10)
