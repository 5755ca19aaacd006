"""Load on one salon: ``--people`` accounts in the lobby and ``--tables`` running tables in
one server process (``--serve``, started by this script), over real loopback sockets.

Every person logs in on the salon's path and stays there; two people sit at each table
(the others are bots, ``--bot-delay`` apart) and play random legal moves after
``--think`` seconds on the table protocol. A probe watches table 1 and stops watching,
again and again, which changes its card: every person in the lobby then gets the new
list. Measured over ``--seconds`` after everyone is in:

- lobby update: from the probe's request to each person having the list that shows it
  (p50, p99, max over every person and change);
- move to seats: from a move sent to both people of its table having its Update;
- the server's CPU use, and the load average of the machine.

The clients are lean (a move picked from the view's JSON, the list only looked at, not
decoded). Password hashes are the cheap test cost (``CHEAP``): log-ins are not what is
measured. Prints one JSON object. Run: ``uv run python benchmarks/salon.py [--people 300]
[--tables 50] [--seconds 20]``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from okey.net.protocol import PROTOCOL
from okey.net.server import Limits
from okey.salon import messages as m
from okey.salon.accounts import LogInLimits
from okey.salon.config import SalonConfig
from okey.salon.passwords import CHEAP
from okey.salon.server import Salon
from okey.salon.store import Store

LOOPBACK = "127.0.0.1"
WATCHERS = re.compile(
    r'\{"type":"(?:Tables|Changed)","cards":\[\{"type":"Card","number":1,.*?"watchers":(\d+)'
)


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


# -- the server process -----------------------------------------------------------------


async def serve(bot_delay: float, whole_lists: bool) -> None:
    limits = Limits(per_address=1_000_000, messages_per_second=1000.0, burst=1000.0)
    many = 1_000_000
    config = SalonConfig(
        bot_delay=bot_delay,
        level="random",
        cost=CHEAP,
        one_address_per_table=False,
        limits=LogInLimits(per_address=many, total=many, claims_per_address=many),
        max_tables=1000,
        whole_lists=whole_lists,
    )
    with tempfile.TemporaryDirectory() as folder:
        store = Store.open(Path(folder) / "salon.db")
        salon = Salon(store, config, limits=limits)
        sending: list[float] = []
        send_lobby = salon._send_lobby

        def timed() -> None:
            """The server's own part of a lobby update: the cards made, encoded once and
            written to every person's socket."""
            start = time.perf_counter()
            send_lobby()
            sending.append(time.perf_counter() - start)

        salon._send_lobby = timed  # type: ignore[method-assign]
        _, port = await salon.start(LOOPBACK, 0)
        print(json.dumps({"port": port}), flush=True)
        await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
        served = {"lobby_updates": salon.lobby_updates, "server_part": percentiles(sending)}
        print(json.dumps(served), flush=True)
        await salon.stop()
        store.close()


# -- the clients ----------------------------------------------------------------------------


@dataclass
class Tally:
    measuring: bool = False
    lobby: list[float] = field(default_factory=list)
    moves: list[float] = field(default_factory=list)
    sent_moves: int = 0
    # The probe's changes: the watchers count it asked for, and when.
    asked: dict[int, float] = field(default_factory=dict)


async def open_connection(url: str) -> ClientConnection:
    return await connect(url, compression=None, proxy=None, max_size=2**22)


async def log_in(port: int, name: str) -> ClientConnection:
    ws = await open_connection(f"ws://{LOOPBACK}:{port}{m.PATH}")
    login = {"type": "LogIn", "protocol": 1, "name": name, "password": "benchmark", "claim": True}
    await ws.send(json.dumps(login))
    while json.loads(await ws.recv())["type"] != "Welcome":
        pass
    await ws.send('{"type":"AgreeConduct"}')
    return ws


async def lobby_loop(
    ws: ClientConnection, tally: Tally, tickets: asyncio.Queue[dict[str, object]] | None
) -> None:
    """A person in the lobby: the list looked at (table 1's watchers: the first list that
    shows a change is timed, not the ones that repeat it), tickets passed on."""
    seen: int | None = None
    try:
        async for frame in ws:
            assert isinstance(frame, str)
            if frame.startswith(('{"type":"Tables"', '{"type":"Changed"')):
                found = WATCHERS.match(frame)
                count = int(found.group(1)) if found is not None else seen
                if count != seen and tally.measuring:
                    asked = tally.asked.get(count) if count is not None else None
                    if asked is not None:
                        tally.lobby.append(time.perf_counter() - asked)
                seen = count
            elif tickets is not None and frame.startswith('{"type":"Ticket"'):
                await tickets.put(json.loads(frame))
    except ConnectionClosed:
        pass


@dataclass
class Table:
    pending: dict[int, tuple[float, set[int]]] = field(default_factory=dict)
    people: int = 2


async def seat_loop(
    ws: ClientConnection, seat: int, table: Table, tally: Tally, think: float, rng: random.Random
) -> None:
    acted = 0
    try:
        async for frame in ws:
            message = json.loads(frame)
            if message["type"] != "Update":
                continue
            now = time.perf_counter()
            version = message["version"]
            for answered, (sent_at, heard) in list(table.pending.items()):
                if version > answered:
                    heard.add(seat)
                    if len(heard) == table.people:
                        del table.pending[answered]
                        if tally.measuring:
                            tally.moves.append(now - sent_at)
            view = message["view"]
            if view is None:
                continue
            if view["phase"] == "round_over":
                await ws.send('{"type":"Ready"}')
            elif view["turn"] == view["seat"] and view["legal"] and version > acted:
                acted = version
                await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                table.pending[version] = (time.perf_counter(), set())
                tally.sent_moves += tally.measuring
                action = rng.choice(view["legal"])
                await ws.send(json.dumps({"type": "Act", "action": action}))
    except ConnectionClosed:
        pass


