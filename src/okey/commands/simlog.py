"""What ``okey simulate`` does alike for every game: its timings, the ``--log`` folder
checked before any match is played, and a match log written where a full disk only
stops the logs (the report is still printed)."""

from __future__ import annotations

import contextlib
import errno
import os
import statistics
from pathlib import Path

from okey.engine.match import Match
from okey.errors import Phrase
from okey.matchlog import LogHeader, log_of


def decision_timing(times: list[float]) -> dict[str, float]:
    """The median and p99 of decision times (ms), rounded for the report."""
    if not times:
        return {"median": 0.0, "p99": 0.0}
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return {"median": round(statistics.median(ordered), 4), "p99": round(p99, 4)}


def log_problem(path: Path, exc: OSError) -> Phrase:
    return Phrase("simulate.error.log", path=path, reason=exc.strerror or type(exc).__name__)


def log_folder(text: str) -> Path | Phrase:
    """The folder for ``--log``, made now (so a bad one is said before the matches are
    played), or why it cannot be."""
    folder = Path(text)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        if not folder.is_dir():
            raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR))
        probe = folder / f".okey-probe-{os.getpid()}"
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as exc:
        return log_problem(folder, exc)
    return folder


def write_match_log(path: Path, header: LogHeader, match: Match) -> Phrase | None:
    """Write one match's log; why it could not be (nothing half-written is left)."""
    return write_match_text(path, log_of(match, header))


def write_match_text(path: Path, text: str) -> Phrase | None:
    """Write one match's log text; why it could not be (nothing half-written is left)."""
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as exc:  # a full disk: the report is still printed
        with contextlib.suppress(OSError):
            path.unlink()
        return log_problem(path, exc)
    return None
