"""The child process of a ``process:`` seat (:mod:`okey.bots.process`): it loads the bot
and answers each view sent on standard input with one action on standard output.

Run as ``python -m okey.bots.child``, with nothing else on its command line: its first
line of standard input says which plug-in to load, its seed and its limits
(``{"spec": ..., "seed": ..., "cpu": seconds, "memory": bytes}``), so that nothing of
them shows in the list of processes. It limits itself before it loads the bot
(``resource.setrlimit``; Windows has no such limits), ignores the terminal's Ctrl+C (the
user's interrupt is okey's to act on), and what the bot raises, of any kind, is sent as
its failure. The bot's own printing goes to standard error, so it cannot break the
protocol.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import random
import signal
import sys
from typing import Any, BinaryIO

from okey.engine.view import PlayerView

MAX_LINE = 4 * 1024 * 1024  # a view is a few kilobytes


def _send(out: BinaryIO, message: dict[str, object]) -> None:
    out.write(json.dumps(message, ensure_ascii=False).encode("utf-8") + b"\n")
    out.flush()


def _failure(exc: BaseException) -> dict[str, object]:
    """What a bot raised, as the parent is told it."""
    try:
        said = f"{type(exc).__name__}: {exc}"
    except BaseException:  # an exception of its own may fail to print itself
        said = type(exc).__name__
    message: dict[str, object] = {"error": said}
    if isinstance(exc, MemoryError):
        message["memory"] = True
    return message


def limit_self(cpu: Any, memory: Any) -> None:
    """Processor seconds over this process's life and bytes of address space, as far as
    the system allows (a limit already lower is kept; none on Windows)."""
    try:
        import resource
    except ImportError:  # pragma: no cover - Windows
        return
    wanted = []
    if isinstance(cpu, int | float) and cpu > 0:
        soft = math.ceil(cpu)  # SIGXCPU at the soft limit, SIGKILL a second later
        wanted.append((resource.RLIMIT_CPU, soft, soft + 1))
    if isinstance(memory, int) and memory > 0:
        wanted.append((resource.RLIMIT_AS, memory, memory))
    for which, soft, hard in wanted:
        _, ceiling = resource.getrlimit(which)
        if ceiling != resource.RLIM_INFINITY:
            soft, hard = min(soft, ceiling), min(hard, ceiling)
        with contextlib.suppress(ValueError, OSError):  # a system that refuses it
            resource.setrlimit(which, (soft, hard))


def main(argv: list[str]) -> int:
    import okey.messages  # noqa: F401  (an okey error the bot raises is told in English)
    from okey.bots.plugins import load_factory
    from okey.wire.codec import decode
    from okey.wire.notation import action_text

    out = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())  # what the bot prints, even
    sys.stdout = sys.stderr  # through sys.__stdout__ or file 1, is not an answer
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    source = sys.stdin.buffer
    try:
        setup = json.loads(source.readline(MAX_LINE))
        spec, seed = str(setup["spec"]), int(setup["seed"])
        limit_self(setup.get("cpu"), setup.get("memory"))
    except (ValueError, KeyError, TypeError) as exc:
        _send(out, {"error": f"not started: {type(exc).__name__}"})
        return 1
    try:
        bot = load_factory(spec)(random.Random(seed))
    except BaseException as exc:  # a plug-in may fail in any way as it loads
        _send(out, _failure(exc))
        return 1
    _send(out, {"ready": True})
    while line := source.readline(MAX_LINE):
        try:
            view = decode(json.loads(line)["view"], PlayerView)
            action = bot.choose(view)
            answer: dict[str, object] = {"action": action_text(action)}
        except BaseException as exc:  # the bot's failure is the parent's to judge
            answer = _failure(exc)
        _send(out, answer)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
