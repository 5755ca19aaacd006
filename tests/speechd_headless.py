"""A private, headless speech-dispatcher for tests and benchmarks (see ../shared/NOTES.md).

A private HOME and XDG_RUNTIME_DIR hold a speechd.conf that logs everything
(LogLevel 5) and speaks with espeak-ng through ALSA, and an .asoundrc whose
default device is the ALSA file plugin. That plugin writes raw audio
(22050 Hz, 16-bit, mono) to a file as fast as it comes, or, ``paced``, to
a named pipe that a player (this module run as a script) empties at the
rate a sound card would play it; then speech-dispatcher reports a message's
end when its sound has really been played, as on a real machine.

Standard library only: the player runs as ``python speechd_headless.py
pace FIFO OUT LOG READY``.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

SAMPLE_RATE = 22050
BYTES_PER_SECOND = SAMPLE_RATE * 2  # 16-bit mono
CHUNK = BYTES_PER_SECOND // 100  # 10 ms of sound
F_SETPIPE_SZ = 1031  # Linux: shrink the pipe so the writer is held to the player's pace

MODULE_GLOBS = (
    "/usr/lib*/speech-dispatcher-modules/sd_espeak-ng",
    "/usr/lib/*/speech-dispatcher-modules/sd_espeak-ng",
    "/usr/local/lib*/speech-dispatcher-modules/sd_espeak-ng",
)

SPEECHD_CONF = """\
LogLevel 5
AudioOutputMethod "alsa"
AudioALSADevice "default"
AddModule "espeak-ng" "sd_espeak-ng" "espeak-ng.conf"
DefaultModule espeak-ng
Timeout 2
"""

CLEARED_VARIABLES = (
    "SPEECHD_ADDRESS",
    "SPEECHD_SOCKET",
    "SPEECHD_HOST",
    "SPEECHD_PORT",
    "SPEECHD_CMD",
    "XDG_CONFIG_HOME",
    "ALSA_CONFIG_PATH",
)


@dataclass(frozen=True)
class Headless:
    """Where the private speech-dispatcher keeps its socket, log and audio."""

    root: Path
    runtime: Path
    raw: Path
    transcript: Path

    @property
    def home(self) -> Path:
        return self.root / "home"

    @property
    def log(self) -> Path:
        return self.runtime / "speech-dispatcher" / "log" / "speech-dispatcher.log"

    @property
    def pid_file(self) -> Path:
        return self.runtime / "speech-dispatcher" / "pid" / "speech-dispatcher.pid"

    @property
    def play_log(self) -> Path:
        """The paced player's log: one ``<monotonic time> <bytes>`` line per chunk played."""
        return self.root / "played.log"

    def log_lines(self) -> list[str]:
        try:
            return self.log.read_bytes().decode("utf-8", "replace").splitlines()
        except FileNotFoundError:
            return []

    def data_lines(self) -> list[str]:
        """The words of each message the server received, in order."""
        return [line.split("DATA:|", 1)[1] for line in self.log_lines() if "DATA:|" in line]

    def audio_seconds(self) -> float:
        return self.raw.stat().st_size / BYTES_PER_SECOND if self.raw.exists() else 0.0

    @property
    def fifo(self) -> Path:
        return self.root / "sound.fifo"

    @property
    def ready(self) -> Path:
        return self.root / "player.ready"

    def played(self) -> list[tuple[float, int]]:
        """(time the chunk had been played, its bytes) for every chunk so far."""
        try:
            lines = self.play_log.read_text().splitlines()
        except FileNotFoundError:
            return []
        return [(float(when), int(size)) for when, size in (line.split() for line in lines)]

    def rms(self) -> float:
        """The RMS amplitude of the raw audio so far (0 when there is none)."""
        if not self.raw.exists() or self.raw.stat().st_size == 0:
            return 0.0
        command = ["sox", "-t", "raw", "-r", str(SAMPLE_RATE), "-e", "signed", "-b", "16"]
        result = subprocess.run(
            [*command, "-c", "1", str(self.raw), "-n", "stat"],
            capture_output=True,
            text=True,
            timeout=5,
            check=False,
        )
        match = re.search(r"RMS\s+amplitude:\s+([0-9.]+)", result.stderr)
        return float(match.group(1)) if match else 0.0

    def processes(self) -> set[int]:
        """The server, its module and the player: by pid file, by our paths, and their children."""
        pids: set[int] = set()
        with contextlib.suppress(OSError, ValueError, IndexError):
            pids.add(int(self.pid_file.read_text().split()[0]))
        parents: dict[int, int] = {}
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            with contextlib.suppress(OSError, IndexError, ValueError):
                if str(self.root) in (entry / "cmdline").read_bytes().decode("utf-8", "replace"):
                    pids.add(int(entry.name))
                stat = (entry / "stat").read_text()
                parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
        while children := {pid for pid, parent in parents.items() if parent in pids} - pids:
            pids |= children
        return pids

    def kill(self) -> None:
        """SIGKILL, by PID: a hung server ignores SIGTERM."""
        for pid in self.processes():
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGKILL)


