"""From a save back to a live match: replay its log, then put the random states back."""

from __future__ import annotations

import random

from okey.engine.match import Match
from okey.matchlog import MatchLogError, parse_log, replay
from okey.messages import CATALOGUE
from okey.saves.data import SaveData, summary_of
from okey.saves.errors import SaveError
from okey.saves.rng import restore_rng


class _Mismatch(Exception):
    def __init__(self, reason: str) -> None:
        self.reason = reason


def _one_line(text: object) -> str:
    return " ".join(str(text).split())


def _replayed(data: SaveData) -> Match:
    """The match the save's log describes, checked against the save; :class:`_Mismatch` if not."""
    try:
        match = replay(parse_log(data.log), data.rules)
    except MatchLogError as exc:
        where = f"line {exc.line}: " if exc.line is not None else ""
        raise _Mismatch(CATALOGUE.text("saves.bad.log", reason=where + exc.reason)) from None
    except (ValueError, LookupError) as exc:
        raise _Mismatch(CATALOGUE.text("saves.bad.log", reason=_one_line(exc))) from None
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
            raise _Mismatch(CATALOGUE.text("saves.bad.summary", field=key))
    return match


def problem(data: SaveData) -> str | None:
    """Why ``data`` would not restore (its log does not replay to its summary), or None."""
    try:
        _replayed(data)
    except _Mismatch as exc:
        return exc.reason
    return None


def restore_match(data: SaveData) -> Match:
    """The saved match, exactly as it was, with its random state.

    The log is replayed through the engine (every action checked again), the
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
        reason = CATALOGUE.text("saves.bad.value", field="rng", reason=_one_line(exc))
        raise SaveError("state", reason=reason) from None
    return match


def restore_bot_rngs(data: SaveData) -> list[random.Random | None]:
    """Each seat's bot generator as it was saved (None where the save has none:
    a person's seat; give a bot there :func:`okey.saves.rng.new_rng`)."""
    rngs: list[random.Random | None] = []
    for state in data.bot_rngs:
        try:
            rngs.append(None if state is None else state.make())
        except ValueError as exc:
            reason = CATALOGUE.text("saves.bad.value", field="bot_rngs", reason=_one_line(exc))
            raise SaveError("state", reason=reason) from None
    return rngs
