"""``okey serve`` as a real process, for each game: killed mid-match, resumed from its
autosave, the players rejoin their seats and finish; and its bad options are refused in
words."""

from __future__ import annotations

import asyncio
import json
import re
import signal
import sys
from pathlib import Path

import pytest
from test_net_support import (
    CLASSIC,
    CODE,
    GAMES,
    LOOPBACK,
    Game,
    async_test,
    client,
    close_all,
    eventually,
    within,
)

from okey.commands.serve import main as serve_main
from okey.engine.events import MatchOver
from okey.net.protocol import Seated, Update, read_server

LISTENING = re.compile(r"listening on ws://127\.0\.0\.1:(\d+)")
REJOIN_DELAYS = (0.1,) * 100  # up to ten seconds for the server to come back


async def serve(folder: Path, port: int, *extra: str) -> tuple[asyncio.subprocess.Process, int]:
    """``okey serve`` in its own process; returns it and the port it listens on."""
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "okey.commands.serve",
        "--bind", LOOPBACK, "--port", str(port), "--saves", str(folder), *extra,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    assert process.stdout is not None
    while True:
        line = (await within(process.stdout.readline())).decode()
        assert line, "okey serve ended before it listened"
        found = LISTENING.search(line)
        if found:
            return process, int(found.group(1))


async def stop(process: asyncio.subprocess.Process) -> None:
    if process.returncode is None:
        process.kill()
    await process.wait()


@pytest.mark.parametrize("game", GAMES, ids=str)
@async_test
async def test_a_killed_server_resumes_from_its_autosave_and_the_players_rejoin(
    game: Game, tmp_path: Path
) -> None:
    seed, far = (5, 40) if game is CLASSIC else (7, 30)
    options = (
        "--code", CODE, "--rules", game.rules_file(tmp_path), "--level", game.level,
        "--bot-delay", "0", "--timer", "30", "--seed", str(seed),
    )  # fmt: skip
    first, port = await serve(tmp_path, 0, *options)
    second = None
    try:
        url = f"ws://{LOOPBACK}:{port}"
        frames: list[list[str | bytes]] = [[], []]
        ayse = client(url, "Ayşe", retry_delays=REJOIN_DELAYS, on_frame=frames[0].append)
        bora = client(url, "Bora", retry_delays=REJOIN_DELAYS, on_frame=frames[1].append)
        seated = await within(ayse.join())
        assert seated.ruleset is not None and seated.ruleset.game == game.name
        await within(bora.join())
        played = asyncio.gather(
            game.play(ayse, 1, start_with=2, think=0.01), game.play(bora, 2, think=0.01)
        )
        autosave = tmp_path / "online.json"
        await eventually(lambda: autosave.is_file() and ayse.version > far, 60.0)
        first.send_signal(signal.SIGKILL)
        await first.wait()
        killed_at = ayse.version
        saved = json.loads(autosave.read_text(encoding="utf-8"))
        assert saved["kind"] == "okey-save"
        assert ayse.token and ayse.token not in autosave.read_text(encoding="utf-8")

        second, again = await serve(tmp_path, port, "--resume")
        assert again == port
        results = await within(played, 60.0)
        await close_all(ayse, bora)
        assert isinstance(results[0], MatchOver) and results[0] == results[1]
        assert ayse.version > killed_at
        for seat, heard in enumerate(frames):
            messages = [read_server(f) for f in heard]
            seated_again = [m for m in messages if isinstance(m, Seated)]
            assert [s.rejoined for s in seated_again] == [False, True]
            assert {s.seat for s in seated_again} == {seat}
            views = [m.view for m in messages if isinstance(m, Update) and m.view is not None]
            assert views and all(isinstance(v, game.view) for v in views)
            events = [e for m in messages if isinstance(m, Update) for e in m.events]
            assert any(isinstance(e, game.ends) for e in events)
        assert await within(second.wait()) == 0  # the match is over and everyone left
    finally:
        await stop(first)
        if second is not None:
            await stop(second)


@pytest.mark.parametrize(
    ("options", "words"),
    [
        (["--code", "x;"], "join code"),
        (["--timer", "-5"], "--timer"),
        (["--port", "70000"], "port"),
        (["--rules", "no-such-rules"], "no such rules file"),
        (["--keyfile", "key.pem"], "--certfile"),
        (["--certfile", "/nonexistent/cert.pem"], "TLS"),
        (["--resume", "nothing-saved"], "nothing-saved"),
        (["--save-as", "../escape"], "escape"),
    ],
)
def test_bad_options_are_refused_in_words(
    options: list[str], words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status = serve_main(["--bind", LOOPBACK, "--port", "0", "--saves", str(tmp_path), *options])
    err = capsys.readouterr().err
    assert status == 2
    assert err.startswith("okey: ") and words in err
    assert "Traceback" not in err


def test_a_port_in_use_is_refused_in_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import socket

    with socket.socket() as taken:
        taken.bind((LOOPBACK, 0))
        taken.listen()
        port = taken.getsockname()[1]
        status = serve_main(["--bind", LOOPBACK, "--port", str(port), "--saves", str(tmp_path)])
    err = capsys.readouterr().err
    assert status == 2 and err.startswith("okey: cannot listen on 127.0.0.1")
