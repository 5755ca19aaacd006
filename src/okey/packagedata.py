"""Where the files shipped with okey are: the rule sets.

In a wheel the ``rules/`` folder of the source tree is package data,
``okey/_rules``, found through ``importlib.resources`` wherever okey is
installed (a virtual environment, a user site, a zip file). In a checkout
(an editable install, ``uv run``) it is the ``rules/`` folder at the top of
the tree.
"""

from __future__ import annotations

import atexit
import functools
import shutil
import tempfile
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Final

PACKAGED_RULES: Final = "_rules"


def _checkout_rules() -> Path:
    return Path(__file__).resolve().parents[2] / "rules"


def _unpacked(folder: Traversable) -> Path:
    """A real folder with the files of one inside a zip file; removed at exit."""
    copy = Path(tempfile.mkdtemp(prefix="okey-rules-"))
    atexit.register(shutil.rmtree, copy, ignore_errors=True)
    for entry in folder.iterdir():
        if entry.is_file():
            (copy / entry.name).write_bytes(entry.read_bytes())
    return copy


@functools.cache
def rules_folder() -> Path:
    """The folder holding the shipped rule sets (``*.toml``), as a real folder."""
    packaged = resources.files("okey").joinpath(PACKAGED_RULES)
    if not packaged.is_dir():
        return _checkout_rules()
    if isinstance(packaged, Path):
        return packaged
    return _unpacked(packaged)  # okey installed inside a zip file
