"""The rejoin tokens a machine holds: one small file per server and join code.

A token takes its seat back after a drop, so ``okey join`` keeps the one it was given
and offers it the next time it joins the same server with the same code. The files
live in the user's data folder (``platformdirs.user_data_dir("okey")/seats``, or
``$OKEY_SEATS``), are readable by their owner only, and are written atomically (a new
file moved into place, never one half written). The file's name is a digest of the
server and code, so the folder tells nobody which tables they were.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import tempfile
from collections.abc import Mapping
from pathlib import Path

import platformdirs

from okey.net.codes import normal_code

ENV_VAR = "OKEY_SEATS"
FORMAT = 1
HOST = "host"  # the server of the table this machine hosts itself (okey host)


def seats_dir(environ: Mapping[str, str] | None = None) -> Path:
    env = os.environ if environ is None else environ
    if env.get(ENV_VAR):
        return Path(env[ENV_VAR]).expanduser()
    return Path(platformdirs.user_data_dir("okey")) / "seats"


def server_key(host: str, port: int) -> str:
    """A server as the tokens are filed under it: its address in lower case."""
    return f"{host.lower()}:{port}"


def token_path(server: str, code: str, folder: Path | None = None) -> Path:
    digest = hashlib.sha256(f"{server}\n{normal_code(code)}".encode()).hexdigest()[:32]
    return (folder or seats_dir()) / f"{digest}.json"


def load_token(server: str, code: str, folder: Path | None = None) -> str | None:
    """The token kept for this server and code; None when there is none (or it is
    damaged: then joining asks for a new seat)."""
    try:
        data = json.loads(token_path(server, code, folder).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    token = data.get("token") if isinstance(data, dict) else None
    return token if isinstance(token, str) and token else None


def save_token(server: str, code: str, token: str, folder: Path | None = None) -> None:
    """Keep ``token`` for this server and code (OSError if the folder cannot be written)."""
    path = token_path(server, code, folder)
    path.parent.mkdir(parents=True, exist_ok=True)
    contents = json.dumps({"format": FORMAT, "server": server, "token": token}) + "\n"
    handle, temp_name = tempfile.mkstemp(prefix=".seat.", suffix=".tmp", dir=path.parent)
    temp = Path(temp_name)
    try:  # mkstemp's file is its owner's alone (mode 600)
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(contents)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            temp.unlink()
        raise


def forget_token(server: str, code: str, folder: Path | None = None) -> None:
    with contextlib.suppress(OSError):
        token_path(server, code, folder).unlink()
