"""Server CPU per move: tables with 2 browser seats each against the same tables with 2
terminal seats each (the other 2 seats bots), over real loopback sockets.

A browser seat costs the server more than a terminal seat: its table (okey join's, with
the narration, in the player's words) runs on the server (docs/web.md). The goal: no
more than 1.5 times the CPU per move. One server process (``--serve``, started by this
script) hosts ``--tables`` tables; this process seats two people at each, as pages (the
page's JSON: keys P and Enter, Enter between rounds) or as terminal clients (the headless
client, drawing and throwing the tile drawn back), and plays for ``--seconds`` after a
warm-up. The server's CPU (user + system, /proc) is divided by the moves its tables made.
The two kinds run one after the other, in one run, on the same seeds. Prints one JSON
object. Run: ``uv run python benchmarks/web_server_cpu.py [--tables 50] [--seconds 20]``
(``OKEY_ONLY=web`` or ``terminal``: that kind alone; ``OKEY_WEB_PROFILE=FILE``: the
server's cProfile statistics of the measured time, to read with :mod:`pstats`).
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import json
import os
import subprocess
import sys
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from okey.engine.actions import Discard, DrawFromPile
from okey.engine.view import PlayerView
from okey.net.client import Client, play_as_bot
from okey.net.server import Limits, TableServer
from okey.net.table import TableConfig, online_rules
from okey.rules import load_rules
from okey.web.door import web_door

LOOPBACK = "127.0.0.1"


def code(n: int) -> str:
    return f"WEBB-{n:05d}"


def cpu_seconds(pid: int) -> tuple[float, float]:
    """The process's CPU time so far: user, system (the kernel's: its sockets)."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    tick = os.sysconf("SC_CLK_TCK")
    return int(fields[11]) / tick, int(fields[12]) / tick


async def serve(tables: int, profile: str = "") -> None:
    """Host the tables; on each "count" read, say their moves and this process's CPU
    (``profile``: a file for cProfile's statistics of the measured time alone)."""
    limits = Limits(per_address=1_000_000, messages_per_second=1000.0, burst=1000.0)
    server = TableServer(limits, web=web_door())
    _, port = await server.start(LOOPBACK, 0)
    rules = online_rules(load_rules("classic"), 90)
    hosted = [
        server.add_table(TableConfig(rules, code(n), "random", seed=n)) for n in range(tables)
    ]
    print(json.dumps({"port": port}), flush=True)
    loop = asyncio.get_running_loop()
    profiler = cProfile.Profile() if profile else None
    while (await loop.run_in_executor(None, sys.stdin.readline)).strip() == "count":
        if profiler is not None:  # from the first count to the second
            if profiler.getstats():
                profiler.disable()
                profiler.dump_stats(profile)
                profiler = None
            else:
                profiler.enable()
        moves = sum(len(h.table.match.record) for h in hosted if h.table.started)
        user, system = cpu_seconds(os.getpid())
        print(json.dumps({"moves": moves, "cpu": user + system, "sys": system}), flush=True)
    await server.stop()


class Lean:
    """A terminal seat's player: draw from the pile, throw a tile back."""

    def choose(self, view: PlayerView) -> Any:
        legal = view.legal
        draw = next((a for a in legal if isinstance(a, DrawFromPile)), None)
        return draw or next(a for a in legal if isinstance(a, Discard))


async def terminal_seat(port: int, n: int, name: str, host: bool) -> None:
    client = Client(f"ws://{LOOPBACK}:{port}", code(n), name, retry_delays=())
    await client.join()
    await play_as_bot(client, Lean(), start_with=2 if host else None)  # type: ignore[arg-type]


async def page_seat(port: int, n: int, name: str, host: bool) -> None:
    origin = f"http://{LOOPBACK}:{port}"
    socket: ClientConnection = await connect(f"ws://{LOOPBACK}:{port}/play", origin=origin)  # type: ignore[arg-type]
    hello = {"t": "hello", "code": code(n), "name": name, "lang": "en"}
    await socket.send(json.dumps(hello))
    state: dict[str, Any] = {}
    async for frame in socket:
        for message in json.loads(frame):  # one moment's messages
            if host and message["t"] == "line" and "sits down" in message["text"]:
                await socket.send(json.dumps({"t": "key", "key": "enter"}))  # the guest came
                host = False
            if message["t"] != "state":
                continue
            state.update(message)  # the parts that changed
            step = state["step"]
            if step == "player":
                draw = any(m["cmd"] == "draw" for m in state["moves"] if m["now"])
                await socket.send(json.dumps({"t": "key", "key": "p" if draw else "enter"}))
            elif step == "round_over" and state["rack"]:
                await socket.send(json.dumps({"t": "key", "key": "enter"}))


async def measure(kind: str, tables: int, seconds: float, warmup: float) -> dict[str, float]:
    server = subprocess.Popen(
        [sys.executable, __file__, "--serve", "--tables", str(tables)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert server.stdin is not None and server.stdout is not None
    port = json.loads(server.stdout.readline())["port"]
    seat = page_seat if kind == "web" else terminal_seat
    tasks = []
    for n in range(tables):
        tasks.append(asyncio.create_task(seat(port, n, "Host", True)))
        await asyncio.sleep(0.02)
        tasks.append(asyncio.create_task(seat(port, n, "Guest", False)))

    def count() -> dict[str, float]:
        assert server.stdin is not None and server.stdout is not None
        server.stdin.write("count\n")
        server.stdin.flush()
        answer: dict[str, float] = json.loads(server.stdout.readline())
        return answer

    await asyncio.sleep(warmup)
    first = await asyncio.to_thread(count)
    await asyncio.sleep(seconds)
    last = await asyncio.to_thread(count)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    server.stdin.write("stop\n")
    server.stdin.flush()
    server.wait(30)
    moves = last["moves"] - first["moves"]
    cpu = last["cpu"] - first["cpu"]
    return {
        "moves": moves,
        "cpu_s": round(cpu, 3),
        "sys_s": round(last["sys"] - first["sys"], 3),
        "cpu_ms_per_move": round(1000 * cpu / max(1, moves), 4),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--serve", action="store_true")
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--warmup", type=float, default=5.0)
    args = parser.parse_args()
    if args.serve:
        asyncio.run(serve(args.tables, os.environ.get("OKEY_WEB_PROFILE", "")))
        return 0
    only = os.environ.get("OKEY_ONLY") or ("web" if os.environ.get("OKEY_WEB_ONLY") else "")
    if only:  # one kind alone ("web" or "terminal"), to profile its server
        print(asyncio.run(measure(only, args.tables, args.seconds, args.warmup)))
        return 0
    terminal = asyncio.run(measure("terminal", args.tables, args.seconds, args.warmup))
    web = asyncio.run(measure("web", args.tables, args.seconds, args.warmup))
    ratio = web["cpu_ms_per_move"] / max(1e-9, terminal["cpu_ms_per_move"])
    report = {
        "tables": args.tables,
        "terminal": terminal,
        "web": web,
        "ratio": round(ratio, 3),
        "goal": 1.5,
        "load_average": os.getloadavg()[0],
    }
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
