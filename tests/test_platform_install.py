"""Installing okey: python -m okey, the licence, and the rule sets as package data.

The wheel itself is checked by .ci/wheel-check (built with ``uv build``,
installed in a new environment outside the checkout, run from another folder).
"""

from __future__ import annotations

import importlib.resources
import os
import subprocess
import sys
import tomllib
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from okey.packagedata import rules_folder

ROOT = Path(__file__).resolve().parents[1]


def test_python_dash_m_okey_is_the_okey_command(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "okey", "rules"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        cwd=tmp_path,  # from another folder
        env={key: value for key, value in os.environ.items() if key != "OKEY_LANGUAGE"},
    )
    assert result.returncode == 0, result.stderr
    assert "classic" in result.stdout


def test_the_licence_pyproject_claims_is_there() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["license"] == {"text": "MIT"}
    licence = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert licence.startswith("MIT License")
    assert "Copyright (c) 2026 the okey authors" in licence
    assert "WITHOUT WARRANTY OF ANY KIND" in licence


def test_a_checkout_finds_the_rules_folder_at_the_top() -> None:
    assert rules_folder() == ROOT / "rules"
    assert (rules_folder() / "classic.toml").is_file()


def _packaged(monkeypatch: pytest.MonkeyPatch, package: object) -> None:
    monkeypatch.setattr(importlib.resources, "files", lambda name: package)
    rules_folder.cache_clear()


@pytest.fixture(autouse=True)
def _fresh_cache() -> Iterator[None]:
    rules_folder.cache_clear()
    yield
    rules_folder.cache_clear()


def test_an_installed_wheel_reads_its_own_rules(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    installed = tmp_path / "site-packages" / "okey"
    (installed / "_rules").mkdir(parents=True)
    (installed / "_rules" / "classic.toml").write_text("# packaged\n")
    _packaged(monkeypatch, installed)
    assert rules_folder() == installed / "_rules"


def test_okey_inside_a_zip_file_reads_its_rules_unpacked(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    archive = tmp_path / "okey.zip"
    with zipfile.ZipFile(archive, "w") as zipped:
        zipped.writestr("okey/__init__.py", "")
        zipped.writestr("okey/_rules/classic.toml", "# zipped\n")
        zipped.writestr("okey/_rules/short.toml", "# zipped too\n")
    _packaged(monkeypatch, zipfile.Path(archive, "okey/"))
    folder = rules_folder()
    assert isinstance(folder, Path) and folder.is_dir()
    assert sorted(path.name for path in folder.glob("*.toml")) == ["classic.toml", "short.toml"]
    assert (folder / "classic.toml").read_text() == "# zipped\n"
