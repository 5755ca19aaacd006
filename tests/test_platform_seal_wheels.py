"""The dependency that seals saves (``cryptography``, and ``cffi`` under it) installs
from a wheel on every platform and Python okey supports: checked on ``uv.lock``'s own
files, so that a lock update that drops a platform (cryptography 49 dropped Intel Macs
and 32-bit Windows) fails here, not on a player's computer."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from packaging.tags import Tag
from packaging.utils import parse_wheel_filename

LOCK = Path(__file__).parent.parent / "uv.lock"
PYTHONS = (11, 12, 13)
PLATFORMS = {
    "Windows x64": ("win_amd64",),
    "Windows x86": ("win32",),
    "macOS Intel": ("_x86_64", "_universal2"),
    "macOS Apple": ("_arm64", "_universal2"),
    "Linux x64": ("_x86_64",),
    "Linux ARM": ("_aarch64",),
}
PREFIX = {
    "Windows x64": "win",
    "Windows x86": "win",
    "macOS Intel": "macosx",
    "macOS Apple": "macosx",
    "Linux x64": "manylinux",
    "Linux ARM": "manylinux",
}


def _wheels(package: str) -> list[frozenset[Tag]]:
    lock = tomllib.loads(LOCK.read_text(encoding="utf-8"))
    found = [entry for entry in lock["package"] if entry["name"] == package]
    assert found, f"{package} is not in uv.lock"
    names = [wheel["url"].rsplit("/", 1)[1] for entry in found for wheel in entry["wheels"]]
    return [parse_wheel_filename(name)[3] for name in names]


def _fits(tag: Tag, minor: int, platform: str) -> bool:
    if not tag.platform.startswith(PREFIX[platform]):
        return False
    if not tag.platform.endswith(PLATFORMS[platform]):
        return False
    if tag.interpreter == f"cp3{minor}" and tag.abi in {f"cp3{minor}", "abi3"}:
        return True
    if tag.abi == "abi3" and tag.interpreter.startswith("cp3"):
        return int(tag.interpreter[3:]) <= minor
    return tag.interpreter in {"py3", f"py3{minor}"} and tag.abi == "none"


@pytest.mark.parametrize("package", ["cryptography", "cffi"])
@pytest.mark.parametrize("platform", sorted(PLATFORMS))
@pytest.mark.parametrize("minor", PYTHONS)
def test_a_wheel_for_every_platform_and_python(package: str, platform: str, minor: int) -> None:
    wheels = _wheels(package)
    assert any(_fits(tag, minor, platform) for tags in wheels for tag in tags), (
        f"no {package} wheel in uv.lock for {platform}, Python 3.{minor}"
    )
