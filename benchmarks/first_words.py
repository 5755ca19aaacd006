"""How soon after ``okey play`` starts is its first line spoken?

``okey play`` runs in a pseudo-terminal (it needs one) with a private,
headless speech-dispatcher (tests/speechd_headless.py). From the moment the
process is started, the server's log is watched for the first ``DATA:`` line
(the words reached speech-dispatcher) and the transcript for its first line.
Each run is killed once both have come. The server is started once before the
runs ("warm", as on a desktop where it already runs) or, with ``--cold``, the
first run autospawns it and only that run is measured each time.

With ``--vs OKEY`` a second okey executable (another checkout's
``.venv/bin/okey``) runs in turn with the first, A B A B ..., so that the two
are measured side by side on a noisy machine. Prints one JSON object.

Needs speech-dispatcher, speech-dispatcher-espeak-ng and sox (as the tests).
Run: ``uv run python benchmarks/first_words.py [--runs N] [--vs PATH]``.
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import json
import os
import pty
import shutil
import signal
import statistics
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

# The headless speech-dispatcher helper lives with the tests.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from speechd_headless import Headless, missing_software, new_root, private_environment, write_config

WAIT = 20.0  # seconds before a run counts as silent
POLL = 0.002


FIRST_WORDS = "Okey, classic table"  # how the table's first line begins (in English)


def _first_data_line(setup: Headless, already: int) -> bool:
    return any(line.startswith(FIRST_WORDS) for line in setup.data_lines()[already:])


def _has_line(path: Path) -> bool:
    try:
        return bool(path.read_bytes().strip())
    except FileNotFoundError:
        return False


def cpu_seconds(pid: int) -> float:
    """User and system time the process (all its threads) has used so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def one_run(okey: str, setup: Headless, transcript: Path) -> dict[str, float]:
    """Start ``okey play`` in a pseudo-terminal; seconds to the first DATA and transcript
    line, and the processor time okey had used when its first words reached the server
    (a figure that a busy machine inflates far less than the wall time)."""
    transcript.unlink(missing_ok=True)
    already = len(setup.data_lines())
    primary, secondary = pty.openpty()
    fcntl.ioctl(secondary, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
    command = [okey, "play", "--seed", "1", "--transcript", str(transcript), "--pace", "0"]
    started = time.monotonic()
    process = subprocess.Popen(
        command,
        stdin=secondary,
        stdout=secondary,
        stderr=secondary,
        start_new_session=True,
        env={**os.environ, "TERM": "xterm"},
    )
    os.close(secondary)
    os.set_blocking(primary, False)
    found: dict[str, float] = {}
    try:
        while len(found) < 3 and time.monotonic() - started < WAIT:
            with contextlib.suppress(OSError):  # nothing to read yet
                os.read(primary, 65536)  # keep the terminal's buffer from filling
            now = time.monotonic() - started
            if "spoken_s" not in found and _first_data_line(setup, already):
                found["spoken_s"] = now
                with contextlib.suppress(OSError, IndexError, ValueError):
                    found["cpu_at_spoken_s"] = cpu_seconds(process.pid)
            if "printed_s" not in found and _has_line(transcript):
                found["printed_s"] = now
            if process.poll() is not None:
                break
            time.sleep(POLL)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait(WAIT)
        os.close(primary)
    return found


def summary(values: list[float]) -> dict[str, float | int]:
    if not values:
        return {"runs": 0}
    return {
        "runs": len(values),
        "median_s": round(statistics.median(values), 3),
        "min_s": round(min(values), 3),
        "max_s": round(max(values), 3),
    }


def keep_warm() -> object:
    """A client of our own: the server starts now, and stays up between the runs."""
    import speechd

    return speechd.SSIPClient("benchmark")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--okey", default=shutil.which("okey") or "okey")
    parser.add_argument("--vs", metavar="OKEY", help="a second okey executable, run in turn")
    parser.add_argument("--cold", action="store_true", help="a new server for every run")
    args = parser.parse_args()
    what = missing_software()
    if what is not None:
        print(f"{what} is not installed", file=sys.stderr)
        return 1
    commands = {"A": args.okey} if args.vs is None else {"A": args.okey, "B": args.vs}
    results: dict[str, dict[str, list[float]]] = {
        name: {"spoken_s": [], "printed_s": [], "cpu_at_spoken_s": []} for name in commands
    }
    setup = write_config(new_root())
    try:
        with private_environment(setup):
            holder = None if args.cold else keep_warm()
            for _ in range(args.runs):
                for name, okey in commands.items():
                    if args.cold:
                        setup.kill()
                        time.sleep(0.2)
                    found = one_run(okey, setup, setup.root / f"transcript-{name}.txt")
                    for key, value in found.items():
                        results[name][key].append(value)
                    time.sleep(0.3)  # let the server log the killed run's last words
            if holder is not None:
                holder.close()  # type: ignore[attr-defined]
    finally:
        setup.kill()
        shutil.rmtree(setup.root, ignore_errors=True)
    report: dict[str, object] = {
        "server": "cold" if args.cold else "warm",
        **{
            f"{name} {commands[name]}": {key: summary(values) for key, values in found.items()}
            for name, found in results.items()
        },
    }
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
