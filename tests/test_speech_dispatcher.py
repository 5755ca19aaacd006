"""Real speech-dispatcher, headless: words the game says reach it and make sound.

The recipe is the one in ../shared/NOTES.md: a private HOME and
XDG_RUNTIME_DIR, a speechd.conf that logs everything (LogLevel 5) and
speaks with espeak-ng through ALSA, and an .asoundrc whose default device
is the ALSA file plugin writing raw audio to a file. The game's Speaker
autospawns the server through accessible-output2; the test then reads the
server's log for the DATA lines of the words and asks sox for the RMS of
the audio. Without the software the test skips, except under CI (the CI
environment variable set), where .ci/run installs it and missing software
fails the test.
"""

from __future__ import annotations

import contextlib
import glob
import importlib.util
import os
import re
import shutil
import signal
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import NoReturn, TypeVar

import pytest

from okey.messages import tile_name
from okey.speech import Speaker, SpeechMode, make_speaker
from okey.tiles import Colour, Tile

T = TypeVar("T")

DEADLINE = 10.0
"""Seconds any one step may take before the test fails instead of hanging."""

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


def missing(what: str) -> NoReturn:
    """Skip for a missing tool, or fail under CI, which installs it."""
    if os.environ.get("CI"):
        pytest.fail(f"{what} is missing, and CI must have it (.ci/run installs it)")
    pytest.skip(
        f"{what} is not installed (apt-get install speech-dispatcher "
        "speech-dispatcher-espeak-ng espeak-ng sox)"
    )


def require_software() -> None:
    if shutil.which("speech-dispatcher") is None:
        missing("speech-dispatcher")
    if not any(glob.glob(pattern) for pattern in MODULE_GLOBS):
        missing("the espeak-ng module of speech-dispatcher (speech-dispatcher-espeak-ng)")
    if shutil.which("sox") is None:
        missing("sox")
    if importlib.util.find_spec("speechd") is None:
        missing("the speechd Python module (speechd-unofficial)")


def within(seconds: float, action: Callable[[], T]) -> T:
    """Run action in a thread; fail the test if it has not returned in time."""
    results: list[T] = []
    errors: list[BaseException] = []

    def run() -> None:
        try:
            results.append(action())
        except BaseException as error:
            errors.append(error)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    if thread.is_alive():
        pytest.fail(f"speech did not return within {seconds} s")
    if errors:
        raise errors[0]
    return results[0]


@dataclass(frozen=True)
class Headless:
    """Where the private speech-dispatcher keeps its socket, log and audio."""

    root: Path
    runtime: Path
    raw: Path
    transcript: Path

    @property
    def log(self) -> Path:
        return self.runtime / "speech-dispatcher" / "log" / "speech-dispatcher.log"

    @property
    def pid_file(self) -> Path:
        return self.runtime / "speech-dispatcher" / "pid" / "speech-dispatcher.pid"

    def log_lines(self) -> list[str]:
        try:
            return self.log.read_bytes().decode("utf-8", "replace").splitlines()
        except FileNotFoundError:
            return []

    def rms(self) -> float:
        """The RMS amplitude of the raw audio so far (0 when there is none)."""
        if not self.raw.exists() or self.raw.stat().st_size == 0:
            return 0.0
        command = ["sox", "-t", "raw", "-r", "22050", "-e", "signed", "-b", "16", "-c", "1"]
        result = subprocess.run(
            [*command, str(self.raw), "-n", "stat"],
            capture_output=True,
            text=True,
            timeout=5,
            check=False,
        )
        match = re.search(r"RMS\s+amplitude:\s+([0-9.]+)", result.stderr)
        return float(match.group(1)) if match else 0.0

    def server_pids(self) -> set[int]:
        """The server (by its pid file, and by our socket path) and its children."""
        pids: set[int] = set()
        with contextlib.suppress(OSError, ValueError):
            pids.add(int(self.pid_file.read_text().split()[0]))
        parents: dict[int, int] = {}
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            with contextlib.suppress(OSError, IndexError, ValueError):
                if str(self.runtime) in (entry / "cmdline").read_bytes().decode("utf-8", "replace"):
                    pids.add(int(entry.name))
                stat = (entry / "stat").read_text()
                parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
        children = {pid for pid, parent in parents.items() if parent in pids}
        return pids | children


def write_config(root: Path) -> Headless:
    home, runtime = root / "home", root / "run"
    (home / ".config" / "speech-dispatcher").mkdir(parents=True)
    runtime.mkdir(mode=0o700)
    raw = root / "out.raw"
    (home / ".config" / "speech-dispatcher" / "speechd.conf").write_text(SPEECHD_CONF)
    (home / ".asoundrc").write_text(
        f'pcm.!default {{ type file; slave.pcm "null"; file "{raw}"; format "raw" }}\n'
    )
    return Headless(root, runtime, raw, root / "transcript.txt")


@pytest.fixture
def headless(monkeypatch: pytest.MonkeyPatch) -> Iterator[Headless]:
    require_software()
    # A short path: the server's Unix socket path must stay under 108 bytes.
    root = Path(tempfile.mkdtemp(prefix="okey-sd-"))
    setup = write_config(root)
    monkeypatch.setenv("HOME", str(root / "home"))
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(setup.runtime))
    for name in CLEARED_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    try:
        yield setup
    finally:
        for pid in setup.server_pids():
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGKILL)
        shutil.rmtree(root, ignore_errors=True)


def wait_for(condition: Callable[[], bool], seconds: float = DEADLINE) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


def data_lines(setup: Headless) -> list[str]:
    return [line.split("DATA:|", 1)[1] for line in setup.log_lines() if "DATA:|" in line]


def test_words_reach_speech_dispatcher_and_make_sound(
    headless: Headless, capfd: pytest.CaptureFixture[str]
) -> None:
    started = time.monotonic()
    lines: list[str] = []
    red5 = tile_name(Tile.face(Colour.RED, 5))
    discard = {"seat": "Left", "where": "on your left", "name": "Ayşe", "tile": red5}

    def speak() -> tuple[Speaker, list[str]]:
        speaker = make_speaker(SpeechMode.AUTO, headless.transcript, lines.append)
        said = [
            speaker.event("event.discard", **discard),
            speaker.event("event.your_turn"),
            speaker.reply("speech.sounds_on"),
        ]
        return speaker, said

    speaker, said = within(DEADLINE, speak)
    try:
        assert speaker.speaking, f"no speech route; printed {lines}"
        assert speaker.route == "Linux Speech Dispatcher"
        assert said[0] == "Ayşe, on your left, discarded red 5"
        assert lines == said  # no "No speech found" notice, and every message printed

        assert wait_for(lambda: said[-1] in data_lines(headless)), (
            f"server log {headless.log} lacks the words; DATA lines: {data_lines(headless)}"
        )
        spoken = [line for line in data_lines(headless) if line in said]
        assert spoken == said  # in order, exact words
        # The reply interrupted: a CANCEL reached the server before its words.
        data = data_lines(headless)
        assert "CANCEL self" in data[data.index(said[1]) : data.index(said[2])]

        assert wait_for(lambda: headless.rms() > 0), "speech-dispatcher made no sound"
    finally:
        within(DEADLINE, speaker.close)

    assert headless.transcript.read_text(encoding="utf-8").splitlines() == said
    assert capfd.readouterr() == ("", "")  # accessible-output2 printed nothing
    assert time.monotonic() - started < 15
