"""What this machine remembers of the salons it went to: a session token per salon (so
the next visit needs no password) and the last salon's address (so the start menu's
"Play online" goes back there). The files are :mod:`okey.net.tokens`' own kind, in the
user's data folder (``salons/``, or ``$OKEY_SALONS``): one per salon, named by a digest,
written atomically and readable by their owner only."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

import platformdirs

from okey.net.tokens import forget_token, load_token, save_token

ENV_VAR = "OKEY_SALONS"
SESSION = "salon-session"  # the "code" the session files are filed under
LAST = "last-salon"  # the one file that holds the last salon's address


def salons_dir(environ: Mapping[str, str] | None = None) -> Path:
    env = os.environ if environ is None else environ
    if env.get(ENV_VAR):
        return Path(env[ENV_VAR]).expanduser()
    return Path(platformdirs.user_data_dir("okey")) / "salons"


def load_session(server: str, folder: Path | None = None) -> str | None:
    return load_token(server, SESSION, folder or salons_dir())


def save_session(server: str, session: str, folder: Path | None = None) -> None:
    """Keep the session (OSError if the folder cannot be written)."""
    save_token(server, SESSION, session, folder or salons_dir())


def forget_session(server: str, folder: Path | None = None) -> None:
    forget_token(server, SESSION, folder or salons_dir())


def last_salon(folder: Path | None = None) -> str | None:
    return load_token(LAST, LAST, folder or salons_dir())


def remember_salon(address: str, folder: Path | None = None) -> None:
    save_token(LAST, LAST, address, folder or salons_dir())
