"""``okey serve --rules FILE`` of Okey 101 as a real process: it serves 101, is killed
mid-round, comes back from its autosave with ``--resume``, and the players rejoin their
seats and finish the round."""

from __future__ import annotations

import asyncio
import json
import signal
from pathlib import Path

from test_net101_support import play101, rules_file_101
from test_net_resume import REJOIN_DELAYS, serve, stop
from test_net_support import CODE, LOOPBACK, async_test, client, close_all, eventually, within

from okey.engine.events import MatchOver
from okey.games.okey101.events import RoundScored101
from okey.games.okey101.view import View101
from okey.net.protocol import Seated, Update, read_server


@async_test
async def test_a_killed_101_server_resumes_from_its_autosave_and_the_players_rejoin(
    tmp_path: Path,
) -> None:
    rules = rules_file_101(tmp_path)
    options = (
        "--code", CODE, "--rules", str(rules), "--level", "medium",
        "--bot-delay", "0", "--timer", "30", "--seed", "7",
    )  # fmt: skip
    first, port = await serve(tmp_path, 0, *options)
    second = None
    try:
        url = f"ws://{LOOPBACK}:{port}"
        frames: list[list[str | bytes]] = [[], []]
        ayse = client(url, "Ayşe", retry_delays=REJOIN_DELAYS, on_frame=frames[0].append)
        bora = client(url, "Bora", retry_delays=REJOIN_DELAYS, on_frame=frames[1].append)
        seated = await within(ayse.join())
        assert seated.ruleset is not None and seated.ruleset.game == "101"
        await within(bora.join())
        game = asyncio.gather(
            play101(ayse, 1, start_with=2, think=0.01), play101(bora, 2, think=0.01)
        )
        autosave = tmp_path / "online.json"
        await eventually(lambda: autosave.is_file() and ayse.version > 30, 60.0)
        first.send_signal(signal.SIGKILL)
        await first.wait()
        killed_at = ayse.version
        saved = json.loads(autosave.read_text(encoding="utf-8"))
        assert saved["kind"] == "okey-save"
        assert ayse.token and ayse.token not in autosave.read_text(encoding="utf-8")

        second, again = await serve(tmp_path, port, "--resume")
        assert again == port
        results = await within(game, 60.0)
        await close_all(ayse, bora)
        assert isinstance(results[0], MatchOver) and results[0] == results[1]
        assert ayse.version > killed_at
        for seat, heard in enumerate(frames):
            messages = [read_server(f) for f in heard]
            seated_again = [m for m in messages if isinstance(m, Seated)]
            assert [s.rejoined for s in seated_again] == [False, True]
            assert {s.seat for s in seated_again} == {seat}
            views = [m.view for m in messages if isinstance(m, Update) and m.view is not None]
            assert views and all(isinstance(v, View101) for v in views)
            events = [e for m in messages if isinstance(m, Update) for e in m.events]
            assert any(isinstance(e, RoundScored101) for e in events)
        assert await within(second.wait()) == 0  # the match is over and everyone left
    finally:
        await stop(first)
        if second is not None:
            await stop(second)
