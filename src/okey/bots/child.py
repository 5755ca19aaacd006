"""The child process of a ``process:`` seat (:mod:`okey.bots.process`): it loads the bot
and answers each view sent on standard input with one action on standard output.

Run as ``python -m okey.bots.child SPEC SEED``. The bot's own printing goes to standard
error, so it cannot break the protocol.
"""

from __future__ import annotations

import json
import os
import random
import sys
from typing import BinaryIO

from okey.engine.view import PlayerView

MAX_LINE = 4 * 1024 * 1024  # a view is a few kilobytes


def _send(out: BinaryIO, message: dict[str, object]) -> None:
    out.write(json.dumps(message, ensure_ascii=False).encode("utf-8") + b"\n")
    out.flush()


def main(argv: list[str]) -> int:
    from okey.bots.plugins import load_factory
    from okey.net.codec import decode
    from okey.net.notation import action_text

    out = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())  # what the bot prints, even
    sys.stdout = sys.stderr  # through sys.__stdout__ or file 1, is not an answer
    try:
        spec, seed = argv[1], int(argv[2])
        bot = load_factory(spec)(random.Random(seed))
    except Exception as exc:  # a plug-in may fail in any way as it loads
        _send(out, {"error": f"{type(exc).__name__}: {exc}"})
        return 1
    _send(out, {"ready": True})
    source = sys.stdin.buffer
    while line := source.readline(MAX_LINE):
        try:
            view = decode(json.loads(line)["view"], PlayerView)
            action = bot.choose(view)
            _send(out, {"action": action_text(action)})
        except Exception as exc:  # the bot's failure is the parent's to judge
            _send(out, {"error": f"{type(exc).__name__}: {exc}"})
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
