"""Helpers for the hardening and fuzz tests (no tests here): okey run as a real process
with a time limit, its result judged as the issue asks (an exit status, one line on
standard error, no traceback, no hang), and damaged files to give it."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest

FIXTURES = Path(__file__).parent / "fixtures" / "v0.1"
LIMIT = float(os.environ.get("OKEY_HANG_SECONDS", "60"))
"""Seconds one run of okey may take before it counts as a hang (a loaded CI machine)."""


@dataclass(frozen=True)
class Run:
    status: int | None  # None: it hung, and was killed
    out: str
    err: str

    @property
    def err_lines(self) -> list[str]:
        return [line for line in self.err.splitlines() if line.strip()]

    def problems(self) -> list[str]:
        """What is wrong with a refused command's result (empty: one clear line)."""
        found = []
        if self.status is None:
            found.append("hung")
        elif self.status == 0:
            found.append("exit status 0")
        if "Traceback" in self.err or "Traceback" in self.out:
            found.append("a traceback")
        if len(self.err_lines) != 1:
            found.append(f"{len(self.err_lines)} lines on standard error")
        elif not self.err_lines[0].startswith("okey: "):
            found.append("the line does not start with 'okey: '")
        return found


MEMORY = 2 * 1024**3
"""The most memory a child okey may take: a read without end fails there, not here."""


def _memory_capped() -> None:  # pragma: no cover - runs in the child
    import resource

    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def okey(
    args: Sequence[str],
    *,
    cwd: Path | None = None,
    env: Mapping[str, str] | None = None,
    stdin: int | None = subprocess.DEVNULL,
    stdout: int | None = subprocess.PIPE,
    close_stdin: bool = False,
    limit: float = LIMIT,
    prefix: Sequence[str] = (),
) -> Run:
    """Run ``python -m okey ARGS`` (``prefix`` in front: ``unshare ...``) and wait at
    most ``limit`` seconds; ``close_stdin``: standard input is closed, as ``<&-``."""
    environment = dict(os.environ)
    environment.pop("OKEY_DEBUG", None)
    environment.update(env or {})
    command = [*prefix, sys.executable, "-m", "okey", *args]
    if close_stdin:
        command = ["sh", "-c", 'exec "$@" <&-', "sh", *command]
        stdin = None
    process = subprocess.Popen(
        command,
        preexec_fn=_memory_capped if sys.platform != "win32" else None,
        cwd=cwd,
        env=environment,
        stdin=stdin,
        stdout=stdout,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    try:
        out, err = process.communicate(timeout=limit)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, 9)
        out, err = process.communicate()
        return Run(None, (out or b"").decode(errors="replace"), (err or b"").decode("replace"))
    return Run(
        process.returncode,
        (out or b"").decode("utf-8", "replace"),
        err.decode("utf-8", "replace"),
    )


def fixture_save(name: str = "classic-mid-turn") -> dict[str, object]:
    """An okey 0.1 save (format 1) as a document."""
    doc: dict[str, object] = json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8"))
    return doc


def files_of(folder: Path) -> dict[str, bytes | tuple[int, int]]:
    """Every file under ``folder`` (FIFOs and devices left out) and its bytes (a file
    over a megabyte: its size and time of change, for speed)."""
    found: dict[str, bytes | tuple[int, int]] = {}
    for path in sorted(folder.rglob("*")):
        if path.is_file() and not path.is_symlink():
            stat = path.stat()
            name = str(path.relative_to(folder))
            if stat.st_size > 1024 * 1024:
                found[name] = (stat.st_size, stat.st_mtime_ns)
            else:
                found[name] = path.read_bytes()
    return found


@contextlib.contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Fail what runs longer than ``seconds`` in this process (a hang), where SIGALRM
    exists (elsewhere it is not timed)."""
    if not hasattr(signal, "SIGALRM"):
        yield
        return

    def hung(signum: int, frame: object) -> None:
        raise AssertionError(f"okey ran longer than {seconds} s: a hang")

    previous = signal.signal(signal.SIGALRM, hung)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def okey_here(args: Sequence[str], capsys: pytest.CaptureFixture[str], limit: float = LIMIT) -> Run:
    """Run okey's ``main(ARGS)`` in this process (quick: no interpreter to start), timed."""
    from okey.cli import main

    capsys.readouterr()
    with time_limit(limit):
        try:
            status: int | None = main(list(args))
        except SystemExit as exit:  # --help
            status = exit.code if isinstance(exit.code, int) else 2
    out, err = capsys.readouterr()
    return Run(status, out, err)
