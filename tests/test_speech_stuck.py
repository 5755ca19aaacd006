"""A speech server that accepts and never answers: the game starts anyway, printing.

A real Unix socket stands in for speech-dispatcher's (``SPEECHD_ADDRESS=
unix_socket:PATH``): it accepts every connection and never says a word, so
speechd's client waits for ever for its first answer. The game runs in a
child process (its stuck speech thread ends with it), with the real
accessible-output2 and speechd, and must say once that speech did not answer,
print on, and exit.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from okey.speech.background import PROBE_TIMEOUT

WAIT = 30.0  # seconds before the child counts as hung

GAME = """
import json, sys, time
from okey.messages import load_catalogue
from okey.speech import make_speaker
started = time.monotonic()
lines = []
speaker = make_speaker(
    "auto", printer=lines.append, verbosity="brief", catalogue=load_catalogue("en")
)
made = time.monotonic() - started
speaker.event("table.your_turn.pile")
speaker.close()
print(json.dumps({"lines": lines, "made_s": made, "speaking": speaker.speaking}))
"""


class SilentServer:
    """Listens on a Unix socket, accepts every client and never answers one."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.accepted = 0
        self._clients: list[socket.socket] = []
        self._listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self._listener.bind(str(path))
        self._listener.listen()
        self._thread = threading.Thread(target=self._accept, daemon=True)
        self._thread.start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self._listener.accept()
            except OSError:
                return
            self.accepted += 1
            self._clients.append(client)  # held open, never read or written

    def close(self) -> None:
        # Shut down first: closing alone leaves the accepting thread waiting (Linux), and
        # the join below waited its whole five seconds.
        with contextlib.suppress(OSError):
            self._listener.shutdown(socket.SHUT_RDWR)
        self._listener.close()
        for client in self._clients:
            client.close()
        self._thread.join(5.0)


@pytest.fixture
def silent_server() -> Iterator[SilentServer]:
    if not hasattr(socket, "AF_UNIX"):
        pytest.skip("no Unix sockets here")
    folder = Path(tempfile.mkdtemp(prefix="okey-mute-"))  # short: a socket path is < 108 bytes
    server = SilentServer(folder / "speechd.sock")
    try:
        yield server
    finally:
        server.close()
        server.path.unlink(missing_ok=True)
        folder.rmdir()


def test_a_server_that_never_answers_costs_two_seconds_and_one_notice(
    silent_server: SilentServer, tmp_path: Path
) -> None:
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith("SPEECHD_") and key != "OKEY_LANGUAGE"
    }
    env["SPEECHD_ADDRESS"] = f"unix_socket:{silent_server.path}"
    env["SPEECHD_CMD"] = str(tmp_path / "no-speech-dispatcher")  # nothing is started instead
    started = time.monotonic()
    result = subprocess.run(
        [sys.executable, "-c", GAME],
        env=env,
        capture_output=True,
        text=True,
        timeout=WAIT,
        check=False,
    )
    took = time.monotonic() - started
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    found = json.loads(result.stdout)
    assert found["lines"] == ["Speech did not answer; printing only.", "Your turn: pile."]
    assert not found["speaking"]
    assert silent_server.accepted >= 1  # speechd's client did connect, and waited
    assert PROBE_TIMEOUT - 0.1 <= found["made_s"] <= PROBE_TIMEOUT + 1.5
    assert took < WAIT  # and the child exited, its speech thread still stuck
