"""Rule sets as data: the tables described by ``rules/*.toml``.

Every option the game knows is a named key with a type and a default; a file
with an unknown key, a wrong type or an impossible value is refused with the
file, the key and the reason (a :class:`RulesError`, worded when shown).

The top-level ``game`` key names the game the rules are for (``"okey"`` when
absent, as in every file and save written before it existed). The game's folder
says which sections a file may have, checks them and makes the rule set (its
:class:`RulesPart`, ``okey.games.<game>.rules``, loaded by :mod:`okey.kits` only
when a file of that game is read); the engine plays it (:mod:`okey.engine.games`).
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field, fields
from enum import StrEnum
from pathlib import Path
from typing import (
    Any,
    ClassVar,
    Final,
    Literal,
    get_args,
    get_origin,
    get_type_hints,
)

from okey import kits
from okey.errors import OkeyError, Phrase
from okey.packagedata import rules_folder
from okey.textfiles import TextFileError, printable, read_text

LEAST_TIMER: Final = 5
MOST_TIMER: Final = 600
"""A turn timer's seconds, when there is one (0: none): in a rules file as on the
command line (``okey play --timer``)."""
MOST: Final = 1_000_000
"""The largest whole number a rules file may give (a score, a count of seconds...)."""
MAX_RULES_BYTES: Final = 256 * 1024

PileOut = Literal["take_last_discard", "close_after_last_discard"]
Combine = Literal["cap", "multiply"]
Tie = Literal["shared", "last_finisher"]

DEFAULT_GAME: Final = kits.DEFAULT_GAME


class RulesProblem(StrEnum):
    """Why a rule set cannot be used (the words: ``rules.problem.<value>``)."""

    NO_FILE = "no_file"
    UNREADABLE = "unreadable"
    NOT_TOML = "not_toml"
    UNKNOWN_KEY = "unknown_key"
    NOT_A_TABLE = "not_a_table"
    CHOICE = "choice"
    TYPE = "type"
    WHOLE = "whole"
    GAME = "game"
    PLAYERS = "players"
    PARTNERS = "partners"
    DUEL = "duel"
    PARTNERS_AND_DUEL = "partners_and_duel"
    ABOVE_ZERO = "above_zero"
    ROUNDS = "rounds"
    NEGATIVE = "negative"
    TIMER = "timer"
    AUTOPILOT = "autopilot"
    TOO_BIG = "too_big"
    NESTED = "nested"
    PLAYERS_101 = "players_101"
    AT_LEAST_ONE = "at_least_one"
    PAIRS_RANGE = "pairs_range"
    EMPTY = "empty"


class RulesError(OkeyError):
    """A rule set that cannot be used: the file (``source``), the option (``option``,
    like ``table.players``, or None for the whole file) and the problem with its data."""

    prefix: ClassVar[str] = "rules.problem."

    def __init__(
        self, problem: RulesProblem, /, *, source: str, option: str | None = None, **fields: object
    ) -> None:
        super().__init__(problem, **fields)
        self.problem = problem
        self.source = source
        self.option = option

    @property
    def phrase(self) -> Phrase:
        reason = Phrase(self.prefix + self.key, **self.fields)
        if self.option:
            where = {"source": self.source, "option": self.option}
            return Phrase("rules.error.option", reason=reason, **where)
        return Phrase("rules.error.file", source=self.source, reason=reason)


@dataclass(frozen=True)
class TableRules:
    """Who sits at the table and how a match is decided."""

    players: int = 4
    partners: bool = False
    duel: bool = False
    starting_score: int = 20
    rounds: int = 0
    tie: Tie = "shared"

    @property
    def teams(self) -> tuple[tuple[int, int], ...]:
        """The teams of a partners table (opposite seats: 0 and 2, 1 and 3); none otherwise."""
        return ((0, 2), (1, 3)) if self.partners else ()


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


WIRE_NAME: Final = "wire"
"""A dataclass field's metadata key: the name JSON gives the field, when not its own."""


@dataclass(frozen=True)
class GameSections:
    """A game's own rule sections, kept whole in :attr:`RuleSet.game_sections`.

    Each game's folder subclasses it (a frozen dataclass of its sections); only that
    folder reads the fields, through its own check of the subclass."""


@dataclass(frozen=True)
class RuleSet:
    """A whole table's rules."""

    name: str = "classic"
    description: str = ""
    game: str = DEFAULT_GAME
    table: TableRules = field(default_factory=TableRules)
    scoring: ScoringRules = field(default_factory=ScoringRules)
    play: PlayRules = field(default_factory=PlayRules)
    # A game's own sections (Okey 101's, ``game = "101"``; None for Okey): ``table`` and
    # ``play`` then carry what the match reads for every game: players, rounds, tie, the
    # clock. The wire spells the field by its first game's name, ``okey101`` (WIRE_NAME).
    game_sections: GameSections | None = field(default=None, metadata={WIRE_NAME: "okey101"})

    @property
    def okey101(self) -> GameSections | None:
        """The old name of :attr:`game_sections` (plug-in bots may read it)."""
        return self.game_sections


CLASSIC = RuleSet(name="classic", description="Classic Okey for four players.")


@dataclass(frozen=True)
class RulesPart:
    """What a game's folder gives the rules loader (its module ``rules``'s ``PART``).

    The loader reads the top-level keys, refuses any but ``name``, ``description``,
    ``game`` and the game's ``sections``, and builds each section from its table
    (every key known, of its type); the game then checks the sections together and
    makes the rule set (:attr:`make`), and gives them back for a file or a save
    (:attr:`written`)."""

    sections: Mapping[str, type[Any]]
    """Each section of a file of this game, by name: a frozen dataclass of defaults."""
    make: Callable[[RuleSet, Mapping[str, Any], str], RuleSet]
    """The rule set of the built sections, given the one holding the file's name and
    description and the source (for :class:`RulesError`), once they are checked."""
    written: Callable[[RuleSet], Mapping[str, Any]]
    """A rule set's sections of this game, by name (what :data:`sections` built)."""


