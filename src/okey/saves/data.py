"""What a save holds: the match log, the random states, the table's settings."""

from __future__ import annotations

import hashlib
import json
import random
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Final, TypeAlias

from okey.engine.match import Match
from okey.matchlog import LogHeader, log_of, writes_automatic
from okey.rules import RuleSet
from okey.saves.formats import AUTO_FORMAT, NEWEST_FORMAT, PLAIN_FORMAT, STACKS_FORMAT
from okey.saves.rng import RngState

JSON: TypeAlias = "dict[str, JSON] | list[JSON] | str | int | float | bool | None"
"""A value JSON can hold (what ``settings`` may contain)."""

KIND: Final = "okey-save"
FORMAT_VERSION: Final = NEWEST_FORMAT
"""The newest format this okey reads (:mod:`okey.saves.formats` says which and why)."""

NOT_STARTED: Final = "not_started"
ROUND_OVER: Final = "round_over"
MATCH_OVER: Final = "match_over"
IN_PLAY: Final = ("draw", "discard", "pile_out")
PHASES: Final = (NOT_STARTED, *IN_PLAY, ROUND_OVER, MATCH_OVER)
"""Where a saved match stands: before the first deal, a round's phase, between rounds, over."""


def format_for(rules: RuleSet, log: str = "") -> int:
    """The unsealed format a table with these rules and this log had: 3 if the log has
    automatic moves, else 2 if it deals from stacks, else 1 (what an unsealed save's
    ``format`` must be; sealed saves are format 4, or 5 for Okey 101)."""
    if writes_automatic(log):
        return AUTO_FORMAT
    return STACKS_FORMAT if rules.play.traditional_deal else PLAIN_FORMAT


def now() -> datetime:
    """The local time, to the second, with its UTC offset."""
    return datetime.now().astimezone().replace(microsecond=0)


@dataclass(frozen=True)
class SaveData:
    """One saved match.

    The match itself is its record, kept as its log (:func:`okey.matchlog.format_log`:
    each round's deck and one action per line), replayed through the engine on resume; the
    random states make the future the same; ``settings`` is the table's own
    (sort mode, verbosity, hints left, seats, names, bot levels...). The
    summary fields (``round_number`` to ``phase``) are for listing saves and
    are checked against the replayed match.
    """

    rules: RuleSet
    log: str
    first_dealer: int
    round_number: int
    scores: tuple[int, ...]
    turn: int | None
    phase: str
    match_rng: RngState | None = None
    bot_rngs: tuple[RngState | None, ...] = ()
    settings: dict[str, JSON] = field(default_factory=dict)
    label: str = ""
    created: datetime = field(default_factory=now)
    kind: str = KIND
    match_id: str | None = field(default=None, compare=False)
    """The match's own id: every save of one match has it (None: an older save)."""
    verified: bool | None = field(default=None, compare=False)
    """True when read from a sealed save (its seal checked) of a match that was always
    sealed; False when read from an older, unsealed save, or from a sealed save of a
    match that was once unsealed (its id is unverified: :func:`match_id_of`): nothing
    scored beyond the match (tasks, story, ratings) may count it. None for a save not
    read from a file."""

    @property
    def format_version(self) -> int:
        """How the rounds were dealt and the moves written, as the unsealed formats say it
        (:func:`format_for`)."""
        return format_for(self.rules, self.log)

    @property
    def rules_name(self) -> str:
        return self.rules.name

    @property
    def players(self) -> int:
        return self.rules.table.players

    @property
    def over(self) -> bool:
        return self.phase == MATCH_OVER

    @property
    def in_play(self) -> bool:
        """True when a round is being played (``turn`` is the seat to move)."""
        return self.phase in IN_PLAY


@dataclass(frozen=True, slots=True)
class Summary:
    """Where a match stands, as a save lists it."""

    round_number: int
    scores: tuple[int, ...]
    turn: int | None
    phase: str


def summary_of(match: Match) -> Summary:
    """The round, scores, seat to play and phase of a live match."""
    if match.over:
        phase = MATCH_OVER
    elif not match.started:
        phase = NOT_STARTED
    elif match.round_over:
        phase = ROUND_OVER
    else:
        phase = match.round.phase.value
    turn = match.turn if phase in IN_PLAY else None
    return Summary(match.round_number, match.scores, turn, phase)


