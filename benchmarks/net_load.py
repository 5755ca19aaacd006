"""Load on one table server: N tables of four bot clients over real loopback sockets.

One server process (``--serve``, started by this script) hosts ``--tables``
tables; this process opens four WebSocket clients per table, seats them, and
plays every seat with a random legal move after ``--think`` seconds, as fast
as the server answers. Measured over ``--seconds`` after a warm-up:

- moves per second (actions sent; the server refuses none: ``refused`` counts them);
- from an action sent to every seat of its table having its Update: p50, p99, max;
- the server's own part of that: from a move read to every seat's Update written;
- how long the server and the clients were ready to run but waited for a CPU (the
  machine is shared: that wait is the latency no program of ours can remove);
- the server's CPU per move (user and system, over the moves the clients made);
- the server's resident memory per table (its RSS playing, less its RSS before
  the tables were made, divided by their number), and its CPU use.

The clients are deliberately lean (JSON parsed, no codec, no bot): the point is
the server. Only 127.0.0.1 is used; everything stops by itself. Prints one
JSON object. Run: ``uv run python benchmarks/net_load.py [--tables 100]
[--seconds 20] [--think 0.25]`` (``--think 0``: flat out, for the ceiling).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from okey.net.protocol import PROTOCOL, Act, ClientMessage
from okey.net.server import Limits, TableServer
from okey.net.table import TableConfig, online_rules
from okey.rules import load_rules

LOOPBACK = "127.0.0.1"
SEATS = 4


def code(n: int) -> str:
    return f"BENCH-{n:05d}"


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def waiting_seconds(pid: int | str) -> float:
    """How long the process has waited for a CPU while it was ready to run (Linux
    schedstat): on a shared machine, the part of the latency no program can remove."""
    try:
        return int(Path(f"/proc/{pid}/schedstat").read_text().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return 0.0


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


# -- the server process -------------------------------------------------------------


async def serve(tables: int, rules: str) -> None:
    limits = Limits(per_address=1_000_000, messages_per_second=1000.0, burst=1000.0)
    server = TableServer(limits)
    _, port = await server.start(LOOPBACK, 0)
    before = rss_kib(os.getpid())
    loaded = online_rules(load_rules(rules), 90)
    handling: list[float] = []
    for n in range(tables):
        table = server.add_table(TableConfig(loaded, code(n), "random", seed=n)).table
        table.handle = timed(table.handle, handling)  # type: ignore[method-assign,unused-ignore]
    print(json.dumps({"port": port, "rss_before_kib": before}), flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)  # until told
    ms = sorted(x * 1000 for x in handling[len(handling) // 4 :]) or [0.0]  # past the warm-up
    print(json.dumps({"p50": round(ms[len(ms) // 2], 3), "p99": round(ms[int(len(ms) * 0.99)], 3)}))
    sys.stdout.flush()
    await server.stop()


def timed(handle: Callable[[int, ClientMessage], None], into: list[float]) -> Callable[..., None]:
    """``handle`` noting how long each message took: checked, applied, every seat's view
    built, encoded and written to its socket (the server's own part of the latency)."""

    def run(seat: int, message: ClientMessage) -> None:
        start = time.perf_counter()
        try:
            handle(seat, message)
        finally:
            if isinstance(message, Act):
                into.append(time.perf_counter() - start)

    return run


# -- the client process -------------------------------------------------------------


@dataclass
class Table:
    number: int
    seats: list[Seat] = field(default_factory=list)
    # Actions in flight, by the version they answer: when sent, and the seats that heard.
    pending: dict[int, tuple[float, set[int]]] = field(default_factory=dict)


@dataclass
class Seat:
    table: Table
    seat: int
    ws: ClientConnection
    version: int = 0


@dataclass
class Tally:
    measuring: bool = False
    latencies: list[float] = field(default_factory=list)
    moves: int = 0
    errors: int = 0
    matches_over: int = 0


async def seat_loop(seat: Seat, tally: Tally, think: float, rng: random.Random) -> None:
    table = seat.table
    try:
        async for frame in seat.ws:
            message = json.loads(frame)
            kind = message["type"]
            if kind == "Refused":
                tally.errors += 1
                continue
            if kind != "Update":
                continue
            now = time.perf_counter()
            version = message["version"]
            for answered, (sent_at, heard) in list(table.pending.items()):
                if version > answered:
                    heard.add(seat.seat)
                    if len(heard) == SEATS:
                        del table.pending[answered]
                        if tally.measuring:
                            tally.latencies.append(now - sent_at)
            if any(e["type"] == "MatchOver" for e in message["events"]):
                tally.matches_over += seat.seat == 0
                return
            view = message["view"]
            if view is None:
                continue
            if view["phase"] == "round_over":
                await seat.ws.send('{"type":"Ready"}')
            elif view["turn"] == seat.seat and view["legal"] and version > seat.version:
                seat.version = version
                if think:
                    await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                action = rng.choice(view["legal"])
                table.pending[version] = (time.perf_counter(), set())
                tally.moves += tally.measuring
                await seat.ws.send(json.dumps({"type": "Act", "action": action}))
    except ConnectionClosed:
        pass


async def sit(table: Table, port: int) -> None:
    for n in range(SEATS):
        ws = await connect(f"ws://{LOOPBACK}:{port}", compression=None, proxy=None)
        hello = {"type": "Hello", "protocol": PROTOCOL, "code": code(table.number), "name": f"b{n}"}
        await ws.send(json.dumps(hello))
        while True:
            message = json.loads(await ws.recv())
            if message["type"] == "Seated":
                table.seats.append(Seat(table, message["seat"], ws))
                break


async def load(port: int, numbers: list[int], args: argparse.Namespace) -> None:
    """Seat and play the tables ``numbers``; say so, and measure once told to (a line on
    stdin: every process is seated by then, and the tables warmed up)."""
    tally = Tally()
    tables = [Table(n) for n in numbers]
    for chunk in range(0, len(tables), 20):
        await asyncio.gather(*(sit(t, port) for t in tables[chunk : chunk + 20]))
    rng = random.Random(numbers[0] if numbers else 0)
    loops = [
        asyncio.create_task(seat_loop(s, tally, args.think, random.Random(rng.random())))
        for t in tables
        for s in t.seats
    ]
    for t in tables:
        await t.seats[0].ws.send('{"type":"Start"}')
    print(json.dumps({"seated": len(tables)}), flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
    mine_before, waited_before = time.process_time(), waiting_seconds("self")
    tally.measuring = True
    await asyncio.sleep(args.seconds)
    tally.measuring = False
    mine = time.process_time() - mine_before
    waited = waiting_seconds("self") - waited_before
    print(
        json.dumps(
            {
                "latencies": tally.latencies,
                "moves": tally.moves,
                "cpu_seconds": mine,
                "waited_seconds": waited,
                "refused": tally.errors,
                "matches_over": tally.matches_over,
            }
        ),
        flush=True,
    )
    for task in loops:
        task.cancel()
    await asyncio.gather(*loops, return_exceptions=True)
    for t in tables:  # (closing 1,000 connections one by one, each with its handshake,
        for s in t.seats:  # takes minutes on a loaded machine: the server sees them drop)
            s.ws.transport.abort()


def summary(parts: list[dict[str, object]], args: argparse.Namespace) -> dict[str, object]:
    latencies: list[float] = []
    for part in parts:
        found = part["latencies"]
        assert isinstance(found, list)
        latencies += found
    ms = sorted(x * 1000 for x in latencies) or [0.0]
    total = sum(int(str(part["moves"])) for part in parts)
    cpu = sum(float(str(part["cpu_seconds"])) for part in parts)
    waited = sum(float(str(part["waited_seconds"])) for part in parts)
    return {
        "moves": total,
        "moves_per_second": round(total / args.seconds, 1),
        "latency_ms": {
            "p50": round(statistics.median(ms), 2),
            "p99": round(ms[min(len(ms) - 1, int(len(ms) * 0.99))], 2),
            "max": round(ms[-1], 2),
        },
        "clients_cpu_percent": round(100 * cpu / args.seconds, 1),
        "clients_waiting_for_a_cpu_percent": round(100 * waited / args.seconds, 1),
        "refused": sum(int(str(part["refused"])) for part in parts),
        "matches_over": sum(int(str(part["matches_over"])) for part in parts),
    }


def result_moves(parts: list[dict[str, object]]) -> int:
    return sum(int(str(part["moves"])) for part in parts)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--warmup", type=float, default=5.0)
    parser.add_argument("--think", type=float, default=0.25, help="seconds per move (mean)")
    parser.add_argument("--rules", default="classic")
    parser.add_argument("--client-processes", type=int, default=2)
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--play", metavar="PORT", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--numbers", default="", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        if os.environ.get("OKEY_NET_PROFILE"):  # the server's profile, written to that file
            import cProfile

            job = "asyncio.run(serve(args.tables, args.rules))"
            cProfile.runctx(job, globals(), {"args": args}, os.environ["OKEY_NET_PROFILE"])
            return 0
        asyncio.run(serve(args.tables, args.rules))
        return 0
    if args.play is not None:
        numbers = [int(n) for n in args.numbers.split(",") if n]
        asyncio.run(load(args.play, numbers, args))
        return 0
    load_before = os.getloadavg()
    common = ["--rules", args.rules, "--tables", str(args.tables)]
    server = subprocess.Popen(
        [sys.executable, __file__, "--serve", *common],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    players: list[subprocess.Popen[str]] = []
    try:
        assert server.stdout is not None and server.stdin is not None
        ready = json.loads(server.stdout.readline())
        for k in range(args.client_processes):
            share = ",".join(str(n) for n in range(k, args.tables, args.client_processes))
            players.append(
                subprocess.Popen(
                    [
                        sys.executable, __file__, "--play", str(ready["port"]),
                        "--numbers", share,
                        "--seconds", str(args.seconds), "--think", str(args.think),
                    ],
                    stdin=subprocess.PIPE,
                    stdout=subprocess.PIPE,
                    text=True,
                )
            )  # fmt: skip
        seated_at = time.monotonic()
        for player in players:  # every table seated and started (2,000 clients take a while)
            assert player.stdout is not None
            json.loads(player.stdout.readline())
        seating = time.monotonic() - seated_at
        time.sleep(args.warmup)
        for player in players:
            assert player.stdin is not None
            player.stdin.write("go\n")
            player.stdin.flush()
        cpu_before, waited_before = cpu_seconds(server.pid), waiting_seconds(server.pid)
        time.sleep(args.seconds)
        cpu = cpu_seconds(server.pid) - cpu_before
        waited = waiting_seconds(server.pid) - waited_before
        rss_playing = rss_kib(server.pid)
        parts = []
        for player in players:
            assert player.stdout is not None
            parts.append(json.loads(player.stdout.readline()))
            player.wait(timeout=60)
        server.stdin.write("stop\n")
        server.stdin.flush()
        handling = json.loads(server.stdout.readline())
        server.wait(timeout=30)
        result = {
            "tables": args.tables,
            "clients": args.tables * SEATS,
            "client_processes": args.client_processes,
            "think_seconds": args.think,
            "measured_seconds": args.seconds,
            "seating_seconds": round(seating, 1),
            **summary(parts, args),
            "server_handling_ms": handling,
            "server_cpu_percent": round(100 * cpu / args.seconds, 1),
            "server_cpu_ms_per_move": round(1000 * cpu / max(1, result_moves(parts)), 3),
            "server_waiting_for_a_cpu_percent": round(100 * waited / args.seconds, 1),
            "server_rss_playing_kib": rss_playing,
            "server_kib_per_table": round((rss_playing - ready["rss_before_kib"]) / args.tables, 1),
            "load_average_before": [round(x, 2) for x in load_before],
            "load_average_after": [round(x, 2) for x in os.getloadavg()],
            "cpus": os.cpu_count(),
        }
        print(json.dumps(result, indent=2))
    finally:
        for process in (*players, server):
            if process.poll() is None:
                process.kill()
                process.wait()
    return 0


if __name__ == "__main__":
    sys.exit(main())
