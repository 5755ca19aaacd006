"""From a save back to a live match: replay its record, then put the random states back.

The save keeps the match's record as its match log (:mod:`okey.matchlog`); reading
it gives the record back, which replays through the engine, every entry checked.
"""

from __future__ import annotations

import random

from okey.engine.match import Match
from okey.errors import OkeyError, Phrase
from okey.matchlog import MatchLogError, parse_log, replay
from okey.saves.data import SaveData, summary_of
from okey.saves.errors import SaveError
from okey.saves.rng import restore_rng


class _Mismatch(Exception):
    def __init__(self, reason: Phrase) -> None:
        self.reason = reason


def _replayed(data: SaveData) -> Match:
    """The match the save's log describes, checked against the save; :class:`_Mismatch` if not."""
    try:
        match = replay(parse_log(data.log), data.rules)
    except MatchLogError as exc:
        if exc.line is None:
            raise _Mismatch(Phrase("saves.bad.log", reason=exc.cause)) from None
        raise _Mismatch(Phrase("saves.bad.log_line", line=exc.line, reason=exc.cause)) from None
    except OkeyError as exc:
        raise _Mismatch(Phrase("saves.bad.log", reason=exc)) from None
    except (ValueError, LookupError) as exc:  # pragma: no cover - a log the reader let pass
        raise _Mismatch(Phrase("saves.bad.log", reason=_one_line(exc))) from None
    if not match.started:
        # No round yet: the log cannot say who deals first, the save does.
        match.first_dealer = data.first_dealer
    summary = summary_of(match)
    checks = (
        ("first_dealer", data.first_dealer, match.first_dealer),
        ("summary.round", data.round_number, summary.round_number),
        ("summary.scores", data.scores, summary.scores),
        ("summary.turn", data.turn, summary.turn),
        ("summary.phase", data.phase, summary.phase),
        ("bot_rngs", len(data.bot_rngs), match.players),
    )
    for key, saved, found in checks:
        if saved != found:
            raise _Mismatch(Phrase("saves.bad.summary", field=key))
    return match


def problem(data: SaveData) -> Phrase | None:
    """Why ``data`` would not restore (its log does not replay to its summary), or None."""
    try:
        _replayed(data)
    except _Mismatch as exc:
        return exc.reason
    return None


def restore_match(data: SaveData) -> Match:
    """The saved match, exactly as it was, with its random state.

    The record is replayed through the engine (every entry checked again), the
    result checked against the save's summary, and the match's generator set to
    the saved state, so the next shuffle is the one the match would have made.
    A save with no match state (the match used ``SystemRandom``) gets a fresh
    :func:`okey.saves.rng.new_rng`. Raises :class:`SaveError` if it does not restore.
    """
    try:
        match = _replayed(data)
    except _Mismatch as exc:
        raise SaveError("state", reason=exc.reason) from None
    try:
        match.rng = restore_rng(data.match_rng)
    except ValueError as exc:
        reason = Phrase("saves.bad.value", field="rng", reason=_one_line(exc))
        raise SaveError("state", reason=reason) from None
    return match


def _one_line(exc: Exception) -> str:
    return " ".join(str(exc).split())


def restore_bot_rngs(data: SaveData) -> list[random.Random | None]:
    """Each seat's bot generator as it was saved (None where the save has none:
    a person's seat; give a bot there :func:`okey.saves.rng.new_rng`)."""
    rngs: list[random.Random | None] = []
    for state in data.bot_rngs:
        try:
            rngs.append(None if state is None else state.make())
        except ValueError as exc:
            reason = Phrase("saves.bad.value", field="bot_rngs", reason=_one_line(exc))
            raise SaveError("state", reason=reason) from None
    return rngs
