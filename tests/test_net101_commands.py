"""``okey serve --rules 101`` and ``okey host --rules 101`` plan an Okey 101 table (the
host's seat then plays at the accessible table, which the table helpers teach 101)."""

from __future__ import annotations

import argparse
from pathlib import Path
from types import ModuleType

import pytest
from test_net_support import CODE

from okey.commands import host, serve
from okey.messages import load_catalogue
from okey.net.server import TableServer
from okey.net.table import DEFAULT_TIMER

EN = load_catalogue("en")


def parsed(command: ModuleType, argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    command.configure(parser, EN)
    return parser.parse_args(argv)


@pytest.mark.parametrize("rules", ["101", "101-long"])
@pytest.mark.parametrize("command", [serve, host])
def test_serve_and_host_plan_a_101_table(command: ModuleType, rules: str, tmp_path: Path) -> None:
    args = parsed(command, ["--rules", rules, "--code", CODE, "--saves", str(tmp_path)])
    delay = args.bot_delay if command is serve else args.pace
    chosen = serve.plan(args, delay, EN)
    assert isinstance(chosen, serve.Plan) and chosen.config is not None
    table_rules = chosen.config.rules
    assert table_rules.game == "101" and table_rules.okey101 is not None
    assert table_rules.play.timer_seconds == DEFAULT_TIMER  # an online table has a timer
    assert chosen.config.level == "medium"
    hosted = chosen.table_on(TableServer(saves_dir=tmp_path))
    assert all(bot.game == "101" for bot in hosted.table.bots)


def test_a_101_table_of_the_wrong_size_is_refused_in_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (Path(__file__).parents[1] / "rules" / "101.toml").read_text(encoding="utf-8")
    bad = tmp_path / "101-three.toml"
    bad.write_text(text.replace("players = 4", "players = 3"), encoding="utf-8")
    status = serve.main(["--bind", "127.0.0.1", "--port", "0", "--rules", str(bad)])
    err = capsys.readouterr().err
    assert status == 2 and err.startswith("okey: ") and "Traceback" not in err
