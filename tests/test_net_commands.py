"""okey host and okey join refuse bad input in words, and a seat that cannot be taken is
said plainly before any table opens (never a traceback); okey serve and okey host plan a
table of each game (``--rules 101``: an Okey 101 table)."""

from __future__ import annotations

import argparse
import asyncio
import socket
from pathlib import Path
from types import ModuleType

import pytest
from test_net_support import CODE, config, running

from okey.cli import main
from okey.commands import host, serve
from okey.commands.join import Sitting, sit
from okey.messages import load_catalogue
from okey.net.server import TableServer
from okey.net.table import DEFAULT_TIMER
from okey.net.tokens import load_token, server_key
from okey.speech import Speaker, SpeechMode


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["join", "a b", CODE], "is not a server's address"),
        (["join", "host:99999", CODE], "is not a server's address"),
        (["join", "127.0.0.1", CODE, "--name", "\a"], "A name is 1 to 32"),
        (["join", "127.0.0.1", CODE, "--cafile", "/nonexistent.pem"], "certificate"),
        (["host", "--timer", "-1"], "--timer"),
        (["host", "--pace", "-1"], "pace"),
        (["host", "--code", "x;"], "join code"),
        (["host", "--resume", "nothing-saved"], "nothing-saved"),
    ],
)
def test_bad_options_are_refused_in_words(
    argv: list[str], words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    if argv[0] == "host":
        argv = [*argv, "--saves", str(tmp_path)]
    status = main(argv)
    err = capsys.readouterr().err
    assert status == 2, err
    assert err.startswith("okey: ") and words in err
    assert "Traceback" not in err


EN = load_catalogue("en")


def test_without_a_terminal_the_table_does_not_open(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["join", "127.0.0.1:7011", CODE]) == 2
    assert "terminal" in capsys.readouterr().err


def _args() -> argparse.Namespace:
    return argparse.Namespace(verbosity="detailed", sounds=True, sort="colour")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_a_server_that_does_not_answer_is_said_plainly(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OKEY_SEATS", str(tmp_path))
    port = _free_port()
    sitting = Sitting(f"ws://127.0.0.1:{port}", f"127.0.0.1:{port}", "s", CODE, "Bora")
    speaker = Speaker(SpeechMode.OFF, printer=lambda _: None, catalogue=EN)
    assert asyncio.run(sit(sitting, speaker, _args())) == 1
    err = capsys.readouterr().err
    assert err == f"okey: No table server answers at 127.0.0.1:{port}.\n"


def test_a_wrong_code_is_said_plainly_and_no_token_is_kept(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OKEY_SEATS", str(tmp_path))

    async def attempt() -> int:
        async with running(config()) as (server, url, _hosted):
            assert server.address is not None
            key = server_key(*server.address)
            sitting = Sitting(url, url, key, "WRONG-CODE", "Bora")
            status = await sit(
                sitting, Speaker(SpeechMode.OFF, printer=lambda _: None, catalogue=EN), _args()
            )
            assert load_token(key, "WRONG-CODE") is None
            return status

    assert asyncio.run(attempt()) == 1
    err = capsys.readouterr().err
    assert "refused the seat: That join code opens no table here." in err


# -- the table okey serve and okey host plan, at each game ---------------------------------


def parsed(command: ModuleType, argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    command.configure(parser, EN)
    return parser.parse_args(argv)


@pytest.mark.parametrize(
    ("rules", "game"), [("classic", "okey"), ("101", "101"), ("101-long", "101")]
)
@pytest.mark.parametrize("command", [serve, host])
def test_serve_and_host_plan_a_table_of_each_game(
    command: ModuleType, rules: str, game: str, tmp_path: Path
) -> None:
    """``--rules 101`` plans an Okey 101 table (the host's seat then plays at the accessible
    table, which teaches 101); a classic table stays classic."""
    args = parsed(command, ["--rules", rules, "--code", CODE, "--saves", str(tmp_path)])
    delay = args.bot_delay if command is serve else args.pace
    chosen = serve.plan(args, delay, EN)
    assert isinstance(chosen, serve.Plan) and chosen.config is not None
    table_rules = chosen.config.rules
    assert table_rules.game == game and (table_rules.game_sections is not None) == (game == "101")
    assert table_rules.play.timer_seconds == DEFAULT_TIMER  # an online table has a timer
    assert chosen.config.level == "medium"
    hosted = chosen.table_on(TableServer(saves_dir=tmp_path))
    assert all(bot.game == game for bot in hosted.table.bots)


def test_a_101_table_of_the_wrong_size_is_refused_in_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (Path(__file__).parents[1] / "rules" / "101.toml").read_text(encoding="utf-8")
    bad = tmp_path / "101-three.toml"
    bad.write_text(text.replace("players = 4", "players = 3"), encoding="utf-8")
    status = serve.main(["--bind", "127.0.0.1", "--port", "0", "--rules", str(bad)])
    err = capsys.readouterr().err
    assert status == 2 and err.startswith("okey: ") and "Traceback" not in err
