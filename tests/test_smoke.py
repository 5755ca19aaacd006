from okey.cli import main


def test_main_runs() -> None:
    assert main([]) == 0
