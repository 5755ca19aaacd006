"""Start-up: how soon ``okey`` and ``okey play`` speak, and what loading the table costs.

Two okey checkouts (``--okey``, default this one's ``.venv/bin/okey``, and ``--vs``,
say a copy of main) are measured in turn, A B A B ..., on the same private, headless,
warm speech-dispatcher (tests/speechd_headless.py), so that a noisy machine slows
both alike. Each run starts okey in a pseudo-terminal and takes, from the moment
before the process is started:

- ``data_s``: the first words reaching the speech server (its log's first ``DATA:``
  line), for any okey;
- ``took_s``: the first words taken by the speech output inside okey (its speech
  worker's ``OKEY_SPEECH_TRACE`` file; an okey without the hook leaves it out), and
  ``probe_s``, when that worker had found the output;
- ``cpu_s``: the processor time okey had used when its first words reached the
  server (a busy machine inflates it far less than the wall times).

The commands: ``menu`` is ``okey menu``, what bare ``okey`` runs (the start menu: its
welcome is the first line) and ``table`` is ``okey play --rules classic``, what
``okey play`` runs (the table's welcome). Then ``python -X importtime -c "import
okey.commands.play"`` is run as many times for each, in turn, and its total kept;
and ``okey --help`` as many times, its processor time (``help_cpu_s``: user and
system, from the kernel's count for the finished child) beside ``python -c pass``'s
(``python_cpu_s``), the interpreter's own start.

Every okey measured runs from bytecode, as an installed okey does: where
``PYTHONDONTWRITEBYTECODE`` is set (this machine sets it), the runs keep their bytecode
in a private folder (``PYTHONPYCACHEPREFIX``) instead, written by a first unmeasured run;
otherwise each run would compile the whole game again (``okey --help`` took 210 ms of
CPU that way against about 90 ms from bytecode).

With ``--cold`` the server is killed before every run, so that okey starts it (as
on a desktop where nothing has spoken yet).

Prints one JSON object: for each figure, median and p99 (the nearest rank) in
seconds, and the ratio of the medians A/B. Needs speech-dispatcher,
speech-dispatcher-espeak-ng and sox, as the tests.
Run: ``uv run python benchmarks/startup.py [--runs 20] [--vs OTHER/.venv/bin/okey]``.
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import json
import math
import os
import pty
import resource
import shutil
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path

# The headless speech-dispatcher helper lives with the tests.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from speechd_headless import Headless, missing_software, new_root, private_environment, write_config

HERE = Path(__file__).resolve().parent
WAIT = 20.0  # seconds before a run counts as silent
POLL = 0.002
TRACE_VAR = "OKEY_SPEECH_TRACE"  # okey.speech.background.TRACE_VAR
SAVES_VAR = "OKEY_SAVES"  # a private saves folder: the checkout's own is left alone
COMMANDS = {  # bare okey runs okey menu (okey --transcript F would run okey play)
    "menu": (["menu"], "Okey. Up and Down"),  # start.welcome, in English
    "table": (["play", "--rules", "classic", "--seed", "1", "--pace", "0"], "Okey, classic table"),
}


def cpu_seconds(pid: int) -> float:
    """User and system time the process (all its threads) has used so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def keep_warm() -> object:
    """A client of our own: the server starts now, and stays up between the runs."""
    import speechd

    return speechd.SSIPClient("benchmark")


def _traced(path: Path, words: str) -> dict[str, float]:
    """The monotonic times of the probe's end and of the first words, from the trace."""
    found: dict[str, float] = {}
    with contextlib.suppress(FileNotFoundError):
        for line in path.read_text(encoding="utf-8").splitlines():
            when, _, text = line.partition(" ")
            if text.startswith("[probe"):
                found.setdefault("probe", float(when))
            elif text.startswith(words):
                found.setdefault("took", float(when))
    return found


