"""``okey --version``: the installed package's version, said before anything loads."""

from __future__ import annotations

import importlib.metadata
import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from okey.cli import main
from okey.version import version, version_line

# Runs okey --version in a fresh interpreter and reports what it loaded.
PROBE = """
import json, sys
from okey.cli import main
from okey.messages import load_catalogue
status = main(["--version"])
loaded = sorted(name for name in sys.modules if name.startswith("okey."))
print(json.dumps({"status": status, "catalogues": load_catalogue.cache_info().currsize,
                  "loaded": loaded}))
"""


def test_the_version_is_the_installed_packages() -> None:
    assert version() == importlib.metadata.version("okey")
    assert version_line() == f"okey {version()}"


def test_the_source_says_the_same_version_as_pyproject() -> None:
    """``okey.__version__`` answers where okey runs uninstalled: it must not drift."""
    import okey

    pyproject = Path(__file__).resolve().parents[1] / "pyproject.toml"
    assert okey.__version__ == tomllib.loads(pyproject.read_text())["project"]["version"]


def test_okey_dash_dash_version_prints_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"okey {version()}\n"
    assert main(["--language", "tr", "--version"]) == 0
    assert capsys.readouterr().out == f"okey {version()}\n"


def test_version_among_other_options_is_answered_by_the_parser(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as ended:
        main(["--version", "rules"])
    assert ended.value.code == 0
    assert capsys.readouterr().out == f"okey {version()}\n"


def test_the_help_names_the_option(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "--version" in capsys.readouterr().out


def test_the_version_loads_no_catalogue_settings_rules_or_speech(tmp_path: Path) -> None:
    env = {key: value for key, value in os.environ.items() if not key.startswith("OKEY_")}
    env["OKEY_SETTINGS"] = str(tmp_path / "settings.toml")
    result = subprocess.run(
        [sys.executable, "-c", PROBE],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
        cwd=tmp_path,
        env=env,
    )
    first, report = result.stdout.splitlines()
    assert first == f"okey {version()}"
    found = json.loads(report)
    assert found["status"] == 0
    assert found["catalogues"] == 0
    loaded = set(found["loaded"])
    for module in ("okey.rules", "okey.preferences", "okey.speech.background", "okey.engine"):
        assert module not in loaded
