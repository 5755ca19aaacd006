"""okey salon's lobby played through its prompt (prompt_toolkit's pipe input) against a
real salon on 127.0.0.1: claim a name, agree to the rules, ask who is online, chat, leave;
then come back with the remembered session and no password."""

from __future__ import annotations

import argparse
import asyncio
from pathlib import Path

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from test_net_support import WAIT, async_test
from test_salon_support import salon_running

from okey.commands.salon import Visit
from okey.messages import load_catalogue
from okey.net.address import parse_target
from okey.speech import Speaker, SpeechMode

EN = load_catalogue("en")


def _args() -> argparse.Namespace:
    return argparse.Namespace(
        name=None, new=False, verbosity="detailed", sounds=False, sort="colour"
    )


async def _visit(url: str, said: list[str], steps: list[tuple[str, str]]) -> int:
    """A visit whose player types each step's text once its awaited line was said."""
    speaker = Speaker(SpeechMode.OFF, printer=said.append, catalogue=EN)
    with create_pipe_input() as pipe:
        visit = Visit(parse_target(url), _args(), EN, speaker, terminal=(pipe, DummyOutput()))
        running = asyncio.get_running_loop().create_task(visit.run())

        async def play() -> None:
            for awaited, typed in steps:
                while not any(awaited in line for line in said):
                    await asyncio.sleep(0.01)
                said.append(f"(typed {typed})")
                pipe.send_text(typed + "\r")

        await asyncio.wait_for(play(), WAIT)
        return await asyncio.wait_for(running, WAIT)


@async_test
async def test_a_visit_by_the_prompt_and_back_with_the_session(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OKEY_SALONS", str(tmp_path / "salons"))
    async with salon_running(tmp_path / "salon.db") as running:
        said: list[str] = []
        steps = [
            (EN.text("salon.ask.name"), "Deniz"),
            (EN.text("salon.ask.password"), "deniz-secret"),
            ("Type yes to claim the name Deniz", "yes"),
            (EN.text("salon.conduct.ask"), "yes"),
            (EN.text("salon.lobby.hint"), "who"),
            ("Online, 1 person: Deniz.", "say iyi akşamlar"),
            ("You say in the lobby: iyi akşamlar", "frobnicate"),
            ("frobnicate is not a command here", "quit"),
        ]
        assert await _visit(running.url, said, steps) == 0
        assert said[-1] == EN.text("salon.goodbye")
        assert EN.text("salon.welcome", name="Deniz", chips=1000) in said
        assert not any("deniz-secret" in line for line in said if not line.startswith("(typed"))
        again: list[str] = []
        back = [(EN.text("salon.lobby.hint"), "chips"), ("You have 1000 chips.", "quit")]
        assert await _visit(running.url, again, back) == 0
        assert EN.text("salon.ask.password") not in again  # the session was remembered
        assert EN.text("salon.conduct.ask") not in again  # and the rules read once