def rules_part(game: str) -> RulesPart:
    """Game ``game``'s rules part (KeyError for a game okey does not know)."""
    return kits.part(game, "rules", RulesPart)


def rules_dir() -> Path:
    """The folder holding the shipped rule sets."""
    return rules_folder()


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
        raise RulesError(RulesProblem.NO_FILE, source=str(path), known=known)
    try:
        data = tomllib.loads(read_text(path, MAX_RULES_BYTES))
    except UnicodeDecodeError:  # a binary file: said so, not as the codec's words
        not_text = Phrase("file.error.not_text")
        raise RulesError(RulesProblem.UNREADABLE, source=str(path), reason=not_text) from None
    except (OSError, TextFileError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
        raise RulesError(RulesProblem.UNREADABLE, source=str(path), reason=reason) from None
    except tomllib.TOMLDecodeError as exc:
        raise RulesError(RulesProblem.NOT_TOML, source=str(path), reason=str(exc)) from None
    except RecursionError:  # x = [[[[...]]]], nested deeper than Python recurses
        raise RulesError(RulesProblem.NESTED, source=str(path)) from None
    except ValueError as exc:  # an integer of thousands of digits
        reason = printable(" ".join(str(exc).split()))[:120]
        raise RulesError(RulesProblem.NOT_TOML, source=str(path), reason=reason) from None
    if not data:  # empty, or comments only: nothing says what table it is
        raise RulesError(RulesProblem.EMPTY, source=str(path))
    return rules_from_mapping(data, source=str(path), default_name=path.stem)


def rules_from_mapping(
    data: dict[str, Any], *, source: str = "<rules>", default_name: str = "custom"
) -> RuleSet:
    """Build and check a rule set from parsed TOML."""
    game = _typed(data.get("game", DEFAULT_GAME), str, source, "game")
    if game not in kits.game_names():
        known = ", ".join(kits.game_names())
        raise RulesError(RulesProblem.GAME, source=source, option="game", value=game, known=known)
    part = rules_part(game)
    allowed = {"name", "description", "game", *part.sections}
    for key in data:
        if key not in allowed:
            raise RulesError(RulesProblem.UNKNOWN_KEY, source=source, option=key)
    name = printable(_typed(data.get("name", default_name), str, source, "name"))
    description = printable(_typed(data.get("description", ""), str, source, "description"))
    sections: dict[str, Any] = {}
    for section, cls in part.sections.items():
        raw = data.get(section, {})
        if not isinstance(raw, dict):
            raise RulesError(RulesProblem.NOT_A_TABLE, source=source, option=section)
        sections[section] = _build_section(cls, raw, source, section)
    named = RuleSet(name=name, description=description, game=game)
    return part.make(named, sections, source)


def rules_mapping(rules: RuleSet) -> dict[str, Any]:
    """The rule set as the mapping a rules file holds (what :func:`rules_from_mapping` reads)."""
    own = rules_part(rules.game).written(rules)
    sections = {name: asdict(section) for name, section in own.items()}
    return {"name": rules.name, "description": rules.description, "game": rules.game, **sections}


def _build_section(cls: type[Any], raw: dict[str, Any], source: str, section: str) -> Any:
    known = {f.name: f for f in fields(cls)}
    hints = get_type_hints(cls)
    values: dict[str, Any] = {}
    for key, value in raw.items():
        where = f"{section}.{key}"
        if key not in known:
            raise RulesError(RulesProblem.UNKNOWN_KEY, source=source, option=where)
        annotation = hints[key]
        if get_origin(annotation) is Literal:
            choices = get_args(annotation)
            if value not in choices:
                options = ", ".join(repr(c) for c in choices)
                raise RulesError(
                    RulesProblem.CHOICE, source=source, option=where, options=options, value=value
                )
        elif annotation is bool:
            _typed(value, bool, source, where)
        elif annotation is int:
            if isinstance(value, bool) or not isinstance(value, int):
                raise RulesError(RulesProblem.WHOLE, source=source, option=where, value=value)
            if not -MOST <= value <= MOST:
                raise RulesError(RulesProblem.TOO_BIG, source=source, option=where, most=MOST)
        values[key] = value
    return cls(**values)


def _typed(value: Any, kind: type[Any], source: str, key: str) -> Any:
    if not isinstance(value, kind):
        kind_words = Phrase(f"rules.kind.{kind.__name__}")
        raise RulesError(RulesProblem.TYPE, source=source, option=key, kind=kind_words, value=value)
    return value


def check_clock(play: PlayRules, source: str) -> None:
    """The turn clock's keys of ``play`` (every game's): refused if they cannot be used. A
    turn timer is 0 (none) or :data:`LEAST_TIMER` to :data:`MOST_TIMER` seconds, as
    ``okey play --timer`` takes it."""
    seconds = play.timer_seconds
    if seconds != 0 and not LEAST_TIMER <= seconds <= MOST_TIMER:
        raise RulesError(
            RulesProblem.TIMER,
            source=source,
            option="play.timer_seconds",
            least=LEAST_TIMER,
            most=MOST_TIMER,
        )
    if play.autopilot_after < 1:
        raise RulesError(RulesProblem.AUTOPILOT, source=source, option="play.autopilot_after")
