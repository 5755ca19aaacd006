"""Ratings per game from finished matches between people, by openskill's Plackett-Luce
model; and the chips a finished match moves (the stakes).

A rating is openskill's mu and sigma; it is shown as one whole number, 1000 plus 40
times its low estimate (mu - 3 sigma), so a new account shows 1000 and climbs as its
results become certain.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

from okey.salon.store import Rating

_MODEL = PlackettLuce()
NEW = Rating(_MODEL.mu, _MODEL.sigma, 0)


def shown(rating: Rating | None) -> int:
    """The number a player hears for a rating (1000 for a new account)."""
    found = rating or NEW
    return 1000 + round(40 * (found.mu - 3 * found.sigma - (NEW.mu - 3 * NEW.sigma)))


def rate(places: Mapping[int, int], ratings: Mapping[int, Rating | None]) -> dict[int, Rating]:
    """New ratings of the accounts in ``places`` (account: its place, 1 the best; equal
    places tie). Fewer than two people: nothing changes."""
    if len(places) < 2:
        return {}
    order = list(places)
    teams = [[_MODEL.rating(*_mu_sigma(ratings.get(account)))] for account in order]
    rated = _MODEL.rate(teams, ranks=[float(places[account]) for account in order])
    return {
        account: Rating(team[0].mu, team[0].sigma, (ratings.get(account) or NEW).matches + 1)
        for account, team in zip(order, rated, strict=True)
    }


def _mu_sigma(rating: Rating | None) -> tuple[float, float]:
    found = rating or NEW
    return found.mu, found.sigma


@dataclass(frozen=True)
class Pot:
    """The stakes of a finished match: who stayed (account: place), who forfeited (their
    stake is paid already), and the table's stake."""

    stake: int
    places: Mapping[int, int]
    forfeited: Sequence[int] = ()


def chips_moved(pot: Pot) -> dict[int, int]:
    """What each account wins or loses: every person who stayed and did not come first pays
    the stake, and the people who came first share that and the forfeits (the first of
    them takes what does not divide). When no person came first (a bot won), the people
    who stayed keep their stakes and the best placed share the forfeits."""
    if pot.stake <= 0 or not pot.places:
        return {}
    best = min(pot.places.values())
    winners = sorted(a for a, place in pot.places.items() if place == best)
    firsts = best == 1
    losers = [a for a, place in pot.places.items() if place != 1] if firsts else []
    moved = {account: -pot.stake for account in losers}
    total = pot.stake * (len(losers) + len(pot.forfeited))
    share, rest = divmod(total, len(winners))
    for number, account in enumerate(winners):
        moved[account] = moved.get(account, 0) + share + (rest if number == 0 else 0)
    return {account: change for account, change in moved.items() if change}
