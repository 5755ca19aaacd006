"""The tests' bytecode, kept outside the source tree (imported first by conftest.py).

Where Python is told to write no bytecode (``PYTHONDONTWRITEBYTECODE``, so that no
``__pycache__`` appears in the source tree), every okey the tests start would compile the
whole game from source again: about half a second of processor time each, and the suite
starts hundreds. The tests keep their bytecode in a folder of their own outside the tree
instead (``PYTHONPYCACHEPREFIX``), for this process and every process it starts; a prefix
the person set is kept. (No tests here; pytest collects nothing from this module.)
"""

from __future__ import annotations

import os
import sys
import tempfile


def keep_bytecode_outside_the_tree() -> None:
    if not os.environ.get("PYTHONDONTWRITEBYTECODE") or os.environ.get("PYTHONPYCACHEPREFIX"):
        return
    owner = os.getuid() if hasattr(os, "getuid") else os.getpid()
    folder = os.path.join(tempfile.gettempdir(), f"okey-tests-pycache-{owner}")
    del os.environ["PYTHONDONTWRITEBYTECODE"]
    os.environ["PYTHONPYCACHEPREFIX"] = folder
    sys.pycache_prefix = folder
    sys.dont_write_bytecode = False


keep_bytecode_outside_the_tree()
