"""An untrusted bot in a process of its own, seeing only its seat's view.

A plug-in bot seated in okey's process (``module:callable``) is trusted code: it
can reach the live match (``gc.get_objects()``), and so every hidden tile. Seat
``process:SPEC`` instead (``process:./lucky.py:make_bot``, ``process:mybot:make_bot``)
and the bot runs in a child Python process (:mod:`okey.bots.child`) that is given
nothing but its view, one JSON line at a time, in the network codec
(:mod:`okey.net.codec`), and answers one line, its action in the notation::

    okey -> child   {"view": {"type": "PlayerView", ...}}
    child -> okey   {"action": "discard r5"}

A move that takes longer than the time limit, an answer that is not one JSON line of
that form (or longer than :data:`MAX_LINE`), a move not in ``view.legal``, or a child
that dies: the child is killed, an :class:`~okey.bots.plugins.Incident` is recorded,
and the easy level plays that seat from then on, as a failing plug-in's moves are
played today. The child runs okey's own interpreter, its standard error thrown away.
"""

from __future__ import annotations

import contextlib
import json
import queue
import random
import subprocess
import sys
import threading
import time
import weakref
from collections.abc import Callable
from typing import Final

from okey.bots.base import Bot
from okey.bots.easy import EasyBot
from okey.bots.plugin_terms import Incident, PluginError, Reason, split_spec
from okey.engine.actions import Action
from okey.engine.view import PlayerView

PREFIX: Final = "process:"
MAX_LINE: Final = 64 * 1024
"""The longest answer a child may give (an action is a few characters)."""
START_LIMIT: Final = 10.0
"""Seconds a child may take to load its bot (it says ``{"ready": true}``)."""


def is_process_name(name: str) -> bool:
    return name.startswith(PREFIX)


def child_command(spec: str, seed: int) -> list[str]:
    """How the child is started: okey's own interpreter, with the plug-in spec and the
    seed of its bot's generator (a module spec is found as in okey's own process)."""
    return [sys.executable, "-m", "okey.bots.child", spec, str(seed)]


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
    ) -> None:
        inner = spec.removeprefix(PREFIX)
        split_spec(inner)  # PluginError for a spec of the wrong form
        self.name = inner
        self.time_limit = time_limit
        self.on_incident = on_incident
        self.fallback: Bot = EasyBot(random.Random(rng.getrandbits(64)))
        self.replaced = False
        self.incidents: list[Incident] = []
        self._lines: queue.Queue[bytes | None] = queue.Queue()
        seed = rng.getrandbits(63)
        try:
            self.process = subprocess.Popen(
                command or child_command(inner, seed),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                close_fds=True,
            )
        except OSError as exc:
            raise PluginError("process", spec=inner, reason=exc.strerror or exc) from None
        self._finalizer = weakref.finalize(self, _kill, self.process)
        reader = threading.Thread(target=self._read, name=f"bot-{inner}", daemon=True)
        reader.start()
        try:
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
            code = self.process.poll()
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
        from okey.net.codec import encode
        from okey.net.notation import action_from_text

        stdin = self.process.stdin
        assert stdin is not None
        try:
            stdin.write(json.dumps({"view": encode(view)}).encode() + b"\n")
            stdin.flush()
        except (OSError, ValueError):
            raise Misbehaved("raised", f"the process ended ({self.process.poll()})") from None
        line = self._answer(self.time_limit)
        try:
            answer = json.loads(line)
            if isinstance(answer, dict) and isinstance(answer.get("error"), str):
                raise Misbehaved("raised", _shown(answer["error"].encode()))
            if not isinstance(answer, dict) or set(answer) != {"action"}:
                raise ValueError("not an action")
            text = answer["action"]
            if not isinstance(text, str):
                raise ValueError("not an action")
            return action_from_text(text)
        except (ValueError, RecursionError):
            raise Misbehaved("illegal", _shown(line)) from None

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
