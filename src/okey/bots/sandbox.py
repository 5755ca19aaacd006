"""Where a ``process:`` seat's child runs: walled off from the rest of the computer when
Linux offers it (:mod:`okey.bots.process`).

The child of a process seat sees only its view through the protocol, but a process of the
user's own can read much more: the command line and the environment of every process of
that user (``/proc/<pid>/cmdline``: ``okey simulate --seed 77`` gives away every deal),
the user's files (a match log names its seed), the network. Nothing secret is put in the
child's own command line or environment (the plug-in and its seed go through its
standard input, its environment is a few names), and where Linux offers isolation the
child runs in it:

* ``bwrap`` (bubblewrap) when installed: new namespaces for processes (``/proc`` shows
  only the child's own), the network (none), IPC, the host name and the user, no
  capabilities, a new session (no terminal to write keys into), and a file system of its
  own: the system's libraries, the Python install, okey and the bot's file or module
  read-only, a private empty ``/tmp`` as its folder, nothing else of the user's;
* else ``unshare`` (util-linux): new process, network, IPC and host-name namespaces (a
  user namespace as well), with ``/proc`` of its own; the files stay the user's;
* else nothing: the child has the user's rights (:func:`isolation` says why).

Which one works is found once per process by starting a child Python through it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Final, Literal

import okey

Kind = Literal["bwrap", "unshare", "none"]

KEPT_ENVIRONMENT: Final = ("PATH", "SYSTEMROOT", "LANG", "LC_ALL", "LC_CTYPE")
"""The only names of okey's environment a child is given (Windows' Python needs
``SYSTEMROOT`` to start; none of them is secret)."""

SYSTEM_PATHS: Final = ("/usr", "/lib", "/lib64", "/lib32", "/bin", "/sbin")
"""What a sandboxed child sees of the system (read-only), besides ``/etc/ld.so.cache``."""

TMP_SIZE: Final = 16 * 1024 * 1024
"""Bytes a sandboxed child may write into its private ``/tmp`` (which is memory)."""

PROBE_LIMIT: Final = 20.0
"""Seconds a probe of an isolation may take (a cold child Python and okey's imports)."""


@dataclass(frozen=True)
class Isolation:
    """How children are walled off here: ``kind``, and ``why`` it is ``"none"`` (a
    catalogue key, ``bot.isolation.*``, and a detail)."""

    kind: Kind
    why: str = ""
    detail: str = ""


def child_environment(python_path: Sequence[str] = ()) -> dict[str, str]:
    """A child's whole environment: a few harmless names of okey's, and ``PYTHONPATH``
    where the plug-in's module is found."""
    kept = {name: os.environ[name] for name in KEPT_ENVIRONMENT if name in os.environ}
    if python_path:
        kept["PYTHONPATH"] = os.pathsep.join(python_path)
    kept["PYTHONDONTWRITEBYTECODE"] = "1"
    return kept


def python_install() -> list[Path]:
    """The folders of the running Python and of okey, which a child needs to start."""
    found = [
        Path(sys.prefix),
        Path(sys.base_prefix),
        Path(sys.exec_prefix),
        Path(sys.base_exec_prefix),
        Path(os.path.realpath(sys.executable)).parent,
        Path(okey.__file__).resolve().parent.parent,  # the folder okey is imported from
    ]
    for entry in sys.path:  # site-packages, and where an editable install points
        path = Path(entry)
        if entry and path.is_absolute() and path.exists() and _under(path, found[:4]):
            found.append(path)
    return found


def _under(path: Path, folders: Iterable[Path]) -> bool:
    return any(path == folder or folder in path.parents for folder in folders)


def _unique(paths: Iterable[Path]) -> list[Path]:
    """The paths, without one that another holds."""
    chosen: list[Path] = []
    for path in sorted({p.resolve() for p in paths if p.exists()}, key=lambda p: len(p.parts)):
        if not _under(path, chosen):
            chosen.append(path)
    return chosen


def bwrap_command(
    bwrap: str, command: Sequence[str], reads: Iterable[Path], env: dict[str, str]
) -> list[str]:
    """``command`` inside bubblewrap, seeing the system, ``reads`` (read-only) and a
    private ``/tmp``; its environment exactly ``env``."""
    args = [bwrap, "--unshare-all", "--die-with-parent", "--new-session", "--cap-drop", "ALL"]
    args += ["--clearenv", "--proc", "/proc", "--dev", "/dev"]
    if _sizes_tmpfs(bwrap):  # its /tmp is memory: bounded (bubblewrap 0.5 and later)
        args += ["--size", str(TMP_SIZE)]
    args += ["--tmpfs", "/tmp"]
    for name, value in sorted(env.items()):
        args += ["--setenv", name, value]
    system = [Path(top) for top in SYSTEM_PATHS]
    for top in system:
        if top.is_symlink():
            args += ["--symlink", os.readlink(top), str(top)]
        elif top.is_dir():
            args += ["--ro-bind", str(top), str(top)]
    args += ["--ro-bind-try", "/etc/ld.so.cache", "/etc/ld.so.cache"]
    for path in _unique(reads):
        if not _under(path, [p.resolve() for p in system]):
            args += ["--ro-bind", str(path), str(path)]
    return [*args, "--chdir", "/tmp", "--", *command]


@cache
def _sizes_tmpfs(bwrap: str) -> bool:
    """Whether this bubblewrap can bound a tmpfs (``--size``)."""
    try:
        said = subprocess.run(
            [bwrap, "--help"], capture_output=True, timeout=PROBE_LIMIT, check=False
        )
    except (OSError, subprocess.SubprocessError):
        return False
    return b"--size" in said.stdout + said.stderr


def unshare_command(unshare: str, command: Sequence[str]) -> list[str]:
    """``command`` in new process, network, IPC and host-name namespaces."""
    namespaces = ["--user", "--map-root-user", "--pid", "--fork", "--mount-proc"]
    return [unshare, *namespaces, "--net", "--ipc", "--uts", "--kill-child", "--", *command]


def isolated(
    command: Sequence[str], reads: Iterable[Path], env: dict[str, str]
) -> tuple[list[str], Kind]:
    """``command`` as the child is started here, walled off as well as this system allows,
    and how."""
    kind = isolation().kind
    if kind == "bwrap":
        bwrap = shutil.which("bwrap")
        assert bwrap is not None
        return bwrap_command(bwrap, command, [*python_install(), *reads], env), kind
    if kind == "unshare":
        unshare = shutil.which("unshare")
        assert unshare is not None
        return unshare_command(unshare, command), kind
    return list(command), kind


def _works(command: list[str], env: dict[str, str]) -> str:
    """ "" when ``command`` (a probe) succeeds, else why not, in a few words."""
    try:
        done = subprocess.run(
            command,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            env=env,
            timeout=PROBE_LIMIT,
            check=False,
        )
    except (OSError, subprocess.SubprocessError) as exc:
        return f"{type(exc).__name__}: {exc}"
    if done.returncode == 0 and done.stdout.strip() == b"1":
        return ""
    said = done.stderr.decode("utf-8", "replace").strip().splitlines()
    return said[-1][:120] if said else f"exit status {done.returncode}"


PROBE: Final = "import os, okey.bots.child; print(int(os.getpid() <= 2))"
"""A probe's child: it imports okey and says 1 when its process numbers are its own (a
new process namespace starts at 1: okey's own process is not in its ``/proc``)."""


@cache
def isolation() -> Isolation:
    """How children are walled off on this system (found once: a child Python is started
    through bubblewrap, then unshare, and asked whether it can see its parent)."""
    if not sys.platform.startswith("linux"):
        return Isolation("none", "platform", sys.platform)
    env = child_environment()
    probe = [sys.executable, "-c", PROBE]
    tried: list[str] = []
    bwrap = shutil.which("bwrap")
    if bwrap is not None:
        failed = _works(bwrap_command(bwrap, probe, python_install(), env), env)
        if not failed:
            return Isolation("bwrap")
        tried.append(f"bwrap: {failed}")
    unshare = shutil.which("unshare")
    if unshare is not None:
        failed = _works(unshare_command(unshare, probe), env)
        if not failed:
            return Isolation("unshare")
        tried.append(f"unshare: {failed}")
    if not tried:
        return Isolation("none", "missing")
    return Isolation("none", "failed", "; ".join(tried))
