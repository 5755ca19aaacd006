"""The shipped rule sets: each loads, documents every key, and says what it is."""

from __future__ import annotations

import re
from dataclasses import fields, replace

import pytest

from okey.cli import main
from okey.commands.rules import explain
from okey.messages import load_catalogue
from okey.rules import available_rule_sets, load_rules, rules_dir, rules_part

EN = load_catalogue("en")

EXPECTED = {
    "classic",
    "short",
    "salon",
    "partners",
    "duel",
    "two-player",
    "three-rounds",
    "one-round",
    "traditional",
}
GAMES = {
    **dict.fromkeys(EXPECTED, "okey"),
    "101": "101",
    "101-long": "101",
    "101-partners": "101",
}
"""Every shipped rule set and its game."""


def test_every_seed_table_has_a_rule_set() -> None:
    assert set(available_rule_sets()) >= EXPECTED
    assert set(available_rule_sets()) == set(GAMES)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_each_rule_set_loads_and_documents_every_option(name: str) -> None:
    rules = load_rules(name)
    assert rules.name == name and rules.description
    lines = (rules_dir() / f"{name}.toml").read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("#"), "the file starts by saying what the table is"
    section = ""
    seen: set[str] = set()
    for index, line in enumerate(lines):
        header = re.fullmatch(r"\[(\w+)\]", line)
        if header:
            section = header.group(1)
            continue
        key = re.match(r"(\w+) = ", line)
        if key and section:
            assert lines[index - 1].startswith("#"), (
                f"{name}: {section}.{key.group(1)} has no comment"
            )
            seen.add(f"{section}.{key.group(1)}")
    sections = rules_part(rules.game).sections  # the game's own
    every = {f"{s}.{f.name}" for s, cls in sections.items() for f in fields(cls)}
    assert seen == every, f"{name} should name every option"
    game = lines.index(f'game = "{GAMES[name]}"')  # every shipped table names its game
    assert rules.game == GAMES[name]
    assert lines[game - 1].startswith("#") or name not in EXPECTED  # 101's files: not yet


def test_the_tables_differ_as_the_seeds_say() -> None:
    assert load_rules("classic").table.starting_score == 20
    assert load_rules("short").table.starting_score == 10
    salon = load_rules("salon")
    assert salon.scoring.combine == "multiply" and salon.scoring.colored
    assert salon.play.turn_to_okey and salon.play.declare_pairs and salon.play.timer_seconds > 0
    assert load_rules("partners").table.partners
    assert load_rules("duel").table.duel
    assert load_rules("two-player").table.players == 2
    assert load_rules("three-rounds").table.rounds == 3
    assert load_rules("one-round").table.rounds == 1
    classic = load_rules("classic")
    assert classic.scoring.combine == "cap" and classic.scoring.max_loss == 4
    assert classic.play.pile_out == "take_last_discard" and classic.play.timer_seconds == 0
    assert not any(load_rules(name).play.traditional_deal for name in EXPECTED - {"traditional"})


def test_traditional_is_classic_dealt_from_stacks() -> None:
    classic, traditional = load_rules("classic"), load_rules("traditional")
    assert traditional.play.traditional_deal
    assert traditional.table == classic.table and traditional.scoring == classic.scoring
    assert replace(traditional.play, traditional_deal=False) == classic.play
    told = " ".join(explain(traditional, catalogue=EN))
    assert "21 stacks of five" in told and "throws a die" in told
    assert "stacks" not in " ".join(explain(classic, catalogue=EN))


def test_okey_rules_lists_every_rule_set(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in out] == available_rule_sets()


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_okey_rules_name_explains_in_words(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", name]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"{name}: ")
    assert out.splitlines() == explain(load_rules(name), catalogue=EN)


def test_explanations_follow_the_options() -> None:
    assert "Opposite seats are partners" in " ".join(explain(load_rules("partners"), catalogue=EN))
    assert "single round" in " ".join(explain(load_rules("one-round"), catalogue=EN))
    assert "capped" not in " ".join(explain(load_rules("salon"), catalogue=EN))
    assert "never costs more than 4" in " ".join(explain(load_rules("classic"), catalogue=EN))


def test_an_unknown_rule_set_is_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "nosuch"]) == 2
    assert "no such rules file" in capsys.readouterr().err
