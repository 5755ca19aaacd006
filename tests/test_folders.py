"""okey.folders finds the folders platformdirs finds, without importing it on Linux."""

from __future__ import annotations

import json
import subprocess
import sys

import platformdirs
import pytest

from okey.folders import user_config_dir, user_data_dir

HOMES = [
    {"HOME": "/home/ayse"},
    {"HOME": "/home/ayse/"},
    {"HOME": "/"},
    {"HOME": "/home/ayse", "XDG_CONFIG_HOME": "/x/conf", "XDG_DATA_HOME": "/x/data"},
    {"HOME": "/home/ayse", "XDG_CONFIG_HOME": "relative", "XDG_DATA_HOME": ""},
    {"HOME": "/home/ayse", "XDG_CONFIG_HOME": "  ", "XDG_DATA_HOME": "/x/data/"},
    {"HOME": "/home/ayse", "ANDROID_DATA": "/elsewhere", "ANDROID_ROOT": "/system"},
]


@pytest.mark.parametrize("environ", HOMES)
def test_the_folders_are_platformdirs_folders(
    environ: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "ANDROID_DATA", "ANDROID_ROOT"):
        monkeypatch.delenv(name, raising=False)
    for name, value in environ.items():
        monkeypatch.setenv(name, value)
    assert user_config_dir("okey") == platformdirs.user_config_dir("okey")
    assert user_data_dir("okey") == platformdirs.user_data_dir("okey")


def test_the_settings_and_saves_folders_need_no_platformdirs_on_linux() -> None:
    script = (
        "import json, sys\nfrom okey.preferences import settings_path\n"
        "from pathlib import Path\nfrom okey.saves import saves_dir\n"
        "settings_path(); saves_dir(environ={}, checkout=Path('/nowhere'))\n"
        "print(json.dumps('platformdirs' in sys.modules))"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=True
    )
    assert json.loads(result.stdout) is (sys.platform != "linux")
