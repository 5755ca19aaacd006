"""A real, headless PulseAudio for the sound tests: a null sink, recorded through parec.

The server runs in a temporary folder of its own (HOME, XDG_RUNTIME_DIR) and is ended
by its PID. A silent low-latency stream keeps the null sink ticking every 10 ms: an
idle null sink sleeps up to two seconds at a time, and a stream that starts then waits
for it (a real sound card does not). Run this file to measure the game's latency from
``play()`` to sound, and the worker's CPU while idle:
``uv run python tests/test_audio_support.py``.
"""

from __future__ import annotations

import contextlib
import math
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from array import array
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

RATE = 44100
SINK = "okeysink"
TOOLS = ("pulseaudio", "parec", "pacat")
CHUNK = 4 * 441  # 10 ms of 16-bit stereo


def wait_for(check: Callable[[], bool], timeout: float = 5.0) -> bool:
    """Poll ``check`` until it is true (True) or ``timeout`` seconds pass (False)."""
    end = time.monotonic() + timeout
    while not check():
        if time.monotonic() > end:
            return False
        time.sleep(0.005)
    return True


def missing_tools() -> list[str]:
    return [tool for tool in TOOLS if shutil.which(tool) is None]


class Recorder:
    """parec on the null sink's monitor: every chunk kept with the time it arrived."""

    def __init__(self, env: dict[str, str]) -> None:
        self._process = subprocess.Popen(
            [
                "parec",
                f"--device={SINK}.monitor",
                "--format=s16le",
                f"--rate={RATE}",
                "--channels=2",
                "--latency-msec=5",
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env=env,
            bufsize=0,
        )
        self._chunks: list[tuple[float, bytes]] = []
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()

    def _read(self) -> None:
        stream = self._process.stdout
        assert stream is not None
        while chunk := stream.read(CHUNK):
            with self._lock:
                self._chunks.append((time.perf_counter(), chunk))

    def since(self, start: float) -> bytes:
        """What arrived after ``start`` (a perf_counter time)."""
        with self._lock:
            return b"".join(chunk for at, chunk in self._chunks if at >= start)

    def onset(self, start: float, threshold: int = 300) -> float | None:
        """Seconds from ``start`` to the arrival of the first chunk with sound in it."""
        with self._lock:
            chunks = [(at, chunk) for at, chunk in self._chunks if at >= start]
        for at, chunk in chunks:
            samples = array("h", chunk[: len(chunk) - len(chunk) % 2])
            if samples and max(abs(value) for value in samples) > threshold:
                return at - start
        return None

    def wait_flowing(self, timeout: float) -> bool:
        """Wait until the sink renders (recorded data arrives steadily)."""
        end = time.perf_counter() + timeout
        while time.perf_counter() < end:
            if len(self.since(time.perf_counter() - 0.1)) >= CHUNK * 5:
                return True
            time.sleep(0.02)
        return False

    def played(self, start: float, timeout: float, quiet: float = 0.1) -> bytes:
        """What arrived after ``start``, once it holds sound and then ``quiet`` seconds of
        silence (a loaded machine delivers the sink's output late), or at ``timeout``."""
        end = time.perf_counter() + timeout
        while True:
            recorded = self.since(start)
            sound = trim(recorded)
            if sound and len(recorded) - recorded.rfind(sound) - len(sound) >= quiet * RATE * 4:
                return recorded
            if time.perf_counter() >= end:
                return recorded
            time.sleep(0.02)

    def close(self) -> None:
        _end(self._process)
        self._thread.join(timeout=2)


def trim(data: bytes) -> bytes:
    """16-bit stereo bytes from the first frame with sound to the last (b"" if silent)."""
    frames = [data[i : i + 4] for i in range(0, len(data) - 3, 4)]
    loud = [i for i, frame in enumerate(frames) if frame != b"\0\0\0\0"]
    return b"".join(frames[loud[0] : loud[-1] + 1]) if loud else b""


def rms(data: bytes) -> tuple[float, float]:
    """The (left, right) RMS of 16-bit stereo bytes, 1.0 = full scale."""
    samples = array("h", data[: len(data) - len(data) % 4])
    if sys.byteorder == "big":
        samples.byteswap()
    left, right = samples[0::2], samples[1::2]
    if not left:
        return 0.0, 0.0

    def one(values: array[int]) -> float:
        return math.sqrt(sum(value * value for value in values) / len(values)) / 32768.0

    return one(left), one(right)


def _end(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=2)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=2)