def log_text(match: Match, names: Sequence[str] = ()) -> str:
    """The match log of a live match (what a save stores): its record in the notation."""
    return log_of(match, LogHeader(match.rules.name, _header_names(names)))


def _header_names(names: Sequence[str]) -> tuple[str, ...]:
    """Seat names fit for the log's one-line ``[Seats "a, b"]`` header (the names
    themselves belong in ``settings``; the header is for a person reading)."""
    fit = []
    for name in names:
        kept = "".join(c if c.isprintable() and c not in ',"[]#' else " " for c in name)
        fit.append(" ".join(kept.split()) or "?")
    return tuple(fit)


def json_copy(settings: Mapping[str, object]) -> dict[str, JSON]:
    """A deep copy of ``settings`` as JSON holds it (tuples become lists).

    Raises TypeError or ValueError when something in it is not JSON (a set, an
    object, NaN): the table's settings must be plain data.
    """
    copied: dict[str, JSON] = json.loads(json.dumps(dict(settings), allow_nan=False))
    return copied


def snapshot(
    match: Match,
    *,
    bot_rngs: Sequence[random.Random | None] = (),
    settings: Mapping[str, object] | None = None,
    label: str = "",
    names: Sequence[str] = (),
    created: datetime | None = None,
    match_id: str | None = None,
) -> SaveData:
    """Everything needed to bring ``match`` back exactly, taken now.

    ``bot_rngs`` is each seat's bot generator, by seat (None for a person's
    seat; missing seats count as None). Take the snapshot between actions: after
    one is applied and before any bot draws from its generator for the next.
    """
    players = match.players
    if len(bot_rngs) > players:
        raise ValueError(f"{len(bot_rngs)} bot generators for a table of {players}")
    states = [None if rng is None else RngState.of(rng) for rng in bot_rngs]
    states += [None] * (players - len(states))
    summary = summary_of(match)
    return SaveData(
        rules=match.rules,
        log=log_text(match, names),
        first_dealer=match.first_dealer,
        round_number=summary.round_number,
        scores=summary.scores,
        turn=summary.turn,
        phase=summary.phase,
        match_rng=RngState.of(match.rng),
        bot_rngs=tuple(states),
        settings=json_copy(settings or {}),
        label=label,
        created=created if created is not None else now(),
        match_id=match_id,
    )


def new_match_id() -> str:
    """A new match's id: 64 random bits in hex."""
    return secrets.token_hex(8)


UNVERIFIED: Final = "unverified"
"""How the id of an unverified match begins (a match resumed from an unsealed save)."""


def is_unverified(match_id: str | None) -> bool:
    """True for the id of a match that was once an unsealed save (never a new id: hex)."""
    return match_id is not None and match_id.startswith(UNVERIFIED)


def match_id_of(data: SaveData) -> str | None:
    """The id the match saved in ``data`` goes on under: its own, or, for a save read
    without a seal (an old format, which has none), an unverified id made from the
    match's first deal, so every copy of that match has the same one. Saved again, the
    match keeps it: sealed, it still says that it was once unverified (:attr:`verified`).
    None for a save not read from a file (its writer gives it an id)."""
    if data.match_id is not None or data.verified is not False:
        return data.match_id
    lines = data.log.splitlines()
    first_deck = next((i for i, line in enumerate(lines) if line.startswith("deck")), None)
    if first_deck is not None:
        basis = "\n".join(lines[: first_deck + 1])
    else:  # not dealt yet: the save's own moment
        basis = data.log + data.created.isoformat()
    return UNVERIFIED + hashlib.sha256(basis.encode("utf-8")).hexdigest()[:16]


__all__ = [
    "AUTO_FORMAT",
    "FORMAT_VERSION",
    "JSON",
    "KIND",
    "PHASES",
    "PLAIN_FORMAT",
    "STACKS_FORMAT",
    "SaveData",
    "Summary",
    "format_for",
    "is_unverified",
    "json_copy",
    "log_text",
    "match_id_of",
    "new_match_id",
    "now",
    "snapshot",
    "summary_of",
]
