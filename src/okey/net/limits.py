"""Rate limits: a token bucket per connection or seat; failed joins per address, per table
and for the whole server."""

from __future__ import annotations

from collections import OrderedDict, deque
from dataclasses import dataclass, field


@dataclass
class Bucket:
    """Up to ``burst`` at once, refilled at ``rate`` per second."""

    rate: float
    burst: float
    level: float = -1.0
    last: float = 0.0

    def allow(self, now: float, cost: float = 1.0) -> bool:
        if self.level < 0:
            self.level, self.last = self.burst, now
        self.level = min(self.burst, self.level + (now - self.last) * self.rate)
        self.last = now
        if self.level < cost:
            return False
        self.level -= cost
        return True


@dataclass
class FailedJoins:
    """Failed joins (wrong code, bad token) per address in a sliding window; an
    address with ``most`` failures in ``window`` seconds is refused until they age."""

    most: int = 10
    window: float = 60.0
    addresses: int = 10_000  # how many addresses are remembered (the oldest are forgotten)
    _seen: OrderedDict[str, deque[float]] = field(default_factory=OrderedDict)

    def _recent(self, address: str, now: float) -> deque[float]:
        times = self._seen.get(address)
        if times is None:
            return deque()
        while times and times[0] <= now - self.window:
            times.popleft()
        return times

    def blocked(self, address: str, now: float) -> bool:
        return len(self._recent(address, now)) >= self.most

    def fail(self, address: str, now: float) -> None:
        times = self._recent(address, now)
        times.append(now)
        self._seen[address] = times
        self._seen.move_to_end(address)
        while len(self._seen) > self.addresses:
            self._seen.popitem(last=False)


SERVER = ""
"""The key of the whole server's failures in :class:`JoinGuard` (no address or table is "")."""


@dataclass
class JoinGuard:
    """Failed joins counted three ways: per address, per table (wrong tokens at it) and for
    the whole server, each in a sliding window. Past any of them a join is refused before it
    is checked, so that no guess is answered; a Hello with a seat's own token is always let
    through (tokens cannot be guessed, so others' failures never lock a player out)."""

    per_address: FailedJoins = field(default_factory=lambda: FailedJoins(10, 60.0))
    per_table: FailedJoins = field(default_factory=lambda: FailedJoins(30, 60.0))
    per_server: FailedJoins = field(default_factory=lambda: FailedJoins(60, 60.0))

    def blocked(self, address: str, table: str | None, now: float) -> bool:
        return (
            self.per_address.blocked(address, now)
            or (table is not None and self.per_table.blocked(table, now))
            or self.per_server.blocked(SERVER, now)
        )

    def fail(self, address: str, table: str | None, now: float) -> None:
        self.per_address.fail(address, now)
        if table is not None:
            self.per_table.fail(table, now)
        self.per_server.fail(SERVER, now)