def missing_software() -> str | None:
    """What is missing for a headless run, or None."""
    import glob
    import importlib.util

    if shutil.which("speech-dispatcher") is None:
        return "speech-dispatcher"
    if not any(glob.glob(pattern) for pattern in MODULE_GLOBS):
        return "the espeak-ng module of speech-dispatcher (speech-dispatcher-espeak-ng)"
    if shutil.which("sox") is None:
        return "sox"
    if importlib.util.find_spec("speechd") is None:
        return "the speechd Python module (speechd-unofficial)"
    return None


def write_config(root: Path, *, paced: bool = False) -> Headless:
    home, runtime = root / "home", root / "run"
    (home / ".config" / "speech-dispatcher").mkdir(parents=True)
    runtime.mkdir(mode=0o700)
    setup = Headless(root, runtime, root / "out.raw", root / "transcript.txt")
    (home / ".config" / "speech-dispatcher" / "speechd.conf").write_text(SPEECHD_CONF)
    target = setup.fifo if paced else setup.raw
    (home / ".asoundrc").write_text(
        f'pcm.!default {{ type file; slave.pcm "null"; file "{target}"; format "raw" }}\n'
    )
    return setup


def start_player(setup: Headless, deadline: float = 10.0) -> subprocess.Popen[bytes]:
    """Start the paced player on the setup's named pipe; returns once it listens.

    The caller ends it (``kill()``, by its PID) when done.
    """
    os.mkfifo(setup.fifo)
    arguments = [str(path) for path in (setup.fifo, setup.raw, setup.play_log, setup.ready)]
    player = subprocess.Popen([sys.executable, str(Path(__file__).resolve()), "pace", *arguments])
    give_up = time.monotonic() + deadline
    while not setup.ready.exists():
        if player.poll() is not None or time.monotonic() > give_up:
            player.kill()
            raise RuntimeError("the paced sound player did not start")
        time.sleep(0.01)
    return player


@contextlib.contextmanager
def private_environment(setup: Headless) -> Iterator[None]:
    """HOME and XDG_RUNTIME_DIR pointed at the setup, speechd's own variables cleared."""
    names = ("HOME", "XDG_RUNTIME_DIR", *CLEARED_VARIABLES)
    saved = {name: os.environ.get(name) for name in names}
    os.environ["HOME"] = str(setup.home)
    os.environ["XDG_RUNTIME_DIR"] = str(setup.runtime)
    for name in CLEARED_VARIABLES:
        os.environ.pop(name, None)
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def new_root() -> Path:
    # A short path: the server's Unix socket path must stay under 108 bytes.
    return Path(tempfile.mkdtemp(prefix="okey-sd-"))


def pace(fifo: Path, out: Path, log: Path, ready: Path) -> None:
    """Play the named pipe like a sound card: take it no faster than real time.

    The pipe is opened at both ends here, before any writer, so it lives on
    between messages and is small from the start: a writer is never more
    than 4 KiB (0.09 s of sound) ahead of what has been played.
    """
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
    keeper = os.open(fifo, os.O_WRONLY)  # no end-of-file when a writer closes
    fcntl.fcntl(reader, F_SETPIPE_SZ, 4096)
    os.set_blocking(reader, True)
    ready.touch()
    played_until = 0.0
    with out.open("ab") as sound, log.open("a") as journal:
        while chunk := os.read(reader, CHUNK):
            played_until = max(played_until, time.monotonic()) + len(chunk) / BYTES_PER_SECOND
            sound.write(chunk)
            sound.flush()
            time.sleep(max(0.0, played_until - time.monotonic()))
            journal.write(f"{time.monotonic():.4f} {len(chunk)}\n")
            journal.flush()
    os.close(keeper)


if __name__ == "__main__":
    if sys.argv[1:2] == ["pace"] and len(sys.argv) == 6:
        pace(*(Path(argument) for argument in sys.argv[2:]))