class PulseServer:
    """A pulseaudio server with one null sink, its recorder and its keep-alive stream."""

    def __init__(self, folder: Path) -> None:
        home, run = folder / "home", folder / "run"
        home.mkdir()
        run.mkdir(mode=0o700)
        self.socket = run / "pulse" / "native"
        self.env = {
            **os.environ,
            "HOME": str(home),
            "XDG_RUNTIME_DIR": str(run),
            "XDG_CONFIG_HOME": str(home / ".config"),
            "PULSE_SERVER": f"unix:{self.socket}",
        }
        self.env.pop("PULSE_SINK", None)
        self.log = folder / "pulseaudio.log"
        with self.log.open("wb") as log:
            self._server = subprocess.Popen(
                [
                    "pulseaudio",
                    "-n",
                    "--daemonize=no",
                    "--exit-idle-time=-1",
                    "--realtime=no",
                    "--high-priority=no",
                    "--use-pid-file=no",
                    f"--load=module-null-sink sink_name={SINK} rate={RATE}",
                    "--load=module-native-protocol-unix auth-anonymous=1",
                ],
                stdout=log,
                stderr=log,
                env=self.env,
            )
        self._keeper: subprocess.Popen[bytes] | None = None
        self.recorder: Recorder | None = None
        end = time.monotonic() + 10
        while not self.socket.exists():
            if self._server.poll() is not None or time.monotonic() > end:
                self.close()
                raise RuntimeError(f"pulseaudio did not start: {self.log.read_text()[-500:]}")
            time.sleep(0.02)
        subprocess.run(["pactl", "set-default-sink", SINK], env=self.env, check=False)
        self._keeper = subprocess.Popen(
            [
                "pacat",
                "--playback",
                "--raw",
                "--format=s16le",
                f"--rate={RATE}",
                "--channels=2",
                "--latency-msec=10",
                "/dev/zero",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env=self.env,
        )
        self.recorder = Recorder(self.env)
        if not self.recorder.wait_flowing(10):
            self.close()
            raise RuntimeError("the null sink never started rendering")

    def streams(self) -> list[str]:
        """The playback streams the server has (`pactl list short sink-inputs`)."""
        listed = subprocess.run(
            ["pactl", "list", "short", "sink-inputs"],
            env=self.env,
            capture_output=True,
            text=True,
            check=False,
        )
        return [line for line in listed.stdout.splitlines() if line.strip()]

    def okey_streams(self) -> list[bool]:
        """For each of the game's playback streams: is it corked (stopped)?"""
        listed = subprocess.run(
            ["pactl", "list", "sink-inputs"],
            env=self.env,
            capture_output=True,
            text=True,
            check=False,
        )
        corked = []
        for block in listed.stdout.split("Sink Input #")[1:]:
            if 'application.name = "okey"' in block:
                corked.append("Corked: yes" in block)
        return corked

    def close(self) -> None:
        if self.recorder is not None:
            self.recorder.close()
        if self._keeper is not None:
            _end(self._keeper)
        _end(self._server)


@contextmanager
def pulse_server() -> Iterator[PulseServer]:
    """A running server, with this process's environment pointed at it while it lasts."""
    keys = ("HOME", "XDG_RUNTIME_DIR", "XDG_CONFIG_HOME", "PULSE_SERVER")
    saved = {key: os.environ.get(key) for key in keys}
    with tempfile.TemporaryDirectory(prefix="okey-pulse-") as folder:
        server = PulseServer(Path(folder))
        os.environ.update({key: server.env[key] for key in keys})
        try:
            yield server
        finally:
            for key, value in saved.items():
                if value is None:
                    os.environ.pop(key, None)
                else:
                    os.environ[key] = value
            server.close()


def _say(key: str, /, **fields: object) -> None:
    from okey.messages import load_catalogue

    print(load_catalogue("en").text(key, **fields))


def _tasks() -> set[str]:
    return set(os.listdir("/proc/self/task"))


def _run_ns(tasks: set[str]) -> int:
    """Nanoseconds these threads of this process have run (Linux schedstat)."""
    total = 0
    for task in tasks:
        with contextlib.suppress(OSError, ValueError, IndexError):  # a thread that ended
            total += int(Path(f"/proc/self/task/{task}/schedstat").read_text().split()[0])
    return total


def _idle_cpu(tasks: set[str], seconds: float = 5.0) -> float:
    """The share of one core these threads use over ``seconds`` while nothing plays."""
    ran, wall = _run_ns(tasks), time.perf_counter()
    time.sleep(seconds)
    return (_run_ns(tasks) - ran) / 1e9 / (time.perf_counter() - wall)


def measure(plays: int = 40) -> None:
    """Latency from play() to the first recorded sound, and the CPU the sound threads
    (the worker, miniaudio's and libpulse's) use while nothing plays."""
    from okey.audio import Cue, Sounds, load_pack

    pack = load_pack(None)
    with pulse_server() as server:
        recorder = server.recorder
        assert recorder is not None
        before = _tasks()
        sounds = Sounds(bell=lambda: None, on_notice=_say, pack=pack, volume=10)
        try:
            for label, pause, count in (
                ("device running", 0.3, plays),
                ("device stopped before", 2.6, plays // 4),
            ):
                latencies = []
                for _ in range(count):
                    time.sleep(pause)
                    start = time.perf_counter()
                    sounds.play(Cue.DISCARD)  # it starts at once (the draw's hiss swells in)
                    sounds.wait_idle(2)
                    time.sleep(0.05)
                    onset = recorder.onset(start)
                    if onset is not None:
                        latencies.append(onset * 1000)
                latencies.sort()
                p99 = latencies[min(len(latencies) - 1, round(0.99 * (len(latencies) - 1)))]
                print(
                    f"latency, {label}: median {statistics.median(latencies):.1f} ms, "
                    f"p99 {p99:.1f} ms, max {latencies[-1]:.1f} ms ({len(latencies)} of "
                    f"{count} plays heard; parec's own 5 ms included)"
                )
            time.sleep(3)
            threads = _tasks() - before
            share = _idle_cpu(threads)
            print(f"CPU while idle, device stopped: {100 * share:.3f} % ({len(threads)} threads)")
        finally:
            sounds.close()
        before = _tasks()
        awake = Sounds(bell=lambda: None, on_notice=_say, pack=pack, idle_stop=3600)
        try:
            awake.play(Cue.DRAW)
            time.sleep(1)
            threads = _tasks() - before
            share = _idle_cpu(threads)
            print(
                f"CPU while idle, device kept running: {100 * share:.3f} % ({len(threads)} threads)"
            )
        finally:
            awake.close()


if __name__ == "__main__":
    measure()
