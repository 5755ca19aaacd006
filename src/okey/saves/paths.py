"""Where saves live and what they may be called.

The saves folder is, in this order: ``--saves DIR``; the ``OKEY_SAVES``
environment variable; the checkout's ``saves/`` folder when okey runs from a
source checkout (``saves/`` beside ``pyproject.toml``); the user's data folder
(``platformdirs.user_data_dir("okey")/saves``).

A save called NAME is the file ``NAME.json`` in that folder, and its previous
version ``NAME.bak``. A name is one file name: it never leaves the folder.
"""

from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path
from typing import Final

from okey.errors import Phrase
from okey.folders import user_data_dir
from okey.saves.errors import SaveError

ENV_VAR: Final = "OKEY_SAVES"
SUFFIX: Final = ".json"
BACKUP_SUFFIX: Final = ".bak"
AUTOSAVE: Final = "autosave"
MAX_NAME: Final = 100
NAME_TIME_FORMAT: Final = "%Y-%m-%d_%H-%M-%S"

# src/okey/saves/paths.py -> the checkout is three folders up from this package.
CHECKOUT: Final = Path(__file__).resolve().parents[3]
_FORBIDDEN: Final = '<>:"|?*'
_RESERVED: Final = frozenset(
    ["CON", "PRN", "AUX", "NUL"]
    + [f"COM{n}" for n in range(1, 10)]
    + [f"LPT{n}" for n in range(1, 10)]
)


def checkout_saves(root: Path = CHECKOUT) -> Path | None:
    """The checkout's ``saves/`` folder, when okey runs from a source checkout."""
    folder = root / "saves"
    if folder.is_dir() and (root / "pyproject.toml").is_file():
        return folder
    return None


def saves_dir(
    cli_value: str | Path | None = None,
    *,
    environ: dict[str, str] | None = None,
    checkout: Path = CHECKOUT,
) -> Path:
    """The saves folder: ``--saves``, else ``$OKEY_SAVES``, else the checkout's
    ``saves/``, else the user's data folder. The folder is not created here."""
    env = os.environ if environ is None else environ
    if cli_value is not None and str(cli_value):
        return Path(cli_value).expanduser()
    if env.get(ENV_VAR):
        return Path(env[ENV_VAR]).expanduser()
    found = checkout_saves(checkout)
    if found is not None:
        return found
    return Path(user_data_dir("okey")) / "saves"


def check_folder(folder: Path) -> Path:
    """``folder`` when it can be a saves folder (a folder, or nothing yet: it is made
    when first saved in); :class:`SaveError` (``not_folder``) for a file or a device
    (``--saves /dev/null``), said before a match starts instead of at its first save."""
    if folder.exists() and not folder.is_dir():
        raise SaveError("not_folder", folder=folder)
    return folder


def _unsafe(name: str, key: str, **fields: object) -> SaveError:
    shown = "".join(char if char.isprintable() else "?" for char in name)
    return SaveError("unsafe_name", name=shown, reason=Phrase(f"saves.name.{key}", **fields))


def check_name(name: str) -> str:
    """``name`` as a save name (surrounding spaces and a ``.json`` ending dropped),
    or :class:`SaveError` when it could name a file outside the saves folder,
    a hidden file, or a file some systems cannot make."""
    cleaned = name.strip()
    if cleaned.lower().endswith(SUFFIX):
        cleaned = cleaned[: -len(SUFFIX)].rstrip()
    if not cleaned:
        raise _unsafe(name, "empty")
    if "/" in cleaned or "\\" in cleaned or os.sep in cleaned:
        raise _unsafe(name, "separator")
    if cleaned.startswith("."):
        raise _unsafe(name, "dot")
    for char in cleaned:
        if char in _FORBIDDEN or not char.isprintable():
            shown = char if char.isprintable() else repr(char)
            raise _unsafe(name, "character", char=shown)
    if len(cleaned) > MAX_NAME:
        raise _unsafe(name, "long", most=MAX_NAME)
    if cleaned.split(".")[0].rstrip().upper() in _RESERVED:
        raise _unsafe(name, "reserved")
    return cleaned


def save_path(name: str, folder: Path) -> Path:
    """The file of the save called ``name``."""
    return folder / (check_name(name) + SUFFIX)


def backup_path(path: Path) -> Path:
    """Where the previous version of a save file is kept: ``NAME.bak``."""
    return path.with_name(path.name.removesuffix(SUFFIX) + BACKUP_SUFFIX)


def default_name(folder: Path, moment: datetime | None = None) -> str:
    """A new save's name from the date and time, made unique in ``folder``."""
    base = (moment or datetime.now()).strftime(NAME_TIME_FORMAT)
    name, number = base, 1
    while (folder / (name + SUFFIX)).exists():
        number += 1
        name = f"{base}-{number}"
    return name


def is_path(name_or_path: str | Path) -> bool:
    """True for a path (a Path, or text with a folder separator); False for a bare name."""
    if isinstance(name_or_path, Path):
        return True
    text = name_or_path
    return "/" in text or "\\" in text or os.sep in text or Path(text).is_absolute()


def target_for_writing(name_or_path: str | Path | None, folder: Path) -> Path:
    """The file a save goes to: a name in ``folder``, or a path (relative to the
    current folder) to a file directly in ``folder``; anything else is refused."""
    if name_or_path is None:
        return folder / (default_name(folder) + SUFFIX)
    if is_path(name_or_path):
        path = Path(name_or_path).expanduser().resolve()
        if path.parent != folder.resolve():
            raise _unsafe(str(name_or_path), "outside", folder=folder)
        name = path.name
    else:
        name = str(name_or_path)
    if check_name(name).lower().endswith(BACKUP_SUFFIX):
        raise _unsafe(name, "backup")
    return save_path(name, folder)


def target_for_reading(name_or_path: str | Path, folder: Path) -> Path:
    """The file to read: a name in ``folder`` (``NAME``, ``NAME.json`` or
    ``NAME.bak``), or a path, read where it is."""
    if is_path(name_or_path):
        path = Path(name_or_path).expanduser()
        if not path.name:  # "/" or a drive: a folder, never a save
            raise SaveError("unreadable", path=path, reason=Phrase("file.error.not_regular"))
        return path
    text = str(name_or_path).strip()
    if text.lower().endswith(BACKUP_SUFFIX):
        stem = check_name(text[: -len(BACKUP_SUFFIX)])
        return folder / (stem + BACKUP_SUFFIX)
    return save_path(text, folder)