def one_run(okey: str, arguments: list[str], words: str, setup: Headless) -> dict[str, float]:
    """Start okey in a pseudo-terminal; the figures of one run (see the module's text)."""
    root = setup.root
    transcript, trace, saves = root / "transcript.txt", root / "trace.txt", root / "saves"
    for path in (transcript, trace):
        path.unlink(missing_ok=True)
    shutil.rmtree(saves, ignore_errors=True)  # each run starts with no saves to offer
    already = len(setup.data_lines())
    primary, secondary = pty.openpty()
    fcntl.ioctl(secondary, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
    command = [okey, *arguments, "--transcript", str(transcript)]
    env = {**os.environ, "TERM": "xterm", TRACE_VAR: str(trace), SAVES_VAR: str(saves)}
    started = time.monotonic()
    process = subprocess.Popen(
        command,
        stdin=secondary,
        stdout=secondary,
        stderr=secondary,
        start_new_session=True,
        env=env,
    )
    os.close(secondary)
    os.set_blocking(primary, False)
    found: dict[str, float] = {}
    try:
        while "data_s" not in found and time.monotonic() - started < WAIT:
            with contextlib.suppress(OSError):  # nothing to read yet
                os.read(primary, 65536)  # keep the terminal's buffer from filling
            if any(line.startswith(words) for line in setup.data_lines()[already:]):
                found["data_s"] = time.monotonic() - started
                with contextlib.suppress(OSError, IndexError, ValueError):
                    found["cpu_s"] = cpu_seconds(process.pid)
            if process.poll() is not None:
                break
            time.sleep(POLL)
        time.sleep(0.05)  # the trace is written just after the server has the words
        for name, when in _traced(trace, words).items():
            found[f"{name}_s"] = when - started
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait(WAIT)
        os.close(primary)
    return found


def import_seconds(okey: str) -> float:
    """``python -X importtime``'s cumulative time for ``okey.commands.play``, in seconds."""
    python = str(Path(okey).with_name("python"))
    result = subprocess.run(
        [python, "-X", "importtime", "-c", "import okey.commands.play"],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    for line in reversed(result.stderr.splitlines()):
        fields = line.split("|")
        if len(fields) == 3 and fields[2].strip() == "okey.commands.play":
            return int(fields[1]) / 1e6
    raise RuntimeError("importtime did not report okey.commands.play")


def child_cpu_seconds(command: list[str]) -> float:
    """The processor time (user and system) ``command`` takes, run to its end."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=60)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def from_bytecode() -> str:
    """Have every okey started from here run from bytecode (see the module's text); where
    it is kept."""
    if os.environ.get("PYTHONDONTWRITEBYTECODE") and not os.environ.get("PYTHONPYCACHEPREFIX"):
        del os.environ["PYTHONDONTWRITEBYTECODE"]
        os.environ["PYTHONPYCACHEPREFIX"] = tempfile.mkdtemp(prefix="okey-bench-pycache-")
    return os.environ.get("PYTHONPYCACHEPREFIX", "beside the sources (__pycache__)")


def p99(values: list[float]) -> float:
    """The nearest-rank 99th percentile (the largest of fewer than 100 values)."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(0.99 * len(ordered)) - 1)]


def summary(values: list[float]) -> dict[str, float | int]:
    if not values:
        return {"runs": 0}
    return {
        "runs": len(values),
        "median_s": round(statistics.median(values), 3),
        "p99_s": round(p99(values), 3),
        "min_s": round(min(values), 3),
    }


def load_average() -> list[float]:
    return [round(value, 2) for value in os.getloadavg()]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--okey", default=str(HERE.parent / ".venv" / "bin" / "okey"))
    parser.add_argument("--vs", metavar="OKEY", help="a second okey executable, run in turn")
    parser.add_argument("--only", choices=list(COMMANDS), help="one command, not both")
    parser.add_argument("--cold", action="store_true", help="a new server for every run")
    args = parser.parse_args()
    bytecode = from_bytecode()
    what = missing_software()
    if what is not None:
        print(f"{what} is not installed", file=sys.stderr)
        return 1
    okeys = {"A": args.okey} if args.vs is None else {"A": args.okey, "B": args.vs}
    for okey in okeys.values():  # the bytecode written before anything is measured
        child_cpu_seconds([okey, "--help"])
        import_seconds(okey)
    commands = {args.only: COMMANDS[args.only]} if args.only else COMMANDS
    figures: dict[str, dict[str, list[float]]] = {
        f"{name} {command}": {} for name in okeys for command in commands
    }
    loads = [load_average()]
    setup = write_config(new_root())
    try:
        with private_environment(setup):
            holder = None if args.cold else keep_warm()
            for _ in range(args.runs):
                for command, (arguments, words) in commands.items():
                    for name, okey in okeys.items():
                        if args.cold:
                            setup.kill()
                            time.sleep(0.2)
                        found = one_run(okey, arguments, words, setup)
                        for key, value in found.items():
                            figures[f"{name} {command}"].setdefault(key, []).append(value)
                        time.sleep(0.2)  # let the server log the killed run's last words
            if holder is not None:
                holder.close()  # type: ignore[attr-defined]
    finally:
        setup.kill()
        shutil.rmtree(setup.root, ignore_errors=True)
    loads.append(load_average())
    for _ in range(args.runs):
        for name, okey in okeys.items():
            figures.setdefault(f"{name} importtime", {}).setdefault("import_s", []).append(
                import_seconds(okey)
            )
    loads.append(load_average())
    for _ in range(args.runs):
        for name, okey in okeys.items():
            python = str(Path(okey).with_name("python"))
            helped = figures.setdefault(f"{name} help", {})
            helped.setdefault("help_cpu_s", []).append(child_cpu_seconds([okey, "--help"]))
            helped.setdefault("python_cpu_s", []).append(child_cpu_seconds([python, "-c", "pass"]))
    loads.append(load_average())
    report: dict[str, object] = {
        "okey": okeys,
        "server": "cold" if args.cold else "warm",
        "bytecode": bytecode,
        "load_average_1_5_15": loads,  # before; after the starts, the imports, the helps
        **{
            group: {key: summary(values) for key, values in sorted(found.items())}
            for group, found in figures.items()
        },
    }
    if "B" in okeys:
        ratios: dict[str, float] = {}
        for group in figures:
            if not group.startswith("A "):
                continue
            other = figures["B " + group[2:]]
            for key, values in figures[group].items():
                if other.get(key):
                    ratio = statistics.median(values) / statistics.median(other[key])
                    ratios[f"{group[2:]} {key}"] = round(ratio, 3)
        report["ratio_of_medians_A_over_B"] = ratios
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
