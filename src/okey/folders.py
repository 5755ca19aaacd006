"""The user's configuration and data folders, found without importing platformdirs on
Linux (where they are the XDG folders; importing platformdirs costs more than the rest of
``okey --help``). Anywhere else, or when the environment is unusual (no absolute home,
Android), platformdirs says."""

from __future__ import annotations

import os
import posixpath
import sys
from collections.abc import Mapping

SETTINGS_VAR = "OKEY_SETTINGS"
SETTINGS_FILE = "settings.toml"


def settings_file(environ: Mapping[str, str] | None = None) -> str:
    """Where the settings file is (it may not exist): ``$OKEY_SETTINGS`` when set, else
    ``settings.toml`` in the user's configuration folder (:mod:`okey.preferences` reads
    it; every command looks for it first, so finding it imports nothing)."""
    env = os.environ if environ is None else environ
    if env.get(SETTINGS_VAR):
        return os.path.expanduser(env[SETTINGS_VAR])
    return os.path.join(user_config_dir("okey"), SETTINGS_FILE)


def user_config_dir(app: str, environ: Mapping[str, str] | None = None) -> str:
    """``platformdirs.user_config_dir(app)``."""
    found = _xdg(environ, "XDG_CONFIG_HOME", ".config", app)
    if found is not None:
        return found
    import platformdirs

    return platformdirs.user_config_dir(app)


def user_data_dir(app: str, environ: Mapping[str, str] | None = None) -> str:
    """``platformdirs.user_data_dir(app)``."""
    found = _xdg(environ, "XDG_DATA_HOME", ".local/share", app)
    if found is not None:
        return found
    import platformdirs

    return platformdirs.user_data_dir(app)


def _xdg(environ: Mapping[str, str] | None, variable: str, below_home: str, app: str) -> str | None:
    """The XDG folder for ``app`` on plain Linux, as platformdirs finds it; None elsewhere."""
    env = os.environ if environ is None else environ
    android = env.get("ANDROID_DATA") == "/data" and env.get("ANDROID_ROOT") == "/system"
    home = env.get("HOME", "")
    if sys.platform != "linux" or android or not posixpath.isabs(home):
        return None
    base = env.get(variable, "")
    if not posixpath.isabs(base):
        base = posixpath.join(home, below_home)
    return posixpath.join(base, app)
