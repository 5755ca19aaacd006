"""The rules loader refuses bad files with the file, the key and the reason."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

from okey.rules import (
    DEFAULT_GAME,
    RulesError,
    RuleSet,
    RulesProblem,
    available_rule_sets,
    load_rules,
    rules_from_mapping,
    rules_mapping,
)
from okey.wire.codec import decode, encode


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "table.toml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("text", "key", "reason"),
    [
        ("colour = 3", "colour", "unknown key"),
        ("[table]\nseats = 4", "table.seats", "unknown key"),
        ("[table]\nplayers = 'four'", "table.players", "whole number"),
        ("[table]\nplayers = true", "table.players", "whole number"),
        ("[table]\npartners = 1", "table.partners", "must be bool"),
        ("[table]\nplayers = 5", "table.players", "2, 3 or 4"),
        ("[table]\nplayers = 3\npartners = true", "table.partners", "exactly 4"),
        ("[table]\nduel = true\nplayers = 2", "table.duel", "4 seats"),
        ("[table]\nstarting_score = 0", "table.starting_score", "above 0"),
        ("[table]\nrounds = -1", "table.rounds", "0 (play to zero) or more"),
        ("[table]\ntie = 'coin'", "table.tie", "must be one of"),
        ("[scoring]\ncombine = 'add'", "scoring.combine", "must be one of"),
        ("[scoring]\nnormal = -2", "scoring.normal", "must not be negative"),
        ("[play]\npile_out = 'never'", "play.pile_out", "must be one of"),
        ("[play]\ntimer_seconds = -5", "play.timer_seconds", "0 (no timer)"),
        ("[play]\nautopilot_after = 0", "play.autopilot_after", "at least 1"),
        ("table = 3", "table", "table of options"),
        ("name = 7", "name", "must be str"),
    ],
)
def test_bad_files_are_refused_with_file_key_and_reason(
    tmp_path: Path, text: str, key: str, reason: str
) -> None:
    path = _write(tmp_path, text)
    with pytest.raises(RulesError) as caught:
        load_rules(path)
    error = caught.value
    assert error.source == str(path) and error.option == key and reason in str(error)
    assert str(error).startswith(f"{path}: {key}: ")


@pytest.mark.parametrize(
    ("sections", "said"),
    [
        ({"table": {"players": 3}}, "table.players: Okey 101 is for exactly 4 players"),
        ({"table": {"rounds": 0}}, "table.rounds: must be at least 1"),
        ({"play": {"opening_threshold": 0}}, "play.opening_threshold: must be at least 1"),
        ({"play": {"pairs_to_open": 12}}, "play.pairs_to_open: must be from 1 to 11"),
        (
            {"scoring": {"pairs_opener_factor": 0}},
            "scoring.pairs_opener_factor: must be at least 1",
        ),
        ({"scoring": {"give_back_penalty": -1}}, "scoring.give_back_penalty: must not be negative"),
        (
            {"play": {"pairs_opener_layoff_limit": -1}},
            "play.pairs_opener_layoff_limit: must not be negative",
        ),
        (
            {"play": {"timer_seconds": -1}},
            "play.timer_seconds: must be 0 (no timer) or from 5 to 600 seconds, as okey play "
            "--timer takes it",
        ),
        (
            {"play": {"timer_seconds": 1}},
            "play.timer_seconds: must be 0 (no timer) or from 5 to 600 seconds, as okey play "
            "--timer takes it",
        ),
        ({"play": {"autopilot_after": 0}}, "play.autopilot_after: must be at least 1"),
        (
            {"play": {"pile_out": "take_last_discard"}},
            "play.pile_out: must be one of 'close_after_last_discard', not 'take_last_discard'",
        ),
        (
            {"play": {"okey_swap": "sometimes"}},
            "play.okey_swap: must be one of 'allowed', 'never', not 'sometimes'",
        ),
        ({"table": {"starting_score": 3}}, "table.starting_score: unknown key"),  # classic's
        ({"play": {"run_13_1": 1}}, "play.run_13_1: must be bool, not 1"),
        ({"scoring": {"penalty": "x"}}, "scoring.penalty: must be a whole number, not 'x'"),
        ({"partners": {}}, "partners: unknown key"),
        ({"table": 4}, "table: must be a table of options"),
    ],
)
def test_a_bad_101_file_is_refused_with_the_key_and_the_reason(
    sections: dict[str, object], said: str
) -> None:
    with pytest.raises(RulesError) as caught:
        rules_from_mapping({"game": "101", **sections}, source="t.toml")
    assert str(caught.value) == f"t.toml: {said}"
    assert caught.value.option == said.split(":")[0]


def test_a_rule_set_is_written_as_its_file_holds_it() -> None:
    """What a save keeps of its rules: the game's own sections (101's for a 101 table)."""
    for name in available_rule_sets():
        rules = load_rules(name)
        data = rules_mapping(rules)
        assert list(data) == ["name", "description", "game", "table", "scoring", "play"]
        assert rules_from_mapping(data) == rules
    own = rules_mapping(load_rules("101"))
    assert own["play"]["opening_threshold"] == 101 and "max_loss" not in own["scoring"]


def test_broken_toml_and_missing_files(tmp_path: Path) -> None:
    with pytest.raises(RulesError, match="not valid TOML"):
        load_rules(_write(tmp_path, "[table"))
    with pytest.raises(RulesError, match="no such rules file"):
        load_rules(tmp_path / "absent.toml")


def test_a_partial_file_takes_defaults(tmp_path: Path) -> None:
    rules = load_rules(_write(tmp_path, "[table]\nstarting_score = 7\n"))
    assert rules.name == "table" and rules.table.starting_score == 7
    assert rules.scoring.normal == 2


def test_mappings_are_checked_too() -> None:
    with pytest.raises(RulesError, match="unknown key"):
        rules_from_mapping({"play": {"speed": 1}})


def test_the_game_is_okey_unless_a_file_says_otherwise(tmp_path: Path) -> None:
    assert rules_from_mapping({}).game == DEFAULT_GAME == "okey"  # old files and saves
    assert rules_from_mapping({"game": "okey"}).game == "okey"
    with pytest.raises(RulesError) as caught:
        load_rules(_write(tmp_path, 'game = "chess"\n'))
    error = caught.value
    assert (error.problem, error.option, error.fields["value"]) == (
        RulesProblem.GAME,
        "game",
        "chess",
    )
    assert (
        str(error) == f"{tmp_path / 'table.toml'}: game: no game called 'chess' (known: okey, 101)"
    )
    with pytest.raises(RulesError, match="must be str"):
        rules_from_mapping({"game": 101})


def test_the_old_name_of_101s_sections_is_their_module() -> None:
    old = importlib.import_module("okey.rules101")
    assert old is importlib.import_module("okey.games.okey101.sections")
    assert old.Rules101 is type(load_rules("101").game_sections)


def test_a_games_sections_keep_their_old_name_on_the_wire_and_in_code() -> None:
    """``RuleSet.game_sections`` was ``okey101``: the wire still spells it so (both ways),
    and the old attribute still reads it (plug-in bots may)."""
    rules = load_rules("101")
    data = encode(rules)
    assert isinstance(data, dict) and "okey101" in data and "game_sections" not in data
    assert decode(data, RuleSet) == rules
    assert rules.okey101 is rules.game_sections is not None
    assert load_rules("classic").okey101 is None


def test_a_rules_file_is_read_without_the_engine() -> None:
    """``okey play`` and the start menu read the rules before their first words."""
    script = (
        "import json, sys\nfrom okey.rules import load_rules\n"
        "load_rules('classic'), load_rules('101')\nprint(json.dumps(sorted(sys.modules)))"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=True
    )
    modules = json.loads(result.stdout)
    assert {"okey.games.okey.rules", "okey.games.okey101.rules"} <= set(modules)
    heavy = ("okey.engine", "okey.hand.melds", "okey.hand.solver", "okey.bots")
    assert not [name for name in modules if name.startswith(heavy)]
