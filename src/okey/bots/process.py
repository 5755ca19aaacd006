"""An untrusted bot in a process of its own, seeing only its seat's view.

A plug-in bot seated in okey's process (``module:callable``) is trusted code: it
can reach the live match (``gc.get_objects()``), and so every hidden tile. Seat
``process:SPEC`` instead (``process:./lucky.py:make_bot``, ``process:mybot:make_bot``)
and the bot runs in a child Python process (:mod:`okey.bots.child`) that is given
nothing but its view, one JSON line at a time, in the network codec
(:mod:`okey.wire.codec`), and answers one line, its action in the notation::

    okey -> child   {"view": {"type": "PlayerView", ...}}
    child -> okey   {"action": "discard r5"}

A move that takes longer than the time limit, an answer that is not one JSON line of
that form (or longer than :data:`MAX_LINE`), a move not in ``view.legal``, or a child
that dies: the child is killed, an :class:`~okey.bots.plugins.Incident` is recorded,
and the easy level plays that seat from then on, as a failing plug-in's moves are
played today. The child runs okey's own interpreter, its standard error thrown away.

Nothing secret is in the child's command line (``python -m okey.bots.child``) or its
environment (:func:`okey.bots.sandbox.child_environment`): the plug-in, its seed and its
limits are its first line of standard input. Where Linux offers isolation the child runs
in it (:mod:`okey.bots.sandbox`: bubblewrap, else unshare), so it cannot read okey's
command line (``--seed``) or, under bubblewrap, the user's files. Before it loads the bot
the child limits itself (``resource.setrlimit``, Linux and macOS): processor time
(``RLIMIT_CPU``, over its whole life: a limit cannot be reset per move) and address
space (``RLIMIT_AS``; macOS does not enforce it). A child over either is an incident
(``cpu``, ``memory``) and the easy level plays its seat. Windows has no such limits: there
only the time limit of each move holds.
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import queue
import random
import signal
import subprocess
import sys
import threading
import time
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import Final

from okey.bots.base import Bot
from okey.bots.easy import EasyBot
from okey.bots.plugin_terms import Incident, PluginError, Reason, is_file_name, split_spec
from okey.bots.sandbox import Kind, child_environment, isolated
from okey.engine.actions import Action
from okey.engine.view import PlayerView

PREFIX: Final = "process:"
MAX_LINE: Final = 64 * 1024
"""The longest answer a child may give (an action is a few characters)."""
START_LIMIT: Final = 10.0
"""Seconds a child may take to load its bot (it says ``{"ready": true}``)."""
DEFAULT_CPU_LIMIT: Final = 600.0
"""Seconds of processor time a child may use over its whole life (about 300 moves at the
whole 2-second limit, or 100,000 moves of 6 ms)."""
DEFAULT_MEMORY_LIMIT: Final = 1024 * 1024 * 1024
"""Bytes of address space a child may use (a child Python with okey takes about 30 MB)."""
CPU_SIGNALS: Final = {
    code
    for sig in (getattr(signal, "SIGXCPU", None), getattr(signal, "SIGKILL", None))
    if sig is not None
    for code in (-sig, 128 + sig)
}
"""How a child that ran out of processor time ends (the soft limit's SIGXCPU, or the
hard limit's SIGKILL one second later; ``128 + signal`` through bubblewrap)."""


def is_process_name(name: str) -> bool:
    return name.startswith(PREFIX)


def child_command() -> list[str]:
    """How the child is started: okey's own interpreter and the child's module, nothing
    more (the plug-in and its seed are the child's first line of standard input)."""
    return [sys.executable, "-m", "okey.bots.child"]


def child_spec(spec: str) -> tuple[str, list[Path], list[str]]:
    """The plug-in as the child loads it (a file by its absolute path), what it reads
    (the file, or the module's folder or file) and the import path it needs for that
    (PluginError when the file is not there)."""

    target, attribute = split_spec(spec)
    if is_file_name(target):
        path = Path(target).expanduser()
        if not path.is_file():
            raise PluginError("no_file", spec=spec, path=path)
        resolved = path.resolve()
        return f"{resolved}:{attribute}", [resolved], []
    try:  # where its top-level package is, found without running it
        found = importlib.util.find_spec(target.split(".")[0])
    except (ImportError, ValueError):
        found = None
    if found is None:
        return spec, [], []
    if found.submodule_search_locations:
        places = [Path(place) for place in found.submodule_search_locations]
    elif found.has_location and found.origin:
        places = [Path(found.origin)]
    else:
        return spec, [], []
    return spec, places, sorted({str(place.parent) for place in places})


def _kill(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        with contextlib.suppress(OSError):
            process.kill()
        with contextlib.suppress(subprocess.TimeoutExpired, OSError):
            process.wait(timeout=5)
    for stream in (process.stdin, process.stdout):
        with contextlib.suppress(OSError, ValueError):
            if stream is not None:
                stream.close()


class Misbehaved(Exception):
    """The child broke the protocol: ``reason`` (an Incident's) and a detail."""

    def __init__(self, reason: Reason, detail: str) -> None:
        super().__init__(detail)
        self.reason = reason
        self.detail = detail


class ProcessBot:
    """A bot played by a child process; the easy level once the child misbehaved."""

    def __init__(
        self,
        spec: str,
        rng: random.Random,
        *,
        time_limit: float,
        on_incident: Callable[[Incident], None] | None = None,
        command: list[str] | None = None,
        cpu_limit: float | None = DEFAULT_CPU_LIMIT,
        memory_limit: int | None = DEFAULT_MEMORY_LIMIT,
    ) -> None:
        inner = spec.removeprefix(PREFIX)
        split_spec(inner)  # PluginError for a spec of the wrong form
        self.name = inner
        self.time_limit = time_limit
        self.cpu_limit = cpu_limit
        self.memory_limit = memory_limit
        self.on_incident = on_incident
        self.fallback: Bot = EasyBot(random.Random(rng.getrandbits(64)))
        self.replaced = False
        self.incidents: list[Incident] = []
        self._lines: queue.Queue[bytes | None] = queue.Queue()
        seed = rng.getrandbits(63)
        loaded, reads, python_path = child_spec(inner)
        env = child_environment(python_path)
        self.isolation: Kind = "none"
        if command is None:
            command, self.isolation = isolated(child_command(), reads, env)
        try:
            self.process = subprocess.Popen(
                command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                close_fds=True,
                env=env,
            )
        except OSError as exc:
            raise PluginError("process", spec=inner, reason=exc.strerror or exc) from None
        self._finalizer = weakref.finalize(self, _kill, self.process)
        reader = threading.Thread(target=self._read, name=f"bot-{inner}", daemon=True)
        reader.start()
        setup = {"spec": loaded, "seed": seed, "cpu": cpu_limit, "memory": memory_limit}
        try:
            self._send(setup)
            ready = self._answer(START_LIMIT)
            if json.loads(ready) != {"ready": True}:
                raise Misbehaved("raised", _shown(ready))
        except (Misbehaved, ValueError) as exc:
            self.close()
            detail = exc.detail if isinstance(exc, Misbehaved) else str(exc)
            raise PluginError("process", spec=inner, reason=detail) from None

    def _read(self) -> None:
        stdout = self.process.stdout
        assert stdout is not None
        try:
            while True:
                line = stdout.readline(MAX_LINE + 1)
                if not line:
                    break
                self._lines.put(line)
                if len(line) > MAX_LINE:
                    break
        except (OSError, ValueError):
            pass
        self._lines.put(None)

    def _answer(self, limit: float) -> bytes:
        try:
            line = self._lines.get(timeout=limit)
        except queue.Empty:
            raise Misbehaved("too_slow", f"{limit:.2f}") from None
        if line is None:
            code = self._ended()
            if code in CPU_SIGNALS and self.cpu_limit is not None:
                raise Misbehaved("cpu", f"{self.cpu_limit:g}")
            raise Misbehaved("raised", f"the process ended ({code})")
        if len(line) > MAX_LINE or not line.endswith(b"\n"):
            raise Misbehaved("illegal", f"an answer longer than {MAX_LINE} bytes")
        return line

    def choose(self, view: PlayerView) -> Action:
        if self.replaced:
            return self.fallback.choose(view)
        started = time.perf_counter()
        try:
            action = self._ask(view)
        except Misbehaved as exc:
            return self._replace(view, exc.reason, exc.detail)
        if time.perf_counter() - started > self.time_limit:
            return self._replace(view, "too_slow", f"{time.perf_counter() - started:.2f}")
        if action not in view.legal:
            return self._replace(view, "illegal", repr(action))
        return action

    def _ask(self, view: PlayerView) -> Action:
        from okey.wire.codec import encode
        from okey.wire.notation import action_from_text

        self._send({"view": encode(view)})
        line = self._answer(self.time_limit)
        try:
            answer = json.loads(line)
            if isinstance(answer, dict) and isinstance(answer.get("error"), str):
                if answer.get("memory") is True and self.memory_limit is not None:
                    raise Misbehaved("memory", f"{self.memory_limit / 2**20:g}")
                raise Misbehaved("raised", _shown(answer["error"].encode()))
            if not isinstance(answer, dict) or set(answer) != {"action"}:
                raise ValueError("not an action")
            text = answer["action"]
            if not isinstance(text, str):
                raise ValueError("not an action")
            return action_from_text(text)
        except (ValueError, RecursionError):
            raise Misbehaved("illegal", _shown(line)) from None

    def _send(self, message: dict[str, object]) -> None:
        stdin = self.process.stdin
        assert stdin is not None
        try:
            stdin.write(json.dumps(message).encode() + b"\n")
            stdin.flush()
        except (OSError, ValueError):
            raise Misbehaved("raised", f"the process ended ({self._ended()})") from None

    def _ended(self) -> int | None:
        """The exit status of a child whose output ended (None if it still runs)."""
        with contextlib.suppress(subprocess.TimeoutExpired):
            return self.process.wait(timeout=1.0)
        return None

    def _replace(self, view: PlayerView, reason: Reason, detail: str) -> Action:
        self.close()
        self.replaced = True
        incident = Incident(view.seat, self.name, reason, detail, view.round_number)
        self.incidents.append(incident)
        if self.on_incident is not None:
            self.on_incident(incident)
        return self.fallback.choose(view)

    def close(self) -> None:
        """End the child (at once: it has nothing to save)."""
        self._finalizer()


def _shown(raw: bytes) -> str:
    text = raw.decode("utf-8", "replace").strip()
    text = "".join(char if char.isprintable() else "?" for char in text)
    return text if len(text) <= 80 else text[:80] + "..."