async def take_seat(port: int, ticket: dict[str, object]) -> tuple[ClientConnection, int]:
    ws = await open_connection(f"ws://{LOOPBACK}:{port}")
    hello = {
        "type": "Hello",
        "protocol": PROTOCOL,
        "code": ticket["code"],
        "token": ticket["token"],
    }
    await ws.send(json.dumps(hello))
    while True:
        message = json.loads(await ws.recv())
        if message["type"] == "Seated":
            return ws, int(message["seat"])


def percentiles(values: list[float]) -> dict[str, float]:
    ms = sorted(v * 1000 for v in values) or [0.0]
    return {
        "n": len(values),
        "p50_ms": round(statistics.median(ms), 2),
        "p99_ms": round(ms[min(len(ms) - 1, int(len(ms) * 0.99))], 2),
        "max_ms": round(ms[-1], 2),
    }


async def load(port: int, args: argparse.Namespace) -> dict[str, object]:
    tally = Tally()
    lobbies: list[ClientConnection] = []
    for chunk in range(0, args.people, 25):
        names = [f"p{n:04d}" for n in range(chunk, min(args.people, chunk + 25))]
        lobbies += await asyncio.gather(*(log_in(port, name) for name in names))
    rng = random.Random(1)
    tasks = []
    tables: list[Table] = []
    for number in range(args.tables):
        first, second = lobbies[2 * number], lobbies[2 * number + 1]
        queues: list[asyncio.Queue[dict[str, object]]] = [asyncio.Queue(), asyncio.Queue()]
        tasks += [
            asyncio.create_task(lobby_loop(ws, tally, q))
            for ws, q in zip((first, second), queues, strict=True)
        ]
        await first.send(json.dumps({"type": "OpenTable", "rules": "classic"}))
        ticket = await queues[0].get()
        await second.send(json.dumps({"type": "Sit", "table": ticket["table"]}))
        other = await queues[1].get()
        seated = [await take_seat(port, ticket), await take_seat(port, other)]
        table = Table()
        tables.append(table)
        tasks += [
            asyncio.create_task(
                seat_loop(ws, seat, table, tally, args.think, random.Random(rng.random()))
            )
            for ws, seat in seated
        ]
        await seated[0][0].send('{"type":"Start"}')
    tasks += [asyncio.create_task(lobby_loop(ws, tally, None)) for ws in lobbies[2 * args.tables :]]
    probe = lobbies[-1]
    await asyncio.sleep(2.0)  # every table under way
    tally.measuring = True
    end = time.perf_counter() + args.seconds
    watching = False
    while time.perf_counter() < end:
        watching = not watching
        tally.asked = {(1 if watching else 0): time.perf_counter()}
        await probe.send('{"type":"Watch","table":1}' if watching else '{"type":"StopWatching"}')
        await asyncio.sleep(args.probe)
    tally.measuring = False
    for ws in lobbies:
        await ws.close()
    for task in tasks:
        task.cancel()
    return {
        "lobby_update": percentiles(tally.lobby),
        "move_to_seats": percentiles(tally.moves),
        "moves_sent": tally.sent_moves,
    }


def main() -> None:
    """Both ways of telling the lobby, one after the other, twice: the changed cards (the
    salon's), and every card at each change."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--serve", action="store_true")
    parser.add_argument("--people", type=int, default=300)
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--think", type=float, default=1.0)
    parser.add_argument("--bot-delay", type=float, default=1.0)
    parser.add_argument("--probe", type=float, default=0.5)
    parser.add_argument("--whole-lists", action="store_true", help="every card at each change")
    args = parser.parse_args()
    if args.serve:
        asyncio.run(serve(args.bot_delay, args.whole_lists))
        return
    results: dict[str, object] = {}
    runs: dict[str, list[dict[str, object]]] = {"changed_cards": [], "whole_lists": []}
    for whole in (False, True, False, True):  # side by side, twice
        runs["whole_lists" if whole else "changed_cards"].append(run_once(args, whole))
    results.update(runs)
    results["load_average"] = [round(x, 2) for x in os.getloadavg()]
    print(json.dumps(results))


def run_once(args: argparse.Namespace, whole_lists: bool) -> dict[str, object]:
    line = [sys.executable, __file__, "--serve", "--bot-delay", str(args.bot_delay)]
    server = subprocess.Popen(
        line + (["--whole-lists"] if whole_lists else []),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert server.stdin is not None and server.stdout is not None
    port = json.loads(server.stdout.readline())["port"]
    cpu_before, wall_before = cpu_seconds(server.pid), time.perf_counter()
    result = asyncio.run(load(port, args))
    cpu = cpu_seconds(server.pid) - cpu_before
    wall = time.perf_counter() - wall_before
    server.stdin.write("\n")
    server.stdin.flush()
    served = json.loads(server.stdout.readline())
    server.wait(timeout=30)
    result.update(
        people=args.people,
        tables=args.tables,
        server_cpu_percent=round(100 * cpu / wall, 1),
        lobby_news_sent=served["lobby_updates"],
        lobby_news_server_part=served["server_part"],
    )
    return result


if __name__ == "__main__":
    main()
