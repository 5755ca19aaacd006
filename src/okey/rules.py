"""Rule sets as data: the tables described by ``rules/*.toml``.

Every option the game knows is a named key with a type and a default; a file
with an unknown key, a wrong type or an impossible value is refused with the
file, the key and the reason.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any, Literal, get_args

PileOut = Literal["take_last_discard", "close_after_last_discard"]
Combine = Literal["cap", "multiply"]
Tie = Literal["shared", "last_finisher"]


class RulesError(ValueError):
    """A rule set that cannot be used, with where and why."""

    def __init__(self, source: str, key: str | None, reason: str) -> None:
        self.source = source
        self.key = key
        self.reason = reason
        where = f"{source}: {key}" if key else source
        super().__init__(f"{where}: {reason}")


@dataclass(frozen=True)
class TableRules:
    """Who sits at the table and how a match is decided."""

    players: int = 4
    partners: bool = False
    duel: bool = False
    starting_score: int = 20
    rounds: int = 0
    tie: Tie = "shared"


@dataclass(frozen=True)
class ScoringRules:
    """What each other player loses when a round is won or the indicator shown."""

    normal: int = 2
    okey_discard: int = 2
    pairs: int = 2
    colored: bool = False
    combine: Combine = "cap"
    max_loss: int = 4
    show_indicator: bool = True
    show_penalty: int = 1


@dataclass(frozen=True)
class PlayRules:
    """How turns run and which optional moves exist."""

    pile_out: PileOut = "take_last_discard"
    turn_to_okey: bool = False
    declare_pairs: bool = False
    okey_discard_warning: bool = True
    timer_seconds: int = 0
    autopilot_after: int = 3
    traditional_deal: bool = False


@dataclass(frozen=True)
class RuleSet:
    """A whole table's rules."""

    name: str = "classic"
    description: str = ""
    table: TableRules = field(default_factory=TableRules)
    scoring: ScoringRules = field(default_factory=ScoringRules)
    play: PlayRules = field(default_factory=PlayRules)


CLASSIC = RuleSet(name="classic", description="Classic Okey for four players.")

_SECTIONS: dict[str, type[Any]] = {
    "table": TableRules,
    "scoring": ScoringRules,
    "play": PlayRules,
}


def rules_dir() -> Path:
    """The folder holding the shipped rule sets."""
    packaged = Path(__file__).parent / "_rules"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parents[2] / "rules"


def available_rule_sets() -> list[str]:
    return sorted(path.stem for path in rules_dir().glob("*.toml"))


def load_rules(name_or_path: str | Path) -> RuleSet:
    """Load a rule set by name (``classic``) or from a TOML file path."""
    text = str(name_or_path)
    path = Path(text)
    if not (text.endswith(".toml") or path.parent != Path(".")):
        path = rules_dir() / f"{text}.toml"
    if not path.is_file():
        known = ", ".join(available_rule_sets()) or "none"
        raise RulesError(str(path), None, f"no such rules file (known rule sets: {known})")
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise RulesError(str(path), None, f"cannot be read: {exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise RulesError(str(path), None, f"is not valid TOML: {exc}") from None
    return rules_from_mapping(data, source=str(path), default_name=path.stem)


def rules_from_mapping(
    data: dict[str, Any], *, source: str = "<rules>", default_name: str = "custom"
) -> RuleSet:
    """Build and check a rule set from parsed TOML."""
    allowed = {"name", "description", *_SECTIONS}
    for key in data:
        if key not in allowed:
            raise RulesError(source, key, "unknown key")
    name = _typed(data.get("name", default_name), str, source, "name")
    description = _typed(data.get("description", ""), str, source, "description")
    sections: dict[str, Any] = {}
    for section, cls in _SECTIONS.items():
        raw = data.get(section, {})
        if not isinstance(raw, dict):
            raise RulesError(source, section, "must be a table of options")
        sections[section] = _build_section(cls, raw, source, section)
    rule_set = RuleSet(name=name, description=description, **sections)
    _check_consistency(rule_set, source)
    return rule_set


def _build_section(cls: type[Any], raw: dict[str, Any], source: str, section: str) -> Any:
    known = {f.name: f for f in fields(cls)}
    values: dict[str, Any] = {}
    for key, value in raw.items():
        where = f"{section}.{key}"
        if key not in known:
            raise RulesError(source, where, "unknown key")
        annotation = known[key].type
        choices = _literal_choices(annotation)
        if choices is not None:
            if value not in choices:
                options = ", ".join(repr(c) for c in choices)
                raise RulesError(source, where, f"must be one of {options}, not {value!r}")
        elif annotation in ("bool", bool):
            _typed(value, bool, source, where)
        elif annotation in ("int", int) and (isinstance(value, bool) or not isinstance(value, int)):
            raise RulesError(source, where, f"must be a whole number, not {value!r}")
        values[key] = value
    return cls(**values)


def _literal_choices(annotation: object) -> tuple[str, ...] | None:
    named = {"PileOut": PileOut, "Combine": Combine, "Tie": Tie}
    if isinstance(annotation, str):
        resolved = named.get(annotation)
        return get_args(resolved) if resolved is not None else None
    return None


def _typed(value: Any, kind: type[Any], source: str, key: str) -> Any:
    if not isinstance(value, kind):
        raise RulesError(source, key, f"must be {kind.__name__}, not {value!r}")
    return value


def _check_consistency(rules: RuleSet, source: str) -> None:
    table, scoring, play = rules.table, rules.scoring, rules.play
    if table.players not in (2, 3, 4):
        raise RulesError(source, "table.players", "a table seats 2, 3 or 4 players")
    if table.partners and table.players != 4:
        raise RulesError(source, "table.partners", "partners need exactly 4 players")
    if table.duel and table.players != 4:
        raise RulesError(source, "table.duel", "a duel needs 4 seats (two people, two bots)")
    if table.partners and table.duel:
        raise RulesError(source, "table.duel", "a table is partners or a duel, not both")
    if table.starting_score <= 0:
        raise RulesError(source, "table.starting_score", "must be above 0")
    if table.rounds < 0:
        raise RulesError(source, "table.rounds", "must be 0 (play to zero) or more")
    for key in ("normal", "okey_discard", "pairs", "max_loss", "show_penalty"):
        if getattr(scoring, key) < 0:
            raise RulesError(source, f"scoring.{key}", "must not be negative")
    if play.timer_seconds < 0:
        raise RulesError(source, "play.timer_seconds", "must be 0 (no timer) or more")
    if play.autopilot_after < 1:
        raise RulesError(source, "play.autopilot_after", "must be at least 1")
