"""Driving a match with deciders (bots, or anything that maps a view to an action)."""

from __future__ import annotations

from collections.abc import Callable

from okey.engine.actions import Action
from okey.engine.match import Match
from okey.engine.view import PlayerView

Decide = Callable[[int, PlayerView], Action]
"""Chooses the move of a seat from that seat's view only."""


def play_round(match: Match, decide: Decide) -> None:
    """Deal the next round and play it to its end, asking whoever's turn it is."""
    match.start_round()
    while not match.round_over:
        seat = match.turn
        match.apply(seat, decide(seat, match.view(seat)))


def play_match(match: Match, decide: Decide, max_rounds: int | None = None) -> int:
    """Play rounds until the match is over (or ``max_rounds``); returns rounds played."""
    played = 0
    while not match.over and (max_rounds is None or played < max_rounds):
        play_round(match, decide)
        played += 1
    return played
