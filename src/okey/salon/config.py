"""The salon's settings: its moderators, the chips an account starts with, the store's
file, the tables' bots and timer; read from a TOML file (``okey salon --config FILE``).

::

    [salon]
    database = "salon.db"        # relative to the config file
    moderators = ["Ayşe", "Deniz"]
    chips = 1000
    max_tables = 100
    level = "medium"
    bot_delay = 1.2
    timer = 90
    one_address_per_table = true # no two accounts from one address at a table
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from okey.net.table import DEFAULT_TIMER, LOBBY_GRACE, plain_name
from okey.salon.accounts import LogInLimits
from okey.salon.passwords import DEFAULT_COST, Cost


@dataclass(frozen=True)
class SalonConfig:
    moderators: frozenset[str] = frozenset()  # names as they sound (plain_name)
    chips: int = 1000
    max_tables: int = 100
    level: str = "medium"
    bot_delay: float = 1.2
    timer: int = DEFAULT_TIMER
    lobby_grace: float = LOBBY_GRACE
    one_address_per_table: bool = True  # no two accounts from one address at a table
    whole_lists: bool = False  # the lobby gets every card at each change (the benchmark's)
    login_timeout: float = 60.0  # seconds for each message before a log-in (a person types)
    cost: Cost = DEFAULT_COST
    limits: LogInLimits = field(default_factory=LogInLimits)
    seed: int | None = None  # tests: tables' matches and bots from this seed

    def moderates(self, name: str) -> bool:
        return plain_name(name) in self.moderators


class ConfigError(ValueError):
    """The config file cannot be read or holds a bad value (the message names it)."""


def load_config(path: Path) -> tuple[SalonConfig, Path | None]:
    """The settings in ``path`` and the store's file it names (None: not named)."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(str(exc)) from None
    section = data.get("salon", {})
    if not isinstance(section, dict):
        raise ConfigError("salon")
    moderators = section.get("moderators", [])
    if not isinstance(moderators, list) or not all(isinstance(m, str) for m in moderators):
        raise ConfigError("moderators")
    chips = _number(section, "chips", 1000)
    max_tables = _number(section, "max_tables", 100)
    timer = _number(section, "timer", DEFAULT_TIMER)
    bot_delay = float(_number(section, "bot_delay", 1.2))
    level = section.get("level", "medium")
    if not isinstance(level, str):
        raise ConfigError("level")
    one_address = section.get("one_address_per_table", True)
    if not isinstance(one_address, bool):
        raise ConfigError("one_address_per_table")
    database = section.get("database")
    if database is not None and not isinstance(database, str):
        raise ConfigError("database")
    config = SalonConfig(
        moderators=frozenset(plain_name(m) for m in moderators),
        chips=int(chips),
        max_tables=int(max_tables),
        level=level,
        bot_delay=bot_delay,
        timer=int(timer),
        one_address_per_table=one_address,
    )
    return config, (path.parent / database if database else None)


def _number(section: dict[str, object], key: str, default: float) -> float:
    value = section.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
        raise ConfigError(key)
    return value
