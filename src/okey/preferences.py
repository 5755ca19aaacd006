"""The player's standing choices: a small TOML file of defaults for new matches.

``okey settings`` lists and changes them; the command line still wins over the
file for one game. The file is ``$OKEY_SETTINGS`` when set, else
``settings.toml`` in the user's configuration folder. Only known keys with
good values are accepted, so a damaged file is reported, never half-used.

Every command looks for the file first (``okey --help`` too); :mod:`okey.cli` imports
this module only when there is one (:func:`okey.folders.settings_file` finds it), and
this module imports only what reading it needs: the TOML parser, and the game's modules
(rules, table, speech, saves) when a value is checked against them or the file is
written.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import ClassVar, Final

from okey.audio.volume import DEFAULT_VOLUME, VOLUME_STEPS
from okey.errors import OkeyError, Phrase
from okey.folders import SETTINGS_VAR, settings_file
from okey.levels import level_names
from okey.messages import DEFAULT_LANGUAGE, LANGUAGES, Catalogue, Verbosity
from okey.numbers import PACE, NumberError, NumberRule
from okey.speech.modes import SpeechMode
from okey.textfiles import TextFileError, decode, read_bytes

ENV_VAR: Final = SETTINGS_VAR
MAX_NAME: Final = 40
MAX_BYTES: Final = 64 * 1024

Value = str | bool | float


class SettingsProblem(StrEnum):
    """Why a setting or the settings file cannot be used (``settings.error.<value>``)."""

    UNKNOWN = "unknown"
    CHOICE = "choice"
    SWITCH = "switch"
    PACE = "pace"
    NUMBER = "number"
    NAME = "name"
    RULES = "rules"
    UNREADABLE = "unreadable"
    UNWRITABLE = "unwritable"
    DAMAGED = "damaged"


class PreferencesError(OkeyError):
    """A settings file or value that cannot be used: the reason and its data (the file,
    the setting, the value, a nested cause), worded when shown."""

    prefix: ClassVar[str] = "settings.error."

    def __init__(self, reason: SettingsProblem | str, /, **fields: object) -> None:
        super().__init__(SettingsProblem(reason), **fields)


def _choice(options: Callable[[], list[str]]) -> Callable[[str, object], Value]:
    def check(key: str, value: object) -> Value:
        known = options()
        if not isinstance(value, str) or value not in known:
            raise PreferencesError("choice", setting=key, value=value, known=", ".join(known))
        return value

    return check


def _sounds(key: str, value: object) -> Value:
    if isinstance(value, bool):
        return value
    words = {"on": True, "yes": True, "true": True, "off": False, "no": False, "false": False}
    if isinstance(value, str) and value.lower() in words:
        return words[value.lower()]
    raise PreferencesError("switch", setting=key, value=value)


def _number(
    rule: NumberRule, reason: SettingsProblem = SettingsProblem.NUMBER
) -> Callable[[str, object], Value]:
    """A setting that is a number, checked by the one number checker (:mod:`okey.numbers`);
    ``reason`` words a refusal (``number``: the checker's own words)."""

    def check(key: str, value: object) -> Value:
        try:
            return rule.check(value)
        except NumberError as exc:
            raise PreferencesError(reason, setting=key, value=value, reason=exc) from None

    return check


def _volume(key: str, value: object) -> Value:
    """The sounds' volume, a whole number from 0 to VOLUME_STEPS (kept as a number)."""
    try:
        level = float(value) if isinstance(value, int | float | str) else -1.0
    except ValueError:
        level = -1.0
    if isinstance(value, bool) or not level.is_integer() or not 0 <= level <= VOLUME_STEPS:
        known = ", ".join(str(step) for step in range(VOLUME_STEPS + 1))
        raise PreferencesError("choice", setting=key, value=value, known=known)
    return level


def _name(key: str, value: object) -> Value:
    if (
        not isinstance(value, str)
        or not value.strip()
        or len(value) > MAX_NAME
        or not value.isprintable()
    ):
        raise PreferencesError("name", setting=key, value=value, most=MAX_NAME)
    return value.strip()


def _rules(key: str, value: object) -> Value:
    """A rule set's name, or a rules file (kept as a full path, so that it is found from
    any folder). Only its form is checked here: a file that later goes missing is
    reported by the game that wants it, and spoils no other setting."""
    if not isinstance(value, str) or not value.strip():
        raise PreferencesError("choice", setting=key, value=value, known="classic, short, ...")
    value = value.strip()
    if value.endswith(".toml") or "/" in value or os.sep in value:
        return str(Path(value).expanduser().resolve())
    return value


def checked_rules(value: str) -> str:
    """``value`` if it names a rule set that loads; PreferencesError otherwise."""
    from okey.rules import RulesError, load_rules

    try:
        load_rules(value)
    except RulesError as exc:
        raise PreferencesError("rules", setting="rules", value=value, reason=exc) from None
    return value


@dataclass(frozen=True, slots=True)
class Preference:
    """One setting: its key, how to check a value, its default (or what makes it, for a
    text in the language spoken when it is asked for), and the commands whose option of
    the same name it sets (never another command's option that shares it)."""

    key: str
    check: Callable[[str, object], Value]
    initial: Value | Callable[[Catalogue], Value]
    commands: frozenset[str]

    def default(self, catalogue: Catalogue) -> Value:
        """The value when none is chosen (a text in ``catalogue``'s language)."""
        return self.initial(catalogue) if callable(self.initial) else self.initial


def _sort_modes() -> list[str]:
    from okey.table.sorted_hand import SortMode

    return [mode.value for mode in SortMode]


def _timer_choices() -> list[str]:
    from okey.table.state.settings import TIMER_CHOICES

    return list(TIMER_CHOICES)


def _first(choices: Callable[[], list[str]]) -> Callable[[Catalogue], Value]:
    """A default that is the first of ``choices``, known when it is asked for."""
    return lambda _: choices()[0]


def _screens() -> list[str]:
    from okey.table.terminal.screens import Screen

    return [screen.value for screen in Screen]


def _default_pace(_: Catalogue) -> Value:
    from okey.table.state.settings import DEFAULT_PACE

    return DEFAULT_PACE


NEW_GAMES: Final = frozenset({"play", "daily", "tutorial"})
ONLINE: Final = frozenset({"host", "join"})  # a seat at a table played over the network
SPEAKING: Final = NEW_GAMES | {"resume", "menu"} | ONLINE

PREFERENCES: Final[tuple[Preference, ...]] = (
    Preference(
        "name", _name, lambda catalogue: catalogue.text("table.default_name"), NEW_GAMES | ONLINE
    ),
    Preference(
        "speech", _choice(lambda: [m.value for m in SpeechMode]), SpeechMode.AUTO.value, SPEAKING
    ),
    Preference(
        "verbosity",
        _choice(lambda: [v.value for v in Verbosity]),
        Verbosity.DETAILED.value,
        SPEAKING,
    ),
    Preference("sounds", _sounds, True, SPEAKING),
    Preference("volume", _volume, float(DEFAULT_VOLUME), SPEAKING),
    Preference(
        "sort",
        _choice(_sort_modes),
        _first(_sort_modes),  # colour
        NEW_GAMES | ONLINE,
    ),
    Preference("pace", _number(PACE, SettingsProblem.PACE), _default_pace, NEW_GAMES),
    # Seconds per turn at a table with a turn timer ("rules": the rules' own).
    Preference("timer", _choice(_timer_choices), _first(_timer_choices), frozenset({"play"})),
    Preference("level", _choice(level_names), "medium", frozenset({"play", "menu"})),
    Preference("rules", _rules, "classic", frozenset({"play", "menu"})),
    # The full-screen table or the line mode (okey.table.terminal.screens); the story too.
    Preference("screen", _choice(_screens), _first(_screens), SPEAKING | {"story"}),
    # Every command speaks it; okey.cli applies it before the command line is built.
    Preference("language", _choice(lambda: list(LANGUAGES)), DEFAULT_LANGUAGE, frozenset()),
)
BY_KEY: Final[Mapping[str, Preference]] = {p.key: p for p in PREFERENCES}


def settings_path(environ: Mapping[str, str] | None = None) -> Path:
    """Where the settings file is (it may not exist)."""
    return Path(settings_file(environ))


def preference(key: str) -> Preference:
    """The setting called ``key``; PreferencesError when there is none."""
    found = BY_KEY.get(key)
    if found is None:
        raise PreferencesError("unknown", setting=key, known=", ".join(BY_KEY))
    return found


def check(key: str, value: object) -> Value:
    """``value`` for ``key`` if both are good; PreferencesError otherwise."""
    return preference(key).check(key, value)


def load(path: Path) -> dict[str, Value]:
    """The settings in ``path`` (none when it does not exist); PreferencesError when the
    file cannot be read or holds anything but known keys with good values."""
    try:
        raw = read_bytes(path, MAX_BYTES)  # a FIFO or a device is refused, never waited on
    except FileNotFoundError:
        return {}
    except OSError as exc:
        raise PreferencesError("unreadable", path=path, reason=exc.strerror) from None
    except TextFileError as exc:
        if exc.key == "too_big":
            too_big = Phrase("settings.error.too_big")
            raise PreferencesError("damaged", path=path, reason=too_big) from None
        raise PreferencesError("unreadable", path=path, reason=exc) from None
    import tomllib  # only for a file that is there

    try:
        document = tomllib.loads(decode(raw))
    except UnicodeDecodeError:  # a binary file: said so, not as the codec's words
        raise PreferencesError("damaged", path=path, reason=Phrase("file.error.not_text")) from None
    except tomllib.TOMLDecodeError as exc:
        raise PreferencesError("damaged", path=path, reason=exc) from None
    except RecursionError:
        raise PreferencesError("damaged", path=path, reason=Phrase("file.error.nested")) from None
    try:
        return {key: check(key, value) for key, value in document.items()}
    except PreferencesError as exc:
        raise PreferencesError("damaged", path=path, reason=exc) from None


def _toml_value(value: Value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return repr(value)
    escaped = value.replace("\\", "\\\\").replace('"', '\\"')
    return f'"{escaped}"'


def store(path: Path, settings: Mapping[str, Value], catalogue: Catalogue) -> None:
    """Write ``settings`` to ``path`` at once (the old file is kept as ``.bak``), headed
    by a comment in ``catalogue``'s language."""
    from okey.saves.atomic import write_atomically

    lines = [catalogue.text("settings.file_header")]
    lines += [f"{p.key} = {_toml_value(settings[p.key])}" for p in PREFERENCES if p.key in settings]
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(path, ("\n".join(lines) + "\n").encode("utf-8"))
    except OSError as exc:
        raise PreferencesError("unwritable", path=path, reason=exc.strerror) from None
