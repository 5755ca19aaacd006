from okey.cli import main


def test_rules_command_runs() -> None:
    assert main(["rules"]) == 0
